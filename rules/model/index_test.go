package model_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/parser/load/gentree"
	"github.com/ducklint/ducklint/rules/model"
)

// TestIndexWithEqualsAFreshIndex checks that an index updated file by file
// (With) narrows every check as an index built from scratch over the same
// summaries does, through many rounds of changed files, files becoming
// unreadable and readable again, and the rebuild past the stale limit.
func TestIndexWithEqualsAFreshIndex(t *testing.T) {
	dir := t.TempDir()
	if err := gentree.Generate(150, 3).Write(dir); err != nil {
		t.Fatal(err)
	}
	tree, err := load.Load(load.Options{Paths: []string{"."}, Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	pool := make([]*model.Summary, len(tree.Files))
	for i, f := range tree.Files {
		pool[i] = model.Summarize(parser.ParseFileWithOptions(f.Path, f.Src, f.ParseOptions()))
	}
	declaring := model.TreeDeclaringFunctions(tree, nil)
	sums := slices.Clone(pool)
	ix := model.NewIndex(tree.Files, sums, declaring)
	rng := rand.New(rand.NewPCG(5, 6))
	compared, differentKeeps := 0, 0
	var lastKeep []bool
	for round := range 40 {
		// Some files take another file's summary (a new text that defines,
		// declares and reads other names) or none (unreadable).
		sums = slices.Clone(sums)
		var changed []int
		n := 1 + rng.IntN(4)
		if round == 20 {
			n = 300 // past the stale limit: indexed again from scratch
		}
		for range n {
			i := rng.IntN(len(sums))
			if rng.IntN(8) == 0 {
				sums[i] = nil
			} else {
				sums[i] = pool[rng.IntN(len(pool))]
			}
			changed = append(changed, i)
		}
		ix = ix.With(tree.Files, sums, changed)
		fresh := model.NewIndex(tree.Files, sums, declaring)
		for _, i := range append(changed, rng.IntN(len(sums)), rng.IntN(len(sums))) {
			reported := make([]bool, len(sums))
			reported[i] = true
			got, want := ix.Relevant(reported, model.AllNeeds), fresh.Relevant(reported, model.AllNeeds)
			if !slices.Equal(got, want) {
				t.Fatalf("round %d: %s reported: the updated index keeps %v, a fresh one %v",
					round, tree.Files[i].Path, keptPaths(tree, got), keptPaths(tree, want))
			}
			if lastKeep != nil && !slices.Equal(got, lastKeep) {
				differentKeeps++
			}
			lastKeep = got
			compared++
		}
	}
	if differentKeeps < compared/4 {
		t.Errorf("only %d of %d narrowings differ from the one before: the comparison proves little", differentKeeps, compared)
	}
}

func keptPaths(tree *load.Tree, keep []bool) []string {
	var out []string
	for i, k := range keep {
		if k {
			out = append(out, tree.Files[i].Path)
		}
	}
	return out
}
