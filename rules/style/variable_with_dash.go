package style

import (
	"strings"

	"github.com/ducklint/ducklint/diagnostics"
)

// VariableWithDash flags variables written with a dash.
func VariableWithDash() *Rule {
	return &Rule{
		ID:                "variable-with-dash",
		Check:             "variable_contains_dash",
		Title:             "A variable is written with a dash",
		Detail:            `Puppet reads $a-b as $a minus b; use an underscore in the name, or spaces around the minus.`,
		Severity:          diagnostics.Warning,
		PuppetLintDefault: true,
		Doc: `A variable followed directly by a dash and a word ($foo-bar), as puppet-lint's
variable_contains_dash check reads it. Puppet reads a variable name without dashes, so $foo-bar is
the subtraction $foo - bar, rarely what was meant; within a string "$foo-bar" is $foo followed by
the text -bar. Index brackets ($a['x-y']) are not part of the name.`,
		Run: func(p *Pass) {
			variableNames(p, func(start, end int, name string) {
				if strings.Contains(name, "-") {
					p.Report(Finding{Start: start, End: end, Message: "variable contains a dash"})
				}
			})
		},
	}
}
