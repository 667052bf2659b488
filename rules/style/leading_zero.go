package style

import "github.com/ducklint/ducklint/diagnostics"

// LeadingZero flags unquoted numbers starting with 0 and a digit.
func LeadingZero() *Rule {
	return &Rule{
		ID:     "leading-zero",
		Check:  "leading_zero",
		Title:  "An unquoted number starts with a zero",
		Detail: `Puppet reads a number with a leading zero as octal (010 is 8); write the number without the zero, or quote it if a string is meant.`,
		Doc: `An unquoted number that starts with 0 and another digit (0644, 05). The check of the voxpupuli
plugin puppet-lint-leading_zero-check. Puppet reads such a number as octal: 010 is 8, and 08 or 09
do not parse. Not fixed: the plugin's fix quotes the number, which makes it a string where Puppet
passed an integer, and an octal number's value is not its digits.`,
		Severity: diagnostics.Warning,
		Run: func(p *Pass) {
			toks := p.PuppetLintTokens()
			for _, at := range p.plTokensOf("NUMBER") {
				if t := toks[at]; len(t.Text) > 1 && t.Text[0] == '0' && t.Text[1] >= '0' && t.Text[1] <= '9' {
					p.Report(Finding{Start: t.Start, End: t.End, Message: "unquoted number with leading zero"})
				}
			}
		},
	}
}
