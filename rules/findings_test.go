package rules

import (
	"fmt"
	"slices"
	"testing"

	"github.com/ducklint/ducklint/diagnostics"
)

// A file's findings are kept in chunks that are never copied as they
// grow, in the order reported.
func TestFileFindingsKeepOrder(t *testing.T) {
	var ff fileFindings
	var want []Diagnostic
	for i := range 1000 {
		d := Diagnostic{Rule: "r", Message: fmt.Sprint(i)}
		ff.add(&d)
		want = append(want, d)
	}
	if ff.n != 1000 {
		t.Errorf("n = %d, want 1000", ff.n)
	}
	if got := slices.Concat(ff.chunks...); !slices.EqualFunc(got, want, diagnostics.Equal) {
		t.Errorf("the chunks hold %d findings out of order, want the 1000 in order", len(got))
	}
	// 4, 4, 8, 16, ... 512: each chunk as large as those before, up to
	// maxFindingChunk.
	if len(ff.chunks) > 9 {
		t.Errorf("%d chunks for 1000 findings, want at most 9", len(ff.chunks))
	}
}
