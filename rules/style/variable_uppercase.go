package style

import (
	"strings"

	"github.com/ducklint/ducklint/diagnostics"
)

// VariableUppercase flags variables with an uppercase letter.
func VariableUppercase() *Rule {
	return &Rule{
		ID:                "variable-uppercase",
		Check:             "variable_is_lowercase",
		AlsoChecks:        []string{"variable_contains_upcase"},
		Title:             "A variable name has an uppercase letter",
		Detail:            `The style guide asks for lowercase letters, digits and underscores in variable names ($foo_bar rather than $fooBar).`,
		Severity:          diagnostics.Warning,
		PuppetLintDefault: true,
		Doc: `A variable whose name, read as puppet-lint's variable_is_lowercase check reads it (index
brackets dropped), holds an uppercase letter. Puppet accepts $fooBar; names Puppet rejects ($Foo)
are also invalid-variable-name's errors. The voxpupuli plugin puppet-lint-variable_contains_upcase's
check variable_contains_upcase finds the same variables; the rule answers to its name too. Neither
name is fixed: renaming a variable changes every reference to it, in this file and in others.`,
		Run: func(p *Pass) {
			variableNames(p, func(start, end int, name string) {
				if strings.ContainsFunc(name, func(r rune) bool { return r >= 'A' && r <= 'Z' }) {
					p.Report(Finding{Start: start, End: end, Message: "variable contains an uppercase letter"})
				}
			})
		},
	}
}
