package parser

import (
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// lexAbort is panicked inside the lexer on a fatal lexical error and
// recovered in lex; it never escapes the package.
type lexAbort struct{}

// lexError is a fatal lexical error.
type lexError struct {
	msg string
	off int // global byte offset
}

// eppMode is the EPP state of the lexer.
type eppMode uint8

const (
	eppOff eppMode = iota
	eppText
	eppCode
	eppExpr
)

// lexer turns Puppet source into tokens. It mirrors Puppet's lexer2.rb: all
// context-dependent decisions use only the previous token and the
// characters around the current position, so the whole file is lexed
// before parsing.
type lexer struct {
	src   []byte
	nodes *nodeSlabs // where comments are allocated (the parser's)
	// str is src as a string; token values are substrings of it, so that
	// names and numbers cost no allocation of their own.
	str  string
	pos  int
	toks []token
	// box is what the token window came from the pool in, to go back in,
	// so that a file's lex allocates no box of its own.
	box *[]token
	// store holds the tokens' values and heredocs: own, or for a heredoc
	// body's lexer, its file's.
	store *lexStore
	own   lexStore
	// after is the kind of the previous token (regex decisions, SELBRACE).
	after       tokKind
	lineStart   int // offset where the current line's lexing started (WSLPAREN)
	newlineJump int // where to continue at the next newline after heredocs, or -1
	braceCount  int
	tasks       bool
	epp         eppMode
	eppOpen     bool
	comments    *[]*Comment
	err         *lexError
	// lastMatch approximates the scanner's last match, which Puppet names
	// in "Unclosed quote after ..." for unterminated interpolations.
	// It is kept as a source range to avoid allocating on every token.
	lastMatch [2]int
	// depth counts nested interpolations and heredocs, bounded by maxDepth.
	depth int
	// started and done track incremental lexing (fill).
	started, done bool

	// sub is set for a heredoc body lexer: it maps local offsets to file
	// offsets.
	sub *subMap
	// uqEscapes is the escape set of a heredoc body; uqDollarEscapes tells
	// whether "\$" blocks interpolation.
	uqEscapes       string
	uqDollarEscapes bool
}

// subMap maps offsets in a margin-stripped heredoc text to file offsets.
type subMap struct {
	lineStarts []int // local offset of each line start
	delta      []int // global = local + delta[line]
}

func (m *subMap) global(off int) int {
	lo, hi := 0, len(m.lineStarts)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if m.lineStarts[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return off + m.delta[lo]
}

// g maps a local offset to a file offset.
func (l *lexer) g(off int) int {
	if l.sub == nil {
		return off
	}
	return l.sub.global(off)
}

func newLexer(src []byte, tasks bool, comments *[]*Comment) *lexer {
	// The parser pulls tokens into a window that it compacts, so the slice
	// stays small whatever the file size, and it is recycled between files.
	box := tokenBuffers.Get().(*[]token)
	l := newLexerInto(src, tasks, comments, (*box)[:0])
	l.box = box
	return l
}

// newLexerInto returns a lexer that appends its tokens to toks, a buffer
// the caller owns (and does not release).
func newLexerInto(src []byte, tasks bool, comments *[]*Comment, toks []token) *lexer {
	// The string view shares src instead of copying it: token values are
	// substrings of it, and a copy was a second live copy of every source
	// file for the whole run. Callers of ParseFile do not modify src.
	str := unsafe.String(unsafe.SliceData(src), len(src))
	l := &lexer{src: src, str: str, toks: toks, tasks: tasks, newlineJump: -1, comments: comments, after: tEOF}
	l.own.file = str
	l.store = &l.own
	return l
}

// tok returns a token of kind from local offsets start to end with value
// val.
func (l *lexer) tok(kind tokKind, start, end int, val string) token {
	vs, ve := l.store.ref(val)
	return token{kind: kind, start: int32(l.g(start)), end: int32(l.g(end)), vs: vs, ve: ve}
}

// textTok is tok for a string part whose literal text runs from local
// offsets textStart to textEnd.
func (l *lexer) textTok(kind tokKind, start, end int, val string, textStart, textEnd int) token {
	t := l.tok(kind, start, end, val)
	t.textStart, t.textEnd = int32(l.g(textStart)), int32(l.g(textEnd))
	return t
}

// tokenBuffers recycles token windows between parses. Nothing refers to a
// file's tokens once it is parsed, and allocating and growing a new window
// for every file was a fifth of the parse time of a module tree.
var tokenBuffers = sync.Pool{New: func() any {
	buf := make([]token, 0, 2*tokenWindow+128)
	return &buf
}}

// maxPooledTokens bounds the windows kept for reuse: a window that grew
// large (speculative parsing of a huge expression) is left to the GC.
const maxPooledTokens = 8 * tokenWindow

// release returns the token window for reuse. Tokens hold no pointers,
// so a pooled window keeps nothing alive and needs no clearing.
func (l *lexer) release() {
	toks := l.toks[:0]
	l.toks = nil
	if cap(toks) > maxPooledTokens {
		return
	}
	box := l.box
	if box == nil {
		box = new([]token)
	}
	*box = toks
	l.box = nil
	tokenBuffers.Put(box)
}

// lex scans the whole input. On a fatal error the token list ends with a
// tLexErr token carrying the message; otherwise it ends with tEOF.
func (l *lexer) lex() []token {
	for !l.done {
		// Doubling, where append grows a large slice by a quarter: the
		// copies left behind of a large file's tokens were four times
		// the tokens. A small file keeps the pooled buffer.
		if len(l.toks) >= 4096 && cap(l.toks)-len(l.toks) < 4096 {
			l.toks = slices.Grow(l.toks, len(l.toks))
		}
		l.fill(len(l.toks) + 4096)
	}
	return l.toks
}

// fill lexes until l.toks holds at least n tokens or the input is done;
// the final token is tEOF or tLexErr. The parser pulls tokens this way, as
// Puppet's parser does, so a syntax error before a lexical error is the
// one reported, and tokens already parsed can be dropped.
func (l *lexer) fill(n int) {
	if l.done {
		return
	}
	l.run(func() {
		if !l.started {
			l.started = true
			if l.epp != eppOff {
				l.epp = eppText
				l.interpolateEPP(false)
			} else {
				l.skipWS()
			}
		}
		for len(l.toks) < n && l.pos < len(l.src) {
			l.next()
		}
		if l.pos >= len(l.src) && l.epp != eppOff && l.eppOpen {
			l.fail("Unbalanced epp tag, reached <eof> without closing tag.", len(l.src))
		}
	})
	if l.err != nil {
		vs, ve := l.store.ref(l.err.msg)
		l.toks = append(l.toks, token{kind: tLexErr, start: int32(l.err.off), end: int32(l.err.off), vs: vs, ve: ve})
		l.done = true
	} else if l.pos >= len(l.src) {
		end := int32(l.g(len(l.src)))
		l.toks = append(l.toks, token{kind: tEOF, start: end, end: end})
		l.done = true
	}
}

// run calls f, turning a lexAbort panic into a normal return.
func (l *lexer) run(f func()) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(lexAbort); !ok {
				panic(r)
			}
		}
	}()
	f()
}

