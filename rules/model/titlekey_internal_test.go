package model

import (
	"strings"
	"testing"

	"github.com/ducklint/ducklint/parser"
)

// TestTitleKeyAgreesWithRendering checks that the keys TitleKey gives a
// one-string or bare-word title without rendering it are the ones rendering
// gives, for resources and for classes (whose keys are normalised).
func TestTitleKeyAgreesWithRendering(t *testing.T) {
	src := `file { '/etc/a': }
file { ["/etc/b", 'c', "d${x}e", $y, $z[1], $w.dirname]: }
class { '::Apache::Mod': }
class { Apache: }
notify { foo: }
notify { "": }
`
	f := parser.ParseManifest("t.pp", []byte(src))
	if len(f.Errors) > 0 {
		t.Fatalf("parse: %v", f.Errors)
	}
	var titles []parser.Expr
	parser.Inspect(f.Program, func(n parser.Node) bool {
		if b, ok := n.(*parser.ResourceBody); ok {
			titles = append(titles, TitleElems(b.Title)...)
		}
		return true
	})
	if len(titles) != 11 {
		t.Fatalf("found %d titles, want 11", len(titles))
	}
	fast := 0
	for _, e := range titles {
		for _, typ := range []string{"file", "class"} {
			var b strings.Builder
			literal, ok := renderTitle(&b, e)
			want := b.String()
			if typ == "class" {
				want = NormalizeClassName(want)
			}
			key, gotLiteral, gotOK := TitleKey(typ, e)
			if key != want || gotLiteral != literal || gotOK != ok {
				t.Errorf("TitleKey(%q, %T) = %q, %v, %v; rendering gives %q, %v, %v", typ, e, key, gotLiteral, gotOK, want, literal, ok)
			}
		}
		switch e.(type) {
		case *parser.StringLit, *parser.Name:
			fast++
		}
	}
	if fast < 6 {
		t.Errorf("only %d titles take the fast cases, want at least 6", fast)
	}
}
