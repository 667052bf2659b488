package parser

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/bits"
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
	starts := make([]int, 1+bytes.Count(src, []byte{'\n'}))
	n, high := 1, uint64(0)
	// Eight bytes at a time, finding the newlines and whether any byte is
	// not ASCII in one pass: lines are short, and a search call per line
	// and a second pass for the bytes cost more than the scan.
	i := 0
	for ; i+8 <= len(src); i += 8 {
		w := binary.LittleEndian.Uint64(src[i:])
		high |= w
		for nl := zeroBytes(w ^ 0x0a0a0a0a0a0a0a0a); nl != 0; nl &= nl - 1 {
			starts[n] = i + bits.TrailingZeros64(nl)>>3 + 1
			n++
		}
	}
	for ; i < len(src); i++ {
		high |= uint64(src[i])
		if src[i] == '\n' {
			starts[n] = i + 1
			n++
		}
	}
	return &LineIndex{src: src, lineStarts: starts, ascii: high&0x8080808080808080 == 0}
}

// zeroBytes returns w's zero bytes as the high bit of each set, and no
// other bit: the sum of a byte's low seven bits and 0x7f carries into its
// high bit unless they are all zero, and never into the next byte.
func zeroBytes(w uint64) uint64 {
	const low7 = 0x7f7f7f7f7f7f7f7f
	return ^((w&low7 + low7) | w | low7)
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
	return li.posOnLine(off, lo-1)
}

// PosNear is Pos for a caller converting offsets in about increasing
// order: near is the position of an earlier offset (or the zero Pos), and
// the line is searched for from its line outwards (see lineOf).
func (li *LineIndex) PosNear(off int, near Pos) Pos {
	if off < 0 || off > len(li.src) || near.Line < 1 || int(near.Line) > len(li.lineStarts) {
		return li.Pos(off)
	}
	return li.posOnLine(off, lineOf(li.lineStarts, off, int(near.Line)-1))
}

// posOnLine returns the position of offset off on line (0-based).
func (li *LineIndex) posOnLine(off, line int) Pos {
	start := li.lineStarts[line]
	if li.ascii {
		return Pos{Offset: int32(off), Line: int32(line + 1), Column: int32(off - start + 1)}
	}
	return Pos{Offset: int32(off), Line: int32(line + 1), Column: int32(utf8.RuneCount(li.src[start:off]) + 1)}
}

// lineOf returns the index of the line holding offset off, the last line
// start at or before it, searching from line near, where the previous
// look-up ended. A node's span goes back to its start after its last
// child's end, a few lines up, then forward again: the search widens from
// near in both directions, 1, 2, 4... lines, before halving.
func lineOf(ls []int, off, near int) int {
	lo, hi := 0, len(ls) // ls[lo] <= off, and hi == len(ls) or ls[hi] > off
	if near < len(ls) && ls[near] <= off {
		lo, hi = near, near+1
		for step := 1; hi < len(ls) && ls[hi] <= off; step *= 2 {
			lo, hi = hi, min(hi+step, len(ls))
		}
	} else if near < len(ls) {
		lo, hi = near-1, near
		for step := 1; lo > 0 && ls[lo] > off; step *= 2 {
			lo, hi = max(lo-step, 0), lo
		}
	}
	for hi-lo > 1 {
		mid := int(uint(lo+hi) >> 1)
		if ls[mid] <= off {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
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
