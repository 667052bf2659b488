package style

import "github.com/ducklint/ducklint/diagnostics"

// SpaceBeforeOpeningBracket flags a [ that starts an array without one
// space before it.
func SpaceBeforeOpeningBracket() *Rule {
	return &Rule{
		ID:       "space-before-opening-bracket",
		Check:    "manifest_whitespace_opening_bracket_before",
		Title:    "A [ that starts an array is not preceded by a single space",
		Detail:   `Write one space before a [ that starts an array, on the line of the code before it; --fix does.`,
		Severity: diagnostics.Error,
		Doc: `A [ that starts an array right after code (=[1]), after several blanks, or on a line after the code
it belongs to. Fine: an index or a type's parameters ($x[0], String[1], foo[...]), a [ after a bracket
or brace (with no space, or on a new line), after , ; or : at the end of the line before, and after a
comment. The check of the voxpupuli plugin puppet-lint-manifest_whitespace-check. The fix joins the
bracket to the code before it with one space (none after (, [ or {).`,
		Run: func(p *Pass) {
			toks := p.PuppetLintTokens()
			for _, at := range p.plTokensOf("LBRACK") {
				i, t := int(at), toks[at]
				if i == 0 || plIs(toks, i-1, "CLASSREF", "VARIABLE", "NAME") {
					continue
				}
				prev, code := toks[i-1], plPrevNonSpace(toks, i)
				if code < 0 {
					continue
				}
				lineStart := plIs(toks, i-1, "INDENT", "NEWLINE")
				ct := toks[code].Type
				if lineStart && plIs(toks, code, "SEMIC", "COMMA", "COLON") || ct == "COMMENT" || lineStart && plIs(toks, code, "NAME", "RBRACK", "RBRACE") {
					continue
				}
				switch ct {
				case "RBRACK", "RBRACE", "RPAREN", "LPAREN", "LBRACK", "LBRACE", "TYPE":
					if code == i-1 || lineStart {
						continue
					}
				case "CLASSREF", "VARIABLE":
				default:
					if code == i-2 && plIsSingleSpace(prev) {
						continue
					}
				}
				if ct == "LBRACE" {
					pp := plPrevNonSpace(toks, code)
					if pp < 0 {
						continue
					}
					if plIs(toks, pp, "NAME", "PIPE") && (lineStart || code == i-2 && plIsSingleSpace(prev)) {
						continue
					}
				}
				text := " "
				if plIs(toks, code, "LPAREN", "LBRACK", "LBRACE") {
					text = ""
				}
				p.Report(Finding{Start: t.Start, End: t.End, Message: "there should be a single space before an opening bracket",
					Edits: []Edit{{Start: toks[code].End, End: t.Start, NewText: text}}})
			}
		},
	}
}
