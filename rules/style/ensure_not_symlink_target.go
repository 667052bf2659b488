package style

import (
	"strings"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// EnsureNotSymlinkTarget flags a file's ensure that names a path.
func EnsureNotSymlinkTarget() *Rule {
	return &Rule{
		ID:                "ensure-not-symlink-target",
		Check:             "ensure_not_symlink_target",
		Title:             "A file's ensure names a symlink target",
		Detail:            `Write ensure => link and give the path as target => '...'.`,
		Severity:          diagnostics.Warning,
		PuppetLintDefault: true,
		Doc: `A file resource whose ensure is a path (ensure => '/etc/foo'), which Puppet takes as the target of
a symbolic link, as puppet-lint's ensure_not_symlink_target finds it: a value that starts with "/".
The style guide asks for ensure => link and the path in target, which says what is meant. There is no
automatic fix yet: puppet-lint's fix adds an attribute, and ducklint's safe --fix only replaces
single expressions.`,
		Run: func(p *Pass) {
			toks := p.View.Tokens
			for _, r := range p.Resources() {
				if r.TypeName(toks) != "file" {
					continue
				}
				for _, param := range r.Params {
					if toks[param].Text != "ensure" {
						continue
					}
					v := valueOf(toks, param)
					if v < 0 {
						continue
					}
					t := toks[v]
					value := t.Text
					switch t.Kind {
					case parser.TokSQString, parser.TokDQString, parser.TokDQPre:
						value = value[1:]
					}
					if strings.HasPrefix(value, "/") {
						p.Report(Finding{Start: t.Start, End: t.End, Message: "symlink target specified in ensure attr"})
					}
				}
			}
		},
	}
}
