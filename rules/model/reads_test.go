package model_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules/model"
)

// randomSummary makes a summary of a few units whose fields draw on a
// small vocabulary, so that units of different files meet often.
func randomSummary(rng *rand.Rand) *model.Summary {
	if rng.IntN(12) == 0 {
		return nil // a file that could not be read
	}
	names := []string{"a", "b", "c", "d", "t1", "t2", "f::g"}
	some := func(prefix, suffix string) []string {
		var out []string
		for _, n := range names {
			if rng.IntN(6) == 0 {
				out = append(out, prefix+n+suffix)
			}
		}
		slices.Sort(out)
		return out
	}
	unit := func(kind model.UnitKind) model.Unit {
		u := model.Unit{Kind: kind, Mentions: some("", ""), ResourceLike: some("", ""), Declares: some("", ""),
			ReadsFrom: some("", ""), Defaults: some("", ""), Titled: some("class[", "]"), Tested: some("class[", "]"),
			Overrides: some("", "")}
		if rng.IntN(3) == 0 {
			u.Mentions = append(u.Mentions, "lookup")
			slices.Sort(u.Mentions)
		}
		if rng.IntN(3) == 0 {
			u.Titled = append(u.Titled, "file[x]")
			u.Tested = append(u.Tested, "file[x]")
		}
		// Keys duplicate detection and references look up: a computed
		// title, code declaring anything, a key declared twice.
		for _, k := range []string{"file[]", "*[]", "*[twice]", "file[y]"} {
			if rng.IntN(5) == 0 {
				u.Titled = append(u.Titled, k)
			}
		}
		slices.Sort(u.Titled)
		u.Titled = slices.Compact(u.Titled)
		if rng.IntN(3) == 0 {
			u.References = []string{"file[x]", "file[y]"}[:1+rng.IntN(2)]
		}
		// Keys looked up: of a namespace data mentions, of another, a
		// pattern, any key.
		for _, k := range []string{"*", "a::x", "f::g::x", "z::x", "~^f::.*$"} {
			if rng.IntN(8) == 0 {
				u.Lookups = append(u.Lookups, k)
			}
		}
		slices.Sort(u.Lookups)
		if kind != model.UnitTop && kind != model.UnitNode {
			u.Name = names[rng.IntN(len(names))]
			if kind == model.UnitClass && rng.IntN(3) == 0 {
				u.Parent = names[rng.IntN(len(names))]
			}
		}
		return u
	}
	s := &model.Summary{Units: []model.Unit{unit(model.UnitTop)}}
	kinds := []model.UnitKind{model.UnitClass, model.UnitDefinedType, model.UnitNode, model.UnitDefinition}
	for range rng.IntN(3) {
		s.Units = append(s.Units, unit(kinds[rng.IntN(len(kinds))]))
	}
	return s
}

// TestReadsUnchangedMeansTheSameContext checks Reads.Unchanged against
// Relevant worked out again: on random summaries, whenever it says an edit
// of one file's summary leaves a context as it was, Relevant on the edited
// summaries returns that context. Every kind of needs is tried, alone and
// all together.
func TestReadsUnchangedMeansTheSameContext(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	files := make([]*load.File, 10)
	for i := range files {
		files[i] = &load.File{Path: fmt.Sprintf("f%d.pp", i), AbsPath: fmt.Sprintf("/f%d.pp", i), Role: load.Lone}
	}
	files[0].Role = load.MainManifest
	files[1].Role = load.HieraData
	files[2].Role = load.HieraConfig
	needsList := append(model.AllNeeds.Kinds(), model.AllNeeds)
	unchanged, changed := 0, 0
	for iter := range 20000 {
		sums := make([]*model.Summary, len(files))
		for i := range sums {
			sums[i] = randomSummary(rng)
		}
		needs := needsList[rng.IntN(len(needsList))]
		reported := make([]bool, len(files))
		reported[rng.IntN(len(files))] = true
		keep, reads := model.NewIndex(files, sums, nil).RelevantReads(reported, needs)

		edited := slices.Clone(sums)
		a := rng.IntN(len(files))
		edited[a] = randomSummary(rng)
		if sums[a] != nil && rng.IntN(2) == 0 {
			// What typing a notice() or a message does: a unit's Mentions
			// change, and a call of a function that declares nothing may
			// join its Declares.
			edited[a] = &model.Summary{Units: slices.Clone(sums[a].Units)}
			u := &edited[a].Units[rng.IntN(len(sums[a].Units))]
			u.Mentions = slices.Clone(u.Mentions)
			if len(u.Mentions) > 0 && rng.IntN(2) == 0 {
				u.Mentions = u.Mentions[1:]
			} else {
				u.Mentions = append(u.Mentions, []string{"a", "b", "c", "d", "lookup", "z"}[rng.IntN(6)])
				slices.Sort(u.Mentions)
				u.Mentions = slices.Compact(u.Mentions)
			}
			if rng.IntN(2) == 0 {
				u.Declares = append(slices.Clone(u.Declares), "notice(msg)")
				slices.Sort(u.Declares)
			}
		}
		ix := model.NewIndex(files, edited, nil)
		if !reads.Unchanged(ix, a, sums[a], edited[a]) {
			changed++
			continue
		}
		unchanged++
		if got := ix.Relevant(reported, needs); !slices.Equal(got, keep) {
			t.Fatalf("iteration %d, needs %v: file %d edited from %+v to %+v: Unchanged, but the context went from %v to %v",
				iter, needs, a, sums[a], edited[a], keep, got)
		}
	}
	t.Logf("%d edits left the context unchanged, %d may have changed it", unchanged, changed)
	if unchanged < 1000 || changed < 1000 {
		t.Errorf("%d unchanged, %d changed: the comparison proves little", unchanged, changed)
	}
}
