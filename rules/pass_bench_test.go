package rules

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/internal/benchtree"
	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules/model"
)

// BenchmarkNodeList lists the nodes of every manifest of the tree
// DUCKLINT_BENCH_TREE names (or of the generated control repo, see
// package benchtree) into one recycled list, as a worker of the runner
// does file after file. The files are parsed before the timer starts.
func BenchmarkNodeList(b *testing.B) {
	dir, _ := benchtree.Tree(b)
	var files []*model.File
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".pp") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if f := parser.ParseFile(path, src); f.Program != nil {
			files = append(files, &model.File{Path: path, Parsed: f})
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
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
