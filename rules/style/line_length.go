package style

import (
	"fmt"

	"github.com/ducklint/ducklint/diagnostics"
)

// LineLengthOptions are the options of line-length.
type LineLengthOptions struct {
	// Length is the most characters a line may have.
	Length int `toml:"length"`
}

// Validate checks the options after decoding.
func (o *LineLengthOptions) Validate() error {
	if o.Length < 1 {
		return fmt.Errorf("length must be at least 1, not %d", o.Length)
	}
	return nil
}

// LineLength flags lines longer than 140 characters (the length is an
// option).
func LineLength() *Rule {
	return &Rule{
		ID:                "line-length",
		Check:             "140chars",
		Title:             "A line is longer than 140 characters",
		Detail:            `Long lines are hard to read and review; break the line. Lines with a URL or a template() call are exempt.`,
		Severity:          diagnostics.Warning,
		PuppetLintDefault: true,
		NewOptions:        func() any { return &LineLengthOptions{Length: 140} },
		Doc: `A line has more characters (code points; a tab is one) than the length option, 140 by default.
As with puppet-lint's 140chars, lines containing "://" (a URL) or "template(" are exempt, since
splitting them would hurt more than the length does. Every line counts, including comments and the
text of strings and heredocs.`,
		Run: func(p *Pass) { checkLineLength(p, p.Options.(*LineLengthOptions).Length) },
	}
}
