package style

import (
	"strings"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// VariableNotEnclosed flags a variable interpolated without braces.
func VariableNotEnclosed() *Rule {
	return &Rule{
		ID:                "variable-not-enclosed",
		Check:             "variables_not_enclosed",
		Title:             "An interpolated variable has no braces",
		Detail:            `Write "${x}" rather than "$x": the braces show where the name ends (--fix adds them).`,
		Severity:          diagnostics.Warning,
		PuppetLintDefault: true,
		Doc: `A variable interpolated in a double-quoted string or an interpolating heredoc (@("END"))
without braces ("$x" rather than "${x}"), as puppet-lint's variables_not_enclosed finds it. The fix adds the braces, taking in an index that
follows the name ("$x[1]" becomes "${x[1]}"), as puppet-lint's does.`,
		Run: func(p *Pass) {
			toks := p.View.Tokens
			next := 0 // the first token after the last string looked at
			for _, at := range p.TokensOf(parser.TokDQPre) {
				i := int(at)
				if i < next {
					continue
				}
				t := toks[i]
				end := stringEnd(toks, i)
				if end < 0 {
					continue
				}
				// Every finding in one string carries the same edit of the
				// whole string, which the safe fix compares as one node.
				var vars []int
				var fixed strings.Builder
				last := t.Start
				for j := i + 1; j < end; j++ {
					v := toks[j]
					if v.Kind != parser.TokVariable || !strings.HasPrefix(v.Text, "$") || !isInterpolated(toks, j) || strings.HasSuffix(toks[j-1].Text, "${") {
						continue
					}
					vars = append(vars, j)
					fixed.WriteString(string(p.View.Src[last:v.Start]))
					fixed.WriteString("${" + v.Text[1:])
					last = v.End
					if next := toks[j+1]; next.Kind == parser.TokDQMid || next.Kind == parser.TokDQPost {
						n := bracketRefLen(next.Text)
						fixed.WriteString(next.Text[:n])
						last += n
					}
					fixed.WriteString("}")
				}
				if len(vars) == 0 {
					continue
				}
				next = end + 1
				fixed.WriteString(string(p.View.Src[last:toks[end].End]))
				edit := Edit{Start: t.Start, End: toks[end].End, NewText: fixed.String()}
				for _, j := range vars {
					p.Report(Finding{Start: toks[j].Start, End: toks[j].End, Message: "variable not enclosed in {}", Edits: []Edit{edit}})
				}
			}
			if len(p.TokensOf(parser.TokHeredoc)) == 0 {
				return
			}
			for _, body := range interpolatingBodies(toks) {
				for _, v := range unbracedInBody(body) {
					name := string(p.View.Src[v[0]+1 : v[1]])
					p.Report(Finding{Start: v[0], End: v[1], Message: "variable not enclosed in {}",
						Edits: []Edit{{Start: v[0], End: v[1], NewText: "${" + name + "}"}}})
				}
			}
		},
	}
}

// bracketRefLen returns the length of the run of bracketed indexes that
// starts text ("[1][2]" of "[1][2] rest"), or 0.
func bracketRefLen(text string) int {
	n, depth := 0, 0
	for n < len(text) {
		if depth == 0 && text[n] != '[' {
			break
		}
		switch text[n] {
		case '[':
			depth++
		case ']':
			depth--
		}
		n++
	}
	if depth != 0 {
		return 0
	}
	return n
}
