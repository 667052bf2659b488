package style

import (
	"regexp"
	"strings"
	"sync"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// escapeOrQuote matches what makes a double-quoted string worth its
// quotes in puppet-lint's double_quoted_strings: an escape it knows, a
// single quote, or a literal tab or line break.
var escapeOrQuote = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\\\$|\\"|\\'|'|\r|\t|\\t|\\s|\n|\\n|\\\\`) })

// DoubleQuotedString flags double-quoted strings that need no double quotes.
func DoubleQuotedString() *Rule {
	return &Rule{
		ID:                "double-quoted-string",
		Check:             "double_quoted_strings",
		Title:             "A double-quoted string has nothing to interpolate",
		Detail:            `Nothing in the string is interpolated; single quotes say so (--fix swaps the quotes when no escape would change meaning).`,
		Severity:          diagnostics.Warning,
		PuppetLintDefault: true,
		Doc: `A string in double quotes with no interpolation and none of the escapes \$ \" \' \t \s \n \\, no
single quote and no literal tab or line break: single quotes say that nothing in it is
interpolated. The fix turns the quotes into single quotes when the string has no backslash at all
(otherwise the meaning could change, and the finding is left to fix by hand).`,
		Run: func(p *Pass) {
			for _, i := range p.TokensOf(parser.TokDQString) {
				t := &p.View.Tokens[i]
				if len(t.Text) < 2 {
					continue
				}
				body := t.Text[1 : len(t.Text)-1]
				// puppet-lint first replaces any run of as many spaces as
				// the string's column with a line break, which then counts
				// as an escape; the rule keeps that quirk to agree with it.
				col := int(p.View.Lines.Pos(t.Start).Column)
				if col > 0 && len(body) >= col && strings.Contains(body, strings.Repeat(" ", col)) {
					continue
				}
				// Each of the pattern's escapes and quotes has a backslash,
				// a quote, a tab or a line break: most strings have none.
				if strings.ContainsAny(body, "\\'\r\t\n") && escapeOrQuote().MatchString(body) {
					continue
				}
				f := Finding{Start: t.Start, End: t.End, Message: "double quoted string containing no variables"}
				if !strings.Contains(body, `\`) {
					f.Edits = []Edit{{Start: t.Start, End: t.End, NewText: "'" + body + "'"}}
				}
				p.Report(f)
			}
		},
	}
}
