package style

import (
	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// DefinitionNameLeadingDigit flags class and defined type names starting
// with a digit.
func DefinitionNameLeadingDigit() *Rule {
	return &Rule{
		ID:     "definition-name-leading-digit",
		Check:  "classes_and_types_beginning_with_digits",
		Title:  "A class or defined type name starts with a digit",
		Detail: `Puppet rejects the name; start it with a lowercase letter.`,
		Doc: `The name after class or define starts with a digit (class 1foo, define 2bar, class 1). The
check of the voxpupuli plugin puppet-lint-classes_and_types_beginning_with_digits-check. Puppet 7
rejects every such name (Illegal number '1foo', or a syntax error at a bare number), so each file
this rule flags also has a syntax-error finding; the rule is there so that the plugin's check name
keeps a meaning in control comments and configuration. It reports even where ducklint cannot lex
the rest of the file, as the plugin does. Not fixed: the plugin's fix drops the digits, which
renames the class to one that may exist already and no longer matches the file's path.`,
		Severity: diagnostics.Warning,
		Run: func(p *Pass) {
			toks := p.View.Tokens
			for i := range toks {
				t := &toks[i]
				if t.Kind != parser.TokName || t.Text != "class" && t.Text != "define" {
					continue
				}
				name := codeAfter(toks, i)
				if name >= 0 && toks[name].Text != "" && toks[name].Text[0] >= '0' && toks[name].Text[0] <= '9' {
					p.Report(Finding{Start: t.Start, End: t.End, Message: "class or defined type found beginning with a digit"})
				}
			}
		},
	}
}
