package style

import (
	"strings"

	"github.com/ducklint/ducklint/diagnostics"
)

// EmptyStringDefault flags String and Variant parameters defaulting to ”.
func EmptyStringDefault() *Rule {
	return &Rule{
		ID:     "empty-string-default",
		Check:  "params_empty_string_assignment",
		Title:  "A String parameter defaults to an empty string",
		Detail: `Type the parameter Optional[String] and default it to undef, or give it a real default.`,
		Doc: `A class or defined type parameter whose type starts with String or Variant and whose default is
'' (single quotes). The check of the voxpupuli plugin puppet-lint-params_empty_string-check. An
empty string usually stands for "not set", which undef says without a value every user of the
parameter must test for. As in the plugin, "" is not flagged, and any Variant counts, even one
without String.`,
		Severity: diagnostics.Warning,
		Run: func(p *Pass) {
			toks := p.PuppetLintTokens()
			if toks == nil {
				return
			}
			for i := range p.Definitions() {
				for _, pr := range p.plParamsOf(i) {
					if pr.Type < 0 || pr.Default < 0 {
						continue
					}
					ty, def := toks[pr.Type], toks[pr.Default]
					if ty.Type == "TYPE" && (strings.HasPrefix(ty.Text, "String") || strings.HasPrefix(ty.Text, "Variant")) &&
						def.Type == "SSTRING" && def.Text == "''" {
						v := toks[pr.Var]
						p.Report(Finding{Start: v.Start, End: v.End, Message: "class parameter with String type defaults to empty string"})
					}
				}
			}
		},
	}
}
