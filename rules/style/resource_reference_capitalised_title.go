package style

import "github.com/ducklint/ducklint/diagnostics"

// ResourceReferenceCapitalisedTitle flags a type name as the title of a
// resource reference in a relationship metaparameter.
func ResourceReferenceCapitalisedTitle() *Rule {
	return &Rule{
		ID:     "resource-reference-capitalised-title",
		Check:  "resource_reference_without_title_capital",
		Title:  "A resource reference in a relationship metaparameter has a capitalised title",
		Detail: `A reference's title is the resource's title as a string (Package['nginx']), not a type name (Package[Nginx]).`,
		Doc: `A capitalised word right after the [ of a resource reference (Package[Nginx]) in the value of
require, subscribe, notify, before, consume or export in a resource body: a type name where the
resource's title belongs. The check resource_reference_without_title_capital of the voxpupuli
plugin puppet-lint-resource_reference_syntax. There is no fix: the title the reference means is not
known.`,
		Severity: diagnostics.Error,
		Run: func(p *Pass) {
			toks := p.PuppetLintTokens()
			plReferenceTitles(p, toks, func(i int) {
				if t := toks[i]; t.Type == "CLASSREF" {
					p.Report(Finding{Start: t.Start, End: t.End, Message: "resource reference with title with capital letter"})
				}
			})
		},
	}
}
