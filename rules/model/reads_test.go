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
// all together. Edits that only change Mentions add or remove names no
// file defines, names another file defines and lookup functions; a kept
// context then meets a later edit of another file that defines, or stops
// defining, a name the reported units mention, and edits of two files at
// once (UnchangedAll). Unchanged is asked with the index before the edit
// (as a workspace does) or after it.
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
	unchanged, changed, laterUnchanged, laterChanged, pairUnchanged, pairChanged := 0, 0, 0, 0, 0, 0
	// unchangedBy asks reads whether an edit of file i from was to now
	// leaves its context, of the index before or after the edit.
	unchangedBy := func(reads *model.Reads, before []*model.Summary, i int, was, now *model.Summary) (bool, *model.Index) {
		after := slices.Clone(before)
		after[i] = now
		ix := model.NewIndex(files, after, nil)
		asked := ix
		if rng.IntN(2) == 0 {
			asked = model.NewIndex(files, before, nil)
		}
		return reads.Unchanged(asked, i, was, now), ix
	}
	iterations := 15000
	if exhaustive {
		iterations = 30000
	}
	for iter := range iterations {
		sums := make([]*model.Summary, len(files))
		for i := range sums {
			sums[i] = randomSummary(rng)
		}
		needs := needsList[rng.IntN(len(needsList))]
		reported := make([]bool, len(files))
		r := rng.IntN(len(files))
		reported[r] = true
		keep, reads := model.NewIndex(files, sums, nil).RelevantReads(reported, needs)

		a := rng.IntN(len(files))
		if rng.IntN(3) == 0 {
			a = r
		}
		edited := slices.Clone(sums)
		edited[a] = randomSummary(rng)
		if sums[a] != nil && rng.IntN(2) == 0 {
			edited[a] = mentionEdit(rng, sums, a)
		}
		if rng.IntN(6) == 0 {
			// Two files edited at once.
			b := (a + 1 + rng.IntN(len(files)-1)) % len(files)
			edited[b] = definitionEdit(rng, edited, b, reported, newMentions(sums[a], edited[a]))
			if !reads.UnchangedAll(model.NewIndex(files, sums, nil), []int{a, b}, []*model.Summary{sums[a], sums[b]}, []*model.Summary{edited[a], edited[b]}) {
				pairChanged++
				continue
			}
			pairUnchanged++
			if got := model.NewIndex(files, edited, nil).Relevant(reported, needs); !slices.Equal(got, keep) {
				t.Fatalf("iteration %d, needs %v: files %d and %d edited from %+v, %+v to %+v, %+v: UnchangedAll, but the context went from %v to %v",
					iter, needs, a, b, sums[a], sums[b], edited[a], edited[b], keep, got)
			}
			continue
		}
		same, ix := unchangedBy(reads, sums, a, sums[a], edited[a])
		if !same {
			changed++
			continue
		}
		unchanged++
		if got := ix.Relevant(reported, needs); !slices.Equal(got, keep) {
			t.Fatalf("iteration %d, needs %v: file %d edited from %+v to %+v: Unchanged, but the context went from %v to %v",
				iter, needs, a, sums[a], edited[a], keep, got)
		}

		// The context kept, a later edit of another file.
		x := (a + 1 + rng.IntN(len(files)-1)) % len(files)
		later := slices.Clone(edited)
		later[x] = definitionEdit(rng, edited, x, reported, newMentions(sums[a], edited[a]))
		same, ix = unchangedBy(reads, edited, x, edited[x], later[x])
		if !same {
			laterChanged++
			continue
		}
		laterUnchanged++
		if got := ix.Relevant(reported, needs); !slices.Equal(got, keep) {
			t.Fatalf("iteration %d, needs %v: file %d edited from %+v to %+v, then file %d from %+v to %+v: Unchanged, but the context went from %v to %v",
				iter, needs, a, sums[a], edited[a], x, edited[x], later[x], keep, got)
		}
	}
	t.Logf("%d edits left the context unchanged, %d may have changed it; later edits: %d and %d; pairs: %d and %d",
		unchanged, changed, laterUnchanged, laterChanged, pairUnchanged, pairChanged)
	for _, n := range []int{unchanged, changed, laterUnchanged, laterChanged, pairUnchanged, pairChanged} {
		if n < 500 {
			t.Errorf("%d unchanged, %d changed; later %d and %d; pairs %d and %d: the comparison proves little",
				unchanged, changed, laterUnchanged, laterChanged, pairUnchanged, pairChanged)
			break
		}
	}
}

