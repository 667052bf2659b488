package style

import (
	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// NestedDefinition flags classes and defined types defined inside a
// class.
func NestedDefinition() *Rule {
	return &Rule{
		ID:                "nested-definition",
		Check:             "nested_classes_or_defines",
		Title:             "A class or defined type is defined inside a class",
		Detail:            `Define each class and defined type in its own file at the top of the manifest, where the autoloader finds it.`,
		Severity:          diagnostics.Warning,
		PuppetLintDefault: true,
		Doc: `A class or define keyword inside a class's definition, other than a class resource (class {
'name': }), as puppet-lint's nested_classes_or_defines check finds. Definitions nested in a defined
type are not flagged, as in puppet-lint.`,
		Run: func(p *Pass) {
			toks := p.View.Tokens
			for _, d := range p.Definitions() {
				if !d.IsClass(toks) {
					continue
				}
				for i := d.Keyword + 1; i <= d.End; i++ {
					t := &toks[i]
					if t.Kind != parser.TokName || !t.Keyword || t.Text != "class" && t.Text != "define" {
						continue
					}
					if next := codeAfter(toks, i); next >= 0 && isPunct(toks[next], "{") {
						continue
					}
					kind := "defined type"
					if t.Text == "class" {
						kind = "class"
					}
					p.Report(Finding{Start: t.Start, End: t.End, Message: kind + " defined inside a class"})
				}
			}
		},
	}
}
