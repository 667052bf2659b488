package style

import "github.com/ducklint/ducklint/diagnostics"

// SpaceAfterOpeningBrace flags a { not followed by one space or one line
// break.
func SpaceAfterOpeningBrace() *Rule {
	return &Rule{
		ID:       "space-after-opening-brace",
		Check:    "manifest_whitespace_opening_brace_after",
		Title:    "A { is not followed by a single space or a single line break",
		Detail:   `Write one space after {, or start a new line; --fix does.`,
		Severity: diagnostics.Error,
		Doc: `A { followed at once by code ({'a' => 1}), by several blanks, or by an empty line. {}, {[ and {{ are
fine. The check of the voxpupuli plugin puppet-lint-manifest_whitespace-check. The fix makes the blanks
one space, inserts one, or removes the empty lines.`,
		Run: func(p *Pass) {
			toks := p.PuppetLintTokens()
			for _, at := range p.plTokensOf("LBRACE") {
				i := int(at)
				if i+1 >= len(toks) || plIsSingleSpace(toks[i+1]) || plIs(toks, i+1, "RBRACE", "LBRACK", "LBRACE") {
					continue
				}
				at := i + 1
				if toks[at].Type == "NEWLINE" {
					at++
					if !plIs(toks, at, "NEWLINE") {
						continue
					}
				}
				next := toks[at]
				f := Finding{Start: next.Start, End: next.End, Message: "there should be a single space or single newline after an opening brace"}
				switch next.Type {
				case "WHITESPACE":
					f.Edits = []Edit{{Start: next.Start, End: next.End, NewText: " "}}
				case "NEWLINE":
					end := at
					for end < len(toks) && toks[end].Type == "NEWLINE" {
						end++
					}
					f.Edits = []Edit{{Start: next.Start, End: toks[end-1].End}}
				default:
					f.Edits = []Edit{{Start: next.Start, End: next.Start, NewText: " "}}
				}
				p.Report(f)
			}
		},
	}
}
