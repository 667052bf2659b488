package style

import (
	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// StarComment flags /* */ comments.
func StarComment() *Rule {
	return &Rule{
		ID:                "star-comment",
		Check:             "star_comments",
		Title:             "A comment uses /* */",
		Detail:            `The Puppet style guide asks for # comments; rewrite the comment with # on each line.`,
		Severity:          diagnostics.Warning,
		PuppetLintDefault: true,
		Doc:               `A /* */ comment; the Puppet style guide asks for # comments.`,
		Run: func(p *Pass) {
			for _, t := range p.View.Tokens {
				if t.Kind == parser.TokBlockComment {
					p.Report(Finding{Start: t.Start, End: t.End, Message: "/* */ comment found"})
				}
			}
		},
	}
}
