package rules

import (
	"testing"

	"github.com/ducklint/ducklint/internal/benchtree"
	"github.com/ducklint/ducklint/rules/model"
)

// BenchmarkNodeList lists the nodes of every manifest of the tree
// DUCKLINT_BENCH_TREE names (or of the generated control repo, see
// package benchtree) into one recycled list, as a worker of the runner
// does file after file. The files are parsed before the timer starts.
func BenchmarkNodeList(b *testing.B) {
	dir, _ := benchtree.Tree(b)
	var files []*model.File
	for _, f := range benchtree.Manifests(b, dir) {
		files = append(files, &model.File{Path: f.Path, Parsed: f})
	}
	nodes := &fileNodes{}
	b.ReportAllocs()
	for b.Loop() {
		for _, f := range files {
			nodes.reset()
			p := Pass{File: f, nodes: nodes}
			p.fileNodes()
		}
	}
}
