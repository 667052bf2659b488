package style

import (
	"slices"
	"strings"

	"github.com/ducklint/ducklint/parser"
)

// This file gives the rules that carry over puppet-lint plugin checks
// written against puppet-lint's token types (NAME, FUNCTION_NAME, INDENT,
// TYPE...) the same tokens, typed as puppet-lint's lexer types them, over
// a token view.

// plToken is a token as puppet-lint's lexer makes it: its type name, and
// the byte range [Start, End) it covers.
type plToken struct {
	Type       string
	Start, End int
	Text       string
}

// plKeywordType returns the type puppet-lint's lexer gives the keyword
// word (the word in capitals), or "" for a word it does not type as a
// keyword. A switch, not a map: it runs for every name token.
func plKeywordType(word string) string {
	switch word {
	case "case":
		return "CASE"
	case "class":
		return "CLASS"
	case "default":
		return "DEFAULT"
	case "define":
		return "DEFINE"
	case "import":
		return "IMPORT"
	case "if":
		return "IF"
	case "elsif":
		return "ELSIF"
	case "else":
		return "ELSE"
	case "inherits":
		return "INHERITS"
	case "node":
		return "NODE"
	case "and":
		return "AND"
	case "or":
		return "OR"
	case "undef":
		return "UNDEF"
	case "false":
		return "FALSE"
	case "true":
		return "TRUE"
	case "in":
		return "IN"
	case "unless":
		return "UNLESS"
	case "function":
		return "FUNCTION"
	case "type":
		return "TYPE"
	case "attr":
		return "ATTR"
	case "private":
		return "PRIVATE"
	}
	return ""
}

// plTypes are the capitalised words puppet-lint's lexer types TYPE, not
// CLASSREF.
var plTypes = map[string]bool{
	"Integer": true, "Float": true, "Boolean": true, "Regexp": true, "String": true, "Array": true, "Hash": true,
	"Resource": true, "Class": true, "Collection": true, "Scalar": true, "Numeric": true, "CatalogEntry": true,
	"Data": true, "Tuple": true, "Struct": true, "Optional": true, "NotUndef": true, "Variant": true, "Enum": true,
	"Pattern": true, "Any": true, "Callable": true, "Type": true, "Runtime": true, "Undef": true, "Default": true,
	"Sensitive": true,
}

// plPunctType returns the type puppet-lint's lexer gives the punctuation
// text, or "". A switch, not a map: it runs for every punctuation token.
func plPunctType(text string) string {
	switch text {
	case "[":
		return "LBRACK"
	case "]":
		return "RBRACK"
	case "{":
		return "LBRACE"
	case "}":
		return "RBRACE"
	case "(":
		return "LPAREN"
	case ")":
		return "RPAREN"
	case "==":
		return "ISEQUAL"
	case "=~":
		return "MATCH"
	case "=>":
		return "FARROW"
	case "=":
		return "EQUALS"
	case "+=":
		return "APPENDS"
	case "+>":
		return "PARROW"
	case "+":
		return "PLUS"
	case ">=":
		return "GREATEREQUAL"
	case ">>":
		return "RSHIFT"
	case ">":
		return "GREATERTHAN"
	case "<=":
		return "LESSEQUAL"
	case "<<|":
		return "LLCOLLECT"
	case "<-":
		return "OUT_EDGE"
	case "<~":
		return "OUT_EDGE_SUB"
	case "<|":
		return "LCOLLECT"
	case "<<":
		return "LSHIFT"
	case "<":
		return "LESSTHAN"
	case "!~":
		return "NOMATCH"
	case "!=":
		return "NOTEQUAL"
	case "!":
		return "NOT"
	case "|>>":
		return "RRCOLLECT"
	case "|>":
		return "RCOLLECT"
	case "->":
		return "IN_EDGE"
	case "~>":
		return "IN_EDGE_SUB"
	case "-":
		return "MINUS"
	case ",":
		return "COMMA"
	case ".":
		return "DOT"
	case ":":
		return "COLON"
	case ";":
		return "SEMIC"
	case "?":
		return "QMARK"
	case "\\":
		return "BACKSLASH"
	case "*":
		return "TIMES"
	case "%":
		return "MODULO"
	case "|":
		return "PIPE"
	case "/":
		return "DIV"
	case "@":
		return "AT"
	case "-=":
		return "DELETES"
	}
	return ""
}

