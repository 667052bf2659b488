package model_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules/model"
)

// TestDefinitionParam checks Param against the parameters as written, for
// a class with few parameters (scanned) and one with many (looked up in
// its scope's index): every parameter is found, the first of a name
// written twice wins, and a name it does not have gives nil.
func TestDefinitionParam(t *testing.T) {
	for _, n := range []int{3, 300} {
		var b strings.Builder
		b.WriteString("class c (\n  $dup = 1,\n")
		for i := range n {
			b.WriteString("  $p" + strconv.Itoa(i) + " = 1,\n")
		}
		b.WriteString("  $dup = 2,\n) {}\n")
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "c.pp"), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		tree, err := load.Load(load.Options{Paths: []string{"c.pp"}, Dir: dir})
		if err != nil {
			t.Fatal(err)
		}
		prog := model.Build(tree, model.Options{})
		defs := prog.Lookup(model.ClassDef, "c")
		if len(defs) != 1 {
			t.Fatalf("n=%d: %d definitions of c", n, len(defs))
		}
		d := defs[0]
		for i, prm := range d.Params {
			want := prm
			if prm.Name == "dup" {
				want = d.Params[0]
			}
			if got := d.Param(prm.Name); got != want {
				t.Errorf("n=%d: Param(%q) = %v, want parameter %d", n, prm.Name, got, i)
			}
		}
		if d.Param("nope") != nil || d.HasParam("nope") {
			t.Errorf("n=%d: a parameter c does not have is found", n)
		}
	}
}
