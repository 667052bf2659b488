package parser

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/parser/load/gentree"
)

// TestNewLineIndexMatchesAByteScan compares the index, eight bytes at a
// time, with a scan of one byte at a time: newlines and bytes of every
// value at every offset of a word and in the tail.
func TestNewLineIndexMatchesAByteScan(t *testing.T) {
	scan := func(src []byte) ([]int, bool) {
		starts, ascii := []int{0}, true
		for i, c := range src {
			if c == '\n' {
				starts = append(starts, i+1)
			}
			if c >= 0x80 {
				ascii = false
			}
		}
		return starts, ascii
	}
	check := func(src []byte) {
		t.Helper()
		li := NewLineIndex(src)
		starts, ascii := scan(src)
		if !slices.Equal(li.lineStarts, starts) || li.ascii != ascii {
			t.Fatalf("%q: starts %v ascii %v, want %v %v", src, li.lineStarts, li.ascii, starts, ascii)
		}
	}
	check(nil)
	for n := range 20 {
		for at := range n {
			for _, c := range []byte{'\n', '\r', 0x0b, 0x09, 0x8a, 0x80, 0xff, 0x7f, 0} {
				src := []byte(strings.Repeat("a", n))
				src[at] = c
				check(src)
			}
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		src := make([]byte, r.IntN(64))
		for i := range src {
			switch r.IntN(4) {
			case 0:
				src[i] = '\n'
			case 1:
				src[i] = byte(r.IntN(256))
			default:
				src[i] = byte('a' + r.IntN(26))
			}
		}
		check(src)
	}
}

// BenchmarkNewLineIndex indexes the sources of BenchmarkParseRealistic's
// tree.
func BenchmarkNewLineIndex(b *testing.B) {
	var srcs [][]byte
	total := 0
	for path, content := range gentree.Generate(500, 1) {
		if strings.HasSuffix(path, ".pp") || strings.HasSuffix(path, ".epp") {
			srcs = append(srcs, []byte(content))
			total += len(content)
		}
	}
	b.SetBytes(int64(total))
	b.ReportAllocs()
	for b.Loop() {
		for _, src := range srcs {
			NewLineIndex(src)
		}
	}
}

// TestSpanMatchesPos checks the parser's spans, which take the end's line
// from the start's when they can, against positions looked up alone.
func TestSpanMatchesPos(t *testing.T) {
	for _, src := range []string{"", "x", "\n", "a\nbc\n\ndef", "ü\nnï\r\n  ✓x\n", "one\ntwo\nthree\n", "ab\ncd", "a\r\nbc\r\n\r\ndef\r"} {
		li := NewLineIndex([]byte(src))
		p := &parser{lines: li, lastColLine: -1}
		for start := -1; start <= len(src)+1; start++ {
			for end := start - 1; end <= len(src)+1; end++ {
				got := p.span(start, end)
				want := Span{Start: li.Pos(start), End: li.Pos(max(start, end))}
				if got != want {
					t.Errorf("%q: span(%d, %d) = %+v, want %+v", src, start, end, got, want)
				}
			}
		}
	}
}
