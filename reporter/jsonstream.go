package reporter

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/ducklint/ducklint/diagnostics"
)

// streamJSON writes the JSON output of r finding by finding, in chunks,
// instead of building the whole document as structs and encoding them by
// reflection: with a style preset on, a large tree has 100,000 findings and
// more, and encoding/json then cost more than the analysis. The output is
// byte for byte encoding/json's indented encoding of jsonReportOf(r)
// (TestJSONStreamMatchesEncodingJSON); the small members after the
// findings still go through encoding/json.
func streamJSON(w io.Writer, r *Report) error {
	s := jsonStream{w: w, b: make([]byte, 0, jsonChunk+4096)}
	s.b = append(s.b, "{\n  \"version\": "...)
	s.b = strconv.AppendInt(s.b, jsonVersion, 10)
	s.b = append(s.b, ",\n  \"findings\": ["...)
	for i := range r.Findings {
		if i > 0 {
			s.b = append(s.b, ',')
		}
		s.finding(r.Findings[i])
		s.flushFull()
	}
	if len(r.Findings) > 0 {
		s.b = append(s.b, "\n  "...)
	}
	s.b = append(s.b, "],\n  \"files\": "...)
	s.b = strconv.AppendInt(s.b, int64(r.Files), 10)
	tail := jsonReportOf(&Report{Errors: r.Errors, Notices: r.Notices, Baseline: r.Baseline})
	s.b = append(s.b, ",\n  \"errors\": "...)
	s.member(tail.Errors)
	if tail.Baseline != nil {
		s.b = append(s.b, ",\n  \"baseline\": "...)
		s.member(tail.Baseline)
	}
	if len(tail.Notices) > 0 {
		s.b = append(s.b, ",\n  \"notices\": "...)
		s.member(tail.Notices)
	}
	s.b = append(s.b, "\n}\n"...)
	s.flush()
	if s.err != nil {
		return fmt.Errorf("writing JSON: %w", s.err)
	}
	return nil
}

// jsonChunk is how many bytes streamJSON gathers before it writes them.
const jsonChunk = 64 << 10

// jsonStream is the buffer streamJSON appends to, and the first write
// error, after which it writes nothing more.
type jsonStream struct {
	w   io.Writer
	b   []byte
	err error
	// heads are the encodings of the last findings' members from "rule"
	// to "file", which depend on nothing else: findings come sorted by
	// file, and on a large tree with a style preset most are one rule's,
	// with its one detail and a few distinct messages, so most heads are
	// written again as they are.
	heads [jsonHeads]jsonHead
	next  int // the slot of heads the next new head takes
	last  int // the slot of heads used last
	// The last rule, detail and file written, encoded, for a head not
	// kept: a rule's findings with distinct messages repeat its detail.
	rule, detail, file lastJSONString
}

// jsonHeads is how many encoded heads jsonStream keeps: a line with
// findings of several rules alternates between their heads.
const jsonHeads = 8

// jsonHead is the encoding of a finding's members "rule" to "file", and
// the values it encodes.
type jsonHead struct {
	rule, message, detail, file string
	severity                    diagnostics.Severity
	encoded                     []byte
}

// appendHead appends the members "rule" to "file" of d, reusing a kept
// encoding of the same values.
func (s *jsonStream) appendHead(b []byte, d *diagnostics.Diagnostic) []byte {
	if h := &s.heads[s.last]; h.is(d) {
		return append(b, h.encoded...)
	}
	for i := range s.heads {
		if h := &s.heads[i]; h.is(d) {
			s.last = i
			return append(b, h.encoded...)
		}
	}
	n := len(b)
	b = append(b, "\n    {\n      \"rule\": "...)
	b = s.rule.append(b, d.Rule)
	b = append(b, ",\n      \"severity\": "...)
	b = appendJSONString(b, d.Severity.String())
	b = append(b, ",\n      \"message\": "...)
	b = appendJSONString(b, d.Message)
	if d.Detail != "" {
		b = append(b, ",\n      \"detail\": "...)
		b = s.detail.append(b, d.Detail)
	}
	b = append(b, ",\n      \"file\": "...)
	b = s.file.append(b, d.File)
	s.last = s.next
	s.next = (s.next + 1) % jsonHeads
	h := &s.heads[s.last]
	h.rule, h.message, h.detail, h.file, h.severity = d.Rule, d.Message, d.Detail, d.File, d.Severity
	h.encoded = append(h.encoded[:0], b[n:]...)
	return b
}

