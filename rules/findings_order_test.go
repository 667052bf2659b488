package rules

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// TestSortedIntoMatchesStableSort holds sortedInto, which sorts a file's
// findings by address across the chunks they were reported into, to a
// stable sort of the findings in the order reported, and checks that the
// findings stay where they were recorded.
func TestSortedIntoMatchesStableSort(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 200 {
		var chunks [][]Diagnostic
		var all []Diagnostic
		for range r.IntN(5) {
			var c []Diagnostic
			for range r.IntN(12) {
				line := int32(r.IntN(5) + 1)
				c = append(c, Diagnostic{Rule: fmt.Sprint("r", r.IntN(3)), Message: fmt.Sprint("m", r.IntN(2)),
					Severity: Severity(r.IntN(3) + 1), // not compared: equal findings keep their order
					File:     "a.pp", Start: parser.Pos{Line: line, Column: int32(r.IntN(3) + 1)}, End: parser.Pos{Line: line, Column: 9}})
			}
			if i%4 == 0 {
				slices.SortStableFunc(c, diagnostics.Compare)
			}
			chunks = append(chunks, c)
			all = append(all, c...)
		}
		slices.SortStableFunc(all, diagnostics.Compare)
		got := make([]*Diagnostic, len(all))
		sortedInto(got, chunks)
		if !slices.EqualFunc(diagnostics.Values(got), all, diagnostics.Equal) {
			t.Fatalf("chunks %v:\n got %v\nwant %v", chunks, diagnostics.Values(got), all)
		}
		recorded := map[*Diagnostic]bool{}
		for _, c := range chunks {
			for j := range c {
				recorded[&c[j]] = true
			}
		}
		for _, p := range got {
			if !recorded[p] {
				t.Fatalf("chunks %v: a result points outside them", chunks)
			}
		}
	}
}