// fail records a fatal error at local offset off and aborts lexing.
func (l *lexer) fail(msg string, off int) {
	off = min(max(off, 0), len(l.src))
	if l.err == nil {
		l.err = &lexError{msg: msg, off: l.g(off)}
	}
	panic(lexAbort{})
}

// emit appends a token of kind from local offsets start to end with
// value val. It makes the token as tok does instead of calling tok:
// emit makes every token of a file, and tok is too large to be inlined.
func (l *lexer) emit(kind tokKind, start, end int, val string) {
	vs, ve := l.store.ref(val)
	if l.sub != nil {
		start, end = l.sub.global(start), l.sub.global(end)
	}
	l.toks = append(l.toks, token{kind: kind, start: int32(start), end: int32(end), vs: vs, ve: ve})
	l.after = kind
}

// emitOp emits an operator of n bytes, its text its value.
func (l *lexer) emitOp(kind tokKind, n int) {
	l.emit(kind, l.pos, l.pos+n, l.str[l.pos:l.pos+n])
	l.pos += n
}

func (l *lexer) peekAt(i int) byte {
	if i < len(l.src) {
		return l.src[i]
	}
	return 0
}

// blankAt returns the length of a [[:blank:]\r] character at i, or 0.
func (l *lexer) blankAt(i int) int {
	if i >= len(l.src) {
		return 0
	}
	c := l.src[i]
	if c == ' ' || c == '\t' || c == '\r' {
		return 1
	}
	if c < utf8.RuneSelf {
		return 0
	}
	r, n := utf8.DecodeRune(l.src[i:])
	if r != utf8.RuneError && unicode.Is(unicode.Zs, r) {
		return n
	}
	return 0
}

func (l *lexer) skipWS() {
	start := l.pos
	for {
		// Spaces and tabs, the common case, without blankAt's call.
		for l.pos < len(l.src) && (l.src[l.pos] == ' ' || l.src[l.pos] == '\t') {
			l.pos++
		}
		n := l.blankAt(l.pos)
		if n == 0 {
			break
		}
		l.pos += n
	}
	if l.pos > start {
		l.lastMatch = [2]int{start, l.pos}
	}
}

// isWordByte reports whether c is a \w character in ASCII: [A-Za-z0-9_].
// A table look-up: one load where the ranges take four comparisons.
func isWordByte(c byte) bool { return wordBytes[c] != 0 }

