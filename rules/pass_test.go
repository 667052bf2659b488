package rules

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules/model"
)

// TestNodeParentsMatchInspectStack checks Pass.Nodes and Pass.NodeParents
// against parser.InspectStack on the parser's golden inputs and the rule fixtures: the same nodes
// in the same order, each with its innermost ancestor as parent.
func TestNodeParentsMatchInspectStack(t *testing.T) {
	paths := parseInputsAndFixtures(t)
	nodes := &fileNodes{}
	total := 0
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		parsed := parser.ParseFile(path, src)
		if parsed.Program == nil {
			continue
		}
		var want []parser.Node
		var wantParents []int32
		index := map[parser.Node]int32{}
		parser.InspectStack(parsed.Program, func(n parser.Node, stack []parser.Node) bool {
			index[n] = int32(len(want))
			want = append(want, n)
			parent := int32(-1)
			if len(stack) > 0 {
				parent = index[stack[len(stack)-1]]
			}
			wantParents = append(wantParents, parent)
			return true
		})
		// One recycled list for all files, as the runner does.
		p := &Pass{File: &model.File{Path: path, Parsed: parsed}, nodes: nodes}
		if got := p.Nodes(); !slices.Equal(got, want) {
			t.Errorf("%s: Nodes gives %d nodes, InspectStack %d or in another order", path, len(got), len(want))
		}
		if got := p.NodeParents(); !slices.Equal(got, wantParents) {
			t.Errorf("%s: NodeParents differs from InspectStack's stacks", path)
		}
		total += len(want)
		nodes.reset()
	}
	if total < 1000 {
		t.Errorf("only %d nodes in the inputs", total)
	}
}

// TestNodesOf checks that nodesOf gives, for each kind of node, exactly
// the nodes of Nodes of its type, in Nodes's order and with their
// indexes, and for the set of every kind the whole list, on the parser's
// golden inputs and the rule fixtures.
func TestNodesOf(t *testing.T) {
	types := map[nodeKind]reflect.Type{
		kindAccess:             reflect.TypeFor[*parser.Access](),
		kindAssign:             reflect.TypeFor[*parser.Assign](),
		kindBlock:              reflect.TypeFor[*parser.Block](),
		kindCall:               reflect.TypeFor[*parser.Call](),
		kindClassDef:           reflect.TypeFor[*parser.ClassDef](),
		kindCollector:          reflect.TypeFor[*parser.Collector](),
		kindDefineDef:          reflect.TypeFor[*parser.DefineDef](),
		kindEPPTemplate:        reflect.TypeFor[*parser.EPPTemplate](),
		kindFunctionDef:        reflect.TypeFor[*parser.FunctionDef](),
		kindInterpolatedString: reflect.TypeFor[*parser.InterpolatedString](),
		kindLambda:             reflect.TypeFor[*parser.Lambda](),
		kindMethodCall:         reflect.TypeFor[*parser.MethodCall](),
		kindNodeDef:            reflect.TypeFor[*parser.NodeDef](),
		kindParameter:          reflect.TypeFor[*parser.Parameter](),
		kindPlanDef:            reflect.TypeFor[*parser.PlanDef](),
		kindResource:           reflect.TypeFor[*parser.Resource](),
		kindResourceBody:       reflect.TypeFor[*parser.ResourceBody](),
		kindResourceDefaults:   reflect.TypeFor[*parser.ResourceDefaults](),
		kindResourceOverride:   reflect.TypeFor[*parser.ResourceOverride](),
		kindRelationship:       reflect.TypeFor[*parser.Relationship](),
		kindVariable:           reflect.TypeFor[*parser.Variable](),
	}
	all := nodeKinds(1) << kindOther
	for k := range types {
		all |= 1 << k
	}
	if want := nodeKinds(1)<<kindCount - 1; all != want || len(types)+1 != int(kindCount) {
		t.Fatalf("the kinds with a type are %b, want every bit up to the last kind, %b", all, want)
	}
	paths := parseInputsAndFixtures(t)
	more, err := filepath.Glob(filepath.Join("..", "testdata", "parse", "*.epp"))
	if err != nil {
		t.Fatal(err)
	}
	paths = append(paths, more...)
	if more, err = filepath.Glob(filepath.Join("..", "testdata", "parse", "plans", "*.pp")); err != nil {
		t.Fatal(err)
	}
	paths = append(paths, more...)
	nodes := &fileNodes{}
	seen := map[nodeKind]int{}
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		parsed := parser.ParseFile(path, src)
		if parsed.Program == nil {
			continue
		}
		p := &Pass{File: &model.File{Path: path, Parsed: parsed}, nodes: nodes}
		list := p.Nodes()
		var got []int
		for i, n := range p.nodesOf(all) {
			if n != list[i] {
				t.Fatalf("%s: nodesOf gives node %d as %T, Nodes has %T", path, i, n, list[i])
			}
			got = append(got, i)
		}
		if len(got) != len(list) || !slices.IsSorted(got) {
			t.Errorf("%s: nodesOf(every kind) gives %d nodes, Nodes %d, or in another order", path, len(got), len(list))
		}
		for k, typ := range types {
			var want, got []int
			for i, n := range list {
				if reflect.TypeOf(n) == typ {
					want = append(want, i)
				}
			}
			for i := range p.nodesOf(1 << k) {
				got = append(got, i)
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s: nodesOf(%v) gives nodes %v, the %v of Nodes are %v", path, typ, got, typ, want)
			}
			seen[k] += len(want)
		}
		nodes.reset()
	}
	for k, typ := range types {
		if seen[k] == 0 {
			t.Errorf("no %v in the inputs", typ)
		}
	}
}

