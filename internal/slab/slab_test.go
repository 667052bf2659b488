package slab

import (
	"slices"
	"testing"
)

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

// TestConcatCutsIndependentSlices checks that slices from Concat hold
// their elements, do not change when later ones are cut, and that
// appending to one does not write into the next.
func TestConcatCutsIndependentSlices(t *testing.T) {
	var s Seq[int]
	var got [][]int
	var want [][]int
	for i := range 2 * Chunk {
		a := []int{i, i + 1}
		b := make([]int, i%5)
		for j := range b {
			b[j] = -j
		}
		c := s.Concat(a, b)
		got = append(got, c)
		want = append(want, append(append([]int{}, a...), b...))
	}
	big := s.Concat(make([]int, 3*Chunk), []int{7})
	if len(big) != 3*Chunk+1 || big[3*Chunk] != 7 {
		t.Fatalf("a slice longer than a chunk: len %d", len(big))
	}
	_ = append(got[0], 99) // must copy, not overwrite got[1]
	for i := range got {
		if !slices.Equal(got[i], want[i]) {
			t.Fatalf("slice %d is %v, want %v", i, got[i], want[i])
		}
		if cap(got[i]) != len(got[i]) {
			t.Fatalf("slice %d has spare capacity %d", i, cap(got[i])-len(got[i]))
		}
	}
}

// TestChunksGrow checks that the first chunks are small and double up to
// Chunk, for Slab and Seq alike.
func TestChunksGrow(t *testing.T) {
	var s Slab[int]
	var caps []int
	for range 3 * Chunk {
		s.New()
		if len(s.chunk) == 1 {
			caps = append(caps, cap(s.chunk))
		}
	}
	want := []int{8, 16, 32, 64, 128, 256, 256, 256}
	if !slices.Equal(caps, want[:len(caps)]) || len(caps) < 7 {
		t.Errorf("Slab chunk sizes %v, want %v...", caps, want)
	}
	var q Seq[int]
	caps = nil
	for range 3 * Chunk {
		q.Concat([]int{1}, nil)
		if len(q.chunk) == 1 {
			caps = append(caps, cap(q.chunk))
		}
	}
	if !slices.Equal(caps, want[:len(caps)]) || len(caps) < 7 {
		t.Errorf("Seq chunk sizes %v, want %v...", caps, want)
	}
}
