package style

import (
	"strings"
	"testing"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load/gentree"
)

// BenchmarkRules runs every style rule over the manifests of a generated
// 500-file tree. "shared" is how the rule runner runs them: one view and
// one File per worker, reset for each file, so each shared scan is done
// once per file. "apart" makes a view per file and a File per rule, so
// that each rule does the scans it needs again and the view's memory is
// new for each file.
func BenchmarkRules(b *testing.B) {
	var srcs [][]byte
	var lines []*parser.LineIndex
	total := 0
	for path, content := range gentree.Generate(500, 1) {
		if strings.HasSuffix(path, ".pp") {
			srcs = append(srcs, []byte(content))
			lines = append(lines, parser.NewLineIndex([]byte(content)))
			total += len(content)
		}
	}
	rules := Rules()
	options := make([]any, len(rules))
	for i, r := range rules {
		if r.NewOptions != nil {
			options[i] = r.NewOptions()
		}
	}
	findings := 0
	report := func(Finding) { findings++ }
	b.Run("shared", func(b *testing.B) {
		b.SetBytes(int64(total))
		b.ReportAllocs()
		var view parser.TokenView
		var file File
		for b.Loop() {
			for i, src := range srcs {
				view.Reset(src, lines[i])
				file.Reset(&view)
				for k, r := range rules {
					r.Run(file.Pass(options[k], report))
				}
			}
		}
	})
	b.Run("apart", func(b *testing.B) {
		b.SetBytes(int64(total))
		b.ReportAllocs()
		for b.Loop() {
			for i, src := range srcs {
				view := parser.NewTokenView(src, lines[i])
				for k, r := range rules {
					r.Run(NewPass(view, options[k], report))
				}
			}
		}
	})
}