// is reports whether h is the encoding of d's head.
func (h *jsonHead) is(d *diagnostics.Diagnostic) bool {
	return h.encoded != nil && h.message == d.Message && h.severity == d.Severity && h.rule == d.Rule &&
		h.file == d.File && h.detail == d.Detail
}

// lastJSONString is a string and its encoding by appendJSONString.
type lastJSONString struct {
	s       string
	encoded []byte
}

// append appends v encoded, reusing the last encoding when v is the
// string encoded last.
func (l *lastJSONString) append(b []byte, v string) []byte {
	if l.encoded != nil && v == l.s {
		return append(b, l.encoded...)
	}
	n := len(b)
	b = appendJSONString(b, v)
	l.s, l.encoded = v, append(l.encoded[:0], b[n:]...)
	return b
}

func (s *jsonStream) flushFull() {
	if len(s.b) >= jsonChunk {
		s.flush()
	}
}

func (s *jsonStream) flush() {
	if s.err == nil && len(s.b) > 0 {
		_, s.err = s.w.Write(s.b)
	}
	s.b = s.b[:0]
}

// member appends v as encoding/json indents a member of the top-level
// object, with HTML escaping off as in encodeJSON.
func (s *jsonStream) member(v any) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("  ", "  ")
	if err := enc.Encode(v); err != nil && s.err == nil {
		s.err = err
	}
	s.b = append(s.b, bytes.TrimSuffix(buf.Bytes(), []byte("\n"))...)
}

// finding appends one element of "findings", with its fields in the
// contract's order (jsonFinding).
func (s *jsonStream) finding(d *diagnostics.Diagnostic) {
	end := rangeEnd(d.Start, d.End)
	b := s.appendHead(s.b, d)
	b = appendRange(b, findingIndent, int(d.Start.Line), int(d.Start.Column), int(end.Line), int(end.Column))
	if len(d.Related) == 0 && len(d.Edits) > 0 {
		// The usual finding with a fix: no related locations, then its
		// edits' opening, one append.
		b = append(b, ",\n      \"related\": [],\n      \"edits\": ["...)
		s.edits(b, d)
		return
	}
	b = append(b, ",\n      \"related\": ["...)
	for i, rel := range d.Related {
		if i > 0 {
			b = append(b, ',')
		}
		rend := rangeEnd(rel.Start, rel.End)
		b = append(b, "\n        {\n          \"message\": "...)
		b = appendJSONString(b, rel.Message)
		b = append(b, ",\n          \"file\": "...)
		b = appendJSONString(b, rel.File)
		b = appendRange(b, "          ", int(rel.Start.Line), int(rel.Start.Column), int(rend.Line), int(rend.Column))
		b = append(b, "\n        }"...)
	}
	if len(d.Related) > 0 {
		b = append(b, "\n      "...)
	}
	b = append(b, ']')
	if len(d.Edits) > 0 {
		b = append(b, ",\n      \"edits\": ["...)
		s.edits(b, d)
		return
	}
	s.b = append(b, "\n    }"...)
}

// edits appends the elements of d's "edits" after the list's opening, and
// the end of the list and of the finding.
func (s *jsonStream) edits(b []byte, d *diagnostics.Diagnostic) {
	for i, e := range d.Edits {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, "\n        {\n          \"line\": "...)
		b = appendInt(b, int(e.Start.Line))
		b = append(b, ",\n          \"column\": "...)
		b = appendInt(b, int(e.Start.Column))
		b = append(b, ",\n          \"end_line\": "...)
		b = appendInt(b, int(e.End.Line))
		b = append(b, ",\n          \"end_column\": "...)
		b = appendInt(b, int(e.End.Column))
		b = append(b, ",\n          \"new_text\": "...)
		b = appendJSONString(b, e.NewText)
		b = append(b, "\n        }"...)
	}
	s.b = append(b, "\n      ]\n    }"...)
}

