package style

import "github.com/ducklint/ducklint/diagnostics"

// SpaceBeforeDefinitionName flags class and define not followed by one
// space and the name.
func SpaceBeforeDefinitionName() *Rule {
	return &Rule{
		ID:       "space-before-definition-name",
		Check:    "manifest_whitespace_class_name_single_space_before",
		Title:    "class or define is not followed by a single space and the name",
		Detail:   `Write one space between class or define and the name; --fix does.`,
		Severity: diagnostics.Error,
		Doc: `The class or define keyword of a definition, not followed by exactly one space and then its name. The
check of the voxpupuli plugin puppet-lint-manifest_whitespace-check. The fix makes the blanks one space.`,
		Run: func(p *Pass) {
			toks := p.PuppetLintTokens()
			for _, kw := range plDefinitionKeywords(p, toks) {
				name := plNextOfType(toks, kw, "NAME", "FUNCTION_NAME")
				if name < 0 || kw+1 >= len(toks) || name == kw+2 && plIsSingleSpace(toks[kw+1]) {
					continue
				}
				reportSingleSpace(p, toks[kw+1], "there should be a single space between the class or defined resource statement and the name")
			}
		},
	}
}
