package style

import (
	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// CaseWithoutDefault flags a case statement without a default branch.
func CaseWithoutDefault() *Rule {
	return &Rule{
		ID:                "case-without-default",
		Check:             "case_without_default",
		Title:             "A case statement has no default branch",
		Detail:            `Add a default branch, even one that fails or does nothing, so that an unexpected value is handled on purpose.`,
		Severity:          diagnostics.Warning,
		PuppetLintDefault: true,
		Doc: `A case statement with no default branch, as puppet-lint's case_without_default finds it: no
"default" at the first brace level of its body, not counting the cases nested in it. A value none of
the branches match then does nothing, silently. There is no automatic fix.`,
		Run: func(p *Pass) {
			toks := p.View.Tokens
			type span struct{ start, end int }
			var cases []span
			for i := range toks {
				t := &toks[i]
				if t.Kind != parser.TokName || !t.Keyword || t.Text != "case" {
					continue
				}
				depth := 0
				for j := i + 1; j < len(toks); j++ {
					if punctAt(toks, j, "{") {
						depth++
					} else if punctAt(toks, j, "}") {
						if depth--; depth == 0 {
							cases = append(cases, span{i, j})
							break
						}
					}
				}
			}
			for k, c := range cases {
				depth, found := 0, false
				for j := c.start; j <= c.end && !found; j++ {
					nested := false
					for _, later := range cases[k+1:] {
						if j >= later.start && j <= later.end {
							nested = true
							break
						}
					}
					switch {
					case nested:
					case punctAt(toks, j, "{"):
						depth++
					case punctAt(toks, j, "}"):
						depth--
					case depth == 1 && toks[j].Kind == parser.TokName && toks[j].Text == "default":
						found = true
					}
				}
				if !found {
					t := toks[c.start]
					p.Report(Finding{Start: t.Start, End: t.End, Message: "case statement without a default case"})
				}
			}
		},
	}
}
