package model_test

import (
	"slices"
	"testing"

	"github.com/ducklint/ducklint/parser/load/gentree"
	"github.com/ducklint/ducklint/rules/model"
)

// TestMismatchedDefaultsAreThoseThatMismatch checks that the parameters
// MismatchedDefaults gives a definition are, in order, those whose default
// DefaultMismatches finds fails its type, asked for twice.
func TestMismatchedDefaultsAreThoseThatMismatch(t *testing.T) {
	prog := buildTree(t, gentree.Tree{
		"modules/m/manifests/init.pp": `class m (
  Integer $port = '80',
  String $name2 = 'x',
  Boolean $flag = 'yes',
  $untyped = 1,
  Integer $required,
  Enum['a', 'b'] $mode = 'c',
) {}
`,
		"modules/m/manifests/fine.pp": "define m::fine (String $a = 'x', Integer $b = 1) {}\n",
	})
	for _, c := range []struct {
		def  *model.Definition
		want []string
	}{
		{prog.Class("m"), []string{"port", "flag", "mode"}},
		{prog.Define("m::fine"), nil},
	} {
		if c.def == nil {
			t.Fatal("definition missing")
		}
		var direct []string
		for _, prm := range c.def.Params {
			if len(prog.DefaultMismatches(prm)) > 0 {
				direct = append(direct, prm.Name)
			}
		}
		if !slices.Equal(direct, c.want) {
			t.Fatalf("%s: DefaultMismatches finds %v, want %v", c.def.Name, direct, c.want)
		}
		for range 2 {
			var got []string
			for _, prm := range prog.MismatchedDefaults(c.def) {
				got = append(got, prm.Name)
			}
			if !slices.Equal(got, direct) {
				t.Errorf("%s: MismatchedDefaults gives %v, DefaultMismatches %v", c.def.Name, got, direct)
			}
		}
	}
}
