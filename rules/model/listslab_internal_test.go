package model

import (
	"slices"
	"strconv"
	"testing"
)

// TestListSlab checks that lists built by a listSlab hold what was added,
// in order, that a list's second entry leaves the other lists as they
// were, and that first entries cost no allocation of their own.
func TestListSlab(t *testing.T) {
	var s listSlab[int]
	m := map[string][]int{}
	s.add(m, "a", 1)
	s.add(m, "b", 2)
	s.add(m, "a", 3)
	s.add(m, "c", 4)
	s.add(m, "a", 5)
	for key, want := range map[string][]int{"a": {1, 3, 5}, "b": {2}, "c": {4}} {
		if !slices.Equal(m[key], want) {
			t.Errorf("m[%s] = %v, want %v", key, m[key], want)
		}
	}
	keys := make([]string, 2*slabChunk)
	for i := range keys {
		keys[i] = strconv.Itoa(i)
	}
	allocs := testing.AllocsPerRun(10, func() {
		var s listSlab[int]
		m := make(map[string][]int, len(keys))
		for i, k := range keys {
			s.add(m, k, i)
		}
	})
	// The map (its directory, groups and tables) and two arrays of the
	// slab; a list of its own per key would be a thousand more.
	if allocs > 20 {
		t.Errorf("indexing %d names of one entry each allocates %v times", len(keys), allocs)
	}
}
