package model

import (
	"reflect"
	"slices"
	"testing"

	"github.com/ducklint/ducklint/parser"
)

// TestTitleKey checks the keys of literal titles (returned as written,
// without rendering) against those of rendered ones.
func TestTitleKey(t *testing.T) {
	str := &parser.StringLit{Value: "/etc/Foo/"}
	for _, c := range []struct {
		typ         string
		e           parser.Expr
		key         string
		literal, ok bool
	}{
		{"file", str, "/etc/Foo/", true, true},
		{"class", &parser.StringLit{Value: "::Apache::Mod"}, "apache::mod", true, true},
		{"class", &parser.Name{Value: "Apache"}, "apache", true, true},
		{"package", &parser.Name{Value: "vim"}, "vim", true, true},
		{"file", &parser.InterpolatedString{Parts: []parser.Expr{&parser.StringLit{Value: "/srv/"},
			&parser.Variable{Name: "::x"}}}, "/srv/${$x}", false, true},
		{"file", &parser.InterpolatedString{Parts: []parser.Expr{&parser.StringLit{Value: "/srv"}}}, "/srv", true, true},
		{"file", &parser.Variable{Name: "x"}, "$x", false, true},
		{"file", &parser.Access{Target: &parser.Variable{Name: "h"}, Keys: []parser.Expr{&parser.StringLit{Value: "k"}}},
			"$h[k]", false, true},
		{"file", &parser.Array{Elems: []parser.Expr{str}}, "", false, false},
		{"file", nil, "", false, false},
	} {
		key, literal, ok := TitleKey(c.typ, c.e)
		if key != c.key || literal != c.literal || ok != c.ok {
			t.Errorf("TitleKey(%s, %T) = %q, %v, %v; want %q, %v, %v", c.typ, c.e, key, literal, ok, c.key, c.literal, c.ok)
		}
		if got := literalTitle(c.e); got != (c.literal && c.ok) {
			t.Errorf("literalTitle(%T) = %v, want %v", c.e, got, c.literal && c.ok)
		}
	}
}

// TestLiteralTitles checks a resource's literal titles, one or a list,
// normalised as the type reads them.
func TestLiteralTitles(t *testing.T) {
	for _, c := range []struct {
		title parser.Expr
		want  []string
	}{
		{&parser.StringLit{Value: "/etc/a/"}, []string{"/etc/a"}},
		{&parser.Variable{Name: "x"}, nil},
		{&parser.Array{Elems: []parser.Expr{&parser.StringLit{Value: "/a"}, &parser.Variable{Name: "x"},
			&parser.Name{Value: "b"}}}, []string{"/a", "b"}},
	} {
		r := &Resource{Type: "file", Body: &parser.ResourceBody{Title: c.title}}
		if got := literalTitles(r); !slices.Equal(got, c.want) {
			t.Errorf("literalTitles(%T) = %q, want %q", c.title, got, c.want)
		}
		if all, want := allLiteralTitles(c.title), len(c.want) == len(TitleElems(c.title)); all != want {
			t.Errorf("allLiteralTitles(%T) = %v, want %v", c.title, all, want)
		}
	}
}

// TestLeavesHaveNoChildren checks that the nodes the walks pass by as
// leaves hold no other node, that absentOrLeaf passes by absent nodes,
// and no node with children.
func TestLeavesHaveNoChildren(t *testing.T) {
	nodeType := reflect.TypeFor[parser.Node]()
	for _, n := range []parser.Node{&parser.StringLit{}, &parser.Variable{}, &parser.Name{}, &parser.Number{},
		&parser.Bool{}, &parser.Undef{}, &parser.Default{}, &parser.Regex{}, &parser.TypeRef{}, &parser.Reserved{}} {
		if !absentOrLeaf(n) {
			t.Errorf("%T: not a leaf", n)
		}
		typ := reflect.TypeOf(n).Elem()
		for i := range typ.NumField() {
			if typ.Field(i).Name == "Base" { // the span
				continue
			}
			ft := typ.Field(i).Type
			for ft.Kind() == reflect.Slice || ft.Kind() == reflect.Array || ft.Kind() == reflect.Map {
				ft = ft.Elem()
			}
			if ft.Implements(nodeType) || ft.Kind() == reflect.Interface || ft.Kind() == reflect.Pointer {
				t.Errorf("%T.%s (%s) may hold a node", n, typ.Field(i).Name, typ.Field(i).Type)
			}
		}
	}
	for _, n := range []parser.Node{&parser.Call{}, &parser.InterpolatedString{}, &parser.Access{}, &parser.Block{},
		&parser.Lambda{}, &parser.If{}} {
		if absentOrLeaf(n) {
			t.Errorf("%T: a leaf", n)
		}
	}
	for _, n := range []parser.Node{nil, (*parser.Block)(nil), (*parser.Lambda)(nil), (*parser.If)(nil)} {
		if !absentOrLeaf(n) {
			t.Errorf("%#v: not absent", n)
		}
	}
}
