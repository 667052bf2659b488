package style

import (
	"strings"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// CodeOnTopScope flags code outside every class and defined type.
func CodeOnTopScope() *Rule {
	return &Rule{
		ID:       "code-on-top-scope",
		Check:    "code_on_top_scope",
		Title:    "Code outside a class or defined type",
		Detail:   `Move the code into a class or defined type; code at top scope runs for every node that loads the file.`,
		Severity: diagnostics.Warning,
		Doc: `Each token that is not whitespace or a comment and lies outside every class and defined type
definition, as puppet-lint's code_on_top_scope check finds (it reports each such token; ducklint too).
Node definitions, site.pp and functions count as top scope. puppet-lint does not run it by default.`,
		Run: func(p *Pass) {
			toks := p.View.Tokens
			inside := make([]bool, len(toks))
			for _, d := range p.Definitions() {
				for i := d.Keyword; i <= d.End; i++ {
					inside[i] = true
				}
			}
			for i, t := range toks {
				if inside[i] || t.Kind.IsTrivia() || t.Kind == parser.TokLexError {
					continue
				}
				p.Report(Finding{Start: t.Start, End: t.End, Message: "code outside of class or define block - " + excerpt(t.Text)})
				if t.Kind == parser.TokHeredocBody && interpolatingHeredoc(toks, i) {
					// Each interpolation is code of its own line.
					for _, at := range interpolations(t.Text) {
						p.Report(Finding{Start: t.Start + at, End: t.Start + at + 1, Message: "code outside of class or define block - interpolation"})
					}
				}
			}
		},
	}
}

// interpolatingHeredoc reports whether the heredoc body at index i of toks
// belongs to an opener with a double-quoted tag: the nearest opener before it.
func interpolatingHeredoc(toks []parser.Token, i int) bool {
	for j := i - 1; j >= 0; j-- {
		if toks[j].Kind == parser.TokHeredoc {
			return strings.Contains(toks[j].Text, `"`)
		}
	}
	return false
}

// interpolations returns the offsets in body of each unescaped $ that
// starts an interpolation ($name or ${...}).
func interpolations(body string) []int {
	var out []int
	for i := 0; i < len(body)-1; i++ {
		switch body[i] {
		case '\\':
			i++
		case '$':
			n := body[i+1]
			if n == '{' || n == '_' || n == ':' || n >= 'a' && n <= 'z' || n >= 'A' && n <= 'Z' || n >= '0' && n <= '9' {
				out = append(out, i)
			}
		}
	}
	return out
}

// excerpt is the first line of a token's text, cut to 40 characters, for
// a message that stays one short line.
func excerpt(text string) string {
	cut := false
	if i := strings.IndexByte(text, '\n'); i >= 0 {
		text, cut = strings.TrimRight(text[:i], "\r"), true
	}
	if r := []rune(text); len(r) > 40 {
		text, cut = string(r[:40]), true
	}
	if cut {
		text += "…"
	}
	return text
}
