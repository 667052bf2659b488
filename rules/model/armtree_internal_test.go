package model

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ducklint/ducklint/parser"
)

// TestArmTreeFindsArmsAsItsMapsDo builds random trees of arms twice: as
// NewArmTree does, descending from the root until the tree has more than
// fewArms arms, and with the maps from the start. Both must put every
// assignment on a node of the same path, and every search must find the
// same assignment, for trees below and above fewArms.
func TestArmTreeFindsArmsAsItsMapsDo(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	small, large := 0, 0
	for range 2000 {
		// Conditionals nested at random: each hangs from an arm of an
		// earlier one, or from the root.
		paths := [][]Branch{nil}
		for range 1 + r.IntN(12) {
			cond := parser.Node(&parser.If{})
			parent := paths[r.IntN(len(paths))]
			for arm := range 1 + r.IntN(3) {
				paths = append(paths, append(slices.Clip(parent), Branch{Cond: cond, Arm: arm}))
			}
		}
		var as []*Assignment
		for range 1 + r.IntN(30) {
			as = append(as, &Assignment{Branch: paths[r.IntN(len(paths))]})
		}
		tree := NewArmTree(as)
		mapped := &ArmTree{items: as, at: make([]*ArmNode, len(as)), nodes: map[Branch]*ArmNode{}, conds: map[parser.Node]*armCond{}}
		for i, a := range as {
			n := mapped.node(a.Branch, a.File, i)
			n.Items = append(n.Items, i)
			mapped.at[i] = n
		}
		if tree.nodes == nil {
			small++
		} else {
			large++
		}
		for i := range as {
			if !slices.Equal(tree.NodeOf(i).Path, mapped.NodeOf(i).Path) || !slices.Equal(tree.NodeOf(i).Items, mapped.NodeOf(i).Items) {
				t.Fatalf("assignment %d: on %v %v, with maps on %v %v", i, tree.NodeOf(i).Path, tree.NodeOf(i).Items, mapped.NodeOf(i).Path, mapped.NodeOf(i).Items)
			}
		}
		for _, path := range paths {
			skip := r.IntN(len(as) + 1)
			item := func(i int) bool { return i >= skip }
			for _, branchOff := range []func(int) bool{nil, func(d int) bool { return d > 0 }} {
				a := &ArmSearch{Path: path, Item: item, BranchOff: branchOff}
				b := &ArmSearch{Path: path, Item: item, BranchOff: branchOff}
				if got, want := tree.Search(a), mapped.Search(b); got != want || a.Looked != b.Looked {
					t.Fatalf("search from %v: %d after looking at %d, with maps %d after %d", path, got, a.Looked, want, b.Looked)
				}
			}
		}
	}
	if small < 200 || large < 200 {
		t.Errorf("%d trees without maps, %d with: too few of one", small, large)
	}
}

// TestArmTreeSmallAllocations keeps a tree of a name assigned on both arms
// of one conditional, as most reassigned names are, to the tree and its
// list of nodes by assignment.
func TestArmTreeSmallAllocations(t *testing.T) {
	cond := parser.Node(&parser.If{})
	as := []*Assignment{{Branch: []Branch{{cond, 0}}}, {Branch: []Branch{{cond, 1}}}, {}}
	if n := testing.AllocsPerRun(20, func() { NewArmTree(as) }); n > 5 {
		t.Errorf("NewArmTree of an if and its else: %v allocations, want at most 5 (the tree, its list, a conditional, two arms)", n)
	}
}