// mentionEdit returns sums[a] edited as typing a notice() or a message
// does: a unit's Mentions lose a name or gain one (one no file defines,
// one another file defines, or a lookup function), and a call of a
// function that declares nothing may join its Declares.
func mentionEdit(rng *rand.Rand, sums []*model.Summary, a int) *model.Summary {
	edited := &model.Summary{Units: slices.Clone(sums[a].Units)}
	u := &edited.Units[rng.IntN(len(edited.Units))]
	u.Mentions = slices.Clone(u.Mentions)
	if len(u.Mentions) > 0 && rng.IntN(2) == 0 {
		u.Mentions = slices.Delete(u.Mentions, 0, 1)
	} else {
		added := []string{"z", "u1", "lookup", "a", "b", "c", "d", "t1", "t2", "f::g"}[rng.IntN(10)]
		var defined []string // by another file
		for i, s := range sums {
			if i != a && s != nil {
				for _, v := range s.Units {
					if v.Name != "" {
						defined = append(defined, v.Name)
					}
				}
			}
		}
		if len(defined) > 0 && rng.IntN(2) == 0 {
			added = defined[rng.IntN(len(defined))]
		}
		u.Mentions = append(u.Mentions, added)
		slices.Sort(u.Mentions)
		u.Mentions = slices.Compact(u.Mentions)
	}
	if rng.IntN(2) == 0 {
		u.Declares = append(slices.Clone(u.Declares), "notice(msg)")
		slices.Sort(u.Declares)
	}
	return edited
}

// newMentions returns the names now mentions that was does not.
func newMentions(was, now *model.Summary) []string {
	var out []string
	if now == nil {
		return nil
	}
	for j, u := range now.Units {
		for _, m := range u.Mentions {
			if was == nil || j >= len(was.Units) || !slices.Contains(was.Units[j].Mentions, m) {
				out = append(out, m)
			}
		}
	}
	return out
}

// definitionEdit returns sums[x] edited to define, or stop defining, a
// name a reported unit mentions, often one of fresh (or, at times, any
// random summary).
func definitionEdit(rng *rand.Rand, sums []*model.Summary, x int, reported []bool, fresh []string) *model.Summary {
	var mentioned []string
	for i, s := range sums {
		if reported[i] && s != nil {
			for _, u := range s.Units {
				mentioned = append(mentioned, u.Mentions...)
			}
		}
	}
	if sums[x] == nil || len(sums[x].Units) < 2 || len(mentioned) == 0 || rng.IntN(4) == 0 {
		return randomSummary(rng)
	}
	edited := &model.Summary{Units: slices.Clone(sums[x].Units)}
	u := &edited.Units[1+rng.IntN(len(edited.Units)-1)]
	if slices.Contains(mentioned, u.Name) {
		u.Name = "u2" // defined no more
	} else {
		u.Name = mentioned[rng.IntN(len(mentioned))]
		if len(fresh) > 0 && rng.IntN(2) == 0 {
			u.Name = fresh[rng.IntN(len(fresh))]
		}
	}
	return edited
}

// TestMentionOfANewWordKeepsContextsThatLookedForMentioners checks that a
// context whose working out looked for the units mentioning some names
// (the callers of a function that declares resources of a type its
// parameter names, of a function defined outside functions/) is kept
// across an edit that makes a file mention a word none of them is, as
// typing a notice('...') does, and not across one that makes it mention
// one of them.
func TestMentionOfANewWordKeepsContextsThatLookedForMentioners(t *testing.T) {
	files := []*load.File{
		{Path: "site.pp", AbsPath: "/site.pp", Role: load.MainManifest},
		{Path: "wrap.pp", AbsPath: "/wrap.pp", Role: load.Lone},
		{Path: "caller.pp", AbsPath: "/caller.pp", Role: load.Lone},
		{Path: "edited.pp", AbsPath: "/edited.pp", Role: load.Lone},
	}
	// wrap declares resources of the type its parameter names
	// (create_resources($type, ...)); caller calls it.
	wrap := &model.Summary{Units: []model.Unit{{Kind: model.UnitTop},
		{Kind: model.UnitDefinition, Name: "wrap", Titled: []string{"*[]"}}}}
	caller := &model.Summary{Units: []model.Unit{{Kind: model.UnitTop, Mentions: []string{"wrap"}}}}
	edited := func(mentions ...string) *model.Summary {
		return &model.Summary{Units: []model.Unit{{Kind: model.UnitTop, Mentions: mentions}}}
	}
	for _, tc := range []struct {
		name     string
		needs    model.Needs
		reported int
	}{
		{"declarers", model.NeedDeclarers, 0},
		{"function callers", model.NeedFunctionCallers, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sums := []*model.Summary{edited(), wrap, caller, edited("notice")}
			reported := make([]bool, len(files))
			reported[tc.reported] = true
			keep, reads := model.NewIndex(files, sums, nil).RelevantReads(reported, tc.needs)
			if !keep[2] || keep[3] {
				t.Fatalf("context %v: want the caller and not the edited file", keep)
			}
			for _, c := range []struct {
				mentions []string
				same     bool
			}{
				{[]string{"bench_edit1", "notice"}, true},
				{[]string{"notice", "wrap"}, false},
				{nil, true},
			} {
				now := slices.Clone(sums)
				now[3] = edited(c.mentions...)
				ix := model.NewIndex(files, now, nil)
				if got := reads.Unchanged(ix, 3, sums[3], now[3]); got != c.same {
					t.Errorf("mentions %v: Unchanged = %v, want %v", c.mentions, got, c.same)
				}
				if again := ix.Relevant(reported, tc.needs); slices.Equal(again, keep) != c.same {
					t.Errorf("mentions %v: context %v worked out again, was %v", c.mentions, again, keep)
				}
			}
		})
	}
}
