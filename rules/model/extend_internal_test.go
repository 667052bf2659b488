package model

import (
	"slices"
	"testing"

	"github.com/ducklint/ducklint/parser"
)

// TestExtendReusesJoinedPaths checks that extend gives a path followed by
// a branch, the same slice again for the same two slices (also after
// more joins than it keeps at hand), and a right one for a prefix of
// either and for slices with the same contents elsewhere.
func TestExtendReusesJoinedPaths(t *testing.T) {
	arm := func(a int) Branch { return Branch{Cond: &parser.If{}, Arm: a} }
	var paths, branches [][]Branch
	for i := range 6 {
		paths = append(paths, []Branch{arm(0), arm(1), arm(0)})
		branches = append(branches, []Branch{arm(1), arm(i)})
	}
	w := &simWorker{}
	check := func(path, branch []Branch) []Branch {
		t.Helper()
		got := w.extend(path, branch)
		if want := append(slices.Clone(path), branch...); !slices.Equal(got, want) {
			t.Fatalf("extend gives %v, want %v", got, want)
		}
		if len(got) != cap(got) {
			t.Fatalf("extend gives a path with room to append to (%d of %d)", len(got), cap(got))
		}
		return got
	}
	first := check(paths[0], branches[0])
	if again := check(paths[0], branches[0]); &again[0] != &first[0] {
		t.Error("the same join is made twice")
	}
	check(paths[0][:2], branches[0])
	check(paths[0], branches[0][:1])
	check(slices.Clone(paths[0]), branches[0])
	for i := range paths {
		for j := range branches {
			check(paths[i], branches[j])
		}
	}
	if again := check(paths[0], branches[0]); &again[0] != &first[0] {
		t.Error("the same join is made again after others")
	}
	check(paths[0], nil)
	check(nil, branches[0])
}
