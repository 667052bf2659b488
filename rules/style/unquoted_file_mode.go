package style

import (
	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// UnquotedFileMode flags a file's mode given as a bare number or word.
func UnquotedFileMode() *Rule {
	return &Rule{
		ID:                "unquoted-file-mode",
		Check:             "unquoted_file_mode",
		Title:             "A file mode is not quoted",
		Detail:            `A mode is a string to Puppet's file type; quote it (--fix puts it in single quotes).`,
		Severity:          diagnostics.Warning,
		PuppetLintDefault: true,
		Doc: `The mode attribute of a file or concat resource given as a bare number (mode => 644) or a bare
word, where puppet-lint's unquoted_file_mode finds it. A number is read as decimal or octal depending
on its leading zero, and Puppet's file type wants a string anyway. The fix puts the value in single
quotes, as puppet-lint's does; the digits stay as they are (file-mode adds the leading zero).`,
		Run: func(p *Pass) {
			toks := p.View.Tokens
			for _, r := range p.Resources() {
				if name := r.TypeName(toks); name != "file" && name != "concat" {
					continue
				}
				for _, param := range r.Params {
					if toks[param].Text != "mode" {
						continue
					}
					v := valueOf(toks, param)
					// A name before "(" is a function call, not a word.
					if v < 0 || (toks[v].Kind != parser.TokNumber && (toks[v].Kind != parser.TokName || toks[v].Keyword || punctAt(toks, v+1, "("))) {
						continue
					}
					t := toks[v]
					p.Report(Finding{Start: t.Start, End: t.End, Message: "unquoted file mode",
						Edits: []Edit{{Start: t.Start, End: t.End, NewText: "'" + t.Text + "'"}}})
				}
			}
		},
	}
}
