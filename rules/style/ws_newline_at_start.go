package style

import "github.com/ducklint/ducklint/diagnostics"

// NewlineAtStart flags line breaks that begin a manifest.
func NewlineAtStart() *Rule {
	return &Rule{
		ID:       "newline-at-start",
		Check:    "manifest_whitespace_newline_beginning_of_file",
		Title:    "A manifest begins with an empty line",
		Detail:   `Start the manifest with its first line of code or comment; --fix removes the empty lines.`,
		Severity: diagnostics.Error,
		Doc: `Each line break before anything else at the start of a manifest. The check of the voxpupuli plugin
puppet-lint-manifest_whitespace-check. The fix removes them.`,
		Run: func(p *Pass) {
			for _, t := range p.PuppetLintTokens() {
				if t.Type != "NEWLINE" {
					return
				}
				p.Report(Finding{Start: t.Start, End: t.End, Message: "there should not be a newline at the beginning of a manifest",
					Edits: []Edit{{Start: t.Start, End: t.End}}})
			}
		},
	}
}
