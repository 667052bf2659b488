package style

import "github.com/ducklint/ducklint/diagnostics"

// ResourceReferenceUnquotedTitle flags a bare word as the title of a
// resource reference in a relationship metaparameter.
func ResourceReferenceUnquotedTitle() *Rule {
	return &Rule{
		ID:     "resource-reference-unquoted-title",
		Check:  "resource_reference_with_unquoted_title",
		Title:  "A resource reference in a relationship metaparameter has an unquoted title",
		Detail: `Quote the title (Package['nginx']); --fix does.`,
		Doc: `A bare word right after the [ of a resource reference (File[motd]) in the value of require,
subscribe, notify, before, consume or export in a resource body. The check
resource_reference_with_unquoted_title of the voxpupuli plugin puppet-lint-resource_reference_syntax.
Puppet reads the bare word as the same string; the fix quotes it.`,
		Severity: diagnostics.Error,
		Run: func(p *Pass) {
			toks := p.PuppetLintTokens()
			plReferenceTitles(p, toks, func(i int) {
				if t := toks[i]; t.Type == "NAME" {
					p.Report(Finding{Start: t.Start, End: t.End, Message: "unquoted title in resource reference",
						Edits: []Edit{{Start: t.Start, End: t.End, NewText: "'" + t.Text + "'"}}})
				}
			})
		},
	}
}
