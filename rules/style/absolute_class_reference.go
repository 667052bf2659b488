package style

import (
	"strings"

	"github.com/ducklint/ducklint/diagnostics"
)

// AbsoluteClassReference flags Class['::name'] references.
func AbsoluteClassReference() *Rule {
	return &Rule{
		ID:     "absolute-class-reference",
		Check:  "relative_classname_reference",
		Title:  "A class reference names the class with a leading ::",
		Detail: `Since Puppet 4 every class name is absolute, so the leading :: says nothing; write Class['name'] (--fix does).`,
		Doc: `A bare name or single-quoted string starting with :: between the brackets of a Class[...]
reference (Class['::apache']). The check relative_classname_reference of the voxpupuli plugin
puppet-lint-absolute_classname-check. The fix removes the ::.`,
		Severity: diagnostics.Warning,
		Run: func(p *Pass) {
			toks := p.PuppetLintTokens()
			for _, at := range p.plTokensOf("TYPE") {
				i, t := int(at), toks[at]
				if t.Text != "Class" || !plIs(toks, plNextCode(toks, i), "LBRACK") {
					continue
				}
				for s := plNextCode(toks, i); s < len(toks) && toks[s].Type != "RBRACK"; s++ {
					if !plIs(toks, s, "NAME", "SSTRING") || !plValueIsAbsolute(toks[s]) {
						continue
					}
					t := toks[s]
					p.Report(Finding{Start: t.Start, End: t.End, Message: "absolute class name reference",
						Edits: []Edit{{Start: t.Start, End: t.End, NewText: strings.Replace(t.Text, "::", "", 1)}}})
				}
			}
		},
	}
}
