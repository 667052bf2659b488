package style

import "github.com/ducklint/ducklint/diagnostics"

// UnquotedCaseOption flags a bare word in the options of a case statement.
func UnquotedCaseOption() *Rule {
	return &Rule{
		ID:     "unquoted-case-option",
		Check:  "unquoted_string_in_case",
		Title:  "A case option is a bare word",
		Detail: `Quote the option ('debian': rather than debian:); --fix does for a bare word alone.`,
		Doc: `A bare word (debian, or a capitalised Linux) before the : of a case option, on the option's line,
as the check unquoted_string_in_case of the voxpupuli plugin puppet-lint-unquoted_string-check finds it.
The fix quotes a lowercase bare word, which Puppet reads as that string; a capitalised word is a type
reference, which Puppet matches as a type, and is left as it is.`,
		Severity: diagnostics.Warning,
		Run: func(p *Pass) {
			runUnquotedOptions(p, "CASE", "COLON", "unquoted string in case")
		},
	}
}
