package style

import "github.com/ducklint/ducklint/diagnostics"

// plOperandOperators are the operators after which a type name is a
// value compared or tested, not the start of a resource default body.
var plOperandOperators = []string{"ISEQUAL", "NOTEQUAL", "LESSTHAN", "LESSEQUAL", "GREATERTHAN", "GREATEREQUAL", "IN", "AND", "OR", "NOT"}

// TrailingComma flags the last element of a multi-line list without a
// comma after it.
func TrailingComma() *Rule {
	return &Rule{
		ID:       "trailing-comma",
		Check:    "trailing_comma",
		Title:    "The last element of a multi-line list has no comma after it",
		Detail:   `End the last element of a list written over several lines with a comma, so that adding an element changes one line; --fix adds it.`,
		Severity: diagnostics.Warning,
		Doc: `The last attribute of a resource body, or the last element of an array, a hash or a resource
default body, followed by a line break but by no comma. The check of the voxpupuli plugin
puppet-lint-trailing_comma-check, with its reading of the lists: a hash is a { after =, ==, => or (;
an array is a [ not after a type or resource reference, and ends at the first ] after it; a resource
default body is a type name and a {, and ends at the first } after it. Unlike the plugin, ducklint
does not read a type name compared in a condition (if $kernel == Linux {) as a resource default. An
element followed by a comment or blanks on its line is not flagged, and neither is a heredoc whose
opening line ends in a comma. The fix adds the comma at the end of the line (after the heredoc's
opener, for a heredoc).`,
		Run: func(p *Pass) {
			toks := p.PuppetLintTokens()
			if len(toks) == 0 {
				return
			}
			// The same line may end two lists ([[1] ...); one finding, one comma.
			reported := map[int]bool{}
			check := func(end int, except string) {
				last := plPrevCode(toks, end)
				if last >= 0 && (toks[last].Type == "HEREDOC" || toks[last].Type == "HEREDOC_POST") {
					for last >= 0 && toks[last].Type != "HEREDOC_OPEN" {
						last = plPrevCode(toks, last)
					}
				}
				if last < 0 || toks[last].Type == except || toks[end].Type == "SEMIC" || toks[last].Type == "COMMA" ||
					!plIs(toks, last+1, "NEWLINE") || reported[last+1] {
					return
				}
				reported[last+1] = true
				nl := toks[last+1]
				p.Report(Finding{Start: nl.Start, End: nl.End, Message: "missing trailing comma after last element",
					Edits: []Edit{{Start: nl.Start, End: nl.Start, NewText: ","}}})
			}
			for _, end := range plResourceEnds(p, toks) {
				check(end, "COLON")
			}
			for _, at := range p.plTokensOf("LBRACK") {
				i := int(at)
				end := plNextOfType(toks, i, "RBRACK")
				if end < 0 {
					end = len(toks) - 1
				}
				if plIs(toks, plPrevCode(toks, i), "CLASSREF", "TYPE") {
					continue
				}
				check(end, "LBRACK")
			}
			for _, at := range p.plTokensOf("LBRACE") {
				i := int(at)
				if !plIs(toks, plPrevCode(toks, i), "EQUALS", "ISEQUAL", "FARROW", "LPAREN") {
					continue
				}
				end, level := len(toks)-1, 0
				for j := i + 1; j < len(toks); j++ {
					switch toks[j].Type {
					case "LBRACE":
						level++
					case "RBRACE":
						level--
					}
					if level < 0 {
						end = j
						break
					}
				}
				check(end, "LBRACE")
			}
			for _, at := range p.plTokensOf("CLASSREF") {
				i := int(at)
				if !plIs(toks, plNextCode(toks, i), "LBRACE") {
					continue
				}
				// Not a function's return type, nor a type in a condition;
				// the plugin also reads "if $x == Linux {" as a resource
				// default body, where a comma would break the code.
				if prev := plPrevCode(toks, i); prev < 0 || plIs(toks, prev, "RSHIFT", "MATCH", "NOMATCH") ||
					plIs(toks, prev, plOperandOperators...) {
					continue
				}
				end := plNextOfType(toks, i, "RBRACE")
				if end < 0 {
					end = len(toks) - 1
				}
				check(end, "LBRACE")
			}
		},
	}
}
