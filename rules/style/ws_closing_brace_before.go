package style

import "github.com/ducklint/ducklint/diagnostics"

// SpaceBeforeClosingBrace flags a } not preceded by one space or a line
// break.
func SpaceBeforeClosingBrace() *Rule {
	return &Rule{
		ID:       "space-before-closing-brace",
		Check:    "manifest_whitespace_closing_brace_before",
		Title:    "A } is not preceded by a single space or a line break",
		Detail:   `Write one space before } on the line of the code before it, or put } on a line of its own; --fix does.`,
		Severity: diagnostics.Error,
		Doc: `A } right after code ({ 'a' => 1}), after several blanks, or after empty lines. {} is fine. The check
of the voxpupuli plugin puppet-lint-manifest_whitespace-check. The fix removes what is between the code
and the brace (keeping one line break and the indentation before a } on its own line) and writes one
space where the brace stays on the code's line.`,
		Run: func(p *Pass) {
			toks := p.PuppetLintTokens()
			for _, at := range p.plTokensOf("RBRACE") {
				i := int(at)
				if i == 0 {
					continue
				}
				prev, code := toks[i-1], plPrevNonSpace(toks, i)
				switch {
				case code < 0, prev.Type == "LBRACE",
					toks[code].Type != "LBRACE" && plIsSingleSpace(prev) && code == i-2,
					prev.Type == "INDENT" && code == i-3,
					prev.Type == "NEWLINE" && code == i-2:
					continue
				}
				from := code + 1
				stop := from
				for stop < i {
					if plIs(toks, stop, "NEWLINE") && (stop+1 == i || plIs(toks, stop+1, "INDENT") && stop+2 == i) {
						break
					}
					stop++
				}
				text := ""
				if stop == i && !plIs(toks, code, "LBRACE", "NEWLINE", "INDENT") {
					text = " "
				}
				at := toks[from]
				p.Report(Finding{Start: at.Start, End: at.End, Message: "there should be a single space or newline before a closing brace",
					Edits: []Edit{{Start: at.Start, End: toks[stop].Start, NewText: text}}})
			}
		},
	}
}
