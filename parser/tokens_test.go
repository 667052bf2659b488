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
