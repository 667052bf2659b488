package style

import "github.com/ducklint/ducklint/diagnostics"

// ResourceReferenceSpace flags blanks between a resource reference's type
// and its [.
func ResourceReferenceSpace() *Rule {
	return &Rule{
		ID:     "resource-reference-space",
		Check:  "resource_reference_without_whitespace",
		Title:  "A resource reference has blanks between its type and [",
		Detail: `Write the [ right after the type name (File['/etc/motd']): Puppet reads File ['/etc/motd'] as a type and an array.`,
		Doc: `A type name other than a data type or Class followed by blanks and a [ (File ['/etc/motd']), in a
file with at least one resource body. The check resource_reference_without_whitespace of the
voxpupuli plugin puppet-lint-resource_reference_syntax; data types and Class are
type-reference-space's. Puppet reads the [ after a blank as the start of an array, so the code
usually does not parse. Not fixed, as the plugin does not fix it.`,
		Severity: diagnostics.Error,
		Run: func(p *Pass) {
			if len(p.Resources()) == 0 {
				return
			}
			runTypeSpace(p, "CLASSREF")
		},
	}
}

// runTypeSpace reports each token of the type (CLASSREF or TYPE) followed
// by blanks on its line and then a [.
func runTypeSpace(p *Pass, typ string) {
	toks := p.PuppetLintTokens()
	for _, at := range p.plTokensOf(typ) {
		i, t := int(at), toks[at]
		if plIs(toks, i+1, "WHITESPACE") && plIs(toks, plNextCode(toks, i), "LBRACK") {
			p.Report(Finding{Start: t.Start, End: t.End, Message: "whitespace between reference type and title"})
		}
	}
}