// wordBytes holds 1 at the index of each byte isWordByte accepts.
const wordBytes = "" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x00\x00\x00\x00\x00\x00" +
	"\x00\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01" +
	"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x00\x00\x00\x00\x01" +
	"\x00\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01" +
	"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isHexDigit(c byte) bool {
	return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// regexpAcceptable reports whether a '/' may start a regex after the
// previous token (lexer2.rb regexp_acceptable?).
func (l *lexer) regexpAcceptable() bool {
	switch l.after {
	case tRPAREN, tRBRACK, tRRCOLLECT, tRCOLLECT,
		tNAME, tCLASSREF, tNUMBER, tSTRING, tBOOLEAN, tDQPRE, tDQMID, tDQPOST,
		tHEREDOC, tREGEX, tVARIABLE, tWORD:
		return false
	}
	return true
}

// next lexes one token (or skips whitespace/comments) at l.pos.
func (l *lexer) next() {
	c := l.src[l.pos]
	p := l.pos
	switch c {
	case ' ', '\t', '\r':
		l.skipWS()
	case '\n':
		if l.newlineJump >= 0 {
			l.pos = l.newlineJump
			l.newlineJump = -1
		} else {
			l.pos++
		}
		l.lineStart = l.pos
	case '#':
		e := len(l.src)
		if i := strings.IndexByte(l.str[p:], '\n'); i >= 0 {
			e = p + i
		}
		te := e
		if te > p+1 && l.src[te-1] == '\r' {
			te--
		}
		l.addComment(p, e, l.str[p+1:te], false)
		l.pos = e
	case '.':
		l.emitOp(tDOT, 1)
	case ',':
		l.emitOp(tCOMMA, 1)
	case '[':
		if p == 0 || l.precededByBlank(p) {
			l.emitOp(tLISTSTART, 1)
		} else {
			l.emitOp(tLBRACK, 1)
		}
	case ']':
		l.emitOp(tRBRACK, 1)
	case '(':
		ws := true
		for i := l.lineStart; i < p; {
			n := l.blankAt(i)
			if n == 0 {
				ws = false
				break
			}
			i += n
		}
		if ws {
			l.emitOp(tWSLPAREN, 1)
		} else {
			l.emitOp(tLPAREN, 1)
		}
	case ')':
		l.emitOp(tRPAREN, 1)
	case ';':
		l.emitOp(tSEMIC, 1)
	case '?':
		l.emitOp(tQMARK, 1)
	case '*':
		l.emitOp(tTIMES, 1)
	case '%':
		if l.epp != eppOff && l.peekAt(p+1) == '>' {
			l.pos += 2
			if l.epp == eppExpr {
				l.emit(tEPPEND, p, p+2, "%>")
			}
			l.epp = eppText
			l.interpolateEPP(false)
		} else {
			l.emitOp(tMODULO, 1)
		}
	case '{':
		l.braceCount++
		if l.after == tQMARK {
			l.emitOp(tSELBRACE, 1)
		} else {
			l.emitOp(tLBRACE, 1)
		}
	case '}':
		l.braceCount--
		l.emitOp(tRBRACE, 1)
	case '@':
		switch l.peekAt(p + 1) {
		case '@':
			l.emitOp(tATAT, 2)
		case '(':
			l.heredoc()
		default:
			l.emitOp(tAT, 1)
		}
	case '|':
		if l.peekAt(p+1) == '>' {
			if l.peekAt(p+2) == '>' {
				l.emitOp(tRRCOLLECT, 3)
			} else {
				l.emitOp(tRCOLLECT, 2)
			}
		} else {
			l.emitOp(tPIPE, 1)
		}
	case '=':
		switch l.peekAt(p + 1) {
		case '=':
			l.emitOp(tISEQUAL, 2)
		case '>':
			l.emitOp(tFARROW, 2)
		case '~':
			l.emitOp(tMATCH, 2)
		default:
			l.emitOp(tEQUALS, 1)
		}
	case '+':
		switch l.peekAt(p + 1) {
		case '=':
			l.emitOp(tAPPENDS, 2)
		case '>':
			l.emitOp(tPARROW, 2)
		default:
			l.emitOp(tPLUS, 1)
		}
	case '-':
		if l.epp != eppOff && l.peekAt(p+1) == '%' && l.peekAt(p+2) == '>' {
			l.pos += 3
			if l.epp == eppExpr {
				l.emit(tEPPENDTRIM, p, p+3, "-%>")
			}
			l.epp = eppText
			l.interpolateEPP(true)
			return
		}
		switch l.peekAt(p + 1) {
		case '>':
			l.emitOp(tINEDGE, 2)
		case '=':
			l.emitOp(tDELETES, 2)
		default:
			l.emitOp(tMINUS, 1)
		}
	case '!':
		switch l.peekAt(p + 1) {
		case '=':
			l.emitOp(tNOTEQUAL, 2)
		case '~':
			l.emitOp(tNOMATCH, 2)
		default:
			l.emitOp(tNOT, 1)
		}
	case '~':
		if l.peekAt(p+1) == '>' {
			l.emitOp(tINEDGESUB, 2)
		} else {
			l.emitOp(tTILDE, 1)
		}
	case '/':
		l.slash()
	case '<':
		switch l.peekAt(p + 1) {
		case '<':
			if l.peekAt(p+2) == '|' {
				l.emitOp(tLLCOLLECT, 3)
			} else {
				l.emitOp(tLSHIFT, 2)
			}
		case '=':
			l.emitOp(tLESSEQUAL, 2)
		case '|':
			l.emitOp(tLCOLLECT, 2)
		case '-':
			l.emitOp(tOUTEDGE, 2)
		case '~':
			l.emitOp(tOUTEDGESUB, 2)
		default:
			l.emitOp(tLESSTHAN, 1)
		}
	case '>':
		switch l.peekAt(p + 1) {
		case '>':
			l.emitOp(tRSHIFT, 2)
		case '=':
			l.emitOp(tGREATEREQUAL, 2)
		default:
			l.emitOp(tGREATERTHAN, 1)
		}
	case ':':
		l.colon()
	case '$':
		l.dollar()
	case '"':
		l.interpolateDQ()
	case '\'':
		l.sqString()
	default:
		switch {
		case isDigit(c):
			l.number()
		case c >= 'a' && c <= 'z' || c == '_':
			l.bareWord()
		case c >= 'A' && c <= 'Z':
			l.classRef()
		default:
			if n := l.blankAt(p); n > 0 {
				l.skipWS()
				return
			}
			_, n := utf8.DecodeRune(l.src[p:])
			l.emit(tOther, p, p+n, "")
			l.pos += n
		}
	}
}

