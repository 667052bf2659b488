package model_test

import (
	"testing"

	"github.com/ducklint/ducklint/internal/benchtree"
	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules/model"
)

// BenchmarkLookupNames measures the program's lookups by name on the tree
// DUCKLINT_BENCH_TREE names (or the generated control repo): per op, the
// definitions of each resource's type as a defined type (what the rules
// ask of every resource) and the declarations of each definition (what
// the analyses ask of every class and defined type). Both kinds of name
// come normalised, as most names asked about do.
func BenchmarkLookupNames(b *testing.B) {
	dir, _ := benchtree.Tree(b)
	tree, err := load.Load(load.Options{Paths: []string{"."}, Dir: dir, Jobs: 1})
	if err != nil {
		b.Fatal(err)
	}
	prog := model.Build(tree, model.Options{Jobs: 1})
	var types []string
	for _, s := range prog.Scopes() {
		for _, r := range s.Resources {
			types = append(types, r.Type)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		for _, t := range types {
			prog.Lookup(model.DefineDef, t)
		}
		for _, d := range prog.Definitions {
			prog.DeclarationsOf(d.Name)
		}
	}
	b.ReportMetric(float64(len(types)+len(prog.Definitions)), "lookups/op")
}
