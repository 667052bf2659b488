package style

import (
	"unicode/utf8"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// SoftTabs flags indentation of an odd number of characters.
func SoftTabs() *Rule {
	return &Rule{
		ID:                "soft-tabs",
		Check:             "2sp_soft_tabs",
		Title:             "Indentation is not a multiple of two characters",
		Detail:            `The Puppet style guide indents by two spaces; an odd indent is usually one space too many or too few.`,
		Severity:          diagnostics.Error,
		PuppetLintDefault: true,
		Doc: `The whitespace that starts a line has an odd number of characters. Like puppet-lint's
2sp_soft_tabs, the rule counts characters (a tab is one) and does not check that the depth matches
the nesting. Lines inside strings, comments and heredoc text are not indentation.`,
		Run: func(p *Pass) {
			toks := p.View.Tokens
			for _, i := range p.TokensOf(parser.TokWhitespace) {
				t := &toks[i]
				if isIndent(toks, int(i)) && utf8.RuneCountInString(t.Text)%2 == 1 {
					p.Report(Finding{Start: t.Start, End: t.End, Message: "two-space soft tabs not used"})
				}
			}
		},
	}
}
