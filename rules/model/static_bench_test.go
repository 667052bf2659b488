package model_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules/model"
)

// BenchmarkStaticChain measures the static-scope analysis on a synthetic
// environment: n modules, each class declared by the previous one and
// reading the previous one's variables by qualified and unqualified name,
// so every guarantee walks a long declaration chain.
func BenchmarkStaticChain(b *testing.B) {
	const n = 300
	dir := b.TempDir()
	write := func(rel, text string) {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	write("environment.conf", "modulepath = modules\n")
	write("manifests/site.pp", "$top = 1\nnode default {\n  include m0\n}\n")
	for i := range n {
		next := ""
		if i+1 < n {
			next = fmt.Sprintf("  include m%d\n", i+1)
		}
		prev := "$top"
		if i > 0 {
			prev = fmt.Sprintf("$m%d::v", i-1)
		}
		write(fmt.Sprintf("modules/m%d/manifests/init.pp", i), fmt.Sprintf(
			"class m%d ($p = %s) {\n  $v = [$p, $top, $facts].map |$x| { \"${x}${p}\" }\n%s  notice(%s, $v, $missing)\n}\n",
			i, prev, next, prev))
	}
	tree, err := load.Load(load.Options{Paths: []string{"."}, Dir: dir, Jobs: 2})
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		prog := model.Build(tree, model.Options{Jobs: 2})
		st := prog.Static(fakeKnown)
		for _, f := range prog.Files {
			for _, r := range st.Reads(f) {
				if c, _, ok := model.QualifiedTarget(r.Var); ok {
					st.Guarantee(r, c)
				}
			}
		}
	}
}