// appendPuppetLintScan appends to dst the tokens of v typed as
// puppet-lint's lexer types them, and returns nil tokens when the view
// ends in a lexical error (puppet-lint then reports a syntax problem and
// runs no check). A variable written with its $ and followed at once by
// [...] is one token up to the first ] of each index, as in puppet-lint
// ($h['a'][0]; see plIndexesVariable). In the same pass it appends to at,
// for each token of the view, the index of the puppet-lint token starting
// where it starts, or -1 (all -1 when it returns no tokens), and to each
// list of of the indexes of the tokens of that type of plIndexedTypes.
func appendPuppetLintScan(dst []plToken, at []int32, of *[len(plIndexedTypes)][]int32, v *parser.TokenView) ([]plToken, []int32) {
	toks := v.Tokens
	from := len(at)
	at = slices.Grow(at, len(toks))[:from+len(toks)]
	for i := from; i < len(at); i++ {
		at[i] = -1
	}
	if len(toks) > 0 && toks[len(toks)-1].Kind == parser.TokLexError {
		return nil, at
	}
	src := v.Src
	out := slices.Grow(dst, len(toks)) // at most one puppet-lint token per view token
	startsHere := int32(-1)            // the first token of out starting where its last one starts
	for i := 0; i < len(toks); i++ {
		first := i
		t := &toks[i] // a pointer: a token is five words
		pt := plToken{Start: t.Start, End: t.End, Text: t.Text}
		indexed := -1 // plIndexedType(pt.Type), worked out where it can be
		switch t.Kind {
		case parser.TokWhitespace:
			if hasCloseBrace(t.Text) {
				// The } closing an interpolation, which puppet-lint's
				// lexer makes part of the string's next segment.
				continue
			}
			pt.Type = "WHITESPACE"
			if isIndent(toks, i) {
				pt.Type = "INDENT"
			}
		case parser.TokNewline:
			pt.Type, indexed = "NEWLINE", plIndexedType("NEWLINE")
		case parser.TokComment:
			pt.Type = "COMMENT"
		case parser.TokBlockComment:
			pt.Type = "MLCOMMENT"
		case parser.TokHeredoc:
			pt.Type = "HEREDOC_OPEN"
		case parser.TokHeredocBody:
			pt.Type = "HEREDOC"
		case parser.TokName:
			switch keyword := plKeywordType(t.Text); {
			case keyword != "":
				pt.Type, indexed = keyword, plIndexedType(keyword)
			case i+1 < len(toks) && isPunct(toks[i+1], "("):
				pt.Type = "FUNCTION_NAME"
			default:
				pt.Type = "NAME"
			}
		case parser.TokClassRef:
			pt.Type, indexed = "CLASSREF", plIndexedType("CLASSREF")
			first, _, _ := strings.Cut(strings.TrimPrefix(t.Text, "::"), "::")
			if plTypes[first] && !strings.HasPrefix(t.Text, "::") {
				pt.Type, indexed = "TYPE", plIndexedType("TYPE")
			}
		case parser.TokVariable:
			pt.Type, indexed = "VARIABLE", plIndexedType("VARIABLE")
			end := t.End
			for end < len(src) && src[end] == '[' && plIndexesVariable(toks, i) {
				close := -1
				for k := end + 2; k < len(src) && src[k] != '\n' && src[k] != '\r'; k++ {
					if src[k] == ']' {
						close = k
						break
					}
				}
				if close < 0 {
					break
				}
				end = close + 1
			}
			for i+1 < len(toks) && toks[i+1].Start < end {
				i++
			}
			pt.End, pt.Text = end, v.Text(t.Start, end)
		case parser.TokNumber:
			pt.Type, indexed = "NUMBER", plIndexedType("NUMBER")
		case parser.TokRegex:
			pt.Type = "REGEX"
		case parser.TokSQString:
			pt.Type = "SSTRING"
		case parser.TokDQString:
			pt.Type = "STRING"
		case parser.TokDQPre:
			pt.Type = "DQPRE"
		case parser.TokDQMid:
			pt.Type = "DQMID"
		case parser.TokDQPost:
			pt.Type = "DQPOST"
		case parser.TokFarrow:
			pt.Type, indexed = "FARROW", plIndexedType("FARROW")
		case parser.TokPunct:
			pt.Type = plPunctType(t.Text)
			if pt.Type == "" {
				pt.Type = "PUNCT"
			}
			indexed = plIndexedType(pt.Type)
		default:
			pt.Type = "OTHER"
		}
		if n := len(out); n == 0 || out[n-1].Start != pt.Start {
			startsHere = int32(n)
		}
		at[first] = startsHere // the first token starting here
		if indexed >= 0 {
			of[indexed] = append(of[indexed], int32(len(out)))
		}
		out = append(out, pt)
	}
	return out, at
}

// hasCloseBrace reports whether s, a blank between two tokens, holds a
// }: a short one is looked at byte by byte, without a call.
func hasCloseBrace(s string) bool {
	if len(s) > 16 {
		return strings.IndexByte(s, '}') >= 0
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '}' {
			return true
		}
	}
	return false
}

