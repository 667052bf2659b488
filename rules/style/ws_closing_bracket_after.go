package style

import "github.com/ducklint/ducklint/diagnostics"

// AfterClosingBracket flags a ] followed by something other than a
// bracket, punctuation, a closing quote or a line break.
func AfterClosingBracket() *Rule {
	return &Rule{
		ID:       "after-closing-bracket",
		Check:    "manifest_whitespace_closing_bracket_after",
		Title:    "A ] is followed by something other than a bracket, punctuation, a closing quote or a line break",
		Detail:   `After ], write a bracket, punctuation or a line break right away, or a space and then other code; --fix removes blanks before punctuation.`,
		Severity: diagnostics.Error,
		Doc: `A ] followed at once by anything but a ], ), ;, ,, :, ., [, the rest of a string or a line break, or
followed by blanks and then one of those (] ,). The check of the voxpupuli plugin
puppet-lint-manifest_whitespace-check. The fix removes the blanks after the bracket.`,
		Run: func(p *Pass) {
			runAfterClosing(p, "RBRACK", "there should be a bracket, punctuation mark, closing quote or newline right after a closing bracket")
		},
	}
}
