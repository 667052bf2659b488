package parser

import "testing"

// PosNear must give Pos's answer whatever the position it starts from.
func TestPosNearMatchesPos(t *testing.T) {
	for _, src := range []string{"", "x", "\n", "a\nbc\n\ndef", "ü\nnï\r\n  ✓x\n", "one\ntwo\nthree\n"} {
		li := NewLineIndex([]byte(src))
		nears := []Pos{{}, {Line: 1000, Column: 1}, {Line: -3}}
		for off := 0; off <= len(src); off++ {
			nears = append(nears, li.Pos(off))
		}
		for off := -1; off <= len(src)+1; off++ {
			want := li.Pos(off)
			for _, near := range nears {
				if got := li.PosNear(off, near); got != want {
					t.Errorf("%q: PosNear(%d, %v) = %+v, want %+v", src, off, near, got, want)
				}
			}
		}
	}
}