// precededByBlank reports whether the character before p is a blank or a
// line break (LISTSTART rule).
func (l *lexer) precededByBlank(p int) bool {
	c := l.src[p-1]
	if c == ' ' || c == '\t' || c == '\r' || c == '\n' {
		return true
	}
	if c < utf8.RuneSelf {
		return false
	}
	r, _ := utf8.DecodeLastRune(l.src[:p])
	return r != utf8.RuneError && unicode.Is(unicode.Zs, r)
}

func (l *lexer) addComment(start, end int, text string, block bool) {
	if l.comments == nil {
		return
	}
	own := true
	for i := start - 1; i >= 0 && l.src[i] != '\n'; i-- {
		if c := l.src[i]; c != ' ' && c != '\t' && c != '\r' {
			own = false
			break
		}
	}
	var c *Comment
	if l.nodes != nil {
		c = l.nodes.comments.New()
	} else {
		c = &Comment{}
	}
	*c = Comment{Text: text, Block: block, OwnLine: own}
	c.Start.Offset, c.End.Offset = int32(l.g(start)), int32(l.g(end))
	*l.comments = append(*l.comments, c)
}

// slash lexes a multi-line comment, a regex or a division.
func (l *lexer) slash() {
	p := l.pos
	if l.peekAt(p+1) == '*' {
		i := strings.Index(l.str[p+2:], "*/")
		if i < 0 {
			l.fail("Unclosed multiline comment", p)
		}
		e := p + 2 + i + 2
		l.addComment(p, e, l.str[p+2:e-2], true)
		l.pos = e
		return
	}
	if l.regexpAcceptable() {
		// PATTERN_REGEX /[^/]*/ plus continuation over escaped slashes.
		e := p + 1
		for e < len(l.src) && l.src[e] != '/' {
			e++
		}
		if e < len(l.src) {
			// The value is src[p:e+1]; an escaped end continues the regex.
			for escapedEnd(l.src[p : e+1]) {
				n := e + 1
				for n < len(l.src) && l.src[n] != '/' {
					n++
				}
				if n >= len(l.src) {
					l.emitOp(tDIV, 1)
					return
				}
				e = n
			}
			body := strings.ReplaceAll(l.str[p+1:e], `\/`, "/")
			l.emit(tREGEX, p, e+1, body)
			l.pos = e + 1
			return
		}
	}
	l.emitOp(tDIV, 1)
}

// escapedEnd reports whether the regex text v (with both slashes) ends in
// an escaped slash.
func escapedEnd(v []byte) bool {
	if len(v) < 2 || v[len(v)-2] != '\\' {
		return false
	}
	escaped := false
	for _, c := range v[1 : len(v)-1] {
		if c == '\\' {
			escaped = !escaped
		} else {
			escaped = false
		}
	}
	return escaped
}

