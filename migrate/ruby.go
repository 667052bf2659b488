package migrate

import (
	"strings"
	"unicode"
)

// This file reads the small part of Ruby that Rakefiles configure
// puppet-lint with: statements of names, method calls, assignments and
// literal values (strings, symbols, arrays, %w word lists, booleans).
// It does not evaluate Ruby; a statement it cannot read is reported.

type rkind int

const (
	rIdent  rkind = iota // local name or method: configuration, send, disable_80chars, do, end
	rConst               // PuppetLint, RakeTask
	rVar                 // @x, $x
	rString              // '...', "...", %q(...)
	rSymbol              // :name, :"name"
	rWords               // %w[a b], %i[a b]
	rNumber
	rPunct
)

// rtoken is one Ruby token.
type rtoken struct {
	kind   rkind
	text   string   // the name, the string's value or the punctuation
	words  []string // rWords
	interp bool     // a string or symbol with #{...}: its value is not known
	line   int      // 1-based
}

// rstatement is a statement: its tokens, its first line and its text.
type rstatement struct {
	toks []rtoken
	line int
	text string // the source of its first line, trimmed, "…" when it goes on
}

// rubyStatements splits Ruby source into statements. Newlines end a
// statement except inside (...) and [...], after a comma, an operator or
// a backslash, and before a line that starts with ".".
func rubyStatements(src string) []rstatement {
	lx := &rlexer{src: src, line: 1}
	lines := strings.Split(src, "\n")
	var out []rstatement
	var cur []rtoken
	startLine := 1
	flush := func() {
		if len(cur) > 0 {
			out = append(out, rstatement{toks: cur, line: startLine, text: statementText(lines, startLine, cur[len(cur)-1].line)})
		}
		cur = nil
	}
	depth := 0
	for {
		tok, nl, ok := lx.next()
		if !ok {
			break
		}
		if nl {
			if depth > 0 || continues(cur) || lx.nextLineStartsWithDot() {
				continue
			}
			flush()
			continue
		}
		if tok.kind == rPunct && tok.text == ";" && depth == 0 {
			flush()
			continue
		}
		if tok.kind == rPunct {
			switch tok.text {
			case "(", "[":
				depth++
			case ")", "]":
				depth = max(0, depth-1)
			}
		}
		if len(cur) == 0 {
			startLine = tok.line
		}
		cur = append(cur, tok)
	}
	flush()
	return out
}

// continues reports whether a statement ending in its last token goes on
// on the next line.
func continues(toks []rtoken) bool {
	if len(toks) == 0 {
		return false
	}
	last := toks[len(toks)-1]
	if last.kind != rPunct {
		return false
	}
	switch last.text {
	case ",", ".", "&.", "=", "+", "-", "*", "<<", "||", "&&", "||=", "+=", "-=", "<<=", "==", "=>", "\\":
		return true
	}
	return false
}

// statementText is the first line of a statement, trimmed, marked when
// the statement goes on; lines are the source's lines.
func statementText(lines []string, first, last int) string {
	if first < 1 || first > len(lines) {
		return ""
	}
	t := strings.TrimSpace(lines[first-1])
	if last > first {
		t += " …"
	}
	return t
}

type rlexer struct {
	src  string
	pos  int
	line int
	// heredocs waiting for the end of the line: their terminators.
	heredocs []string
}

func (lx *rlexer) peek(off int) byte {
	if lx.pos+off < len(lx.src) {
		return lx.src[lx.pos+off]
	}
	return 0
}

// nextLineStartsWithDot reports whether the line after the newline just
// read starts, after spaces, with a method call ".name".
func (lx *rlexer) nextLineStartsWithDot() bool {
	rest := strings.TrimLeft(lx.src[lx.pos:], " \t")
	return strings.HasPrefix(rest, ".") && !strings.HasPrefix(rest, "..")
}

