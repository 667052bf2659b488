package style

import "strings"

// This file gives the rules carrying over Vox Pupuli's plugin checks
// puppet-lint's notion of a code token on the tokens of pltokens.go: its
// prev_code_token and next_code_token skip whitespace, indents, line
// breaks and comments.

// plIsCode reports whether t is a code token: not a blank, a line break or
// a comment.
func plIsCode(t plToken) bool {
	switch t.Type {
	case "WHITESPACE", "INDENT", "NEWLINE", "COMMENT", "MLCOMMENT", "SLASH_COMMENT":
		return false
	}
	return true
}

// plPrevCode returns the index of the last code token before i, or -1.
func plPrevCode(toks []plToken, i int) int {
	for j := i - 1; j >= 0; j-- {
		if plIsCode(toks[j]) {
			return j
		}
	}
	return -1
}

// plNextCode returns the index of the first code token after i, or -1.
func plNextCode(toks []plToken, i int) int {
	for j := i + 1; j < len(toks); j++ {
		if plIsCode(toks[j]) {
			return j
		}
	}
	return -1
}

// plIndexedTypes are the puppet-lint token types File.PuppetLintTokensOf
// indexes.
var plIndexedTypes = [...]string{"LBRACE", "RBRACE", "LBRACK", "RBRACK", "CLASSREF", "TYPE", "VARIABLE", "FARROW", "INHERITS", "NEWLINE", "NUMBER", "CASE", "QMARK"}

// plIndexedType returns the index of typ in plIndexedTypes, or -1.
func plIndexedType(typ string) int {
	switch typ {
	case "LBRACE":
		return 0
	case "RBRACE":
		return 1
	case "LBRACK":
		return 2
	case "RBRACK":
		return 3
	case "CLASSREF":
		return 4
	case "TYPE":
		return 5
	case "VARIABLE":
		return 6
	case "FARROW":
		return 7
	case "INHERITS":
		return 8
	case "NEWLINE":
		return 9
	case "NUMBER":
		return 10
	case "CASE":
		return 11
	case "QMARK":
		return 12
	}
	return -1
}

// plResourceEnds returns the indexes in toks of the tokens ending the
// file's resource bodies (the ; or } after the title's colon, as
// puppet-lint's resource_indexes finds them).
func plResourceEnds(p *Pass, toks []plToken) []int {
	var out []int
	view := p.View.Tokens
	for _, r := range p.Resources() {
		if r.End < 0 || r.End >= len(view) {
			continue
		}
		if i := p.plIndexOf(r.End); i >= 0 {
			out = append(out, i)
		}
	}
	return out
}

// plValueIsAbsolute reports whether the value of t, a NAME or SSTRING,
// starts with :: (a single-quoted string's value is its text inside the
// quotes).
func plValueIsAbsolute(t plToken) bool {
	if t.Type == "SSTRING" {
		return strings.HasPrefix(t.Text, "'::")
	}
	return strings.HasPrefix(t.Text, "::")
}

// plStringValue returns the value of t when it is a bare word or a string
// without interpolation (its text inside the quotes), or "".
func plStringValue(t plToken) string {
	switch t.Type {
	case "NAME":
		return t.Text
	case "SSTRING", "STRING":
		if len(t.Text) >= 2 {
			return t.Text[1 : len(t.Text)-1]
		}
	}
	return ""
}
