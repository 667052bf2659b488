package style

import (
	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// SelectorInsideResource flags an attribute whose value is a selector.
func SelectorInsideResource() *Rule {
	return &Rule{
		ID:                "selector-inside-resource",
		Check:             "selector_inside_resource",
		Title:             "A resource attribute's value is a selector",
		Detail:            `Compute the value in a variable before the resource and pass the variable.`,
		Severity:          diagnostics.Warning,
		PuppetLintDefault: true,
		Doc: `An attribute of a resource whose value is a selector on a variable (mode => $x ? { ... }), as
puppet-lint's selector_inside_resource finds it: a "=>" in a resource body followed by a variable
(with any index) and "?". The style guide keeps resources readable by computing such values in a
variable first. There is no automatic fix.`,
		Run: func(p *Pass) {
			toks := p.View.Tokens
			away := p.LexedAway()
			for _, r := range p.Resources() {
				for j := r.Colon; j <= r.End; j++ {
					if toks[j].Kind != parser.TokFarrow {
						continue
					}
					v := nextCode(toks, j)
					if v < 0 || toks[v].Kind != parser.TokVariable {
						continue
					}
					q := nextCode(toks, v)
					for q >= 0 && away[q] {
						q = nextCode(toks, q)
					}
					if punctAt(toks, q, "?") {
						t := toks[j]
						p.Report(Finding{Start: t.Start, End: t.End, Message: "selector inside resource block"})
					}
				}
			}
		},
	}
}
