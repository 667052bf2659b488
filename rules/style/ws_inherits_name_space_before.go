package style

import "github.com/ducklint/ducklint/diagnostics"

// SpaceBeforeInheritedName flags inherits not followed by one space and
// the class name.
func SpaceBeforeInheritedName() *Rule {
	return &Rule{
		ID:       "space-before-inherited-name",
		Check:    "manifest_whitespace_inherits_name_single_space_before",
		Title:    "inherits is not followed by a single space and the class name",
		Detail:   `Write one space between inherits and the class name; --fix does.`,
		Severity: diagnostics.Error,
		Doc: `The inherits keyword of a class, not followed by exactly one space and then the name of the class it
inherits from. The check of the voxpupuli plugin puppet-lint-manifest_whitespace-check. The fix makes
the blanks one space.`,
		Run: func(p *Pass) {
			toks := p.PuppetLintTokens()
			for _, at := range p.plTokensOf("INHERITS") {
				i := int(at)
				if i+1 >= len(toks) {
					continue
				}
				name := plNextOfType(toks, i, "NAME", "FUNCTION_NAME")
				if name < 0 || name == i+2 && plIsSingleSpace(toks[i+1]) {
					continue
				}
				reportSingleSpace(p, toks[i+1], "there should be a single space between the inherits statement and the name")
			}
		},
	}
}
