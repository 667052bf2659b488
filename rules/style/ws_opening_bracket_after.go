package style

import "github.com/ducklint/ducklint/diagnostics"

// SpaceAfterOpeningBracket flags blanks or empty lines after a [.
func SpaceAfterOpeningBracket() *Rule {
	return &Rule{
		ID:       "space-after-opening-bracket",
		Check:    "manifest_whitespace_opening_bracket_after",
		Title:    "A [ is followed by blanks or an empty line",
		Detail:   `Write the first element right after [, or on the next line; --fix does.`,
		Severity: diagnostics.Error,
		Doc: `A [ followed by blanks ([ 1, 2]) or by an empty line. The check of the voxpupuli plugin
puppet-lint-manifest_whitespace-check. The fix removes the blanks, or the empty lines before an indented
line.`,
		Run: func(p *Pass) {
			toks := p.PuppetLintTokens()
			for _, at := range p.plTokensOf("LBRACK") {
				i := int(at)
				if !plIs(toks, i+1, "WHITESPACE", "NEWLINE", "INDENT") {
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
				f := Finding{Start: next.Start, End: next.End, Message: "there should be no whitespace or a single newline after an opening bracket"}
				if next.Type == "WHITESPACE" {
					f.Edits = []Edit{{Start: next.Start, End: next.End}}
				} else {
					// puppet-lint removes each token while the one after it
					// is a line break, or an indent of a line with code.
					end := at
					for plIs(toks, end+1, "NEWLINE") || plIs(toks, end+1, "INDENT") && !plIs(toks, end+2, "NEWLINE") {
						end++
					}
					if end > at {
						f.Edits = []Edit{{Start: next.Start, End: toks[end].Start}}
					}
				}
				p.Report(f)
			}
		},
	}
}