// appendRange appends the line, column, end_line and end_column members at
// indentation indent.
func appendRange(b []byte, indent string, line, col, endLine, endCol int) []byte {
	if indent == findingIndent {
		// Each key with its comma and indentation, one append each: this
		// runs for every finding.
		b = append(b, ",\n"+findingIndent+`"line": `...)
		b = appendInt(b, line)
		b = append(b, ",\n"+findingIndent+`"column": `...)
		b = appendInt(b, col)
		b = append(b, ",\n"+findingIndent+`"end_line": `...)
		b = appendInt(b, endLine)
		b = append(b, ",\n"+findingIndent+`"end_column": `...)
		return appendInt(b, endCol)
	}
	b = append(b, ",\n"...)
	b = append(b, indent...)
	b = append(b, "\"line\": "...)
	b = appendInt(b, line)
	b = append(b, ",\n"...)
	b = append(b, indent...)
	b = append(b, "\"column\": "...)
	b = appendInt(b, col)
	b = append(b, ",\n"...)
	b = append(b, indent...)
	b = append(b, "\"end_line\": "...)
	b = appendInt(b, endLine)
	b = append(b, ",\n"...)
	b = append(b, indent...)
	b = append(b, "\"end_column\": "...)
	return appendInt(b, endCol)
}

// findingIndent is the indentation of a finding's members.
const findingIndent = "      "

// appendInt appends n in decimal, as strconv.AppendInt does; lines and
// columns below 10,000, nearly all of a report's numbers, without its
// general conversion.
func appendInt(b []byte, n int) []byte {
	switch {
	case n < 0 || n >= 10000:
		return strconv.AppendInt(b, int64(n), 10)
	case n < 10:
		return append(b, byte('0'+n))
	case n < 100:
		return append(b, byte('0'+n/10), byte('0'+n%10))
	case n < 1000:
		return append(b, byte('0'+n/100), byte('0'+n/10%10), byte('0'+n%10))
	}
	return append(b, byte('0'+n/1000), byte('0'+n/100%10), byte('0'+n/10%10), byte('0'+n%10))
}

const hexDigits = "0123456789abcdef"

// appendJSONString appends s as encoding/json writes a string with HTML
// escaping off: quotes, backslashes and control characters escaped (\n,
// \r, \t, \b, \f by name, the rest as \u00XX), invalid UTF-8 as \ufffd,
// and U+2028 and U+2029 as \u2028 and \u2029 (JavaScript line breaks).
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		i += plainJSONRun(s[i:])
		if i == len(s) {
			break
		}
		c := s[i]
		if c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// plainJSONRun returns the length of the longest prefix of s that JSON
// takes as it is: printable ASCII other than '"' and '\\'. It tests eight
// bytes at a time, because findings' messages, details and paths are
// nearly all such bytes and they are most of a large report.
func plainJSONRun(s string) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	n := 0
	for ; n+8 <= len(s); n += 8 {
		q := s[n : n+8]
		w := uint64(q[0]) | uint64(q[1])<<8 | uint64(q[2])<<16 | uint64(q[3])<<24 |
			uint64(q[4])<<32 | uint64(q[5])<<40 | uint64(q[6])<<48 | uint64(q[7])<<56
		quote, backslash := w^('"'*ones), w^('\\'*ones)
		// A byte's high bit is set in the result when the byte is below
		// 0x20, is '"' or '\\' (xor zero), or is not ASCII.
		special := (w-0x20*ones)&^w | (quote-ones)&^quote | (backslash-ones)&^backslash | w
		if special&highs != 0 {
			break
		}
	}
	for ; n < len(s); n++ {
		if c := s[n]; c < 0x20 || c == '"' || c == '\\' || c >= utf8.RuneSelf {
			break
		}
	}
	return n
}
