package model

import (
	"math/rand/v2"
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

// TestFlowReachIsTheWorklistsFixedPoint checks the sets flowReach gives
// against a worklist that follows each edge again whenever its source's
// set grows, on random graphs with cycles, self-loops, repeated edges and
// seeds in several words.
func TestFlowReachIsTheWorklistsFixedPoint(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 300 {
		n := 1 + rng.IntN(60)
		words := 1 + rng.IntN(3)
		succ := make([][]int, n)
		edges := rng.IntN(3 * n)
		for range edges {
			u := rng.IntN(n)
			succ[u] = append(succ[u], rng.IntN(n))
		}
		seeds := make([]uint64, n*words)
		for i := range seeds {
			if rng.IntN(4) == 0 {
				seeds[i] = rng.Uint64() & rng.Uint64()
			}
		}
		got := slices.Clone(seeds)
		flowReach(succ, got, words)
		want := slices.Clone(seeds)
		flowReachByWorklist(succ, want, words)
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d (%d units, %d words, edges %v): flowReach gives %x, the worklist %x", trial, n, words, succ, got, want)
		}
	}
}

// flowReachByWorklist is flowReach by a worklist of the units whose set
// grew.
func flowReachByWorklist(succ [][]int, reach []uint64, words int) {
	set := func(u int) []uint64 { return reach[u*words : (u+1)*words] }
	work := make([]int, len(succ))
	queued := make([]bool, len(succ))
	for u := range succ {
		work[u], queued[u] = u, true
	}
	for len(work) > 0 {
		u := work[len(work)-1]
		work = work[:len(work)-1]
		queued[u] = false
		for _, v := range succ[u] {
			grew := false
			for i, x := range set(u) {
				if n := set(v)[i] | x; n != set(v)[i] {
					set(v)[i], grew = n, true
				}
			}
			if grew && !queued[v] {
				queued[v] = true
				work = append(work, v)
			}
		}
	}
}

// TestComponentsOrder checks the components of a small graph and that
// each comes after every component it has an edge to.
func TestComponentsOrder(t *testing.T) {
	// 0 -> 1 <-> 2 -> 3, 3 -> 3, 4 alone, 5 -> 0
	succ := [][]int{{1}, {2}, {1, 3}, {3}, nil, {0}}
	order, starts, compOf := components(succ)
	if len(order) != 6 || len(starts) != 5 {
		t.Fatalf("order %v, starts %v: want 6 units in 5 components", order, starts)
	}
	if compOf[1] != compOf[2] {
		t.Errorf("1 and 2 are in components %d and %d, want one", compOf[1], compOf[2])
	}
	for u, list := range succ {
		for _, v := range list {
			if compOf[v] > compOf[u] {
				t.Errorf("edge %d -> %d: component %d comes before %d", u, v, compOf[u], compOf[v])
			}
		}
	}
}
