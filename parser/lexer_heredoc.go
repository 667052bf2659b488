package parser

import (
	"bytes"
	"strings"
)

// heredoc lexes @(TAG:syntax/escapes) and its body, which starts on the
// next line (or after the previous heredoc's body on the same line).
func (l *lexer) heredoc() {
	p := l.pos
	i := bytes.IndexByte(l.src[p:], ')')
	if i < 0 {
		l.fail("Unclosed parenthesis after '@(' followed by '"+l.followedBy(p)+"'", p)
	}
	after := p + i + 1
	spec := l.str[p+2 : after-1]
	tag, syntax, escapes, hasEscapes, ok := parseHeredocSpec(spec)
	if !ok {
		l.fail("Invalid syntax in heredoc expected @(endtag[:syntax][/escapes])", after)
	}
	tag = strings.TrimSpace(tag)
	interpolated := false
	if len(tag) >= 2 && tag[0] == '"' && tag[len(tag)-1] == '"' {
		interpolated = true
		tag = strings.TrimSpace(tag[1 : len(tag)-1])
	}
	if tag == "" {
		l.fail("Heredoc with an empty endtag", after)
	}
	escSet := ""
	if hasEscapes {
		if escapes == "" {
			escapes = "trnsuL$"
		}
		seen := map[rune]bool{}
		for _, r := range escapes {
			if seen[r] {
				parts := strings.Split(escapes, "")
				l.fail("An escape char for @() may only appear once. Got '"+strings.Join(parts, ", ")+"'", after)
			}
			seen[r] = true
		}
		escSet = `\`
		for _, r := range escapes {
			switch r {
			case 't', 'r', 'n', 's', 'u', '$':
				escSet += string(r)
			case 'L':
				escSet += "\n"
			default:
				l.fail("Invalid heredoc escape char. Only t, r, n, s,  u, L, $ allowed. Got '"+string(r)+"'", after)
			}
		}
	}
	hd := &heredocInfo{tag: tag, syntax: syntax, escapes: escapes, interpolated: interpolated}
	t := l.tok(tHEREDOC, p, after, syntax)
	l.store.heredocs = append(l.store.heredocs, hd)
	t.hd = int32(len(l.store.heredocs))
	l.toks = append(l.toks, t)

	var bs int
	if l.newlineJump >= 0 {
		bs = l.newlineJump
	} else {
		nl := bytes.IndexByte(l.src[after:], '\n')
		if nl < 0 {
			l.fail("Heredoc without any following lines of text", after)
		}
		bs = after + nl + 1
	}
	// Find the end line.
	var lineStarts []int
	ls := bs
	found := false
	var endLine, endAfter int
	var leading string
	var margin, removeBreak bool
	for ls < len(l.src) {
		le := len(l.src)
		if nl := bytes.IndexByte(l.src[ls:], '\n'); nl >= 0 {
			le = ls + nl + 1
		}
		if lead, m, rb, ok := matchEndLine(l.src[ls:le], tag); ok {
			found, endLine, endAfter = true, ls, le
			leading, margin, removeBreak = lead, m, rb
			break
		}
		lineStarts = append(lineStarts, ls)
		ls = le
	}
	if !found {
		l.fail("Heredoc without end-tagged line", bs)
	}
	l.newlineJump = endAfter

	// Build the text with the margin removed and the offset map.
	var text []byte
	sm := &subMap{}
	for k, s := range lineStarts {
		e := endLine
		if k+1 < len(lineStarts) {
			e = lineStarts[k+1]
		}
		line := l.src[s:e]
		m := 0
		if margin && leading != "" && bytes.HasPrefix(line, []byte(leading)) {
			m = len(leading)
		}
		sm.lineStarts = append(sm.lineStarts, len(text))
		sm.delta = append(sm.delta, l.g(s+m)-len(text))
		text = append(text, line[m:]...)
	}
	if len(sm.lineStarts) == 0 {
		sm.lineStarts = []int{0}
		sm.delta = []int{l.g(bs)}
	}
	if removeBreak {
		if bytes.HasSuffix(text, []byte("\n")) {
			text = text[:len(text)-1]
			if bytes.HasSuffix(text, []byte("\r")) {
				text = text[:len(text)-1]
			}
		}
	}
	hd.bodyStart, hd.bodyEnd = l.g(bs), sm.global(len(text))
	textStr := string(text)
	if strings.Contains(escSet, "u") {
		// Puppet's warning for a bad \u escape crashes inside heredoc text,
		// so the file is rejected.
		if i := badUnicodeEscape(textStr, true); i >= 0 {
			l.err = &lexError{msg: badUnicodeMsg, off: sm.global(i)}
			panic(lexAbort{})
		}
	}

	sub := &lexer{src: text, str: textStr, store: l.store, tasks: l.tasks, newlineJump: -1, comments: l.comments, sub: sm, depth: l.depth + 1,
		uqEscapes: escSet, uqDollarEscapes: strings.Contains(escSet, "$"), after: tEOF}
	if !interpolated {
		sub.toks = append(sub.toks, sub.textTok(tSTRING, 0, len(text), unescape(textStr, escSet), 0, len(text)))
	} else {
		sub.run(sub.interpolateUQ)
		if sub.err != nil {
			l.err = sub.err
			panic(lexAbort{})
		}
	}
	l.toks = append(l.toks, sub.toks...)
	l.after = l.toks[len(l.toks)-1].kind
	l.pos = after
}

// parseHeredocSpec parses the inside of @( ... ) per PATTERN_HEREDOC:
// ([^:/\r\n)]+)(?::[[:blank:]]*([a-z][a-zA-Z0-9_+]+)[[:blank:]]*)?(?:/((?:\w|[$])*)[[:blank:]]*)?
func parseHeredocSpec(s string) (tag, syntax, escapes string, hasEscapes, ok bool) {
	i := 0
	for i < len(s) && s[i] != ':' && s[i] != '/' && s[i] != '\r' && s[i] != '\n' {
		i++
	}
	if i == 0 {
		return "", "", "", false, false
	}
	tag = s[:i]
	blanks := func() {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
	}
	if i < len(s) && s[i] == ':' {
		i++
		blanks()
		st := i
		if i < len(s) && s[i] >= 'a' && s[i] <= 'z' {
			i++
			for i < len(s) && (isWordByte(s[i]) && s[i] != '_' || s[i] == '_' || s[i] == '+') {
				i++
			}
		}
		if i-st < 2 {
			return "", "", "", false, false
		}
		syntax = s[st:i]
		blanks()
	}
	if i < len(s) && s[i] == '/' {
		i++
		st := i
		for i < len(s) && (isWordByte(s[i]) || s[i] == '$') {
			i++
		}
		escapes = s[st:i]
		hasEscapes = true
		blanks()
	}
	return tag, syntax, escapes, hasEscapes, i == len(s)
}

// matchEndLine checks whether line (including its '\n') ends a heredoc
// with the given tag, per Puppet's unanchored end-line pattern.
func matchEndLine(line []byte, tag string) (leading string, margin, removeBreak, ok bool) {
	c := line
	if len(c) > 0 && c[len(c)-1] == '\n' {
		c = c[:len(c)-1]
	}
	if len(c) > 0 && c[len(c)-1] == '\r' {
		c = c[:len(c)-1]
	}
	for len(c) > 0 && (c[len(c)-1] == ' ' || c[len(c)-1] == '\t') {
		c = c[:len(c)-1]
	}
	if !bytes.HasSuffix(c, []byte(tag)) {
		return "", false, false, false
	}
	j := len(c) - len(tag)
	back := func() {
		for j > 0 && (c[j-1] == ' ' || c[j-1] == '\t') {
			j--
		}
	}
	back()
	if j > 0 && c[j-1] == '-' {
		removeBreak = true
		j--
		back()
	}
	if j > 0 && c[j-1] == '|' {
		margin = true
		j--
		e := j
		back()
		leading = string(c[j:e])
	}
	return leading, margin, removeBreak, true
}

// interpolateUQ lexes heredoc text with interpolation into STRING or
// DQPRE, expression tokens, DQMID..., DQPOST.
func (l *lexer) interpolateUQ() {
	kind := tDQPRE
	textStart := 0
	var text strings.Builder
	for {
		segStart := l.pos
		e, term := l.slurpUQ()
		text.WriteString(unescape(l.str[segStart:e], l.uqEscapes))
		switch term {
		case "":
			k := tDQPOST
			if kind == tDQPRE {
				k = tSTRING
			}
			l.toks = append(l.toks, l.textTok(k, textStart, e, text.String(), textStart, e))
			l.after = k
			l.pos = e
			return
		case "${":
			l.pushPart(kind, textStart, textStart, e, e+2, text.String())
			l.pos = e + 2
			l.enqueueUntil()
		case "$":
			ve := scanVarName(l.src, e+1)
			if ve == e+1 {
				text.WriteByte('$')
				l.pos = e + 1
				continue
			}
			l.pushPart(kind, textStart, textStart, e, e, text.String())
			l.toks = append(l.toks, l.tok(tVARIABLE, e, ve, l.str[e+1:ve]))
			l.after = tVARIABLE
			l.pos = ve
		}
		kind = tDQMID
		text.Reset()
		textStart = l.pos
	}
}

// slurpUQ scans heredoc text up to '$', '${' or the end.
func (l *lexer) slurpUQ() (int, string) {
	i := l.pos
	for i < len(l.src) {
		switch l.src[i] {
		case '\\':
			if l.uqDollarEscapes {
				i += 2
				continue
			}
		case '$':
			if l.peekAt(i+1) == '{' {
				return i, "${"
			}
			return i, "$"
		}
		i++
	}
	return len(l.src), ""
}

// interpolateEPP scans template text up to the next tag and switches mode.
func (l *lexer) interpolateEPP(skipLeading bool) {
	before := l.pos
	if l.pos >= len(l.src) {
		l.eppOpen = false
		return
	}
	var s []byte
	mode := eppText
	tagStart := len(l.src)
	for l.pos < len(l.src) {
		i := bytes.Index(l.src[l.pos:], []byte("<%"))
		var part []byte
		if i < 0 {
			part = append([]byte(nil), l.src[l.pos:]...)
			l.pos = len(l.src)
		} else {
			part = append([]byte(nil), l.src[l.pos:l.pos+i+2]...)
			tagStart = l.pos + i
			l.pos += i + 2
		}
		if skipLeading {
			k := 0
			for k < len(part) && (part[k] == ' ' || part[k] == '\t') {
				k++
			}
			if k < len(part) && part[k] == '\r' {
				k++
			}
			if k < len(part) && part[k] == '\n' {
				k++
			}
			part = part[k:]
			skipLeading = false
		}
		part = bytes.ReplaceAll(part, []byte("%%>"), []byte("%>"))
		s = append(s, part...)
		if l.pos >= len(l.src) {
			if bytes.HasSuffix(s, []byte("<%")) {
				l.fail("Unbalanced embedded expression - opening <% and reaching end of input", l.pos)
			}
			break
		}
		switch l.src[l.pos] {
		case '-':
			l.pos++
			s = s[:len(s)-2]
			for len(s) > 0 && (s[len(s)-1] == ' ' || s[len(s)-1] == '\t') {
				s = s[:len(s)-1]
			}
			mode = eppCode
		case '%':
			l.pos++
			continue
		case '=':
			l.pos++
			s = s[:len(s)-2]
			mode = eppExpr
		case '#':
			s = s[:len(s)-2]
			j := l.pos + 1
			found := -1
			for j+1 < len(l.src) {
				if l.src[j] == '%' && l.src[j+1] == '>' && l.src[j-1] != '%' {
					found = j + 2
					break
				}
				j++
			}
			if found < 0 {
				l.fail("Reaching end after opening <%# without seeing %>", l.pos)
			}
			if l.pos+1 < len(l.src) && l.src[l.pos+1] == '-' {
				for len(s) > 0 && (s[len(s)-1] == ' ' || s[len(s)-1] == '\t') {
					s = s[:len(s)-1]
				}
			}
			if found >= 3 && l.src[found-3] == '-' {
				skipLeading = true
			}
			l.pos = found
			continue
		default:
			s = s[:len(s)-2]
			mode = eppCode
		}
		break
	}
	switch mode {
	case eppText:
		l.emit(tRENDERSTRING, before, l.pos, string(s))
		l.eppOpen = false
	case eppCode:
		if len(s) > 0 {
			l.emit(tRENDERSTRING, before, tagStart, string(s))
		}
		l.epp = eppCode
		l.eppOpen = true
	case eppExpr:
		exprStart := tagStart
		if len(s) > 0 {
			l.emit(tRENDERSTRING, before, tagStart, string(s))
		} else {
			// No text before the tag (or only what a "-%>" trimmed, or
			// comments): Puppet places the expression where the text
			// would have started, and reports errors there.
			exprStart = before
		}
		l.emit(tRENDEREXPR, exprStart, l.pos, "")
		l.epp = eppExpr
		l.eppOpen = true
	}
}