// colon lexes ':', or a name or class reference starting with '::'.
func (l *lexer) colon() {
	p := l.pos
	if l.peekAt(p+1) != ':' {
		l.emitOp(tCOLON, 1)
		return
	}
	c := l.peekAt(p + 2)
	if c >= 'A' && c <= 'Z' {
		e := scanClassRef(l.src, p)
		if e > p && (l.peekAt(e) != ':' || l.peekAt(e+1) != ':') {
			l.emit(tCLASSREF, p, e, l.str[p:e])
			l.pos = e
			return
		}
		l.fail("Illegal fully qualified class reference", e+3)
	}
	e, name := scanWord(l.src, p)
	if e == p {
		l.fail("Illegal fully qualified name", p+2)
	}
	v := l.str[p:e]
	if name {
		l.emit(tNAME, p, e, v)
	} else {
		l.emit(tWORD, p, e, v)
	}
	l.pos = e
}

// scanClassRef matches ((::)?[A-Z]\w*)+ at p and returns the end, or p.
func scanClassRef(src []byte, p int) int {
	e := p
	for {
		i := e
		if i+1 < len(src) && src[i] == ':' && src[i+1] == ':' {
			i += 2
		}
		if i >= len(src) || src[i] < 'A' || src[i] > 'Z' {
			return e
		}
		i++
		for i < len(src) && isWordByte(src[i]) {
			i++
		}
		e = i
	}
}

// scanWord matches a bare word, ((::)?[a-z_]([\w-]*\w)?)+, at p and returns
// its end, or p; name tells whether the word is also a NAME,
// ((::)?[a-z]\w*)(::[a-z]\w*)*: one pass decides both, for every bare word.
// A bare word is a name unless a segment starts with '_' or holds '-'.
func scanWord(src []byte, p int) (end int, name bool) {
	e, name := p, true
	for {
		i := e
		if i+1 < len(src) && src[i] == ':' && src[i+1] == ':' {
			i += 2
		}
		if i >= len(src) || (src[i] < 'a' || src[i] > 'z') && src[i] != '_' {
			return e, name
		}
		segName := src[i] != '_'
		i++
		last, dash := i, false
		for ; i < len(src); i++ {
			c := src[i]
			if isWordByte(c) {
				last = i + 1
				segName = segName && !dash
			} else if c == '-' {
				dash = true
			} else {
				break
			}
		}
		e, name = last, name && segName
	}
}

func (l *lexer) bareWord() {
	p := l.pos
	e, name := scanWord(l.src, p)
	v := l.str[p:e]
	if name {
		k, ok := keyword(v)
		if !ok && l.tasks {
			switch v {
			case "plan":
				k, ok = tPLAN, true
			case "apply":
				k, ok = tAPPLY, true
			}
		}
		if !ok {
			k = tNAME
		}
		l.emit(k, p, e, v)
	} else {
		l.emit(tWORD, p, e, v)
	}
	l.pos = e
	l.lastMatch = [2]int{p, e}
}

func (l *lexer) classRef() {
	p := l.pos
	e := scanClassRef(l.src, p)
	if l.peekAt(e) == ':' && l.peekAt(e+1) == ':' {
		l.fail("Illegal class reference", e+1)
	}
	l.emit(tCLASSREF, p, e, l.str[p:e])
	l.pos = e
	l.lastMatch = [2]int{p, e}
}

// dollar lexes a variable: \$(::)?(\w+::)*\w+, or an empty variable.
func (l *lexer) dollar() {
	p := l.pos
	e := scanVarName(l.src, p+1)
	if e == p+1 {
		l.emit(tVARIABLE, p, p+1, "")
		l.pos = p + 1
		return
	}
	l.emit(tVARIABLE, p, e, l.str[p+1:e])
	l.pos = e
	l.lastMatch = [2]int{p, e}
}

// scanVarName matches (::)?(\w+::)*\w+ at p and returns the end, or p.
func scanVarName(src []byte, p int) int {
	try := func(i int) int {
		end := -1
		for {
			s := i
			for i < len(src) && isWordByte(src[i]) {
				i++
			}
			if i == s {
				return end
			}
			end = i
			if i+1 < len(src) && src[i] == ':' && src[i+1] == ':' {
				i += 2
				continue
			}
			return end
		}
	}
	if p+1 < len(src) && src[p] == ':' && src[p+1] == ':' {
		if e := try(p + 2); e > 0 {
			return e
		}
	}
	if e := try(p); e > 0 {
		return e
	}
	return p
}

