package style

import (
	"slices"

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
			// One pass with a stack of the open case statements: a token
			// belongs to the innermost one, and a nested case's braces
			// balance, so only the innermost counts braces. Looking at
			// every later case for each token was quadratic in the cases
			// of a file.
			if !hasName(p, "case") {
				return
			}
			toks := p.View.Tokens
			type openCase struct {
				start, depth int
				found        bool
			}
			var stack []openCase
			var missing []int // the case keywords of cases without default
			for i := range toks {
				t := &toks[i]
				if t.Kind == parser.TokName && t.Keyword && t.Text == "case" {
					stack = append(stack, openCase{start: i})
					continue
				}
				if len(stack) == 0 {
					continue
				}
				c := &stack[len(stack)-1]
				switch {
				case punctAt(toks, i, "{"):
					c.depth++
				case punctAt(toks, i, "}"):
					if c.depth--; c.depth == 0 {
						if !c.found {
							missing = append(missing, c.start)
						}
						stack = stack[:len(stack)-1]
					}
				case c.depth == 1 && t.Kind == parser.TokName && t.Text == "default":
					c.found = true
				}
			}
			slices.Sort(missing)
			for _, i := range missing {
				t := toks[i]
				p.Report(Finding{Start: t.Start, End: t.End, Message: "case statement without a default case"})
			}
		},
	}
}
