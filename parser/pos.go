package parser

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"unicode/utf8"
)

// Pos is a position in a source file. Line and Column are 1-based; Column
// counts Unicode code points (a tab counts as one), as Puppet and the ducklint
// JSON contract do. Offset is the 0-based byte offset.
type Pos struct {
	Offset int32
	Line   int32
	Column int32
}

// IsValid reports whether p has been set.
func (p Pos) IsValid() bool { return p.Line > 0 }

// String formats p as line:column.
func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Column) }

// Before reports whether p comes before q in the file.
func (p Pos) Before(q Pos) bool { return p.Offset < q.Offset }

// Span is a half-open source range: Start is the first byte, End is just past
// the last byte.
type Span struct {
	Start Pos
	End   Pos
}

// LineIndex converts byte offsets of one source text to positions.
// It is immutable after construction and safe for concurrent use.
type LineIndex struct {
	src        []byte
	lineStarts []int // byte offset of the first byte of each line
	ascii      bool  // no multi-byte characters: a column is a byte count
}

// NewLineIndex indexes the line starts of src. A line ends at "\n"; a lone
// "\r" is not a line break, matching Puppet's locator.
func NewLineIndex(src []byte) *LineIndex {
	// Counting first sizes the slice exactly: growing it by appending left
	// garbage several times the size of the index.
	starts := make([]int, 1, bytes.Count(src, []byte{'\n'})+1)
	for off := 0; ; {
		i := bytes.IndexByte(src[off:], '\n')
		if i < 0 {
			break
		}
		off += i + 1
		starts = append(starts, off)
	}
	return &LineIndex{src: src, lineStarts: starts, ascii: isASCII(src)}
}

// isASCII reports whether b holds no byte >= 0x80, eight bytes at a time.
func isASCII(b []byte) bool {
	for len(b) >= 8 {
		if binary.LittleEndian.Uint64(b)&0x8080808080808080 != 0 {
			return false
		}
		b = b[8:]
	}
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// Pos returns the position of byte offset off. Offsets past the end are
// clamped to the end of the source.
func (li *LineIndex) Pos(off int) Pos {
	if off < 0 {
		off = 0
	}
	if off > len(li.src) {
		off = len(li.src)
	}
	// The last line starting at or before off, by a binary search
	// written out: sort.Search calls a function per probe, and a style
	// preset converts hundreds of thousands of offsets.
	lo, hi := 0, len(li.lineStarts)
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if li.lineStarts[mid] > off {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	line := lo - 1
	start := li.lineStarts[line]
	if li.ascii {
		return Pos{Offset: int32(off), Line: int32(line + 1), Column: int32(off - start + 1)}
	}
	return Pos{Offset: int32(off), Line: int32(line + 1), Column: int32(utf8.RuneCount(li.src[start:off]) + 1)}
}

// PosNear is Pos for a caller converting offsets in about increasing
// order: near is the position of an earlier offset (or the zero Pos), and
// when off is on its line or the next, the line is found without a
// search.
func (li *LineIndex) PosNear(off int, near Pos) Pos {
	if line := int(near.Line) - 1; line >= 0 && off >= 0 && off <= len(li.src) {
		for end := min(line+2, len(li.lineStarts)); line < end && li.lineStarts[line] <= off; line++ {
			if line+1 == len(li.lineStarts) || off < li.lineStarts[line+1] {
				start := li.lineStarts[line]
				if li.ascii {
					return Pos{Offset: int32(off), Line: int32(line + 1), Column: int32(off - start + 1)}
				}
				return Pos{Offset: int32(off), Line: int32(line + 1), Column: int32(utf8.RuneCount(li.src[start:off]) + 1)}
			}
		}
	}
	return li.Pos(off)
}

// Source returns the indexed source text; it must not be modified.
func (li *LineIndex) Source() []byte { return li.src }

// LineCount returns the number of lines in the source.
func (li *LineIndex) LineCount() int { return len(li.lineStarts) }

// Line returns the text of 1-based line n without its line terminator.
func (li *LineIndex) Line(n int) []byte {
	start, end, ok := li.LineBounds(n)
	if !ok {
		return nil
	}
	return li.src[start:end]
}

// LineBounds returns the byte offsets of the text of 1-based line n, the
// line terminator left out, and whether there is such a line.
func (li *LineIndex) LineBounds(n int) (start, end int, ok bool) {
	if n < 1 || n > len(li.lineStarts) {
		return 0, 0, false
	}
	start = li.lineStarts[n-1]
	end = len(li.src)
	if n < len(li.lineStarts) {
		end = li.lineStarts[n] - 1
	}
	if end > start && li.src[end-1] == '\r' {
		end--
	}
	return start, end, true
}
