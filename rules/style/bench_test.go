package style

import (
	"fmt"
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

// BenchmarkRulesOnOneLargeFile runs each style rule alone over one file of
// n classes, each with nested case statements, selectors, resources and
// parameter lists, at two sizes: a rule whose time per op grows more than
// fourfold from n=1000 to n=4000 is not linear in its file.
func BenchmarkRulesOnOneLargeFile(b *testing.B) {
	for _, n := range []int{1000, 4000} {
		var sb strings.Builder
		for i := range n {
			fmt.Fprintf(&sb, "class c%d (Optional[String] $a = undef, String $b = '', $c = lookup('x')) {\n"+
				"  case $x { foo: { case $y { bar: { include ::baz } } } default: { } }\n"+
				"  $v = $z ? { abc => 1, default => 2 }\n"+
				"  file { '/a%d': ensure => present, target => '/b', }\n"+
				"  if versioncmp($r, '7') > 0 { notify { \"x${i}\": } }\n}\n", i, i)
		}
		src := []byte(sb.String())
		lines := parser.NewLineIndex(src)
		for _, r := range Rules() {
			var opts any
			if r.NewOptions != nil {
				opts = r.NewOptions()
			}
			b.Run(fmt.Sprintf("%s/n=%d", r.ID, n), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				var view parser.TokenView
				var file File
				for b.Loop() {
					view.Reset(src, lines)
					file.Reset(&view)
					r.Run(file.Pass(opts, func(Finding) {}))
				}
			})
		}
	}
}
