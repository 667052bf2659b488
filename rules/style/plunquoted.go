package style

// This file gives the scan that puppet-lint-unquoted_string-check's two
// checks share: the bare words before the : of a case option or the => of
// a selector option, over puppet-lint's tokens.

// plOptionRanges returns the index ranges [start, end] of the tokens of
// the options of each case statement or selector (openers: the indexes of
// its CASE or QMARK tokens):
// from the opener to the first brace one level in, between the braces
// closing one option's body and opening the next's, and from the last
// such closing brace to the statement's closing brace. The bodies (and any
// hash one level in) are left out, as the plugin leaves them out; braces
// are counted whatever they belong to.
func plOptionRanges(toks []plToken, openers []int32, visit func(start, end int)) {
	for _, at := range openers {
		i := int(at)
		depth, start := 0, i
		for j := i + 1; j < len(toks); j++ {
			switch toks[j].Type {
			case "LBRACE":
				depth++
				if depth == 2 {
					visit(start, j)
				}
			case "RBRACE":
				if depth == 2 {
					start = j
				}
				depth--
			}
			if toks[j].Type == "RBRACE" && depth == 0 {
				visit(start, j)
				break
			}
		}
	}
}

// runUnquotedOptions reports each bare word (a NAME, or a CLASSREF without
// ::) on the line before a separator (COLON or FARROW) in the option
// ranges of the opener, back to the line's start or a {, as the plugin
// reports them, each once. The fix quotes a NAME standing alone between
// separators; a reference (Linux) is not quoted, as Puppet matches a
// type where it matches a string.
func runUnquotedOptions(p *Pass, opener, sep, message string) {
	toks := p.PuppetLintTokens()
	seen := map[int]bool{}
	plOptionRanges(toks, p.plTokensOf(opener), func(start, end int) {
		for r := start; r <= end; r++ {
			if toks[r].Type != sep {
				continue
			}
			for s := r - 1; s >= 0 && toks[s].Type != "NEWLINE" && toks[s].Type != "LBRACE"; s-- {
				t := toks[s]
				if seen[s] || !(t.Type == "NAME" || t.Type == "CLASSREF" && !containsColons(t.Text)) {
					continue
				}
				seen[s] = true
				f := Finding{Start: t.Start, End: t.End, Message: message}
				if t.Type == "NAME" && plStandsAlone(toks, s) {
					f.Edits = []Edit{{Start: t.Start, End: t.End, NewText: "'" + t.Text + "'"}}
				}
				p.Report(f)
			}
		}
	})
}

// plStandsAlone reports whether the bare word toks[i] is a whole value
// between separators: quoting it then writes the string Puppet reads it as.
func plStandsAlone(toks []plToken, i int) bool {
	switch plTypeAt(toks, plPrevCode(toks, i)) {
	case "COMMA", "LBRACE", "RBRACE", "FARROW", "LBRACK":
	default:
		return false
	}
	switch plTypeAt(toks, plNextCode(toks, i)) {
	case "COMMA", "COLON", "FARROW", "RBRACE", "RBRACK":
		return true
	}
	return false
}

func containsColons(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if s[i] == ':' && s[i+1] == ':' {
			return true
		}
	}
	return false
}
