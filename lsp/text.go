package lsp

import (
	"fmt"
	"strings"
	"unicode/utf8"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/ducklint/ducklint/parser"
)

// encoding is the unit in which a position's character counts: the LSP
// default is UTF-16 code units; a 3.17 client may offer UTF-8 or UTF-32
// (code points, which is how ducklint counts columns).
type encoding string

const (
	utf8Encoding  encoding = "utf-8"
	utf16Encoding encoding = "utf-16"
	utf32Encoding encoding = "utf-32"
)

// mapper converts between byte offsets of a text and LSP positions.
type mapper struct {
	text  string
	lines []int // byte offset of each line's start
	enc   encoding
}

func newMapper(text string, enc encoding) *mapper {
	lines := make([]int, 1, strings.Count(text, "\n")+1)
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' {
			lines = append(lines, i+1)
		}
	}
	return &mapper{text: text, lines: lines, enc: enc}
}

// lineEnd is the byte offset of the end of line (0-based) l, before its
// line break.
func (m *mapper) lineEnd(l int) int {
	end := len(m.text)
	if l+1 < len(m.lines) {
		end = m.lines[l+1] - 1
	}
	if end > m.lines[l] && m.text[end-1] == '\r' {
		end--
	}
	return end
}

// offset returns the byte offset of p. As the protocol says, a character
// past the end of its line means the line's end; a line past the end of
// the text is an error (the empty line after a final newline is a line).
func (m *mapper) offset(p protocol.Position) (int, error) {
	if int(p.Line) >= len(m.lines) {
		return 0, fmt.Errorf("position %d:%d is past the end of the document (%d lines)", p.Line, p.Character, len(m.lines))
	}
	start, end := m.lines[p.Line], m.lineEnd(int(p.Line))
	want := int(p.Character)
	i := start
	for units := 0; i < end && units < want; {
		r, size := utf8.DecodeRuneInString(m.text[i:end])
		switch m.enc {
		case utf8Encoding:
			units += size
		case utf32Encoding:
			units++
		default:
			units++
			if r >= 0x10000 { // a surrogate pair
				units++
			}
		}
		if units > want { // inside a surrogate pair or a UTF-8 sequence: stay before it
			break
		}
		i += size
	}
	return i, nil
}

// position returns the LSP position of byte offset off (clamped to the text).
func (m *mapper) position(off int) protocol.Position {
	off = max(0, min(off, len(m.text)))
	l := lineOf(m.lines, off)
	return protocol.Position{Line: protocol.UInteger(l), Character: protocol.UInteger(m.units(m.text[m.lines[l]:off]))}
}

// units counts s in the mapper's encoding.
func (m *mapper) units(s string) int {
	switch m.enc {
	case utf8Encoding:
		return len(s)
	case utf32Encoding:
		return utf8.RuneCountInString(s)
	}
	n := 0
	for _, r := range s {
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return n
}

// lineOf returns the line (0-based) holding byte offset off.
func lineOf(lines []int, off int) int {
	lo, hi := 0, len(lines)-1
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if lines[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return lo
}

// fromPos returns the LSP position of a ducklint position in this text.
// The byte offset decides when it falls inside the text at the position's
// line; otherwise (a text that changed since, a position made up by a
// rule) the line and column are used as they are.
func (m *mapper) fromPos(p parser.Pos) protocol.Position {
	if off := int(p.Offset); p.IsValid() && off >= 0 && off <= len(m.text) && lineOf(m.lines, off) == int(p.Line)-1 {
		return m.position(off)
	}
	return protocol.Position{Line: protocol.UInteger(max(p.Line-1, 0)), Character: protocol.UInteger(max(p.Column-1, 0))}
}

// toPos returns the ducklint position (1-based line and code-point column,
// byte offset) of an LSP position.
func (m *mapper) toPos(p protocol.Position) (parser.Pos, error) {
	off, err := m.offset(p)
	if err != nil {
		return parser.Pos{}, err
	}
	l := lineOf(m.lines, off)
	col := utf8.RuneCountInString(m.text[m.lines[l]:off]) + 1
	return parser.Pos{Offset: int32(off), Line: int32(l + 1), Column: int32(col)}, nil
}

// applyChanges applies the content changes of one didChange notification
// in order: a change without a range replaces the whole text.
func applyChanges(text string, changes []any, enc encoding) (string, error) {
	for _, c := range changes {
		switch c := c.(type) {
		case protocol.TextDocumentContentChangeEventWhole:
			text = c.Text
		case protocol.TextDocumentContentChangeEvent:
			if c.Range == nil {
				text = c.Text
				continue
			}
			m := newMapper(text, enc)
			start, err := m.offset(c.Range.Start)
			if err != nil {
				return "", err
			}
			end, err := m.offset(c.Range.End)
			if err != nil {
				return "", err
			}
			if end < start {
				return "", fmt.Errorf("change range ends (%d:%d) before it starts (%d:%d)",
					c.Range.End.Line, c.Range.End.Character, c.Range.Start.Line, c.Range.Start.Character)
			}
			text = text[:start] + c.Text + text[end:]
		default:
			return "", fmt.Errorf("unknown content change %T", c)
		}
	}
	return text, nil
}