// number lexes a number and checks it like Puppet's assert_numeric.
func (l *lexer) number() {
	p := l.pos
	e := matchNumber(l.src, p)
	if e > p {
		v := l.str[p:e]
		if msg := assertNumeric(v); msg != "" {
			l.fail(msg, p)
		}
		l.emit(tNUMBER, p, e, v)
		l.pos = e
		l.lastMatch = [2]int{p, e}
		return
	}
	// Puppet's recovery for an invalid number: take the word characters,
	// and when they follow "digits." report the whole number from its start.
	e = p
	for e < len(l.src) && isWordByte(l.src[e]) {
		e++
	}
	before := p
	v := l.str[p:e]
	if p > 1 && l.src[p-1] == '.' && isDigit(l.src[p-2]) {
		before = p - 2
		for before > 0 && isDigit(l.src[before-1]) {
			before--
		}
		v = l.str[before:e]
	}
	if msg := assertNumeric(v); msg != "" {
		l.fail(msg, before)
	}
	l.fail("Illegal number '"+v+"'", before+1)
}

// matchNumber matches PATTERN_NUMBER at p (which holds a digit), honouring
// the trailing word boundary with backtracking; it returns the end or p.
func matchNumber(src []byte, p int) int {
	// Ruby's \b counts Unicode letters and digits as word characters.
	boundary := func(e int) bool {
		if e >= len(src) {
			return true
		}
		if src[e] < utf8.RuneSelf {
			return !isWordByte(src[e])
		}
		r, _ := utf8.DecodeRune(src[e:])
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.Is(unicode.Mn, r) && !unicode.Is(unicode.Pc, r)
	}
	if src[p] == '0' && p+2 < len(src)+1 && p+1 < len(src) && (src[p+1] == 'x' || src[p+1] == 'X') {
		e := p + 2
		for e < len(src) && isHexDigit(src[e]) {
			e++
		}
		if e > p+2 && boundary(e) {
			return e
		}
	}
	d := p
	for d < len(src) && isDigit(src[d]) {
		d++
	}
	frac := -1
	if d+1 < len(src) && src[d] == '.' && isDigit(src[d+1]) {
		frac = d + 1
		for frac < len(src) && isDigit(src[frac]) {
			frac++
		}
	}
	exp := func(i int) int {
		if i < len(src) && (src[i] == 'e' || src[i] == 'E') {
			j := i + 1
			if j < len(src) && src[j] == '-' {
				j++
			}
			k := j
			for k < len(src) && isDigit(src[k]) {
				k++
			}
			if k > j {
				return k
			}
		}
		return -1
	}
	var buf [4]int // at most four candidates: no allocation
	cands := buf[:0]
	if frac > 0 {
		if x := exp(frac); x > 0 {
			cands = append(cands, x)
		}
		cands = append(cands, frac)
	}
	if x := exp(d); x > 0 {
		cands = append(cands, x)
	}
	cands = append(cands, d)
	for _, c := range cands {
		if boundary(c) {
			return c
		}
	}
	return p
}

// assertNumeric returns Puppet's error message for an invalid number, or "".
func assertNumeric(v string) string {
	switch {
	case len(v) >= 2 && v[0] == '0' && (v[1] == 'x' || v[1] == 'X'):
		ok := len(v) > 2
		for i := 2; i < len(v); i++ {
			if !isHexDigit(v[i]) {
				ok = false
			}
		}
		if !ok {
			return "Not a valid hex number " + v
		}
	case len(v) >= 2 && v[0] == '0' && v[1] != '.':
		for i := 1; i < len(v); i++ {
			if v[i] < '0' || v[i] > '7' {
				return "Not a valid octal number " + v
			}
		}
	case leadingDigitsThen(v, "eE."):
		if !validDecimal(v) {
			return "Not a valid decimal number " + v
		}
	default:
		for i := 0; i < len(v); i++ {
			if !isDigit(v[i]) {
				return "Illegal number '" + v + "'"
			}
		}
		if v == "" {
			return "Illegal number ''"
		}
	}
	return ""
}

// leadingDigitsThen matches ^\d+[set].
func leadingDigitsThen(v, set string) bool {
	i := 0
	for i < len(v) && isDigit(v[i]) {
		i++
	}
	return i > 0 && i < len(v) && strings.IndexByte(set, v[i]) >= 0
}

// validDecimal matches ^\d+(?:\.\d+)?(?:[eE]-?\d+)?$.
func validDecimal(v string) bool {
	i := 0
	digits := func() bool {
		s := i
		for i < len(v) && isDigit(v[i]) {
			i++
		}
		return i > s
	}
	if !digits() {
		return false
	}
	if i < len(v) && v[i] == '.' {
		i++
		if !digits() {
			return false
		}
	}
	if i < len(v) && (v[i] == 'e' || v[i] == 'E') {
		i++
		if i < len(v) && v[i] == '-' {
			i++
		}
		if !digits() {
			return false
		}
	}
	return i == len(v)
}

// followedBy formats the next 5 characters at p for "Unclosed" messages.
func (l *lexer) followedBy(p int) string {
	if p >= len(l.src) {
		return "<eof>"
	}
	rest := l.src[p:]
	n := 0
	i := 0
	for i < len(rest) && n < 5 {
		_, sz := utf8.DecodeRune(rest[i:])
		i += sz
		n++
	}
	s := string(rest[:i]) + "..."
	s = strings.ReplaceAll(s, "\t", `\t`)
	s = strings.ReplaceAll(s, "\n", `\n`)
	s = strings.ReplaceAll(s, "\r", `\r`)
	return s
}

