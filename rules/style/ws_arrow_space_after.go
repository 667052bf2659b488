package style

import "github.com/ducklint/ducklint/diagnostics"

// SpaceAfterArrow flags a => not followed by exactly one space.
func SpaceAfterArrow() *Rule {
	return &Rule{
		ID:       "space-after-arrow",
		Check:    "manifest_whitespace_arrows_single_space_after",
		Title:    "A => is not followed by a single space",
		Detail:   `Write one space after =>; --fix does.`,
		Severity: diagnostics.Error,
		Doc: `A => followed by anything but exactly one space: no space, several, a tab, or the end of the line. The
check of the voxpupuli plugin puppet-lint-manifest_whitespace-check. The fix makes the blanks one space,
or inserts one.`,
		Run: func(p *Pass) {
			toks := p.PuppetLintTokens()
			for _, at := range p.plTokensOf("FARROW") {
				i := int(at)
				if i+1 >= len(toks) || plIsSingleSpace(toks[i+1]) {
					continue
				}
				next := toks[i+1]
				f := Finding{Start: next.Start, End: next.End, Message: "there should be a single space after an arrow"}
				if next.Type == "WHITESPACE" {
					f.Edits = []Edit{{Start: next.Start, End: next.End, NewText: " "}}
				} else {
					f.Edits = []Edit{{Start: next.Start, End: next.Start, NewText: " "}}
				}
				p.Report(f)
			}
		},
	}
}
