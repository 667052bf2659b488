package style

import (
	"strings"

	"github.com/ducklint/ducklint/diagnostics"
)

// InheritsAcrossNamespaces flags a class inheriting from another module's
// class.
func InheritsAcrossNamespaces() *Rule {
	return &Rule{
		ID:                "inherits-across-namespaces",
		Check:             "inherits_across_namespaces",
		Title:             "A class inherits from another module's class",
		Detail:            `Inherit only within a module; to use another module's class, include it or pass its values as parameters.`,
		Severity:          diagnostics.Warning,
		PuppetLintDefault: true,
		Doc: `A class whose inherits names a class of another module: the first namespace segment of the
inherited name differs from the class's own, as puppet-lint's inherits_across_namespaces check finds.`,
		Run: func(p *Pass) {
			toks := p.View.Tokens
			for _, d := range p.Definitions() {
				if !d.IsClass(toks) || d.Inherited < 0 {
					continue
				}
				if firstSegment(toks[d.Inherited].Text) == firstSegment(toks[d.Name].Text) {
					continue
				}
				t := toks[d.Inherited]
				p.Report(Finding{Start: t.Start, End: t.End, Message: "class inherits across module namespaces"})
			}
		},
	}
}

// firstSegment returns the first non-empty :: segment of name.
func firstSegment(name string) string {
	for _, s := range strings.Split(name, "::") {
		if s != "" {
			return s
		}
	}
	return ""
}
