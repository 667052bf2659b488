package style

import (
	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// UnquotedResourceTitle flags a resource title written as a bare word.
func UnquotedResourceTitle() *Rule {
	return &Rule{
		ID:                "unquoted-resource-title",
		Check:             "unquoted_resource_title",
		Title:             "A resource title is a bare word",
		Detail:            `Quote the title: a bare word is read as a string, but quoting says so (--fix puts it in single quotes).`,
		Severity:          diagnostics.Warning,
		PuppetLintDefault: true,
		Doc: `A resource title written as a bare word (file { motd: }), or a bare word in an array of titles,
as puppet-lint's unquoted_resource_title finds it. As in puppet-lint, the title must touch its colon
(a bare word before " :" is not seen), and the words of an array of titles are looked for between
the last "[" of the file and the "]" before the colon, so only an array in the last bracket pair of
a file is checked. The fix puts the word in single quotes, as puppet-lint's does.`,
		Run: func(p *Pass) {
			toks := p.View.Tokens
			puncts := p.TokensOf(parser.TokPunct)
			lastLBrack := -1
			for _, i := range puncts {
				if toks[i].Text == "[" {
					lastLBrack = int(i)
				}
			}
			report := func(t parser.Token) {
				if t.Kind == parser.TokName && !t.Keyword {
					p.Report(Finding{Start: t.Start, End: t.End, Message: "unquoted resource title",
						Edits: []Edit{{Start: t.Start, End: t.End, NewText: "'" + t.Text + "'"}}})
				}
			}
			for _, at := range puncts {
				i := int(at)
				if i < 1 || toks[i].Text != ":" {
					continue
				}
				if punctAt(toks, i-1, "]") {
					for j := lastLBrack + 1; j <= i-2; j++ {
						report(toks[j])
					}
					continue
				}
				if n := nextCode(toks, i); n >= 0 && !punctAt(toks, n, "{") {
					report(toks[i-1])
				}
			}
		},
	}
}
