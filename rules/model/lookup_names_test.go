package model_test

import (
	"testing"

	"github.com/ducklint/ducklint/parser/load/gentree"
	"github.com/ducklint/ducklint/rules/model"
)

// TestLookupSpellings checks that the program's indexes by name find a
// definition, declaration or call however the name is written (case,
// leading "::"), that each definition's Key is the name it is found by,
// and that a name written in its normal form is looked up without
// allocating.
func TestLookupSpellings(t *testing.T) {
	prog := buildTree(t, gentree.Tree{
		"manifests/site.pp":                       "node 'web1.example.com' { include apache::mod }\n",
		"modules/apache/manifests/mod.pp":         "class apache::mod { apache::vhost { 'x': } apache::helpers::fmt('y') }\n",
		"modules/apache/manifests/vhost.pp":       "define apache::vhost() { }\n",
		"modules/apache/functions/helpers/fmt.pp": "function apache::helpers::fmt(String $s) { $s }\n",
		"modules/apache/types/port.pp":            "type Apache::Port = Integer\n",
	})
	for _, c := range []struct {
		kind  model.DefKind
		names []string
	}{
		{model.ClassDef, []string{"apache::mod", "Apache::Mod", "::apache::mod", "::APACHE::MOD"}},
		{model.DefineDef, []string{"apache::vhost", "Apache::Vhost", "::apache::vhost"}},
		{model.FunctionDef, []string{"apache::helpers::fmt", "::Apache::Helpers::Fmt"}},
		{model.TypeAliasDef, []string{"apache::port", "Apache::Port", "::Apache::Port"}},
	} {
		for _, name := range c.names {
			if ds := prog.Lookup(c.kind, name); len(ds) != 1 {
				t.Errorf("Lookup(%d, %q) = %d definitions, want 1", c.kind, name, len(ds))
			}
		}
		if ds := prog.Lookup(c.kind, "apache::other"); len(ds) != 0 {
			t.Errorf("Lookup(%d, apache::other) = %d definitions, want none", c.kind, len(ds))
		}
	}
	for _, name := range []string{"apache::mod", "Apache::Mod", "::apache::mod"} {
		if ds := prog.DeclarationsOf(name); len(ds) != 1 {
			t.Errorf("DeclarationsOf(%q) = %d, want 1", name, len(ds))
		}
	}
	for _, name := range []string{"apache::vhost", "::Apache::Vhost"} {
		if ds := prog.DeclarationsOf(name); len(ds) != 1 {
			t.Errorf("DeclarationsOf(%q) = %d, want 1", name, len(ds))
		}
	}
	for _, name := range []string{"apache::helpers::fmt", "::Apache::Helpers::fmt"} {
		if ds := prog.CallsOf(name); len(ds) != 1 {
			t.Errorf("CallsOf(%q) = %d, want 1", name, len(ds))
		}
	}
	for _, d := range prog.Definitions {
		want := d.Name
		if d.Kind == model.TypeAliasDef {
			want = "apache::port"
		}
		if d.Key() != want {
			t.Errorf("%s %s: Key() = %q, want %q", d.Kind, d.Name, d.Key(), want)
		}
	}
	for _, name := range []string{"web1.example.com", "Web1.Example.com"} {
		if ds := prog.Lookup(model.NodeDef, name); len(ds) != 1 {
			t.Errorf("Lookup(NodeDef, %q) = %d, want 1", name, len(ds))
		}
	}
	if allocs := testing.AllocsPerRun(100, func() {
		prog.Lookup(model.ClassDef, "apache::mod")
		prog.Lookup(model.DefineDef, "file")
		prog.DeclarationsOf("apache::vhost")
	}); allocs != 0 {
		t.Errorf("looking up normalised names allocates %v times, want none", allocs)
	}
}

// TestLookupLeadingColons checks that a name with a leading "::" is
// normalised before it is looked up, even where a key holds it as it is:
// `include '::::foo'` is keyed "::foo", which is not what a look-up of
// "::foo" (class foo) asks for.
func TestLookupLeadingColons(t *testing.T) {
	prog := buildTree(t, gentree.Tree{
		"manifests/site.pp":             "include foo\ninclude '::::foo'\n",
		"modules/foo/manifests/init.pp": "class foo {}\n",
	})
	ds := prog.DeclarationsOf("::foo")
	if len(ds) != 1 || ds[0].Span.Start.Line != 1 {
		var lines []int32
		for _, d := range ds {
			lines = append(lines, d.Span.Start.Line)
		}
		t.Errorf("DeclarationsOf(\"::foo\") gives the declarations on lines %v, want line 1's", lines)
	}
}
