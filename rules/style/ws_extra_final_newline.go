package style

import "github.com/ducklint/ducklint/diagnostics"

// ExtraFinalNewline flags empty lines at the end of a manifest.
func ExtraFinalNewline() *Rule {
	return &Rule{
		ID:       "extra-final-newline",
		Check:    "manifest_whitespace_double_newline_end_of_file",
		Title:    "A manifest ends with empty lines",
		Detail:   `End the manifest with one line break after its last line; --fix removes the others.`,
		Severity: diagnostics.Error,
		Doc: `Each line break after the one that ends the last line of a manifest, when nothing but line breaks
follow it. The check of the voxpupuli plugin puppet-lint-manifest_whitespace-check. The fix removes them.`,
		Run: func(p *Pass) {
			toks := p.PuppetLintTokens()
			for i := len(toks) - 1; i > 0 && toks[i].Type == "NEWLINE" && toks[i-1].Type == "NEWLINE"; i-- {
				t := toks[i]
				p.Report(Finding{Start: t.Start, End: t.End, Message: "there should be a single newline at the end of a manifest",
					Edits: []Edit{{Start: t.Start, End: t.End}}})
			}
		},
	}
}
