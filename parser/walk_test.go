package parser

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestInspectOrder(t *testing.T) {
	f := parseOK(t, "class a($p = 1) { if $x { notice($y) } else { $z = [1, {k => 2}] } }")
	var got []string
	Inspect(f.Program, func(n Node) bool {
		got = append(got, fmt.Sprintf("%T", n))
		return true
	})
	want := "*parser.Program *parser.Block *parser.ClassDef *parser.Parameter *parser.Number *parser.Block " +
		"*parser.If *parser.Variable *parser.Block *parser.Call *parser.Name *parser.Variable *parser.Block " +
		"*parser.Assign *parser.Variable *parser.Array *parser.Number *parser.Hash *parser.HashEntry *parser.Name *parser.Number"
	if strings.Join(got, " ") != want {
		t.Errorf("order:\n got %s\nwant %s", strings.Join(got, " "), want)
	}
}

func TestInspectSkipsChildren(t *testing.T) {
	f := parseOK(t, "class a { $x = 1 } $y = 2")
	var vars []string
	Inspect(f.Program, func(n Node) bool {
		if _, ok := n.(*ClassDef); ok {
			return false
		}
		if v, ok := n.(*Variable); ok {
			vars = append(vars, v.Name)
		}
		return true
	})
	if strings.Join(vars, ",") != "y" {
		t.Errorf("visited %v, want only y", vars)
	}
}

func TestInspectStack(t *testing.T) {
	f := parseOK(t, "class a { define b { $x = 1 } }")
	var chain string
	InspectStack(f.Program, func(n Node, stack []Node) bool {
		if v, ok := n.(*Variable); ok && v.Name == "x" {
			var parts []string
			for _, s := range stack {
				parts = append(parts, fmt.Sprintf("%T", s))
			}
			chain = strings.Join(parts, " ")
		}
		return true
	})
	want := "*parser.Program *parser.Block *parser.ClassDef *parser.Block *parser.DefineDef *parser.Block *parser.Assign"
	if chain != want {
		t.Errorf("stack:\n got %s\nwant %s", chain, want)
	}
}

func TestChildrenSkipsAbsent(t *testing.T) {
	f := parseOK(t, "if $x { } $f = foo()")
	for _, n := range Children(f.Program.Body) {
		for _, c := range Children(n) {
			if isNil(c) {
				t.Errorf("%T has a nil child", n)
			}
		}
	}
	ifn := f.Program.Body.Stmts[0].(*If)
	if got := len(Children(ifn)); got != 2 {
		t.Errorf("if without else has %d children, want 2", got)
	}
}

func TestParseConcurrently(t *testing.T) {
	files := goldenFixtures(t)
	done := make(chan string, len(files))
	for _, path := range files {
		go func() {
			src, err := os.ReadFile(path)
			if err != nil {
				done <- err.Error()
				return
			}
			done <- render(ParseFile(path, src))
		}()
	}
	for range files {
		if s := <-done; s == "" {
			t.Error("empty render")
		}
	}
}