// next returns the next token, or nl for a newline; ok is false at the end.
func (lx *rlexer) next() (tok rtoken, nl, ok bool) {
	for lx.pos < len(lx.src) {
		c := lx.src[lx.pos]
		switch {
		case c == '\n':
			lx.pos++
			lx.line++
			if len(lx.heredocs) > 0 {
				lx.skipHeredocs()
			}
			if lx.atLineStart() && strings.HasPrefix(lx.src[lx.pos:], "=begin") {
				lx.skipBlockComment()
			}
			return rtoken{}, true, true
		case c == ' ' || c == '\t' || c == '\r':
			lx.pos++
		case c == '\\' && lx.peek(1) == '\n':
			lx.pos += 2
			lx.line++
		case c == '#':
			for lx.pos < len(lx.src) && lx.src[lx.pos] != '\n' {
				lx.pos++
			}
		case lx.pos == 0 && strings.HasPrefix(lx.src, "=begin"):
			lx.skipBlockComment()
		default:
			return lx.token(), false, true
		}
	}
	return rtoken{}, false, false
}

func (lx *rlexer) atLineStart() bool { return lx.pos == 0 || lx.src[lx.pos-1] == '\n' }

// skipBlockComment skips =begin ... =end.
func (lx *rlexer) skipBlockComment() {
	for lx.pos < len(lx.src) {
		end := strings.IndexByte(lx.src[lx.pos:], '\n')
		line := lx.src[lx.pos:]
		if end >= 0 {
			line = line[:end]
		}
		if end < 0 {
			lx.pos = len(lx.src)
			return
		}
		lx.pos += end + 1
		lx.line++
		if strings.HasPrefix(line, "=end") {
			return
		}
	}
}

