package style

import "github.com/ducklint/ducklint/diagnostics"

// LineLength80 flags lines longer than 80 characters.
func LineLength80() *Rule {
	return &Rule{
		ID:       "line-length-80",
		Check:    "80chars",
		Title:    "A line is longer than 80 characters",
		Detail:   `Break the line. Lines with a URL or a template() call are exempt.`,
		Severity: diagnostics.Warning,
		Doc: `puppet-lint's 80chars check, off in puppet-lint by default and so not part of the puppet-lint
preset: a line has more than 80 characters, with the same exemptions as line-length (lines
containing "://" or "template("). Teams wanting another length set line-length's length option
instead.`,
		Run: func(p *Pass) { checkLineLength(p, 80) },
	}
}
