package engine

import (
	"strings"
	"testing"

	"github.com/ducklint/ducklint/parser"
)

func TestInnermostDefinition(t *testing.T) {
	src := "$top = 1\n" +
		"class outer {\n" +
		"  $a = 1\n" +
		"  class outer::inner {\n" +
		"    $b = 1\n" +
		"  }\n" +
		"  $c = 1\n" +
		"}\n" +
		"define d() { $e = 1 }\n" +
		"node 'web01', /^db/ { $f = 1 }\n" +
		"function f() { $g = 1 }\n" +
		"$h = 1\n"
	defs := fileDefinitions(parser.ParseFile("x.pp", []byte(src)))
	for v, want := range map[string]string{
		"$top": "", "$a": "class outer", "$b": "class outer::inner", "$c": "class outer",
		"$e": "define d", "$f": "node 'web01', /^db/", "$g": "function f", "$h": "",
	} {
		if got := innermost(defs, int32(strings.Index(src, v))); got != want {
			t.Errorf("around %s: %q, want %q", v, got, want)
		}
	}
}