// sqString lexes a single-quoted string.
func (l *lexer) sqString() {
	p := l.pos
	i := p + 1
	// Most strings hold no backslash: their end is the next quote, found
	// by a vectorised search instead of the loop below.
	mayEscape := true
	if j := strings.IndexByte(l.str[i:], '\''); j >= 0 && strings.IndexByte(l.str[i:i+j], '\\') < 0 {
		i += j
		mayEscape = false
	}
	for {
		if i >= len(l.src) {
			l.fail(`Unclosed quote after "'" followed by '`+l.followedBy(p+1)+`'`, p+1)
		}
		c := l.src[i]
		if c == '\\' && i+1 < len(l.src) {
			i += 2
			continue
		}
		if c == '\'' {
			break
		}
		i++
	}
	raw := l.src[p+1 : i]
	val := l.str[p+1 : i] // shares the source string: no copy
	if mayEscape && strings.IndexByte(val, '\\') >= 0 {
		var b strings.Builder
		for j := 0; j < len(raw); j++ {
			if raw[j] == '\\' && j+1 < len(raw) && (raw[j+1] == '\\' || raw[j+1] == '\'') {
				j++
			}
			b.WriteByte(raw[j])
		}
		val = b.String()
	}
	t := l.textTok(tSTRING, p, i+1, val, p+1, i)
	t.quote = '\''
	l.toks = append(l.toks, t)
	l.after = tSTRING
	l.pos = i + 1
}

const dqEscapes = "\\$'\"rntsu\n"

// slurpDQ scans a double-quoted string segment from l.pos up to an
// unescaped '"', '$' or '${'. It returns the segment end and the terminator.
func (l *lexer) slurpDQ() (int, string) {
	i := l.pos
	for i < len(l.src) {
		switch l.src[i] {
		case '\\':
			i += 2
			continue
		case '"':
			return i, `"`
		case '$':
			if l.peekAt(i+1) == '{' {
				return i, "${"
			}
			return i, "$"
		}
		i++
	}
	l.fail("Unclosed quote after "+l.quoteAfter()+" followed by '"+l.followedBy(l.pos)+"'", l.pos)
	return 0, ""
}

// unescape applies Puppet's escape processing with the given escape set.
func unescape(s string, escapes string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			continue
		}
		n := s[i+1]
		if n == 'u' && strings.IndexByte(escapes, 'u') >= 0 {
			if r, w, ok := unicodeEscape(s[i+2:]); ok {
				b.WriteRune(r)
				i += 1 + w
				continue
			}
		}
		if n == '\r' && i+2 < len(s) && s[i+2] == '\n' && strings.IndexByte(escapes, '\n') >= 0 {
			i += 2
			continue
		}
		if strings.IndexByte(escapes, n) < 0 {
			b.WriteByte('\\')
			b.WriteByte(n)
			i++
			continue
		}
		switch n {
		case 'r':
			b.WriteByte('\r')
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 's':
			b.WriteByte(' ')
		case 'u':
			b.WriteString(`\u`)
		case '\n':
		default:
			b.WriteByte(n)
		}
		i++
	}
	return b.String()
}

// badUnicodeEscape finds the first "\u" escape in s that is malformed
// (any=true) or only those whose value is not a valid code point. It
// returns its byte index, or -1.
func badUnicodeEscape(s string, any bool) int {
	for i := 0; i+1 < len(s); i++ {
		if s[i] != '\\' {
			continue
		}
		if s[i+1] != 'u' {
			i++
			continue
		}
		r, _, ok := unicodeEscape(s[i+2:])
		if !ok && any || ok && (r > unicode.MaxRune || r >= 0xD800 && r <= 0xDFFF) {
			return i
		}
		i++
	}
	return -1
}

const badUnicodeMsg = "Unicode escape '\\u' was not followed by 4 hex digits or 1-6 hex digits in {} or was > 10ffff"

// unicodeEscape decodes XXXX or {X..} after "\u"; w is the bytes consumed.
func unicodeEscape(s string) (r rune, w int, ok bool) {
	if len(s) >= 4 && isHexDigit(s[0]) && isHexDigit(s[1]) && isHexDigit(s[2]) && isHexDigit(s[3]) {
		v, _ := strconv.ParseUint(s[:4], 16, 32)
		return rune(v), 4, true
	}
	if len(s) >= 3 && s[0] == '{' {
		j := 1
		for j < len(s) && j <= 6 && isHexDigit(s[j]) {
			j++
		}
		if j > 1 && j < len(s) && s[j] == '}' {
			v, _ := strconv.ParseUint(s[1:j], 16, 32)
			return rune(v), j + 1, true
		}
	}
	return 0, 0, false
}

