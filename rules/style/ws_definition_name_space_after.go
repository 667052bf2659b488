package style

import "github.com/ducklint/ducklint/diagnostics"

// SpaceAfterDefinitionName flags a class or define name not followed by
// one space.
func SpaceAfterDefinitionName() *Rule {
	return &Rule{
		ID:       "space-after-definition-name",
		Check:    "manifest_whitespace_class_name_single_space_after",
		Title:    "A class or define name is not followed by a single space",
		Detail:   `Write one space between the name and what follows ( (, { or inherits); --fix does.`,
		Severity: diagnostics.Error,
		Doc: `The name of a class or defined type definition, not followed by exactly one space before the next
token on its line: class foo(, class foo  {, or a line break after the name. The check of the voxpupuli
plugin puppet-lint-manifest_whitespace-check. The fix replaces the blanks and line breaks after the name
with one space.`,
		Run: func(p *Pass) {
			toks := p.PuppetLintTokens()
			for _, kw := range plDefinitionKeywords(p, toks) {
				name := plNextOfType(toks, kw, "NAME", "FUNCTION_NAME")
				if name < 0 {
					continue
				}
				code := plNextNonSpace(toks, name)
				if code < 0 || name == code-2 && plIsSingleSpace(toks[name+1]) {
					continue
				}
				t := toks[name]
				p.Report(Finding{Start: t.Start, End: t.End, Message: "there should be a single space between the class or resource name and the next item",
					Edits: []Edit{{Start: t.End, End: toks[code].Start, NewText: " "}}})
			}
		},
	}
}
