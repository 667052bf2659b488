package parser

import (
	"strings"
	"testing"
)

// TestTokenViewTilesTheFile checks that the view's tokens cover the source
// exactly, in order, and that trivia is classified.
func TestTokenViewTilesTheFile(t *testing.T) {
	src := "class a ( $x = \"v${y}w\" ) {\r\n\t# c\n  $h = @(END)\n    text # not a comment\n    | END\n  /* b */ file { 'f': mode => 644 }  \n}\n"
	v := NewTokenView([]byte(src), nil)
	var b strings.Builder
	pos := 0
	kinds := map[TokenKind]int{}
	for _, tok := range v.Tokens {
		if tok.Start != pos {
			t.Fatalf("token %q starts at %d, want %d", tok.Text, tok.Start, pos)
		}
		b.WriteString(tok.Text)
		pos = tok.End
		kinds[tok.Kind]++
	}
	if b.String() != src {
		t.Fatalf("tokens do not tile the source:\n%q", b.String())
	}
	want := map[TokenKind]int{TokComment: 1, TokBlockComment: 1, TokHeredocBody: 1, TokNewline: 6, TokDQPre: 1, TokDQPost: 1, TokFarrow: 1, TokNumber: 1}
	for k, n := range want {
		if kinds[k] != n {
			t.Errorf("%d tokens of kind %s, want %d", kinds[k], k, n)
		}
	}
}

func TestTokenViewLexErrorKeepsTheRest(t *testing.T) {
	src := "$a = 1\n$b = 'unterminated\n"
	v := NewTokenView([]byte(src), nil)
	last := v.Tokens[len(v.Tokens)-1]
	if last.Kind != TokLexError || last.End != len(src) {
		t.Fatalf("last token %v %q, want a lexical error to the end", last.Kind, last.Text)
	}
}

// TestTokenViewResetMatchesNew checks that a view reset from file to file,
// as the rule runner's workers do, gives each file the tokens a fresh view
// gives it, whatever the file before it was: longer or shorter, with
// heredocs, CRLF comments or a lexical error.
func TestTokenViewResetMatchesNew(t *testing.T) {
	srcs := []string{
		"class a ( $x = \"v${y}w\" ) {\r\n\t# c\r\n  $h = @(\"END\")\n    text ${x} # not a comment\n    | END\n  /* b */ file { 'f': mode => 644 }  \n}\n",
		"$a = 1\n",
		"$a = 1\n$b = 'unterminated\n",
		"# only a comment\r",
		"notify { @(A):\n  one\n  | A\n  message => @(B) }\n  two\n  | B\n",
		"",
		"node 'x' {\n  include a\t# tab before\n}\n",
	}
	var v TokenView
	for _, order := range [][]int{{0, 1, 2, 3, 4, 5, 6}, {6, 5, 4, 3, 2, 1, 0}, {1, 0, 0, 4, 2, 4}} {
		for _, i := range order {
			v.Reset([]byte(srcs[i]), nil)
			want := NewTokenView([]byte(srcs[i]), nil).Tokens
			if len(v.Tokens) != len(want) {
				t.Fatalf("source %d: %d tokens after Reset, %d from NewTokenView", i, len(v.Tokens), len(want))
			}
			for k := range want {
				if v.Tokens[k] != want[k] {
					t.Fatalf("source %d, token %d: %+v after Reset, %+v from NewTokenView", i, k, v.Tokens[k], want[k])
				}
			}
		}
	}
}

// TestTokenViewCommentEnds checks where a # comment ends: before "\n" or
// "\r\n", not at a "\r" alone.
func TestTokenViewCommentEnds(t *testing.T) {
	for src, want := range map[string]string{
		"# a\r\n$x = 1\n": "# a",
		"# a\rb\n":        "# a\rb",
		"# a\n":           "# a",
		"# a":             "# a",
		"# a\r":           "# a\r",
		"$x = 1 # a\r\n":  "# a",
	} {
		var got string
		for _, tok := range NewTokenView([]byte(src), nil).Tokens {
			if tok.Kind == TokComment {
				got = tok.Text
			}
		}
		if got != want {
			t.Errorf("%q: comment %q, want %q", src, got, want)
		}
	}
}
