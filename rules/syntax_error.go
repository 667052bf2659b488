package rules

// SyntaxError reports files that do not parse.
func SyntaxError() *Rule {
	return &Rule{
		ID:         "syntax-error",
		Validation: true,
		Title:      "The file does not parse",
		Severity:   Error,
		Kind:       PerFile,
		Doc: `Puppet rejects the whole catalog when one manifest of the environment does not parse.
The finding is placed on the offending token and uses Puppet's own words ("Syntax error at 'x'",
"Syntax error at end of input", "Unclosed quote after ..."). The parser recovers at statement and
definition boundaries, so later errors in the same file are reported too; they may be consequences
of the first. A reserved keyword used as the name of a class, defined type, function or plan
(class if {}) is left to the reserved-word rule, which quotes the same Puppet message, when that
rule is enabled.`,
		Run: func(p *Pass) {
			for _, e := range p.File.Parsed.Errors {
				if _, _, ok := ReservedWordSyntaxError(p.File.Parsed, e); ok && p.RuleEnabled("reserved-word") {
					continue // reported by reserved-word, with the same message
				}
				msg, detail := e.Message, ""
				if excerpt(msg) != msg || len(msg) > MessageLimit {
					// Puppet's words quote the source, which may be long.
					msg, detail = excerpt(msg), "Puppet's message in full: "+e.Message
				}
				p.ReportSpan(p.File, e.Span, msg, detail)
			}
		},
	}
}
