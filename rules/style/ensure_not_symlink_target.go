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
The style guide asks for ensure => link and the path in target, which says what is meant.

The fix writes ensure => link and adds target => (the path) on the next line, at ensure's indentation
and with ensure's spacing before the arrow, so aligned arrows stay aligned (target and ensure have the
same length). It is not offered where the body sets target or splats attributes (* =>): target would
then be set twice. puppet-lint's fix writes ensure => symlink, which Puppet's file type reads as a
link to the relative path "symlink" until target overrides it. One case changes meaning and cannot be
seen in one file: a resource default File { target => ... } in an enclosing scope wins over the path
in ensure, but not over an explicit target.`,
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
						p.Report(Finding{Start: t.Start, End: t.End, Message: "symlink target specified in ensure attr",
							Edits: linkTargetEdit(toks, r, param, v)})
					}
				}
			}
		},
	}
}

// linkTargetEdit returns the edit writing the ensure attribute at param
// of resource r, whose value is the single string token at v, as ensure =>
// link and target => the string; nil where the body has a target or a
// splat of its own.
func linkTargetEdit(toks []parser.Token, r resource, param, v int) []Edit {
	if toks[v].Kind != parser.TokSQString && toks[v].Kind != parser.TokDQString {
		return nil // an interpolated string is several tokens; left alone
	}
	for _, q := range r.Params {
		if toks[q].Text == "target" {
			return nil
		}
	}
	for j := r.Colon + 1; j < r.End; j++ {
		if punctAt(toks, j, "*") && nextCode(toks, j) >= 0 && toks[nextCode(toks, j)].Kind == parser.TokFarrow {
			return nil
		}
	}
	arrow := nextCode(toks, param)
	sep := " "
	if param > 0 && toks[param-1].Kind == parser.TokWhitespace && param > 1 && toks[param-2].Kind == parser.TokNewline {
		sep = "\n" + toks[param-1].Text
	} else if param > 0 && toks[param-1].Kind == parser.TokNewline {
		sep = "\n"
	}
	text := "link," + sep + "target" + blanks(toks, param, arrow) + "=>" + blanks(toks, arrow, v) + toks[v].Text
	return []Edit{{Start: toks[v].Start, End: toks[v].End, NewText: text}}
}

// blanks returns the text between the tokens i and j when it is blanks on
// one line, and a space otherwise (a comment or a line break).
func blanks(toks []parser.Token, i, j int) string {
	if j == i+2 && toks[i+1].Kind == parser.TokWhitespace {
		return toks[i+1].Text
	}
	return " "
}
