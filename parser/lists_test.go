package parser

import (
	"slices"
	"testing"
)

// TestListsNested checks lists parsed inside lists of the same kind, and
// runs of hash entries among arguments, which share the arena's stacks.
func TestListsNested(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{`f(1, a => [2, {b => 3, c => g(4, d => 5)}], e => 6, 7)`,
			`(block (call f 1 (hash (=> a (array 2 (hash (=> b 3) (=> c (call g 4 (hash (=> d 5))))))) (=> e 6)) 7))`},
		{`$x = [a => 1, [b => 2, 3], c => 4]`, `(block (= $x (array (hash (=> a 1)) (array (hash (=> b 2)) 3) (hash (=> c 4)))))`},
		{`$x = $y[a => 1, 2, b => $z[c => 3]]`, `(block (= $x (access $y (hash (=> a 1)) 2 (hash (=> b (access $z (hash (=> c 3))))))))`},
	} {
		if got := sexpr(parseOK(t, tt.src).Program.Body); got != tt.want {
			t.Errorf("parse %q\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
	src := "notify { 'a': message => { k => [1, 2] }, tag => f(file { 'b': ensure => present, mode => '0644' }), }\n" +
		"define d(String $p = [1, 2], $q = { r => 1 }) { }\n"
	f := parseOK(t, src)
	body := f.Program.Body.Stmts[0].(*Resource).Bodies[0]
	if len(body.Attrs) != 2 || body.Attrs[0].Name != "message" || body.Attrs[1].Name != "tag" {
		t.Fatalf("attributes %+v", body.Attrs)
	}
	inner := body.Attrs[1].Value.(*Call).Args[0].(*Resource).Bodies[0].Attrs
	if len(inner) != 2 || inner[0].Name != "ensure" || inner[1].Name != "mode" {
		t.Fatalf("inner attributes %+v", inner)
	}
	// A list owns no spare capacity: appending to it copies instead of
	// writing over the list cut next from the same chunk.
	if cap(body.Attrs) != len(body.Attrs) || cap(inner) != len(inner) {
		t.Errorf("capacities %d and %d, want %d and %d", cap(body.Attrs), cap(inner), len(body.Attrs), len(inner))
	}
	params := f.Program.Body.Stmts[1].(*DefineDef).Params
	if len(params) != 2 || params[0].Name != "p" || params[1].Name != "q" {
		t.Fatalf("parameters %+v", params)
	}
}

// TestListsAfterSyntaxError checks that the items a statement left on the
// stacks when a syntax error stopped it are not taken into the lists of
// the statements parsed after it.
func TestListsAfterSyntaxError(t *testing.T) {
	src := "notify { 'a': message => f(1, [2, k => 3, }\n" +
		"notify { 'b': message => f(4, [5], l => 6), tag => 't' }\n" +
		"$h = { m => 7 }\n"
	f := ParseManifest("test.pp", []byte(src))
	if len(f.Errors) != 1 {
		t.Fatalf("errors %v, want one", f.Errors)
	}
	var got []string
	for _, s := range f.Program.Body.Stmts {
		got = append(got, sexpr(s))
	}
	want := []string{
		`(resource notify (body "b" (=> message (call f 4 (array 5) (hash (=> l 6)))) (=> tag "t")))`,
		`(= $h (hash (=> m 7)))`,
	}
	if len(got) < 2 || got[len(got)-2] != want[0] || got[len(got)-1] != want[1] {
		t.Errorf("statements after the error\n got %q\nwant %q", got, want)
	}
}

// TestEmptyListsNil checks that lists with no items are nil, as they were
// when each was appended to as it was parsed.
func TestEmptyListsNil(t *testing.T) {
	f := parseOK(t, "notify { 'a': }\n$h = {}\n$a = []\nf()\n")
	if attrs := f.Program.Body.Stmts[0].(*Resource).Bodies[0].Attrs; attrs != nil {
		t.Errorf("attributes %#v, want nil", attrs)
	}
	if e := f.Program.Body.Stmts[1].(*Assign).RHS.(*Hash).Entries; e != nil {
		t.Errorf("entries %#v, want nil", e)
	}
	if e := f.Program.Body.Stmts[2].(*Assign).RHS.(*Array).Elems; e != nil {
		t.Errorf("elements %#v, want nil", e)
	}
	if a := f.Program.Body.Stmts[3].(*Call).Args; a != nil {
		t.Errorf("arguments %#v, want nil", a)
	}
}

// TestTryParseDropsLists checks that a parse stopped by a syntax error
// inside tryParse leaves nothing on the stacks, where a list being
// collected around the attempt would take it for its own.
func TestTryParseDropsLists(t *testing.T) {
	p := &parser{f: &File{}, lx: newLexer([]byte("f(1, [k => 2, {a => 3, b => [4, g(5, 6"), false, nil), nodes: &nodeSlabs{}, window: tokenWindow, lastColLine: -1}
	p.lines = NewLineIndex(p.lx.src)
	p.f.Lines = p.lines
	p.lx.fill(64) // the current token is lexed, as parse does
	p.moveTo(0)
	defer p.lx.release()
	outer := p.nodes.startArgs()
	outer.add(&Name{Value: "x"})
	if p.tryParse(func() { p.parseExpr(0) }) {
		t.Fatal("the parse of an unclosed call succeeded")
	}
	n := p.nodes
	if got := [4]int{len(n.exprLists.items), len(n.entryLists.items), len(n.attrLists.items), len(n.paramLists.items)}; got != [4]int{1, 0, 0, 0} {
		t.Fatalf("stacks hold %v items after the failed parse, want [1 0 0 0]", got)
	}
	if list := outer.finish(); len(list) != 1 || list[0].(*Name).Value != "x" {
		t.Fatalf("the list around the failed parse is %v", list)
	}
}

// TestArenaCommentsPerFile checks that files parsed with one arena each
// get their own comments, in file order.
func TestArenaCommentsPerFile(t *testing.T) {
	var a Arena
	one := a.ParseFile("one.pp", []byte("# a\n$x = @(END) # e\n  text\n  END\n# b\n"))
	two := a.ParseFile("two.pp", []byte("/* c */ $y = 1 # d\n"))
	none := a.ParseFile("none.pp", []byte("$z = 2\n"))
	texts := func(f *File) []string {
		var out []string
		for _, c := range f.Comments {
			out = append(out, c.Text)
		}
		return out
	}
	if got := texts(one); !slices.Equal(got, []string{" a", " e", " b"}) {
		t.Errorf("one.pp comments %q", got)
	}
	if got := texts(two); !slices.Equal(got, []string{" c ", " d"}) {
		t.Errorf("two.pp comments %q", got)
	}
	if none.Comments != nil {
		t.Errorf("none.pp comments %#v, want nil", none.Comments)
	}
	if len(one.Errors)+len(two.Errors)+len(none.Errors) > 0 {
		t.Errorf("errors %v %v %v", one.Errors, two.Errors, none.Errors)
	}
}

func TestLineOf(t *testing.T) {
	src := []byte("a\nbb\n\nccc\nd\n\n\n\neeee\nf")
	ls := NewLineIndex(src).lineStarts
	// The line of each offset by scanning, from every starting line.
	for off := 0; off <= len(src); off++ {
		want := 0
		for i, s := range ls {
			if s <= off {
				want = i
			}
		}
		for near := range len(ls) + 1 {
			if got := lineOf(ls, off, near); got != want {
				t.Errorf("lineOf(offset %d, near %d) = %d, want %d", off, near, got, want)
			}
		}
	}
}
