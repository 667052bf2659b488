package style

import (
	"testing"

	"github.com/ducklint/ducklint/parser"
)

// TestFillLexedAway checks which tokens puppet-lint's lexer swallows into
// an indexed variable: those of the index on the variable's line, and
// nothing of an index its line does not close.
func TestFillLexedAway(t *testing.T) {
	for _, tc := range []struct {
		src  string
		away []string // the texts of the tokens lexed away, in order
	}{
		{src: "$x = $h['a'][0]\n", away: []string{"[", "'a'", "]", "[", "0", "]"}},
		{src: "$x = $h[\n  'a']\n$y = $g['b']\n", away: []string{"[", "'b'", "]"}},
		{src: "$x = \"${h['a']}\"\n", away: nil},
		// The index ends at its first ]; the variable inside it is not
		// looked at again.
		{src: "$x = $h[$i[0]]\n", away: []string{"[", "$i", "[", "0", "]"}},
	} {
		v := parser.NewTokenView([]byte(tc.src), nil)
		var vars []int32
		for i, tok := range v.Tokens {
			if tok.Kind == parser.TokVariable {
				vars = append(vars, int32(i))
			}
		}
		var got []string
		for i, a := range fillLexedAway(nil, v.Src, v.Tokens, vars) {
			if a {
				got = append(got, v.Tokens[i].Text)
			}
		}
		if len(got) != len(tc.away) {
			t.Errorf("%q: lexed away %q, want %q", tc.src, got, tc.away)
			continue
		}
		for i := range got {
			if got[i] != tc.away[i] {
				t.Errorf("%q: lexed away %q, want %q", tc.src, got, tc.away)
				break
			}
		}
	}
}
