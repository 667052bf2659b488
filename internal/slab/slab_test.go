package slab

import "testing"

// TestValuesAreDistinctAndKept checks that every value New returns is its
// own, zeroed, and keeps what was stored in it while chunks fill up.
func TestValuesAreDistinctAndKept(t *testing.T) {
	var s Slab[[2]int]
	var got []*[2]int
	for i := range 3*Chunk + 5 {
		p := s.New()
		if *p != [2]int{} {
			t.Fatalf("value %d is not zeroed: %v", i, *p)
		}
		*p = [2]int{i, -i}
		got = append(got, p)
	}
	for i, p := range got {
		if *p != [2]int{i, -i} {
			t.Fatalf("value %d changed to %v", i, *p)
		}
	}
}
