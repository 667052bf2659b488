package style

import "github.com/ducklint/ducklint/diagnostics"

// SpaceBeforeClosingBracket flags blanks before a ], or empty lines.
func SpaceBeforeClosingBracket() *Rule {
	return &Rule{
		ID:       "space-before-closing-bracket",
		Check:    "manifest_whitespace_closing_bracket_before",
		Title:    "A ] is preceded by blanks or empty lines",
		Detail:   `Write ] right after the code before it, or on a line of its own after it; --fix does.`,
		Severity: diagnostics.Error,
		Doc: `A ] after blanks ([1, 2 ]) or after empty lines. A ] right after code or on the line after it is fine.
The check of the voxpupuli plugin puppet-lint-manifest_whitespace-check. The fix removes the blanks, or
the empty lines.`,
		Run: func(p *Pass) {
			toks := p.PuppetLintTokens()
			for _, at := range p.plTokensOf("RBRACK") {
				i := int(at)
				if i == 0 {
					continue
				}
				prev, code := toks[i-1], plPrevNonSpace(toks, i)
				if code < 0 || !plIs(toks, i-1, "NEWLINE", "INDENT", "WHITESPACE") ||
					prev.Type == "INDENT" && code == i-3 || prev.Type == "NEWLINE" && code == i-2 {
					continue
				}
				at := toks[code+1]
				f := Finding{Start: at.Start, End: at.End, Message: "there should be no whitespace or a single newline before a closing bracket"}
				if at.Type == "WHITESPACE" {
					f.Edits = []Edit{{Start: at.Start, End: at.End}}
				} else {
					stop := code + 2
					for stop < i && !(plIs(toks, stop, "INDENT") && stop+1 == i) {
						stop++
					}
					if code+2 < stop {
						f.Edits = []Edit{{Start: toks[code+2].Start, End: toks[stop].Start}}
					}
				}
				p.Report(f)
			}
		},
	}
}
