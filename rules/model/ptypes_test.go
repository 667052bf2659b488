package model_test

import (
	"reflect"
	"slices"
	"testing"

	"github.com/ducklint/ducklint/parser/load/gentree"
	"github.com/ducklint/ducklint/rules/model"
	"github.com/ducklint/ducklint/rules/ptype"
)

// TestMismatchedDefaultsAreThoseThatMismatch checks that the parameters
// MismatchedDefaults gives a definition are, in order, those whose default
// DefaultMismatches finds fails its type, with its mismatches, asked for
// twice; for a definition that is not the program's at its index too.
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
	other := buildTree(t, gentree.Tree{
		"modules/n/manifests/init.pp": "class n (Integer $a = 1) {}\n",
		"modules/n/manifests/bad.pp":  "class n::bad (Integer $b = 'x') {}\n",
	})
	for _, c := range []struct {
		def  *model.Definition
		want []string
	}{
		{prog.Class("m"), []string{"port", "flag", "mode"}},
		{prog.Define("m::fine"), nil},
		{other.Class("n::bad"), []string{"b"}},
	} {
		if c.def == nil {
			t.Fatal("definition missing")
		}
		var direct []string
		var directMs [][]ptype.Mismatch
		for _, prm := range c.def.Params {
			if ms := prog.DefaultMismatches(prm); len(ms) > 0 {
				direct = append(direct, prm.Name)
				directMs = append(directMs, ms)
			}
		}
		if !slices.Equal(direct, c.want) {
			t.Fatalf("%s: DefaultMismatches finds %v, want %v", c.def.Name, direct, c.want)
		}
		for range 2 {
			var got []string
			for i, m := range prog.MismatchedDefaults(c.def) {
				got = append(got, m.Param.Name)
				if i < len(directMs) && !reflect.DeepEqual(m.Mismatches, directMs[i]) {
					t.Errorf("%s: MismatchedDefaults gives $%s %v, DefaultMismatches %v", c.def.Name, m.Param.Name, m.Mismatches, directMs[i])
				}
			}
			if !slices.Equal(got, direct) {
				t.Errorf("%s: MismatchedDefaults gives %v, DefaultMismatches %v", c.def.Name, got, direct)
			}
		}
	}
}

// TestMismatchedDefaultsAllocations checks that MismatchedDefaults
// allocates nothing once a definition's answer is known: it is asked at
// every declaration.
func TestMismatchedDefaultsAllocations(t *testing.T) {
	prog := buildTree(t, gentree.Tree{
		"modules/m/manifests/init.pp": "class m (Integer $port = '80', String $s = 'x') {}\n",
	})
	d := prog.Class("m")
	if got := len(prog.MismatchedDefaults(d)); got != 1 {
		t.Fatalf("MismatchedDefaults gives %d parameters, want 1", got)
	}
	if allocs := testing.AllocsPerRun(100, func() { prog.MismatchedDefaults(d) }); allocs != 0 {
		t.Errorf("MismatchedDefaults allocates %v times once known, want none", allocs)
	}
}

// TestParamTypes checks that ParamTypes gives the type of each parameter
// of a definition in order, nil for an untyped one, the same types when
// asked again, and that of a definition that is not the program's at its
// index too; and that ParamIndex finds each parameter.
func TestParamTypes(t *testing.T) {
	prog := buildTree(t, gentree.Tree{
		"modules/m/manifests/init.pp":  "class m (Integer[1] $a, $b = 1, Optional[String] $c = undef, Stdlib::Port $d = 80) {}\n",
		"modules/m/manifests/other.pp": "class m::other (Boolean $x) {}\n",
	})
	other := buildTree(t, gentree.Tree{
		"modules/n/manifests/init.pp": "class n (String $y, Hash $z) {}\n",
	})
	for _, c := range []struct {
		def  *model.Definition
		want []string
	}{
		{prog.Class("m"), []string{"Integer[1]", "", "Optional[String]", "Stdlib::Port"}},
		{prog.Class("m::other"), []string{"Boolean"}},
		{other.Class("n"), []string{"String", "Hash"}},
	} {
		if c.def == nil {
			t.Fatal("definition missing")
		}
		types := prog.ParamTypes(c.def)
		var got []string
		for _, typ := range types {
			s := ""
			if typ != nil {
				s = typ.String()
			}
			got = append(got, s)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: ParamTypes gives %q, want %q", c.def.Name, got, c.want)
		}
		if again := prog.ParamTypes(c.def); c.def != other.Class("n") && !slices.Equal(again, types) {
			t.Errorf("%s: ParamTypes gives other types the second time", c.def.Name)
		}
		for i, prm := range c.def.Params {
			if j := c.def.ParamIndex(prm.Name); j != i {
				t.Errorf("%s: ParamIndex(%q) = %d, want %d", c.def.Name, prm.Name, j, i)
			}
		}
		if j := c.def.ParamIndex("nope"); j != -1 {
			t.Errorf("%s: ParamIndex of a missing parameter = %d", c.def.Name, j)
		}
	}
}

// TestAliasNamedAsDefined checks that an alias read under several
// spellings is named as its definition writes it, whichever spelling is
// read first: the name is printed in findings, and the files that spell
// it are read in the order the rules' workers reach them. Puppet prints
// the defined name too ("expects an App::Port = Integer[1, 65535] value").
func TestAliasNamedAsDefined(t *testing.T) {
	files := gentree.Tree{
		"modules/app/types/port.pp":   "type App::Port = Integer[1, 65535]\n",
		"modules/a/manifests/init.pp": "class a (App::PORT $p = 1) {}\n",
		"modules/b/manifests/init.pp": "class b (App::Port $p = 1) {}\n",
		"modules/c/manifests/init.pp": "class c (APP::PORT $p = 1) {}\n",
	}
	for _, order := range [][]string{{"a", "b", "c"}, {"c", "b", "a"}, {"b", "a", "c"}} {
		prog := buildTree(t, files)
		for _, class := range order {
			typ := prog.ParamTypes(prog.Class(class))[0]
			if typ == nil || typ.Kind != ptype.Alias || typ.Name != "App::Port" {
				t.Errorf("reading %v: class %s's type is %v, want the alias App::Port", order, class, typ)
			}
		}
	}
}
