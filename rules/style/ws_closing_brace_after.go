package style

import "github.com/ducklint/ducklint/diagnostics"

// AfterClosingBrace flags a } followed by something other than a bracket,
// punctuation, a closing quote or a line break.
func AfterClosingBrace() *Rule {
	return &Rule{
		ID:       "after-closing-brace",
		Check:    "manifest_whitespace_closing_brace_after",
		Title:    "A } is followed by something other than a bracket, punctuation, a closing quote or a line break",
		Detail:   `After }, write a bracket, punctuation or a line break right away, or a space and then other code; --fix removes blanks before punctuation.`,
		Severity: diagnostics.Error,
		Doc: `A } followed at once by anything but a ], ), ;, ,, :, ., [, the rest of a string or a line break (}else),
or followed by blanks and then one of those (} ,). The check of the voxpupuli plugin
puppet-lint-manifest_whitespace-check. The fix removes the blanks after the brace.`,
		Run: func(p *Pass) {
			runAfterClosing(p, "RBRACE", "there should be a bracket, punctuation mark, closing quote or newline right after a closing brace")
		},
	}
}
