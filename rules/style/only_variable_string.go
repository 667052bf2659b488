package style

import (
	"strings"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// OnlyVariableString flags a string that holds nothing but one variable.
func OnlyVariableString() *Rule {
	return &Rule{
		ID:                "only-variable-string",
		Check:             "only_variable_string",
		Title:             "A string holds only a variable",
		Detail:            `"${x}" is $x turned into a string; write the variable itself (--fix does) unless the conversion is wanted.`,
		Severity:          diagnostics.Warning,
		PuppetLintDefault: true,
		Doc: `A double-quoted string whose whole text is one interpolated variable, possibly indexed ("${x}",
"$x", "${x['key']}"), as puppet-lint's only_variable_string finds it. A string used as a hash key
(followed by =>) is left alone, as in puppet-lint. The fix replaces the string with the variable
($x, $x['key']), as puppet-lint's does. That is a change of type where the variable is not a
string, which is sometimes the point of the quotes: suppress the finding there.`,
		Run: func(p *Pass) {
			toks := p.View.Tokens
			away := p.LexedAway()
			for _, at := range p.TokensOf(parser.TokDQPre) {
				i, t := int(at), &toks[at]
				if away[i] || (t.Text != `"` && t.Text != `"${`) || i+1 >= len(toks) || toks[i+1].Kind != parser.TokVariable {
					continue
				}
				enclosed := t.Text == `"${`
				j := i + 2
				for j+2 < len(toks) && punctAt(toks, j, "[") && punctAt(toks, j+2, "]") {
					j += 3
				}
				access := j
				if enclosed && j < len(toks) && toks[j].Kind == parser.TokWhitespace && toks[j].Text == "}" {
					j++
				}
				if j >= len(toks) || toks[j].Kind != parser.TokDQPost || toks[j].Text != `"` {
					continue
				}
				if n := nextCode(toks, j); n >= 0 && toks[n].Kind == parser.TokFarrow {
					continue
				}
				v := toks[i+1]
				var text strings.Builder
				text.WriteString("$" + strings.TrimPrefix(v.Text, "$"))
				for _, a := range toks[i+2 : access] {
					text.WriteString(a.Text)
				}
				p.Report(Finding{Start: v.Start, End: v.End, Message: "string containing only a variable",
					Edits: []Edit{{Start: t.Start, End: toks[j].End, NewText: text.String()}}})
			}
		},
	}
}
