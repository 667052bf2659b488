package style

import "github.com/ducklint/ducklint/diagnostics"

// TwoEmptyLines flags two empty lines in a row.
func TwoEmptyLines() *Rule {
	return &Rule{
		ID:       "two-empty-lines",
		Check:    "manifest_whitespace_two_empty_lines",
		Title:    "Two empty lines in a row",
		Detail:   `Keep at most one empty line between pieces of code; --fix removes the extra ones.`,
		Severity: diagnostics.Error,
		Doc: `A line break that ends the second of two or more empty (or blank) lines in a row. The check of the
voxpupuli plugin puppet-lint-manifest_whitespace-check. The fix removes the line break.`,
		Run: func(p *Pass) {
			toks := p.PuppetLintTokens()
			for _, at := range p.plTokensOf("NEWLINE") {
				i, t := int(at), toks[at]
				// The two line breaks before this one, with nothing but
				// blanks from the first of them to this one.
				seen, j := 0, i-1
				for ; j >= 0 && seen < 2; j-- {
					switch toks[j].Type {
					case "NEWLINE":
						seen++
					case "WHITESPACE", "INDENT":
					default:
						j = -2
					}
				}
				if seen < 2 {
					continue
				}
				p.Report(Finding{Start: t.Start, End: t.End, Message: "there should be no two consecutive empty lines",
					Edits: []Edit{{Start: t.Start, End: t.End}}})
			}
		},
	}
}
