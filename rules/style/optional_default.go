package style

import "github.com/ducklint/ducklint/diagnostics"

// OptionalDefault flags Optional parameters whose default is not undef,
// and Optional parameters of defined types without a default.
func OptionalDefault() *Rule {
	return &Rule{
		ID:     "optional-default",
		Check:  "optional_default",
		Title:  "An Optional parameter has a default other than undef",
		Detail: `Drop Optional from the type, or make the default undef.`,
		Doc: `A class or defined type parameter typed Optional[...] whose default is a value (not undef, a
variable or an expression with a call), and a defined type's Optional parameter without a default.
The check of the voxpupuli plugin puppet-lint-optional_default-check. A caller cannot pass undef
to get undef: Puppet then uses the default, so Optional promises what the parameter never holds.
A defined type has no Hiera lookup, so its Optional parameter without a default must be passed.
As in the plugin, only a type starting with the word Optional counts (not Variant[Undef, ...]),
and a hash default is read up to its first comma.`,
		Severity: diagnostics.Warning,
		Run: func(p *Pass) {
			toks := p.PuppetLintTokens()
			if toks == nil {
				return
			}
			view := p.View.Tokens
			for i, d := range p.Definitions() {
				define := !d.IsClass(view)
				for _, pr := range p.plParamsOf(i) {
					if pr.Type < 0 || toks[pr.Type].Type != "TYPE" || toks[pr.Type].Text != "Optional" {
						continue
					}
					v := toks[pr.Var]
					switch {
					case pr.Default >= 0 && !plIs(toks, pr.Default, "UNDEF", "VARIABLE") && !plDefaultCalls(toks, pr.Default):
						p.Report(Finding{Start: v.Start, End: v.End, Message: "Optional parameter defaults to something other than undef"})
					case pr.Default < 0 && define:
						p.Report(Finding{Start: v.Start, End: v.End, Message: "Optional defined type parameter doesn't have a default"})
					}
				}
			}
		},
	}
}
