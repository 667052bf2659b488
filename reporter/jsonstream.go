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
		s.finding(&r.Findings[i])
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
	// The last rule, message, detail and file written, encoded: findings
	// come sorted by file, and a rule's findings repeat its detail, so
	// most of these are written again as they are.
	rule, message, detail, file lastJSONString
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
	b := append(s.b, "\n    {\n      \"rule\": "...)
	b = s.rule.append(b, d.Rule)
	b = append(b, ",\n      \"severity\": "...)
	b = appendJSONString(b, d.Severity.String())
	b = append(b, ",\n      \"message\": "...)
	b = s.message.append(b, d.Message)
	if d.Detail != "" {
		b = append(b, ",\n      \"detail\": "...)
		b = s.detail.append(b, d.Detail)
	}
	b = append(b, ",\n      \"file\": "...)
	b = s.file.append(b, d.File)
	b = appendRange(b, "      ", int(d.Start.Line), int(d.Start.Column), int(end.Line), int(end.Column))
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
		for i, e := range d.Edits {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, "\n        {\n          \"line\": "...)
			b = strconv.AppendInt(b, int64(e.Start.Line), 10)
			b = append(b, ",\n          \"column\": "...)
			b = strconv.AppendInt(b, int64(e.Start.Column), 10)
			b = append(b, ",\n          \"end_line\": "...)
			b = strconv.AppendInt(b, int64(e.End.Line), 10)
			b = append(b, ",\n          \"end_column\": "...)
			b = strconv.AppendInt(b, int64(e.End.Column), 10)
			b = append(b, ",\n          \"new_text\": "...)
			b = appendJSONString(b, e.NewText)
			b = append(b, "\n        }"...)
		}
		b = append(b, "\n      ]"...)
	}
	s.b = append(b, "\n    }"...)
}

// appendRange appends the line, column, end_line and end_column members at
// indentation indent.
func appendRange(b []byte, indent string, line, col, endLine, endCol int) []byte {
	b = append(b, ",\n"...)
	b = append(b, indent...)
	b = append(b, "\"line\": "...)
	b = strconv.AppendInt(b, int64(line), 10)
	b = append(b, ",\n"...)
	b = append(b, indent...)
	b = append(b, "\"column\": "...)
	b = strconv.AppendInt(b, int64(col), 10)
	b = append(b, ",\n"...)
	b = append(b, indent...)
	b = append(b, "\"end_line\": "...)
	b = strconv.AppendInt(b, int64(endLine), 10)
	b = append(b, ",\n"...)
	b = append(b, indent...)
	b = append(b, "\"end_column\": "...)
	return strconv.AppendInt(b, int64(endCol), 10)
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
