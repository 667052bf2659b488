package style

import "github.com/ducklint/ducklint/diagnostics"

// SpaceBeforeOpeningBrace flags a { not preceded by one space.
func SpaceBeforeOpeningBrace() *Rule {
	return &Rule{
		ID:       "space-before-opening-brace",
		Check:    "manifest_whitespace_opening_brace_before",
		Title:    "A { is not preceded by a single space",
		Detail:   `Write one space before { on the line of the code before it; --fix does.`,
		Severity: diagnostics.Error,
		Doc: `A { right after code (class foo{), after several blanks, or on a line after the code it belongs to.
Fine: after a comma at the end of the line before, after a comment or a colon, right after ( or [ or on a
line after it, and { { on one line or after a line break. The check of the voxpupuli plugin
puppet-lint-manifest_whitespace-check. The fix joins the brace to the code before it with one space (none
after ( or [).`,
		Run: func(p *Pass) {
			toks := p.PuppetLintTokens()
			for _, at := range p.plTokensOf("LBRACE") {
				i, t := int(at), toks[at]
				if i == 0 {
					continue
				}
				prev, code := toks[i-1], plPrevNonSpace(toks, i)
				if code < 0 || plIs(toks, code, "COMMA") && plIs(toks, i-1, "INDENT", "NEWLINE") || plIs(toks, code, "COMMENT", "COLON") {
					continue
				}
				switch toks[code].Type {
				case "LPAREN", "LBRACK":
					if code == i-1 || plNewlineBetween(toks, code, i) {
						continue
					}
				case "LBRACE":
					if plNewlineBetween(toks, code, i) || code == i-2 && plIsSingleSpace(prev) {
						continue
					}
				default:
					if code == i-2 && plIsSingleSpace(prev) {
						continue
					}
				}
				text := " "
				if plIs(toks, code, "LPAREN", "LBRACK") {
					text = ""
				}
				p.Report(Finding{Start: t.Start, End: t.End, Message: "there should be a single space before an opening brace",
					Edits: []Edit{{Start: toks[code].End, End: t.Start, NewText: text}}})
			}
		},
	}
}
