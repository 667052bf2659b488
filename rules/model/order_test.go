package model

import (
	"math/rand/v2"
	"testing"
)

// TestMeetingPairIsFirstOfAllPairs checks meetingPair, which compares only
// the records that can meet, against comparing every pair in order: on
// random records it must return the same pair, or none, also when only
// pairs of one simulation count.
func TestMeetingPairIsFirstOfAllPairs(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	shared := &Scope{Kind: ClassScope}
	decls := []*Declaration{{}, {}, {}, {}}
	found := 0
	for round := range 500 {
		const sims = 6
		a := &dynamicAnalysis{rootSim: make([]bool, sims), roleSim: make([]bool, sims), bodies: make([]body, 1)}
		def := &Definition{Kind: ClassDef, Name: "target"}
		sameSim := rng.IntN(2) == 0
		a.workers = []*simWorker{{a: a, conds: map[Branch][]Condition{}}}
		for s := range sims {
			a.rootSim[s], a.roleSim[s] = rng.IntN(3) > 0, rng.IntN(3) == 0
		}
		sig := func(value string, sc *Scope) *[]typeDefaults {
			return &[]typeDefaults{{typ: "file", defaults: []AttrDefault{{Attr: "mode", Value: value, Default: &ResourceDefault{Scope: sc}}}}}
		}
		var recs []*siteRecord
		var gx, gy []int32
		var sim int32
		for i := range 2 + rng.IntN(12) {
			// Records come in simulation order, as assemble lists them.
			if rng.IntN(4) == 0 && sim < sims-1 {
				sim++
			}
			r := &siteRecord{sim: sim, decl: decls[rng.IntN(len(decls))], first: rng.IntN(2) == 0, lazy: rng.IntN(3) == 0}
			if rng.IntN(2) == 0 {
				r.from = &chainLink{scope: shared}
			}
			owner := &Scope{Kind: ClassScope}
			if rng.IntN(2) == 0 {
				owner = shared
			}
			if rng.IntN(2) == 0 {
				r.sigs = sig("0644", owner)
				gx = append(gx, int32(i))
			} else {
				r.sigs = sig("0600", owner)
				gy = append(gy, int32(i))
			}
			recs = append(recs, r)
		}
		var wantX, wantY *siteRecord
	all:
		for _, xi := range gx {
			for _, yi := range gy {
				x, y := recs[xi], recs[yi]
				if sameSim && x.sim != y.sim {
					continue
				}
				apart := x.sim != y.sim && !(x.first && y.first && x.lazy == y.lazy && disjointChains(x, y))
				if x.decl == y.decl || apart || settledFirst(x, y) || settledFirst(y, x) ||
					!a.canMeet(x.sim, y.sim) || a.workers[0].exclusive(x.path(), y.path()) ||
					!a.differOutsideCommonScopes(def, x, y, "file") {
					continue
				}
				wantX, wantY = x, y
				break all
			}
		}
		gotX, gotY := a.meetingPair(a.workers[0], def, recs, gx, gy, "file", sameSim)
		if gotX != wantX || gotY != wantY {
			t.Fatalf("round %d: meetingPair = (%p, %p), comparing every pair = (%p, %p)", round, gotX, gotY, wantX, wantY)
		}
		if wantX != nil {
			found++
		}
	}
	if found < 50 || found > 450 {
		t.Fatalf("%d of 500 rounds found a pair: the records do not exercise both outcomes", found)
	}
}
