package parser

import (
	"bytes"
	"slices"
	"sort"
)

// TokenKind is the kind of a token of a TokenView.
type TokenKind uint8

// The kinds of a TokenView's tokens. The trivia kinds (Whitespace,
// Newline, Comment, BlockComment, HeredocBody) cover the text between the
// lexer's tokens, so that the tokens of a view tile the file.
const (
	TokWhitespace   TokenKind = iota + 1 // blanks within one line
	TokNewline                           // "\n" or "\r\n"
	TokComment                           // # to the end of the line
	TokBlockComment                      // /* ... */
	TokHeredocBody                       // a heredoc's text and its end tag line
	TokName                              // a bare word, a keyword, a qualified name
	TokClassRef                          // a capitalised type name
	TokVariable                          // $name (also inside strings)
	TokSQString                          // a single-quoted string
	TokDQString                          // a double-quoted string without interpolation
	TokDQPre                             // `"text${` or `"text` before $var
	TokDQMid                             // text between two interpolations
	TokDQPost                            // text after the last interpolation, with the quote
	TokHeredoc                           // the @(TAG) opener
	TokNumber
	TokRegex
	TokFarrow   // =>
	TokPunct    // any other operator or punctuation
	TokLexError // where lexing stopped: the rest of the file
)

var tokenKindNames = [...]string{
	TokWhitespace: "whitespace", TokNewline: "newline", TokComment: "comment",
	TokBlockComment: "block comment", TokHeredocBody: "heredoc body", TokName: "name",
	TokClassRef: "class reference", TokVariable: "variable", TokSQString: "single-quoted string",
	TokDQString: "double-quoted string", TokDQPre: "string start", TokDQMid: "string middle",
	TokDQPost: "string end", TokHeredoc: "heredoc", TokNumber: "number", TokRegex: "regex",
	TokFarrow: "=>", TokPunct: "punctuation", TokLexError: "lexical error",
}

func (k TokenKind) String() string {
	if int(k) < len(tokenKindNames) && tokenKindNames[k] != "" {
		return tokenKindNames[k]
	}
	return "unknown"
}

// IsTrivia reports whether k is whitespace, a newline or a comment.
func (k TokenKind) IsTrivia() bool { return k >= TokWhitespace && k <= TokBlockComment }

// Token is one token of a TokenView: its kind and its byte range [Start,
// End) in the source. Keyword tells a keyword from other names; Text is the
// source text of the token.
type Token struct {
	Kind    TokenKind
	Keyword bool
	Start   int
	End     int
	Text    string
}

// TokenView is a manifest as a sequence of tokens including whitespace,
// newlines and comments, in source order, for rules about layout and
// style. It is built on demand by lexing the source again, so parsing
// itself keeps no tokens.
type TokenView struct {
	str    string
	Src    []byte
	Lines  *LineIndex
	Tokens []Token
	// lexed is the lexer's token buffer, kept for the next Reset: a whole
	// file's tokens outgrow the parser's recycled windows.
	lexed []token
}

// Text returns the source text of the byte range [start, end) as a
// string sharing the source's memory, as the tokens' Text does: no copy.
func (v *TokenView) Text(start, end int) string { return v.str[start:end] }

// NewTokenView lexes src (a manifest, not EPP) into a TokenView. When the
// lexer fails, the view ends with a TokLexError token covering the rest of
// the file.
func NewTokenView(src []byte, lines *LineIndex) *TokenView {
	v := &TokenView{}
	v.reset(src, lines, false)
	return v
}

// Reset makes v the view of src, as NewTokenView does, reusing the memory
// of v's tokens: a caller that views many files one after another keeps
// one view instead of allocating a token slice per file. Tokens of the
// previous file are overwritten, so nothing may still refer to them.
func (v *TokenView) Reset(src []byte, lines *LineIndex) { v.reset(src, lines, true) }

