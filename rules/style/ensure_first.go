package style

import (
	"github.com/ducklint/ducklint/diagnostics"
)

// EnsureFirst flags an ensure attribute that is not a resource's first.
func EnsureFirst() *Rule {
	return &Rule{
		ID:                "ensure-first",
		Check:             "ensure_first_param",
		Title:             "ensure is not a resource's first attribute",
		Detail:            `Move ensure to the top of the resource's attributes: it says whether the rest matters.`,
		Severity:          diagnostics.Warning,
		PuppetLintDefault: true,
		Doc: `A resource body (other than a class declared like a resource) in which ensure is not the first
attribute, as puppet-lint's ensure_first_param finds it. The style guide puts ensure first because it
decides whether the other attributes matter at all. There is no automatic fix yet: puppet-lint's fix
moves the attribute, and ducklint's safe --fix only replaces single expressions.`,
		Run: func(p *Pass) {
			toks := p.View.Tokens
			for _, r := range p.Resources() {
				if r.Type >= 0 && toks[r.Type].Keyword && toks[r.Type].Text == "class" {
					continue
				}
				for k, param := range r.Params {
					if toks[param].Text != "ensure" {
						continue
					}
					if k > 0 {
						t := toks[param]
						p.Report(Finding{Start: t.Start, End: t.End, Message: "ensure found on line but it's not the first attribute"})
					}
					break
				}
			}
		},
	}
}
