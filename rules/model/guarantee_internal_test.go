package model

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/ducklint/ducklint/parser/load"
)

// TestAssignedAtSeesABaseClassVariableFirst is the regression test of a
// read of a base class's variables that went around Static's lazily
// filled index: asked first, before anything had filled the base class's
// entry, it answered that an inherited variable had no value.
func TestAssignedAtSeesABaseClassVariableFirst(t *testing.T) {
	dir := t.TempDir()
	for name, src := range map[string]string{
		"modules/inh/manifests/base.pp": "class inh::base {\n  $x = 1\n}\n",
		"modules/inh/manifests/init.pp": "class inh inherits inh::base {\n  notice($inh::x)\n}\n",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tree, err := load.Load(load.Options{Paths: []string{"."}, Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	prog := Build(tree, Options{})
	def := prog.Class("inh")
	if def == nil || def.Scope == nil {
		t.Fatal("class inh not in the program")
	}
	st := prog.Static(nil)
	if !st.assignedAt(def.Scope, "x", point{scope: def.Scope, file: def.File, offset: 0}) {
		t.Error("$inh::x, assigned in the base class, has no value at the start of class inh")
	}
}

// TestDeclGraphFindsEdgesByDefinition checks that the graph finds the
// edges of a program's definition by its index, and keeps apart a
// definition that is not the program's at its index.
func TestDeclGraphFindsEdgesByDefinition(t *testing.T) {
	a, b := &Definition{Name: "a", index: 0}, &Definition{Name: "b", index: 1}
	foreign := &Definition{Name: "c", index: 1}
	far := &Definition{Name: "d", index: 7}
	g := &declGraph{defs: []*Definition{a, b}, byIndex: make([]*declEdges, 2)}
	ea, eForeign, eFar := &declEdges{}, &declEdges{}, &declEdges{}
	g.set(a, ea)
	g.set(foreign, eForeign)
	g.set(far, eFar)
	for _, c := range []struct {
		d    *Definition
		want *declEdges
	}{{a, ea}, {b, nil}, {foreign, eForeign}, {far, eFar}} {
		if got := g.of(c.d); got != c.want {
			t.Errorf("edges of %s: %p, want %p", c.d.Name, got, c.want)
		}
	}
	if g.byIndex[1] != nil {
		t.Errorf("a foreign definition took the place of the program's at its index")
	}
}