// reset is Reset; keep tells whether v keeps the lexer's buffer for the
// next file or returns it to the parser's pool.
func (v *TokenView) reset(src []byte, lines *LineIndex, keep bool) {
	if lines == nil {
		lines = NewLineIndex(src)
	}
	buf := v.lexed
	if buf == nil {
		buf = (*tokenBuffers.Get().(*[]token))[:0]
	}
	l := newLexerInto(src, false, nil, buf)
	raw := l.lex()
	lexed := raw[:0]
	if !keep {
		lexed = nil
		defer l.release()
	}
	// A file has about as many trivia tokens as lexer tokens.
	toks := v.Tokens[:0]
	if cap(toks) < 2*len(raw) {
		toks = make([]Token, 0, 2*len(raw))
	}
	*v = TokenView{str: l.str, Src: src, Lines: lines, Tokens: toks, lexed: lexed}
	str := l.str
	// Heredoc bodies are lexed apart from the surrounding code; the view
	// keeps each body (with its end tag) as one token.
	type span struct{ start, end int }
	var bodies []span
	for _, t := range raw {
		if hd := l.store.heredoc(t); t.kind == tHEREDOC && hd != nil && hd.bodyEnd >= hd.bodyStart {
			bodies = append(bodies, span{hd.bodyStart, heredocEnd(src, hd)})
		}
	}
	// Without heredocs every token is code; with them, the tokens inside
	// a body are dropped, in place (the lexer's buffer is v's), and each
	// body takes their place as one token.
	code := raw
	if len(bodies) > 0 {
		slices.SortFunc(bodies, func(a, b span) int { return a.start - b.start })
		code = raw[:0]
		for _, t := range raw {
			// The last body starting at or before t; bodies do not overlap.
			i := sort.Search(len(bodies), func(i int) bool { return bodies[i].start > int(t.start) }) - 1
			if i < 0 || int(t.start) >= bodies[i].end {
				code = append(code, t)
			}
		}
		for _, b := range bodies {
			code = append(code, token{kind: tHEREDOCBODY, start: int32(b.start), end: int32(b.end)})
		}
	}
	// Sorted unless the lexer went back (a heredoc's body): checked
	// without a call per token.
	for i := 1; i < len(code); i++ {
		if code[i].start < code[i-1].start {
			slices.SortStableFunc(code, func(a, b token) int { return int(a.start) - int(b.start) })
			break
		}
	}
	// The tokens are appended to a local slice, stored in v at the end.
	out := v.Tokens
	defer func() { v.Tokens = out }()
	pos := 0
	for i := range code {
		t := &code[i]
		start, end := int(t.start), int(t.end)
		if t.kind == tEOF {
			break
		}
		if t.kind == tLexErr {
			out = appendGap(out, src, str, pos, start)
			if start < len(src) {
				out = append(out, Token{Kind: TokLexError, Start: start, End: len(src), Text: str[start:]})
			}
			return
		}
		if start < pos {
			continue // a token inside one already placed
		}
		switch {
		case pos+1 == start && src[pos] == ' ':
			// The most common gap, one space, without a call.
			out = append(out, Token{Kind: TokWhitespace, Start: pos, End: start, Text: str[pos:start]})
		case pos < start:
			out = appendGap(out, src, str, pos, start)
		}
		out = append(out, Token{Kind: viewKind(t), Keyword: t.kind.isKeyword(), Start: start, End: end, Text: str[start:end]})
		pos = end
	}
	out = appendGap(out, src, str, pos, len(src))
}

// heredocEnd returns the offset just past the end tag line of a heredoc
// (without its newline).
func heredocEnd(src []byte, hd *heredocInfo) int {
	p := hd.bodyEnd
	if i := bytes.Index(src[p:], []byte(hd.tag)); i >= 0 {
		p += i + len(hd.tag)
	}
	for p < len(src) && src[p] != '\n' && src[p] != '\r' {
		p++
	}
	return p
}

func viewKind(t *token) TokenKind {
	switch t.kind {
	case tHEREDOCBODY:
		return TokHeredocBody
	case tOther:
		return TokPunct
	case tNAME, tWORD:
		return TokName
	case tCLASSREF:
		return TokClassRef
	case tVARIABLE:
		return TokVariable
	case tSTRING:
		if t.quote == '"' {
			return TokDQString
		}
		return TokSQString
	case tDQPRE:
		return TokDQPre
	case tDQMID:
		return TokDQMid
	case tDQPOST:
		return TokDQPost
	case tHEREDOC:
		return TokHeredoc
	case tNUMBER:
		return TokNumber
	case tREGEX:
		return TokRegex
	case tFARROW:
		return TokFarrow
	}
	if t.kind.isKeyword() {
		return TokName
	}
	return TokPunct
}

// appendGap appends to toks the trivia tokens of src[start:end] (str is
// src as a string), the text between two lexer tokens.
func appendGap(toks []Token, src []byte, str string, start, end int) []Token {
	for p := start; p < end; {
		q := p
		var kind TokenKind
		switch c := src[p]; {
		case c == '\n':
			kind, q = TokNewline, p+1
		case c == '\r' && p+1 < end && src[p+1] == '\n':
			kind, q = TokNewline, p+2
		case c == '#':
			// To the line's end: its "\n", or the "\r\n" that ends with it.
			kind = TokComment
			if i := bytes.IndexByte(src[p:end], '\n'); i < 0 {
				q = end
			} else if q = p + i; src[q-1] == '\r' {
				q--
			}
		case c == '/' && p+1 < end && src[p+1] == '*':
			kind = TokBlockComment
			if i := bytes.Index(src[p+2:end], []byte("*/")); i >= 0 {
				q = p + 2 + i + 2
			} else {
				q = end
			}
		default:
			kind = TokWhitespace
			for q < end && (src[q] == ' ' || src[q] == '\t') {
				q++
			}
			for q < end && src[q] != '\n' && src[q] != '#' && !(src[q] == '\r' && q+1 < end && src[q+1] == '\n') &&
				!(src[q] == '/' && q+1 < end && src[q+1] == '*') {
				q++
			}
		}
		toks = append(toks, Token{Kind: kind, Start: p, End: q, Text: str[p:q]})
		p = q
	}
	return toks
}
