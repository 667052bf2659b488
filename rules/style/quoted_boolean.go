package style

import (
	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// QuotedBoolean flags the strings 'true' and 'false'.
func QuotedBoolean() *Rule {
	return &Rule{
		ID:       "quoted-boolean",
		Check:    "quoted_booleans",
		Title:    "A string holds a boolean word",
		Detail:   `A non-empty string is true, so 'false' is true in a condition; write the bare boolean if one is meant.`,
		Severity: diagnostics.Warning,
		Doc: `The string 'true' or 'false', in single or double quotes, where a boolean may have been meant: a
non-empty string is true, so 'false' is true in a condition. puppet-lint leaves this check off by
default, so the puppet-lint preset does too. There is no automatic fix: turning the string into a
boolean changes what the code passes on.`,
		Run: func(p *Pass) {
			for _, t := range p.View.Tokens {
				if t.Kind != parser.TokSQString && t.Kind != parser.TokDQString {
					continue
				}
				if body := t.Text[1 : len(t.Text)-1]; body == "true" || body == "false" {
					p.Report(Finding{Start: t.Start, End: t.End, Message: "quoted boolean value found"})
				}
			}
		},
	}
}