// TestNodesOfAllocations checks that a loop over nodesOf or nodesOfType
// allocates nothing once the file's node list is made: every per-file
// rule ranges over them, for every file of a run. It holds only when the
// compiler inlines nodesOf and the function it returns (see nodesOf), so
// it fails when inlining is off (-gcflags=all=-l).
func TestNodesOfAllocations(t *testing.T) {
	src := []byte("class a ($x = 1) {\n  file { '/tmp/a': ensure => $x }\n  include b\n  notify { \"${x}\": }\n}\n")
	parsed := parser.ParseFile("a.pp", src)
	p := &Pass{File: &model.File{Path: "a.pp", Parsed: parsed}, nodes: &fileNodes{}}
	p.Nodes()
	count := 0
	allocs := testing.AllocsPerRun(100, func() {
		for _, n := range p.nodesOf(1<<kindResource | 1<<kindCall) {
			if n != nil {
				count++
			}
		}
		for _, r := range nodesOfType[*parser.Resource](p) {
			if r != nil {
				count++
			}
		}
	})
	if allocs != 0 {
		t.Errorf("a loop over nodesOf and one over nodesOfType allocate %v times, want none", allocs)
	}
	if want := 101 * 5; count != want {
		t.Errorf("the loops saw %d nodes in 101 runs, want %d", count, want)
	}
}

// TestPassLookup checks that Pass.lookup gives what Program.Lookup gives,
// for more names than it keeps, asked again in another order, for the
// same name under two kinds, for names written with another case or a
// leading "::", and after the file's lists are reset; and that a name it
// keeps is found among its entries without a new one, while a name it no
// longer keeps takes the next.
func TestPassLookup(t *testing.T) {
	src := "define d1 () {}\ndefine d2 () {}\nclass d1 () {}\nclass c2 () {}\n"
	for i := range 10 {
		src += fmt.Sprintf("define t%d () {}\n", i)
	}
	prog := buildProgram(t, map[string]string{"site.pp": src})
	p := &Pass{Program: prog, nodes: &fileNodes{}}
	type query struct {
		kind model.DefKind
		name string
	}
	var qs []query
	for _, name := range []string{"d1", "d2", "c2", "::D1", "nope", "t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8", "t9"} {
		qs = append(qs, query{model.DefineDef, name}, query{model.ClassDef, name})
	}
	check := func() {
		for _, q := range qs {
			if got, want := p.lookup(q.kind, q.name), prog.Lookup(q.kind, q.name); !slices.Equal(got, want) {
				t.Errorf("lookup(%v, %q) = %v, Program.Lookup %v", q.kind, q.name, got, want)
			}
		}
	}
	check()
	slices.Reverse(qs)
	check()
	p.nodes.reset()
	check()
	if len(prog.Lookup(model.DefineDef, "d1")) != 1 || len(prog.Lookup(model.ClassDef, "d1")) != 1 {
		t.Fatal("the tree lacks define d1 or class d1")
	}
	kept, dropped := qs[len(qs)-1], qs[0] // the last asked, and one asked more entries ago than are kept
	next := p.nodes.next
	p.lookup(kept.kind, kept.name)
	if p.nodes.next != next {
		t.Errorf("lookup(%v, %q), just asked, took a new entry", kept.kind, kept.name)
	}
	p.lookup(dropped.kind, dropped.name)
	if want := (next + 1) % len(p.nodes.lookups); p.nodes.next != want {
		t.Errorf("lookup(%v, %q), no longer kept, left the next entry at %d, want %d", dropped.kind, dropped.name, p.nodes.next, want)
	}
}

// TestAppendLiteralClasses checks the classes appendLiteralClasses finds
// in include arguments and class titles, and that a single name given
// room on the stack allocates nothing.
func TestAppendLiteralClasses(t *testing.T) {
	src := "include a, 'b', ['c', [d, Class['e']], $x, \"f${y}\"], Class[g], Class['h', i], Foo['j']\n"
	f := parser.ParseFile("a.pp", []byte(src))
	if len(f.Errors) > 0 {
		t.Fatal(f.Errors)
	}
	var call *parser.Call
	parser.Inspect(f.Program, func(n parser.Node) bool {
		if c, ok := n.(*parser.Call); ok && call == nil {
			call = c
		}
		return true
	})
	var got []string
	for _, a := range call.Args {
		for _, c := range appendLiteralClasses(nil, a) {
			got = append(got, c.name+"@"+src[c.span.Start.Offset:c.span.End.Offset])
		}
	}
	want := []string{"a@a", "b@'b'", "c@'c'", "d@d", "e@'e'", "g@g", "h@'h'", "i@i"}
	if !slices.Equal(got, want) {
		t.Errorf("appendLiteralClasses finds %q, want %q", got, want)
	}
	first := call.Args[0]
	if allocs := testing.AllocsPerRun(100, func() {
		var named [2]literalClass
		for _, c := range appendLiteralClasses(named[:0], first) {
			if c.name != "a" {
				t.Error(c.name)
			}
		}
	}); allocs != 0 {
		t.Errorf("one name allocates %v times", allocs)
	}
}

// parseInputsAndFixtures returns the parser's golden inputs and the rules'
// fixtures, the .pp files of testdata/parse and testdata/rules/*.
func parseInputsAndFixtures(t *testing.T) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("..", "testdata", "parse", "*.pp"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no parser inputs: %v", err)
	}
	fixtures, err := filepath.Glob(filepath.Join("..", "testdata", "rules", "*", "*.pp"))
	if err != nil {
		t.Fatal(err)
	}
	return append(paths, fixtures...)
}
