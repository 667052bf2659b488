package model

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/ducklint/ducklint/parser"
)

// TestTitleHelpersAgree checks, over every expression of the rules' and
// the model's fixtures and a table of title shapes, that literalTitle
// answers as TitleKey's literal does, and, over every resource title, that
// eachTitle visits the titles TitleElems lists, stopping when told, and
// that allLiteralTitles is literalTitle of each.
func TestTitleHelpersAgree(t *testing.T) {
	sources := map[string][]byte{
		"table.pp": []byte(`file { 'a': }
file { a: }
file { "plain": }
file { "x${y}z": }
file { "${x['k']}": }
file { ['a', "b", c]: }
file { ['a', "b${c}"]: }
file { [$a, 'b']: }
file { $x.dirname: }
file { $h['k']: }
file { []: }
file { [['a']]: }
file { 1: }
class { 'Foo::Bar': }
`),
	}
	for _, pattern := range []string{"rules/*/*.txtar", "model/*.txtar"} {
		archives, err := filepath.Glob(filepath.Join("..", "..", "testdata", pattern))
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range archives {
			ar, err := txtar.ParseFile(a)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range ar.Files {
				if strings.HasSuffix(f.Name, ".pp") {
					sources[a+":"+f.Name] = f.Data
				}
			}
		}
	}
	if len(sources) < 100 {
		t.Fatalf("only %d manifests: the fixtures moved", len(sources))
	}
	var exprs, literal, titles, allLiteral, mixed int
	for name, src := range sources {
		parsed := parser.ParseFile(name, src)
		parser.Inspect(parsed.Program, func(n parser.Node) bool {
			if e, ok := n.(parser.Expr); ok {
				exprs++
				for _, typ := range []string{"file", "class"} {
					_, lit, ok := TitleKey(typ, e)
					if got := literalTitle(e); got != (lit && ok) {
						t.Errorf("%s: %s: literalTitle %v, TitleKey's literal %v (ok %v)", name, n.Span().Start, got, lit, ok)
					}
				}
				if literalTitle(e) {
					literal++
				}
			}
			body, ok := n.(*parser.ResourceBody)
			if !ok || body.Title == nil {
				return true
			}
			titles++
			var visited []parser.Expr
			eachTitle(body.Title, func(e parser.Expr) bool { visited = append(visited, e); return true })
			if want := TitleElems(body.Title); !slices.Equal(visited, want) {
				t.Errorf("%s: %s: eachTitle visits %d titles, TitleElems lists %d", name, body.Span().Start, len(visited), len(want))
			}
			calls := 0
			if all := eachTitle(body.Title, func(parser.Expr) bool { calls++; return false }); all != (len(visited) == 0) || calls != min(1, len(visited)) {
				t.Errorf("%s: %s: a visit that stops went on (%d calls)", name, body.Span().Start, calls)
			}
			want := !slices.ContainsFunc(visited, func(e parser.Expr) bool { return !literalTitle(e) })
			if got := allLiteralTitles(body.Title); got != want {
				t.Errorf("%s: %s: allLiteralTitles %v, want %v", name, body.Span().Start, got, want)
			}
			if want {
				allLiteral++
			} else if slices.ContainsFunc(visited, literalTitle) {
				mixed++
			}
			return true
		})
	}
	if literal == 0 || literal == exprs || allLiteral == 0 || allLiteral == titles || mixed == 0 {
		t.Errorf("the shapes are too few: %d of %d expressions literal; %d of %d titles all literal, %d mixed",
			literal, exprs, allLiteral, titles, mixed)
	}
}
