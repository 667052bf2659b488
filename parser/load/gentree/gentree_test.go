package gentree_test

import (
	"maps"
	"testing"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load/gentree"
)

func TestGenerateIsDeterministicAndSized(t *testing.T) {
	for _, n := range []int{10, 100, 1000} {
		a, b := gentree.Generate(n, 1), gentree.Generate(n, 1)
		if !maps.Equal(a, b) {
			t.Errorf("n=%d: two generations differ", n)
		}
		files, _, lines := a.PuppetFiles()
		if files < n*8/10 || files > n*12/10+5 {
			t.Errorf("n=%d: %d puppet files", n, files)
		}
		if lines/files < 15 {
			t.Errorf("n=%d: only %d lines per file", n, lines/files)
		}
	}
	if maps.Equal(gentree.Generate(100, 1), gentree.Generate(100, 2)) {
		t.Error("different seeds give the same tree")
	}
}

// TestGeneratedCodeParses keeps the generator honest: its code is valid Puppet.
func TestGeneratedCodeParses(t *testing.T) {
	for name, content := range gentree.Generate(200, 7) {
		if len(name) < 3 || !(name[len(name)-3:] == ".pp" || name[len(name)-4:] == ".epp") {
			continue
		}
		f := parser.ParseFile(name, []byte(content))
		for _, e := range f.Errors {
			t.Errorf("%s: %v\n%s", name, e, content)
		}
	}
}

// TestAdversarialShapesParse checks that every adversarial shape is valid
// Puppet and grows with n.
func TestAdversarialShapesParse(t *testing.T) {
	for _, s := range gentree.Shapes() {
		small, large := s.Generate(10)[gentree.File], s.Generate(20)[gentree.File]
		if len(large) <= len(small) {
			t.Errorf("%s: %d bytes for n=10, %d for n=20", s.Name, len(small), len(large))
		}
		f := parser.ParseFile(gentree.File, []byte(large))
		for _, e := range f.Errors {
			t.Errorf("%s: %v\n%s", s.Name, e, large)
		}
	}
}
