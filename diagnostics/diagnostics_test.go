package diagnostics

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ducklint/ducklint/parser"
)

// randomFindings are n findings over few files, lines, rules and messages,
// so that many compare equal and some are exact duplicates.
func randomFindings(r *rand.Rand, n int) []Diagnostic {
	var ds []Diagnostic
	for range n {
		line := int32(r.IntN(4) + 1)
		d := Diagnostic{
			Rule: fmt.Sprint("rule-", r.IntN(3)), Severity: Severity(r.IntN(3) + 1), Message: fmt.Sprint("m", r.IntN(2)),
			File: fmt.Sprint("f", r.IntN(3), ".pp"), Start: parser.Pos{Line: line, Column: int32(r.IntN(2) + 1)},
			End: parser.Pos{Offset: int32(r.IntN(2)), Line: line, Column: 3},
		}
		if r.IntN(3) == 0 {
			d.Edits = []Edit{{NewText: fmt.Sprint(r.IntN(2))}}
		}
		if r.IntN(4) == 0 {
			d.Related = []Related{{Message: "here", File: "g.pp"}}
		}
		ds = append(ds, d)
	}
	return ds
}

// TestSortMatchesStableSortAndCompact holds Sort, which orders pointers,
// to sorting the findings stably with Compare and removing neighbours Equal reports
// the same, on sorted and unsorted inputs.
func TestSortMatchesStableSortAndCompact(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 300 {
		ds := randomFindings(r, r.IntN(40))
		if i%3 == 0 {
			slices.SortStableFunc(ds, Compare) // already sorted: Sort only compacts
		}
		want := slices.CompactFunc(slices.SortedStableFunc(slices.Values(slices.Clone(ds)), Compare), Equal)
		got := Values(Sort(Pointers(ds)))
		if !slices.EqualFunc(got, want, Equal) {
			t.Fatalf("input %d: Sort(%v)\n= %v\nwant %v", i, ds, got, want)
		}
	}
}
