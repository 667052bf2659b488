package style

import "github.com/ducklint/ducklint/parser"

// This file finds class and defined type definitions in a token view the
// way puppet-lint does (its class and defined type indexes), for the rules
// about definitions.

// definition is a class or defined type definition: indexes into the
// view's tokens. Inherited, ParamOpen and ParamClose are -1 when absent.
type definition struct {
	Keyword    int // the class or define keyword
	Name       int // the token after the keyword
	Inherited  int // the name after inherits
	ParamOpen  int // the ( of the parameter list
	ParamClose int // its )
	End        int // the } closing the body
}

// IsClass reports whether d is a class rather than a defined type.
func (d definition) IsClass(toks []parser.Token) bool { return toks[d.Keyword].Text == "class" }

// codeAfter returns the index of the first token after i that is not
// whitespace, a newline or a comment, or -1.
func codeAfter(toks []parser.Token, i int) int {
	for j := i + 1; j < len(toks); j++ {
		if !toks[j].Kind.IsTrivia() {
			return j
		}
	}
	return -1
}

// codeBefore returns the index of the last token before i that is not
// whitespace, a newline or a comment, or -1.
func codeBefore(toks []parser.Token, i int) int {
	for j := i - 1; j >= 0; j-- {
		if !toks[j].Kind.IsTrivia() {
			return j
		}
	}
	return -1
}

// hasName reports whether the file has a name token (a keyword, a bare
// word) with the text word: rules reporting something about one word
// skip the files without it, most of them, at the cost of a look at
// each name.
func hasName(p *Pass, word string) bool {
	toks := p.View.Tokens
	for _, i := range p.TokensOf(parser.TokName) {
		if toks[i].Text == word {
			return true
		}
	}
	return false
}

// stringStarts reports whether a string of the file (single- or
// double-quoted, or the text before a double-quoted string's first
// interpolation) starts with prefix.
func stringStarts(p *Pass, prefix string) bool {
	toks := p.View.Tokens
	for _, k := range [...]parser.TokenKind{parser.TokSQString, parser.TokDQString, parser.TokDQPre} {
		for _, i := range p.TokensOf(k) {
			if t := toks[i].Text; len(t) > len(prefix) && t[1:1+len(prefix)] == prefix {
				return true
			}
		}
	}
	return false
}

// isPunct reports whether t is the punctuation text.
func isPunct(t parser.Token, text string) bool { return t.Kind == parser.TokPunct && t.Text == text }

// isKeyword reports whether t is the keyword word.
func isKeyword(t parser.Token, word string) bool {
	return t.Kind == parser.TokName && t.Keyword && t.Text == word
}

// appendDefinitions appends the class and defined type definitions of
// toks to out, in source order of their keywords. Rules get them from
// Pass.Definitions, which scans each file once. A definition runs from its keyword to
// the first } outside its parameter list that closes every { opened after
// the keyword; a class keyword followed by { is a resource, not a
// definition. A definition without such a } is not returned. names are
// the indexes of the name tokens of toks, in order: only a keyword can
// start a definition.
func appendDefinitions(out []definition, toks []parser.Token, names []int32) []definition {
	for _, at := range names {
		i := int(at)
		if t := &toks[i]; !t.Keyword || t.Text != "class" && t.Text != "define" {
			continue
		}
		name := codeAfter(toks, i)
		if name < 0 || isPunct(toks[name], "{") {
			continue
		}
		d := definition{Keyword: i, Name: name, Inherited: -1, ParamOpen: -1, ParamClose: -1, End: -1}
		braces, parens, params := 0, 0, false
		for j := i + 1; j < len(toks) && d.End < 0; j++ {
			u := &toks[j]
			if u.Kind != parser.TokPunct {
				if u.Kind == parser.TokName && u.Keyword && u.Text == "inherits" {
					d.Inherited = codeAfter(toks, j)
				}
				continue
			}
			switch u.Text {
			case "(":
				if parens == 0 {
					params = true
				}
				parens++
			case ")":
				if parens == 1 {
					params = false
				}
				parens--
			case "{":
				braces++
			case "}":
				braces--
				if braces == 0 && !params {
					d.End = j
				}
			}
		}
		if d.End < 0 {
			continue
		}
		// The parameter list is the first ( at depth zero and its ), if
		// it comes before the first { at depth zero.
		depth := 0
	params:
		for j := i + 1; j < d.End; j++ {
			switch {
			case isPunct(toks[j], "("):
				depth++
				if depth == 1 {
					d.ParamOpen = j
				}
			case isPunct(toks[j], ")"):
				depth--
				if depth == 0 {
					d.ParamClose = j
					break params
				}
			case isPunct(toks[j], "{") && depth == 0:
				break params
			}
		}
		if d.ParamClose < 0 {
			d.ParamOpen = -1
		}
		out = append(out, d)
	}
	return out
}
