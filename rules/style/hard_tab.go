package style

import (
	"strings"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// HardTab flags tab characters in whitespace between tokens.
func HardTab() *Rule {
	return &Rule{
		ID:                "hard-tab",
		Check:             "hard_tabs",
		Title:             "Whitespace contains a tab character",
		Detail:            `A tab is as wide as each editor says, so alignment made with it breaks; indent with spaces (--fix puts two spaces for each tab).`,
		Severity:          diagnostics.Error,
		PuppetLintDefault: true,
		Doc: `A tab in the whitespace between tokens (indentation included). Tabs inside strings, comments and
heredoc text are not flagged. The fix replaces each tab with two spaces.`,
		Run: func(p *Pass) {
			for _, i := range p.TokensOf(parser.TokWhitespace) {
				t := &p.View.Tokens[i]
				if strings.IndexByte(t.Text, '\t') >= 0 {
					p.Report(Finding{Start: t.Start, End: t.End, Message: "tab character found",
						Edits: []Edit{{Start: t.Start, End: t.End, NewText: strings.ReplaceAll(t.Text, "\t", "  ")}}})
				}
			}
		},
	}
}
