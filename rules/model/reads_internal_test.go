package model

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ducklint/ducklint/parser/load"
)

// TestIdleSlabsKeepNoReads checks that the slabs a walk for a file's
// reads returns keep nothing of the file: an idle slab held the last
// file's maps, and its reads until the next walk.
func TestIdleSlabsKeepNoReads(t *testing.T) {
	dir := t.TempDir()
	src := `class a {
  $x = 1
  $d = defined('$y')
  if defined('$y') and $d {
    notice($x, $y)
  }
  notice(pick($z, 1))
}
`
	path := filepath.Join(dir, "modules/a/manifests/init.pp")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	tree, err := load.Load(load.Options{Paths: []string{"."}, Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	prog := Build(tree, Options{})
	st := prog.Static(nil)
	for _, f := range prog.Files {
		if len(st.Reads(f)) == 0 {
			t.Fatalf("%s: no reads", f.Path)
		}
	}
	if len(st.idleSlabs) == 0 {
		t.Fatal("no idle slabs after the walks")
	}
	for _, alloc := range st.idleSlabs {
		m := &alloc.readScratch
		if len(m.reads) != 0 || slices.ContainsFunc(m.reads[:cap(m.reads)], func(r *Read) bool { return r != nil }) {
			t.Errorf("an idle slab keeps reads: %d listed", len(m.reads))
		}
		for name, n := range map[string]int{"done": len(m.done), "definedVars": len(m.definedVars), "optional": len(m.optional),
			"definedNames": len(m.definedNames), "definedVarNames": len(m.definedVarNames)} {
			if n != 0 {
				t.Errorf("an idle slab's %s keeps %d entries", name, n)
			}
		}
	}
}