// plIndexesVariable reports whether the variable toks[i] takes the [...] right
// after it into its token, as puppet-lint's lexer does for a variable
// written with its $: in code, and inside ${...}. A variable in a string
// without braces ("$h[1]") ends at its name, the brackets being string
// text, and so does a name right after ${ ("${h['a']}"), which
// puppet-lint lexes as a name followed by brackets.
func plIndexesVariable(toks []parser.Token, i int) bool {
	if !strings.HasPrefix(toks[i].Text, "$") {
		return false
	}
	if i == 0 {
		return true
	}
	switch prev := toks[i-1]; prev.Kind {
	case parser.TokDQPre, parser.TokDQMid:
		return strings.HasSuffix(prev.Text, "${")
	}
	return true
}

// plIsSingleSpace reports whether t is a WHITESPACE token of one space.
func plIsSingleSpace(t plToken) bool { return t.Type == "WHITESPACE" && t.Text == " " }

// plIsBlank reports whether t is whitespace, an indent or a newline.
func plIsBlank(t plToken) bool {
	return t.Type == "WHITESPACE" || t.Type == "INDENT" || t.Type == "NEWLINE"
}

// plPrevNonSpace returns the index of the last token before i that is not
// blank (comments count), or -1.
func plPrevNonSpace(toks []plToken, i int) int {
	for j := i - 1; j >= 0; j-- {
		if !plIsBlank(toks[j]) {
			return j
		}
	}
	return -1
}

// plNextNonSpace returns the index of the first token after i that is not
// blank (comments count), or -1.
func plNextNonSpace(toks []plToken, i int) int {
	for j := i + 1; j < len(toks); j++ {
		if !plIsBlank(toks[j]) {
			return j
		}
	}
	return -1
}

// plAfterBracket are the token types that may follow a closing bracket or
// brace directly.
var plAfterBracket = map[string]bool{
	"RBRACK": true, "RPAREN": true, "SEMIC": true, "COMMA": true, "COLON": true, "DOT": true, "NEWLINE": true,
	"DQMID": true, "DQPOST": true, "LBRACK": true, "HEREDOC_MID": true, "HEREDOC_POST": true,
}

// plIs reports whether toks[i] exists and has one of the types.
func plIs(toks []plToken, i int, types ...string) bool {
	if i < 0 || i >= len(toks) {
		return false
	}
	for _, ty := range types {
		if toks[i].Type == ty {
			return true
		}
	}
	return false
}

// plNextOfType returns the index of the first token after i of one of the
// types, or -1 (puppet-lint's next_token_of).
func plNextOfType(toks []plToken, i int, types ...string) int {
	for j := i + 1; j < len(toks); j++ {
		if plIs(toks, j, types...) {
			return j
		}
	}
	return -1
}

// plDefinitionKeywords returns the indexes in toks of the class and define
// keywords of the view's definitions (puppet-lint's class_indexes and
// defined_type_indexes).
func plDefinitionKeywords(p *Pass, toks []plToken) []int {
	var out []int
	for _, d := range p.Definitions() {
		start := p.View.Tokens[d.Keyword].Start
		i, ok := slices.BinarySearchFunc(toks, start, func(t plToken, off int) int { return t.Start - off })
		if ok {
			out = append(out, i)
		}
	}
	return out
}

// reportSingleSpace reports at t that one space belongs there, with the
// fix puppet-lint-manifest_whitespace-check's checks share: blanks become
// one space; anything else is not fixed.
func reportSingleSpace(p *Pass, t plToken, message string) {
	f := Finding{Start: t.Start, End: t.End, Message: message}
	if t.Type == "WHITESPACE" {
		f.Edits = []Edit{{Start: t.Start, End: t.End, NewText: " "}}
	}
	p.Report(f)
}

// runAfterClosing reports what follows a closing token of the type (RBRACE
// or RBRACK) when it is neither one of plAfterBracket's nor blanks before
// something that is not (puppet-lint-manifest_whitespace-check's
// closing_brace_after and closing_bracket_after). Their fix removes the
// blanks after the token.
func runAfterClosing(p *Pass, closing, message string) {
	toks := p.PuppetLintTokens()
	for _, at := range p.plTokensOf(closing) {
		i := int(at)
		if i+1 >= len(toks) || plAfterBracket[toks[i+1].Type] {
			continue
		}
		next := toks[i+1]
		if next.Type == "WHITESPACE" {
			code := plNextNonSpace(toks, i)
			if code < 0 || !plAfterBracket[toks[code].Type] {
				continue
			}
		}
		f := Finding{Start: next.Start, End: next.End, Message: message}
		if next.Type == "WHITESPACE" {
			f.Edits = []Edit{{Start: next.Start, End: next.End}}
		}
		p.Report(f)
	}
}

// plNewlineBetween reports whether a NEWLINE token lies between indexes a
// and b.
func plNewlineBetween(toks []plToken, a, b int) bool {
	for j := a + 1; j < b; j++ {
		if toks[j].Type == "NEWLINE" {
			return true
		}
	}
	return false
}
