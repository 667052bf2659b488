package model

import (
	"slices"
	"testing"
)

// TestDedupeEdgesKeepsFirstOfEach checks that each unit keeps every unit
// it declares, once, in the order first declared, whatever the other
// units' lists hold.
func TestDedupeEdgesKeepsFirstOfEach(t *testing.T) {
	succ := [][]int{
		{2, 2, 1, 2, 3, 1},
		{},
		{0, 0},
		{3, 2, 3, 2},
		nil,
	}
	dedupeEdges(succ)
	want := [][]int{{2, 1, 3}, {}, {0}, {3, 2}, nil}
	for u := range want {
		if !slices.Equal(succ[u], want[u]) {
			t.Errorf("unit %d: %v, want %v", u, succ[u], want[u])
		}
	}
}
