package style

import "github.com/ducklint/ducklint/diagnostics"

// MissingFinalNewline flags a manifest whose last line has no line break.
func MissingFinalNewline() *Rule {
	return &Rule{
		ID:       "missing-final-newline",
		Check:    "manifest_whitespace_missing_newline_end_of_file",
		Title:    "A manifest does not end with a line break",
		Detail:   `End the last line with a line break; --fix adds it.`,
		Severity: diagnostics.Error,
		Doc: `A manifest whose last line has no line break after it. The check of the voxpupuli plugin
puppet-lint-manifest_whitespace-check. The fix adds "\n".`,
		Run: func(p *Pass) {
			toks := p.PuppetLintTokens()
			if len(toks) == 0 || toks[len(toks)-1].Type == "NEWLINE" {
				return
			}
			t := toks[len(toks)-1]
			p.Report(Finding{Start: t.Start, End: t.End, Message: "there should be a single newline at the end of a manifest",
				Edits: []Edit{{Start: t.End, End: t.End, NewText: "\n"}}})
		},
	}
}
