package style

import (
	"strings"

	"github.com/ducklint/ducklint/diagnostics"
)

// InheritsParamsClass flags a class inheriting from a ::params class.
func InheritsParamsClass() *Rule {
	return &Rule{
		ID:       "inherits-params-class",
		Check:    "class_inherits_from_params_class",
		Title:    "A class inherits from a params class",
		Detail:   `Give the parameters their defaults in the module's Hiera data (data/common.yaml) instead of a params class.`,
		Severity: diagnostics.Warning,
		Doc: `A class whose inherits names a class ending in ::params, the params-class pattern that module
data in Hiera replaced, as puppet-lint's class_inherits_from_params_class check finds. puppet-lint
does not run it by default.`,
		Run: func(p *Pass) {
			toks := p.View.Tokens
			for _, d := range p.Definitions() {
				if !d.IsClass(toks) || d.Inherited < 0 || !strings.HasSuffix(toks[d.Inherited].Text, "::params") {
					continue
				}
				t := toks[d.Inherited]
				p.Report(Finding{Start: t.Start, End: t.End, Message: "class inheriting from params class"})
			}
		},
	}
}
