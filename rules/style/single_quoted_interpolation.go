package style

import (
	"regexp"
	"strings"
	"sync"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// inlineTemplate names the functions whose single-quoted argument is a
// template, where "${" is meant literally.
var inlineTemplate = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`inline_(epp|template)`) })

// SingleQuotedInterpolation flags "${" in a single-quoted string.
func SingleQuotedInterpolation() *Rule {
	return &Rule{
		ID:                "single-quoted-interpolation",
		Check:             "single_quote_string_with_variables",
		Title:             "A single-quoted string holds ${",
		Detail:            `Single quotes do not interpolate: use double quotes if the variable is meant to be replaced.`,
		Severity:          diagnostics.Error,
		PuppetLintDefault: true,
		Doc: `A single-quoted string that contains "${", as puppet-lint's single_quote_string_with_variables
finds it: single quotes do not interpolate, so the text stays as written. A string passed straight to
inline_template() or inline_epp() is left alone, since there the text is a template. There is no
automatic fix: whether interpolation was meant is for the author to say.`,
		Run: func(p *Pass) {
			toks := p.View.Tokens
			away := p.LexedAway()
			for _, at := range p.TokensOf(parser.TokSQString) {
				i, t := int(at), &toks[at]
				if away[i] || !strings.Contains(t.Text, "${") {
					continue
				}
				if i >= 2 && inlineTemplate().MatchString(toks[i-2].Text) {
					continue
				}
				p.Report(Finding{Start: t.Start, End: t.End, Message: "single quoted string containing a variable found"})
			}
		},
	}
}
