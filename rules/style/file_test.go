package style

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/parser"
)

// TestFileResetMatchesNew checks that a File reset from file to file, as
// the rule runner's workers keep one, gives every rule the findings a
// fresh pass over the file gives it, whatever file came before.
func TestFileResetMatchesNew(t *testing.T) {
	srcs := []string{
		"class a::b (\n  $x = 1,\n  String $y,\n) inherits c::params {\n  file { '/f':\n    ensure => link,\n    mode => 644,\n    target => \"/t\",\n  }\n  class d { }\n  $My_Var = \"${h['k']}\"\n}\n",
		"define d ($a) {\n  exec { foo: command => 'x', }\n  notify { [a, b]: }\n}\n",
		"node web01.example.com {\n  $a-b = 1\n  $v = $h[\"${k}\"]\n  Package['x'] <- Service['x']\n}\n",
		"$x = 'a'\n",
	}
	rules := Rules()
	run := func(p func(r *Rule, report func(Finding)) *Pass) []string {
		var out []string
		for _, r := range rules {
			r.Run(p(r, func(f Finding) {
				out = append(out, fmt.Sprintf("%s %d %d %s %v", r.ID, f.Start, f.End, f.Message, f.Edits))
			}))
		}
		return out
	}
	options := func(r *Rule) any {
		if r.NewOptions != nil {
			return r.NewOptions()
		}
		return nil
	}
	var view parser.TokenView
	var file File
	for _, order := range [][]int{{0, 1, 2, 3}, {3, 2, 1, 0}, {2, 0, 2, 1}} {
		for _, i := range order {
			src := []byte(srcs[i])
			fresh := parser.NewTokenView(src, nil)
			want := run(func(r *Rule, report func(Finding)) *Pass { return NewPass(fresh, options(r), report) })
			view.Reset(src, nil)
			file.Reset(&view)
			got := run(func(r *Rule, report func(Finding)) *Pass { return file.Pass(options(r), report) })
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("source %d after reset:\n%v\nfresh:\n%v", i, got, want)
			}
			if len(want) == 0 && i != 3 {
				t.Fatalf("source %d: no findings; the test needs some", i)
			}
		}
	}
}

// TestTokenLinesAndBracketPairs holds four scans to their definitions
// on every manifest of the rules' test data: a token's line is one more
// than the newlines in the text of the tokens before it, brackets pair as
// a stack per kind, a token's puppet-lint token is the one a binary
// search by offset finds, and the puppet-lint tokens of a type are those
// a look at each finds.
func TestTokenLinesAndBracketPairs(t *testing.T) {
	paths, err := filepath.Glob("../../testdata/rules/*/*.pp")
	if err != nil || len(paths) < 100 {
		t.Fatalf("%d test manifests (%v); the test needs the rules' test data", len(paths), err)
	}
	paths = append(paths, "") // and a source with CRLF, a lone CR, a heredoc and unmatched brackets
	var file File
	var view parser.TokenView
	for _, path := range paths {
		src := []byte("class a {\r\n  $x = @(EOT)\n    one\r  two\n    | EOT\n  $y = [(1, {\n}]\n  }) ]\n")
		if path != "" {
			if src, err = os.ReadFile(path); err != nil {
				t.Fatal(err)
			}
		}
		view.Reset(src, nil)
		file.Reset(&view)
		lines, pairs := file.TokenLines(), file.BracketPairs()
		line := 1
		var open [3][]int
		for i, tok := range view.Tokens {
			if int(lines[i]) != line {
				t.Fatalf("%s: token %d (%q at %d) on line %d, want %d", path, i, tok.Text, tok.Start, lines[i], line)
			}
			line += strings.Count(tok.Text, "\n")
			want := -1
			if tok.Kind == parser.TokPunct && len(tok.Text) == 1 {
				if k := strings.IndexByte("([{", tok.Text[0]); k >= 0 {
					open[k] = append(open[k], i)
					want = -2 // checked at its closing bracket
				} else if k := strings.IndexByte(")]}", tok.Text[0]); k >= 0 && len(open[k]) > 0 {
					want = open[k][len(open[k])-1]
					open[k] = open[k][:len(open[k])-1]
					if pairs[want] != int32(i) {
						t.Fatalf("%s: bracket %d pairs with %d, want %d", path, want, pairs[want], i)
					}
				}
			}
			if want != -2 && int(pairs[i]) != want {
				t.Fatalf("%s: token %d (%q) pairs with %d, want %d", path, i, tok.Text, pairs[i], want)
			}
		}
		pl, plAt := file.PuppetLintTokens(), file.PuppetLintIndex()
		for i, tok := range view.Tokens {
			want, ok := slices.BinarySearchFunc(pl, tok.Start, func(t plToken, off int) int { return t.Start - off })
			if !ok {
				want = -1
			}
			if int(plAt[i]) != want {
				t.Fatalf("%s: token %d (%q) is puppet-lint token %d, want %d", path, i, tok.Text, plAt[i], want)
			}
		}
		for _, typ := range plIndexedTypes {
			var want []int32
			for i, t := range pl {
				if t.Type == typ {
					want = append(want, int32(i))
				}
			}
			if got := file.PuppetLintTokensOf(typ); !slices.Equal(got, want) {
				t.Fatalf("%s: the %s tokens are %v, want %v", path, typ, got, want)
			}
		}
		for _, unmatched := range open {
			for _, i := range unmatched {
				if pairs[i] != -1 {
					t.Fatalf("%s: unmatched bracket %d pairs with %d", path, i, pairs[i])
				}
			}
		}
		// Each definition's parameters, read once for the file, are those
		// read for the definition alone.
		for i, d := range file.Definitions() {
			var want []plParam
			if pl != nil {
				want = appendPLParams(nil, pl, plAt, d)
			}
			if got := file.PuppetLintParams(i); !slices.Equal(got, want) {
				t.Fatalf("%s: definition %d has parameters %v, want %v", path, i, got, want)
			}
		}
	}
}
