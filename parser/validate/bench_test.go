package validate

import (
	"testing"

	"github.com/ducklint/ducklint/internal/benchtree"
	"github.com/ducklint/ducklint/parser"
)

// BenchmarkFileNodes validates every manifest of the tree
// DUCKLINT_BENCH_TREE names (or of the generated 5,000-file control repo,
// see package benchtree), each from its listed nodes by one Validator, as
// syntax-error does.
// The files are parsed and listed before the timer starts.
func BenchmarkFileNodes(b *testing.B) {
	dir, _ := benchtree.Tree(b)
	type listed struct {
		f       *parser.File
		nodes   []parser.Node
		parents []int32
	}
	var files []listed
	for _, f := range benchtree.Manifests(b, dir) {
		if len(f.Errors) == 0 {
			nodes, parents := listNodes(f)
			files = append(files, listed{f, nodes, parents})
		}
	}
	var v Validator
	b.ReportAllocs()
	for b.Loop() {
		for _, l := range files {
			v.FileNodes(l.f, l.nodes, l.parents)
		}
	}
}
