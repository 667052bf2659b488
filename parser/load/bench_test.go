package load

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// genTree writes a control repository of about 5,000 manifests: 100
// modules of 48 manifests and 2 templates each, plus a main manifest, a
// .gitignore and Ruby functions.
func genTree(b *testing.B, root string) int {
	b.Helper()
	n := 0
	write := func(rel, content string) {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	write(".gitignore", "*.tmp.pp\nbuild/\n")
	write("manifests/site.pp", "node default {}\n")
	n++
	for m := range 100 {
		mod := fmt.Sprintf("mod%03d", m)
		write("modules/"+mod+"/metadata.json", `{"name": "acme-`+mod+`"}`)
		write("modules/"+mod+"/lib/puppet/functions/"+mod+"/f.rb", "Puppet::Functions.create_function(:'"+mod+"::f') do\nend\n")
		for c := range 48 {
			write(fmt.Sprintf("modules/%s/manifests/sub%d/c%02d.pp", mod, c%4, c),
				fmt.Sprintf("class %s::sub%d::c%02d {\n  notice('x')\n}\n", mod, c%4, c))
			n++
		}
		for tpl := range 2 {
			write(fmt.Sprintf("modules/%s/templates/t%d.epp", mod, tpl), "<%= $x %>\n")
			n++
		}
	}
	return n
}

// BenchmarkLoad loads a generated tree of about 5,000 files from
// scratch, walking, reading and placing every file.
func BenchmarkLoad(b *testing.B) {
	root := b.TempDir()
	want := genTree(b, root)
	b.ResetTimer()
	for b.Loop() {
		tr, err := Load(Options{Paths: []string{"."}, Dir: root})
		if err != nil {
			b.Fatal(err)
		}
		if len(tr.Files) != want {
			b.Fatalf("loaded %d files, want %d", len(tr.Files), want)
		}
	}
}

// BenchmarkLoadSingleFile loads one file given on its own, which pulls in
// the whole environment as context (the pre-commit case).
func BenchmarkLoadSingleFile(b *testing.B) {
	root := b.TempDir()
	want := genTree(b, root)
	b.ResetTimer()
	for b.Loop() {
		tr, err := Load(Options{Paths: []string{"modules/mod007/manifests/sub1/c01.pp"}, Dir: root})
		if err != nil {
			b.Fatal(err)
		}
		if len(tr.Files) != want {
			b.Fatalf("loaded %d files, want %d", len(tr.Files), want)
		}
	}
}