// interpolateDQ lexes a double-quoted string into STRING, or DQPRE,
// expression tokens, DQMID..., DQPOST.
func (l *lexer) interpolateDQ() {
	q := l.pos
	l.pos++
	l.lastMatch = [2]int{q, q + 1}
	kind := tDQPRE
	textStart := l.pos
	var text strings.Builder
	for {
		segStart := l.pos
		e, term := l.slurpDQ()
		if i := badUnicodeEscape(l.str[segStart:e], false); i >= 0 {
			// Puppet crashes on escapes beyond Unicode; treat them as fatal.
			l.fail(badUnicodeMsg, segStart+i)
		}
		seg := unescape(l.str[segStart:e], dqEscapes)
		// value returns the text so far; a single segment, the common
		// case, is a substring of the source and costs no allocation.
		value := func() string {
			if text.Len() == 0 {
				return seg
			}
			text.WriteString(seg)
			return text.String()
		}
		switch term {
		case `"`:
			l.lastMatch = [2]int{e, e + 1}
			if e > segStart {
				l.lastMatch = [2]int{e - 1, e + 1}
			}
			if kind == tDQPRE {
				t := l.textTok(tSTRING, q, e+1, value(), q+1, e)
				t.quote = '"'
				l.toks = append(l.toks, t)
				l.after = tSTRING
			} else {
				l.toks = append(l.toks, l.textTok(tDQPOST, textStart, e+1, value(), textStart, e))
				l.after = tDQPOST
			}
			l.pos = e + 1
			return
		case "${":
			l.pushPart(kind, q, textStart, e, e+2, value())
			l.pos = e + 2
			l.enqueueUntil()
		case "$":
			ve := scanVarName(l.src, e+1)
			if ve == e+1 {
				text.WriteString(seg)
				text.WriteByte('$')
				l.pos = e + 1
				continue
			}
			l.pushPart(kind, q, textStart, e, e, value())
			l.toks = append(l.toks, l.tok(tVARIABLE, e, ve, l.str[e+1:ve]))
			l.after = tVARIABLE
			l.pos = ve
			l.lastMatch = [2]int{e + 1, ve}
		}
		kind = tDQMID
		text.Reset()
		textStart = l.pos
	}
}

// pushPart appends a DQPRE or DQMID token for text [textStart, textEnd).
func (l *lexer) pushPart(kind tokKind, q, textStart, textEnd, end int, val string) {
	start := textStart
	if kind == tDQPRE {
		start = q
	}
	l.toks = append(l.toks, l.textTok(kind, start, end, val, textStart, textEnd))
}

// enqueueUntil lexes the tokens of a "${...}" interpolation up to its
// closing brace and applies Puppet's transform_to_variable rule.
func (l *lexer) enqueueUntil() {
	l.depth++
	defer func() { l.depth-- }()
	if l.depth > maxDepth {
		l.fail("Expression nesting too deep", l.pos)
	}
	count := l.braceCount
	l.braceCount++
	first := len(l.toks)
	l.skipWS()
	for l.pos < len(l.src) {
		before := len(l.toks)
		l.next()
		if len(l.toks) == before {
			// Puppet retries a whitespace skip, which fails and clears
			// the scanner's last match.
			l.lastMatch = [2]int{}
			l.skipWS()
			continue
		}
		if len(l.toks) > before && l.toks[len(l.toks)-1].kind == tRBRACE && l.braceCount == count {
			l.toks = l.toks[:len(l.toks)-1]
			n := len(l.toks) - first
			if n == 1 {
				l.toVariable(first)
			} else if n > 1 && (l.toks[first+1].kind == tDOT || l.toks[first+1].kind == tLBRACK) {
				l.toVariable(first)
			}
			return
		}
	}
	// Unterminated: in heredoc text Puppet silently stops; in a string the
	// slurp that follows reports the unclosed quote.
	if l.sub != nil {
		return
	}
	l.fail("Unclosed quote after "+l.quoteAfter()+" followed by '"+l.followedBy(l.pos)+"'", l.pos)
}

// quoteAfter formats the last scanned text like Puppet's format_quote.
func (l *lexer) quoteAfter() string {
	m := string(l.src[l.lastMatch[0]:l.lastMatch[1]])
	if m == "'" {
		return `"'"`
	}
	return "'" + m + "'"
}

// toVariable turns a NUMBER, NAME, WORD or keyword token into a VARIABLE.
func (l *lexer) toVariable(i int) {
	t := &l.toks[i]
	switch {
	case t.kind == tNUMBER, t.kind == tNAME, t.kind == tWORD, t.kind.isKeyword(), t.kind == tBOOLEAN:
		t.kind = tVARIABLE
	}
}
