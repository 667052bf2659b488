package model

import (
	"slices"
	"testing"
)

// TestChunksKeepOrder checks that lists grown in chunks give back every
// item in the order added, across chunk boundaries, before and after
// being joined, and that a missing list is empty.
func TestChunksKeepOrder(t *testing.T) {
	for _, n := range []int{0, 1, 4, 5, 12, 13, 100, 1000} {
		m := map[string]*chunks[int]{}
		var want []int
		for i := range n {
			addTo(m, "k", i)
			want = append(want, i)
			if i == n/2 {
				// Joining midway must not lose or reorder later items.
				if got := m["k"].all(); !slices.Equal(got, want) {
					t.Fatalf("n=%d midway: got %v, want %v", n, got, want)
				}
			}
		}
		got := m["k"].all()
		if !slices.Equal(got, want) {
			t.Fatalf("n=%d: got %d items %v..., want %d", n, len(got), got[:min(len(got), 8)], len(want))
		}
		if again := m["k"].all(); !slices.Equal(again, want) {
			t.Fatalf("n=%d: second all() differs", n)
		}
	}
	if got := (map[string]*chunks[int]{})["missing"].all(); got != nil {
		t.Fatalf("missing list: got %v", got)
	}
}
