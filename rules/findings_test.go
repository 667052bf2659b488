package rules

import (
	"fmt"
	"slices"
	"testing"

	"github.com/ducklint/ducklint/diagnostics"
)

// A file's findings are kept in chunks that are never copied as they
// grow, in the order reported, cut from the slabs they were reported in.
func TestFileFindingsKeepOrder(t *testing.T) {
	var ff, other fileFindings
	var want, wantOther []Diagnostic
	var slabs [2]findingSlab
	for i := range 1000 {
		d := Diagnostic{Rule: "r", Message: fmt.Sprint(i)}
		slab := &slabs[0]
		if i%100 == 99 { // now and then from another worker
			slab = &slabs[1]
		}
		ff.add(&d, slab)
		want = append(want, d)
		if i%7 == 0 { // another file's, in between
			ff := &other
			ff.add(&d, &slabs[0])
			wantOther = append(wantOther, d)
		}
	}
	if got := slices.Concat(other.chunks...); !slices.EqualFunc(got, wantOther, diagnostics.Equal) {
		t.Errorf("the other file's chunks hold %d findings out of order, want the %d in order", len(got), len(wantOther))
	}
	for _, c := range ff.chunks {
		if len(c) != cap(c) {
			t.Errorf("a chunk of %d findings has room for %d: appending to it would overwrite the slab", len(c), cap(c))
		}
	}
	if ff.n != 1000 {
		t.Errorf("n = %d, want 1000", ff.n)
	}
	if got := slices.Concat(ff.chunks...); !slices.EqualFunc(got, want, diagnostics.Equal) {
		t.Errorf("the chunks hold %d findings out of order, want the 1000 in order", len(got))
	}
	// A chunk ends where another file's finding, another slab's or a
	// new block of the slab starts: the first slab's 1,143 findings fill
	// 8 blocks (8, 16, ... 512, then 512).
	if limit := 143 + 2*10 + 8; len(ff.chunks) > limit {
		t.Errorf("%d chunks for 1000 findings, want at most %d", len(ff.chunks), limit)
	}
}

// TestFindingSlabStartsSmall checks that a slab's first block holds a few
// findings and each next one twice as many, up to findingSlabSize.
func TestFindingSlabStartsSmall(t *testing.T) {
	var ff fileFindings
	var mem findingSlab
	var blocks []int
	for range 3 * findingSlabSize {
		d := Diagnostic{Rule: "r"}
		ff.add(&d, &mem)
		if len(mem.buf) == 1 {
			blocks = append(blocks, cap(mem.buf))
		}
	}
	want := []int{8, 16, 32, 64, 128, 256, 512, 512, 512}
	if !slices.Equal(blocks, want) {
		t.Errorf("blocks of %v findings, want %v", blocks, want)
	}
	if got := slices.Concat(ff.chunks...); len(got) != 3*findingSlabSize || ff.n != len(got) {
		t.Errorf("%d findings kept, n = %d; want %d", len(got), ff.n, 3*findingSlabSize)
	}
}

// BenchmarkFileFindingsAdd records findings as a run's workers do: runs
// of a file's findings, now and then one on another file in between.
func BenchmarkFileFindingsAdd(b *testing.B) {
	d := Diagnostic{Rule: "r", Message: "m"}
	b.ReportAllocs()
	for range b.N {
		var ff, other fileFindings
		var mem findingSlab
		for i := range 10000 {
			ff.add(&d, &mem)
			if i%50 == 49 {
				other.add(&d, &mem)
			}
		}
	}
}
