package model

import (
	"slices"
	"testing"
	"unsafe"
)

// TestStoreTakesWhatWasAdded checks that each take returns exactly the
// items added since the previous one, in order, across chunk boundaries,
// and that items taken earlier are not overwritten by later adds.
func TestStoreTakesWhatWasAdded(t *testing.T) {
	var s store[int]
	var taken [][][]int
	var want [][]int
	next := 0
	for _, n := range []int{0, 1, 1023, 1, 1024, 5000, 0, 7} {
		var w []int
		for range n {
			s.add(next)
			w = append(w, next)
			next++
		}
		taken = append(taken, s.take())
		want = append(want, w)
	}
	for i, segs := range taken {
		var got []int
		for _, seg := range segs {
			got = append(got, seg...)
		}
		if !slices.Equal(got, want[i]) {
			t.Errorf("take %d: got %d items %v..., want %d", i, len(got), got[:min(len(got), 3)], len(want[i]))
		}
	}
}

// TestRecordSizes guards the size of the records the simulations make by
// the hundred thousand on a large tree (see siteRecord, keptPath): each
// byte more is a tenth of a megabyte more to allocate and clear there.
func TestRecordSizes(t *testing.T) {
	for _, c := range []struct {
		name      string
		got, want uintptr
	}{
		{"siteRecord", unsafe.Sizeof(siteRecord{}), 48},
		{"declRecord", unsafe.Sizeof(declRecord{}), 32},
		{"declEval", unsafe.Sizeof(declEval{}), 24},
	} {
		if c.got > c.want {
			t.Errorf("%s is %d bytes, want at most %d", c.name, c.got, c.want)
		}
	}
}
