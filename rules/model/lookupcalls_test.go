package model

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/parser"
)

// callsByInspect is what a file's collection notes about its calls,
// worked out by a walk over every node: the functions called, normalised,
// sorted and each once, and the lookup calls with arguments in walk order.
func callsByInspect(f *parser.File) (called []string, lookups []*parser.Call) {
	if f.Program == nil {
		return nil, nil
	}
	parser.Inspect(f.Program, func(n parser.Node) bool {
		switch n := n.(type) {
		case *parser.Call:
			called = append(called, NormalizeClassName(n.FuncName()))
			if IsLookupFunction(n.FuncName()) && len(n.Args) > 0 {
				lookups = append(lookups, n)
			}
		case *parser.MethodCall:
			called = append(called, NormalizeClassName(n.Name))
		}
		return true
	})
	called = slices.DeleteFunc(called, func(s string) bool { return s == "" })
	slices.Sort(called)
	return slices.Compact(called), lookups
}

// TestCollectedCallsAreEveryNodesCalls checks that the calls the
// collector notes while it walks a file (for Program.CallingFiles and the
// Hiera index) are those of every node of its tree, also in the parts the
// walk does not visit: types, return types, node matchers, assignment
// targets and type aliases. It compares them on hand-written corners and
// on every Puppet file of the repository's test data.
func TestCollectedCallsAreEveryNodesCalls(t *testing.T) {
	type source struct{ path, src string }
	sources := []source{
		{"a.pp", "class a { $x = lookup('k') $y = hiera('j', 1).foo(lookup('i')) }\n"},
		{"a.pp", "function a::f() >> Variant[lookup('t')] { lookup('r') }\n"},
		{"a.pp", "node /x/, default inherits lookup('n') { include b }\n"},
		{"a.pp", "type A = Variant[hiera('k'), lookup('k2')]\n"},
		{"a.pp", "$a[lookup('k')] = 1\n[$b, $c] = [hiera('x'), 2]\n"},
		{"a.pp", "$f = [1].map |$x| >> Integer[lookup('m')] { hiera_array('h') }\n"},
		{"a.pp", "class a { $x = look('k') ::Lookup('k') lookup() $y.lookup('z') }\n"},
		{"t.epp", "<%- | Integer[lookup('p')] $p = hiera('d') | -%><%= lookup('b') %>\n"},
	}
	root := filepath.Join("..", "..")
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if !strings.Contains(path, "testdata") || (!strings.HasSuffix(path, ".pp") && !strings.HasSuffix(path, ".epp")) {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		sources = append(sources, source{path, string(src)})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(sources) < 1000 {
		t.Fatalf("found %d test files, want the repository's", len(sources))
	}
	withLookups := 0
	for _, s := range sources {
		parsed := parser.ParseFile(s.path, []byte(s.src))
		f := &File{Path: s.path, Parsed: parsed}
		facts := collectFile(f, FileScope, &modelSlabs{tight: true}, nil)
		called, lookups := callsByInspect(parsed)
		if !slices.Equal(facts.called, called) {
			t.Errorf("%s: collected calls %v, every node's %v", s.path, facts.called, called)
		}
		if !slices.Equal(facts.lookupCalls, lookups) {
			t.Errorf("%s: collected %d lookup calls, every node's %d", s.path, len(facts.lookupCalls), len(lookups))
		}
		if len(lookups) > 0 {
			withLookups++
		}
	}
	if withLookups < 8 {
		t.Errorf("%d sources with lookup calls: the comparison tests too little", withLookups)
	}
}
