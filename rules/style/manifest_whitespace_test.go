package style

import (
	"strings"
	"testing"

	"github.com/ducklint/ducklint/parser"
)

func parserView(src string) *parser.TokenView { return parser.NewTokenView([]byte(src), nil) }

// TestManifestWhitespaceFixes compares each fix, applied through the safe
// fix round by round, with what puppet-lint 3.0.1's --fix writes with
// puppet-lint-manifest_whitespace-check loaded and the check alone.
func TestManifestWhitespaceFixes(t *testing.T) {
	tests := []struct {
		rule       *Rule
		src, fixed string
	}{
		{ExtraFinalNewline(), "$a = 1\n\n\n", "$a = 1\n"},
		{NewlineAtStart(), "\n\n$a = 1\n", "$a = 1\n"},
		{MissingFinalNewline(), "$a = 1", "$a = 1\n"},
		{TwoEmptyLines(), "$a = 1\n\n\n\n$b = 2\n", "$a = 1\n\n$b = 2\n"},
		{SpaceAfterOpeningBrace(), "$e = {\n\n\n  'e' => 1,\n}\n$a = {'a' => 1 }\n", "$e = {\n  'e' => 1,\n}\n$a = { 'a' => 1 }\n"},
		{SpaceAfterOpeningBracket(), "$d = [\n\n\n  80,\n]\n$a = [ 1]\n", "$d = [\n  80,\n]\n$a = [1]\n"},
		{SpaceBeforeClosingBrace(), "$e = {\n  'e' => 1,\n\n\n}\n$a = { 'a' => 1}\n", "$e = {\n  'e' => 1,\n}\n$a = { 'a' => 1 }\n"},
		{SpaceBeforeClosingBracket(), "$d = [\n  80,\n\n\n]\n$a = [1 ]\n", "$d = [\n  80,\n]\n$a = [1]\n"},
		{SpaceAfterDefinitionName(), "class ntp\n{\n}\n", "class ntp {\n}\n"},
		{SpaceBeforeOpeningBrace(), "class ntp\n{\n}\n$a = [\n  {'x' => 1}]\n", "class ntp {\n}\n$a = [\n  {'x' => 1}]\n"},
		{SpaceBeforeOpeningBracket(), "$a =[1]\n$b = (\n[1])\n", "$a = [1]\n$b = (\n[1])\n"},
		{AfterClosingBrace(), "if $a { notice('a') } ; notice('b')\n", "if $a { notice('a') }; notice('b')\n"},
	}
	for _, tt := range tests {
		if got := fixRounds(t, tt.rule, tt.src); got != tt.fixed {
			t.Errorf("%s: fixed %q\nwant %q (puppet-lint's)", tt.rule.ID, got, tt.fixed)
		}
	}
}

// TestPuppetLintTokens checks the token types the plugin rules see where
// puppet-lint's lexer differs from the view: an indexed variable is one
// token (but for a name right after ${, and a variable in a string
// without braces, whose brackets are string text), the } of an
// interpolation belongs to the string, blanks after a line break are an
// indent. The types are those puppet-lint 3.0.1's lexer gives.
func TestPuppetLintTokens(t *testing.T) {
	src := "$x = \"a${h['k'][0]}b\"\n  $y = String[1]\nfoo(1)\n$z = \"${$d[1]} $c[1]\" + $e[2][3]\n"
	var got []string
	for _, tok := range NewFile(parserView(src)).PuppetLintTokens() {
		got = append(got, tok.Type)
	}
	want := "VARIABLE WHITESPACE EQUALS WHITESPACE DQPRE VARIABLE LBRACK SSTRING RBRACK LBRACK NUMBER RBRACK DQPOST NEWLINE " +
		"INDENT VARIABLE WHITESPACE EQUALS WHITESPACE TYPE LBRACK NUMBER RBRACK NEWLINE FUNCTION_NAME LPAREN NUMBER RPAREN NEWLINE " +
		"VARIABLE WHITESPACE EQUALS WHITESPACE DQPRE VARIABLE DQMID VARIABLE DQPOST WHITESPACE PLUS WHITESPACE VARIABLE NEWLINE"
	if g := strings.Join(got, " "); g != want {
		t.Errorf("types\n%s\nwant\n%s", g, want)
	}
}