// skipHeredocs skips the bodies of the heredocs opened on the line just
// ended.
func (lx *rlexer) skipHeredocs() {
	for _, term := range lx.heredocs {
		for lx.pos < len(lx.src) {
			end := strings.IndexByte(lx.src[lx.pos:], '\n')
			line := lx.src[lx.pos:]
			if end >= 0 {
				line = line[:end]
				lx.pos += end + 1
			} else {
				lx.pos = len(lx.src)
			}
			lx.line++
			if strings.TrimSpace(line) == term {
				break
			}
		}
	}
	lx.heredocs = nil
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

func (lx *rlexer) token() rtoken {
	start, line := lx.pos, lx.line
	c := lx.src[lx.pos]
	switch {
	case c == '\'' || c == '"' || c == '`':
		s, interp := lx.quoted(c, c)
		return rtoken{kind: rString, text: s, interp: interp, line: line}
	case c == '%' && lx.percentLiteral():
		return lx.percent(line)
	case c == ':' && (lx.peek(1) == '"' || lx.peek(1) == '\''):
		lx.pos++
		q := lx.src[lx.pos]
		s, interp := lx.quoted(q, q)
		return rtoken{kind: rSymbol, text: s, interp: interp, line: line}
	case c == ':' && lx.peek(1) != ':' && (isIdentByte(lx.peek(1)) && !(lx.peek(1) >= '0' && lx.peek(1) <= '9')):
		lx.pos++
		s := lx.ident()
		return rtoken{kind: rSymbol, text: s, line: line}
	case c == '<' && lx.peek(1) == '<' && lx.heredocStart():
		return rtoken{kind: rString, interp: true, line: line}
	case c == '@' || c == '$':
		lx.pos++
		for lx.pos < len(lx.src) && (lx.src[lx.pos] == '@' || isIdentByte(lx.src[lx.pos])) {
			lx.pos++
		}
		return rtoken{kind: rVar, text: lx.src[start:lx.pos], line: line}
	case c >= '0' && c <= '9':
		for lx.pos < len(lx.src) && (isIdentByte(lx.src[lx.pos]) || lx.src[lx.pos] == '.' && lx.peek(1) >= '0' && lx.peek(1) <= '9') {
			lx.pos++
		}
		return rtoken{kind: rNumber, text: lx.src[start:lx.pos], line: line}
	case isIdentByte(c):
		s := lx.ident()
		if lx.pos < len(lx.src) && (lx.src[lx.pos] == '?' || lx.src[lx.pos] == '!') && lx.peek(1) != '=' {
			lx.pos++
			s = lx.src[start:lx.pos]
		}
		if unicode.IsUpper(rune(s[0])) {
			return rtoken{kind: rConst, text: s, line: line}
		}
		return rtoken{kind: rIdent, text: s, line: line}
	}
	for _, p := range []string{"||=", "&&=", "<<=", "**=", "...", "::", "<<", "||", "&&", "+=", "-=", "*=", "==", "!=", "=>", "<=", ">=", "&.", "..", "=~", "->"} {
		if strings.HasPrefix(lx.src[lx.pos:], p) {
			lx.pos += len(p)
			return rtoken{kind: rPunct, text: p, line: line}
		}
	}
	lx.pos++
	return rtoken{kind: rPunct, text: string(c), line: line}
}

func (lx *rlexer) ident() string {
	start := lx.pos
	for lx.pos < len(lx.src) && isIdentByte(lx.src[lx.pos]) {
		lx.pos++
	}
	return lx.src[start:lx.pos]
}

// heredocStart reads "<<~NAME", "<<-NAME" or "<<NAME" (an upper-case
// name, not "<< x"), queues its body to be skipped and reports whether
// it was one.
func (lx *rlexer) heredocStart() bool {
	i := lx.pos + 2
	if i < len(lx.src) && (lx.src[i] == '~' || lx.src[i] == '-') {
		i++
	}
	quote := byte(0)
	if i < len(lx.src) && (lx.src[i] == '\'' || lx.src[i] == '"') {
		quote = lx.src[i]
		i++
	}
	j := i
	for j < len(lx.src) && isIdentByte(lx.src[j]) {
		j++
	}
	if j == i || quote == 0 && !(lx.src[i] >= 'A' && lx.src[i] <= 'Z') {
		return false
	}
	term := lx.src[i:j]
	if quote != 0 {
		if j >= len(lx.src) || lx.src[j] != quote {
			return false
		}
		j++
	}
	lx.heredocs = append(lx.heredocs, term)
	lx.pos = j
	return true
}

// quoted reads a string from its opening to its closing delimiter and
// returns its value; interp is set for #{...} in a double-quoted one.
func (lx *rlexer) quoted(open, closing byte) (string, bool) {
	lx.pos++ // the opening delimiter
	var b strings.Builder
	interp := false
	double := open != '\''
	nest := 0
	for lx.pos < len(lx.src) {
		c := lx.src[lx.pos]
		switch {
		case c == '\n':
			lx.line++
		case c == '\\' && lx.pos+1 < len(lx.src):
			next := lx.src[lx.pos+1]
			lx.pos += 2
			switch {
			case !double && (next == '\\' || next == open || next == closing):
				b.WriteByte(next)
			case !double:
				b.WriteByte('\\')
				b.WriteByte(next)
			case next == 'n':
				b.WriteByte('\n')
			case next == 't':
				b.WriteByte('\t')
			default:
				b.WriteByte(next)
			}
			continue
		case double && c == '#' && lx.peek(1) == '{':
			interp = true
		case c == open && open != closing:
			nest++
		case c == closing && nest > 0:
			nest--
		case c == closing:
			lx.pos++
			return b.String(), interp
		}
		b.WriteByte(c)
		lx.pos++
	}
	return b.String(), interp
}

// percentLiteral reports whether "%" starts a %w[], %i[], %q() or %()
// literal rather than the modulo operator.
func (lx *rlexer) percentLiteral() bool {
	c := lx.peek(1)
	if strings.IndexByte("wWiIqQ", c) >= 0 {
		return isDelimiter(lx.peek(2))
	}
	return c == '(' || c == '[' || c == '{'
}

func isDelimiter(c byte) bool { return strings.IndexByte("([{<|!/^", c) >= 0 }

func closingDelimiter(c byte) byte {
	switch c {
	case '(':
		return ')'
	case '[':
		return ']'
	case '{':
		return '}'
	case '<':
		return '>'
	}
	return c
}

func (lx *rlexer) percent(line int) rtoken {
	kind := lx.peek(1)
	if isDelimiter(kind) {
		kind = 'Q'
		lx.pos++
	} else {
		lx.pos += 2
	}
	open := lx.src[lx.pos]
	s, interp := lx.quoted(open, closingDelimiter(open))
	switch kind {
	case 'w', 'W', 'i', 'I':
		return rtoken{kind: rWords, words: strings.Fields(s), interp: interp && (kind == 'W' || kind == 'I'), line: line}
	case 'q':
		return rtoken{kind: rString, text: s, line: line}
	}
	return rtoken{kind: rString, text: s, interp: interp, line: line}
}
