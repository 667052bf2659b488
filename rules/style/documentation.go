package style

import (
	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// Documentation flags classes and defined types without a comment right
// above them.
func Documentation() *Rule {
	return &Rule{
		ID:                "missing-documentation",
		Check:             "documentation",
		Title:             "A class or defined type has no comment above it",
		Detail:            `Describe what the class or defined type is for, and its parameters, in comments right above it (Puppet Strings reads them).`,
		Severity:          diagnostics.Warning,
		PuppetLintDefault: true,
		Doc: `A class or defined type definition with no comment right above its keyword, as puppet-lint's
documentation check finds: the last thing before the keyword, across whitespace and at most one
line break, must be a comment (#, or /* */). A blank line between the comment and the keyword
counts as no documentation.`,
		Run: func(p *Pass) {
			toks := p.View.Tokens
			for _, d := range p.Definitions() {
				if documented(toks, d.Keyword) {
					continue
				}
				kind := "defined type"
				if d.IsClass(toks) {
					kind = "class"
				}
				k := toks[d.Keyword]
				p.Report(Finding{Start: k.Start, End: k.End, Message: kind + " not documented"})
			}
		},
	}
}

// documented reports whether a comment precedes token i across blanks
// and at most one line break.
func documented(toks []parser.Token, i int) bool {
	newlines := 0
	j := i - 1
	for ; j >= 0; j-- {
		k := toks[j].Kind
		if k != parser.TokWhitespace && k != parser.TokNewline {
			break
		}
		if k == parser.TokNewline {
			newlines++
			if newlines > 1 {
				return false
			}
		}
	}
	return j >= 0 && (toks[j].Kind == parser.TokComment || toks[j].Kind == parser.TokBlockComment)
}
