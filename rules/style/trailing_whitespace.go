package style

import (
	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// TrailingWhitespace flags blanks at the end of a line.
func TrailingWhitespace() *Rule {
	return &Rule{
		ID:                "trailing-whitespace",
		Check:             "trailing_whitespace",
		Title:             "A line ends with whitespace",
		Detail:            `Blanks at the end of a line are invisible and show up as noise in diffs; delete them (--fix does).`,
		Severity:          diagnostics.Error,
		PuppetLintDefault: true,
		Doc: `Blanks (spaces, tabs, other Unicode spaces) between the last token of a line and its end, or the
end of the file. Whitespace inside strings, comments and heredoc text is part of them and is not
flagged. The fix deletes the blanks.`,
		Run: func(p *Pass) {
			toks := p.View.Tokens
			for i := range toks {
				t := &toks[i]
				if t.Kind == parser.TokWhitespace && atLineEnd(toks, i) {
					p.Report(Finding{Start: t.Start, End: t.End, Message: "trailing whitespace found",
						Edits: []Edit{{Start: t.Start, End: t.End}}})
				}
			}
		},
	}
}
