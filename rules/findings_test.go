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
		ff.add(d)
		want = append(want, d)
	}
	if ff.n != 1000 {
		t.Errorf("n = %d, want 1000", ff.n)
	}
	if got := slices.Concat(ff.chunks...); !slices.EqualFunc(got, want, diagnostics.Equal) {
		t.Errorf("the chunks hold %d findings out of order, want the 1000 in order", len(got))
	}
	// 8, 8, 16, 32, ... 512: each chunk as large as those before.
	if len(ff.chunks) > 9 {
		t.Errorf("%d chunks for 1000 findings, want at most 9", len(ff.chunks))
	}
}

// joinInPlace joins the kept lists in order, moving them within the list
// of all findings when that is safe, and copying them when a file's list
// grew past its part (a directive's own findings).
func TestJoinInPlace(t *testing.T) {
	mk := func(names ...string) []Diagnostic {
		var ds []Diagnostic
		for _, n := range names {
			ds = append(ds, Diagnostic{Rule: "r", Message: n})
		}
		return ds
	}
	for _, tc := range []struct {
		name  string
		parts [][]string // each file's findings, in all
		kept  func(all []Diagnostic, starts []int) [][]Diagnostic
		want  []string
		moved bool // the result is in all's array
	}{
		{"all kept", [][]string{{"a", "b"}, {"c"}, {"d", "e"}},
			func(all []Diagnostic, s []int) [][]Diagnostic {
				return [][]Diagnostic{all[s[0]:s[1]], all[s[1]:s[2]], all[s[2]:s[3]]}
			}, []string{"a", "b", "c", "d", "e"}, true},
		{"some suppressed", [][]string{{"a", "b"}, {"c"}, {"d", "e"}},
			func(all []Diagnostic, s []int) [][]Diagnostic {
				return [][]Diagnostic{all[s[0] : s[0]+1], all[s[1]:s[1]], all[s[2]:s[3]]}
			}, []string{"a", "d", "e"}, true},
		{"a file's own list that fits", [][]string{{"a", "b"}, {"c"}},
			func(all []Diagnostic, s []int) [][]Diagnostic {
				return [][]Diagnostic{mk("x"), all[s[1]:s[2]]}
			}, []string{"x", "c"}, true},
		{"a file's list past its part", [][]string{{"a"}, {"c", "d"}},
			func(all []Diagnostic, s []int) [][]Diagnostic {
				return [][]Diagnostic{mk("a", "u"), all[s[1]:s[2]]}
			}, []string{"a", "u", "c", "d"}, false},
		{"none", [][]string{{}, {}}, func([]Diagnostic, []int) [][]Diagnostic { return [][]Diagnostic{nil, nil} }, nil, false},
	} {
		starts := []int{0}
		var all []Diagnostic
		for _, p := range tc.parts {
			all = append(all, mk(p...)...)
			starts = append(starts, len(all))
		}
		got := joinInPlace(all, starts, tc.kept(all, starts))
		var names []string
		for _, d := range got {
			names = append(names, d.Message)
		}
		if !slices.Equal(names, tc.want) {
			t.Errorf("%s: joined %q, want %q", tc.name, names, tc.want)
		}
		if moved := len(got) > 0 && len(all) > 0 && &got[0] == &all[0]; moved != tc.moved {
			t.Errorf("%s: in place %v, want %v", tc.name, moved, tc.moved)
		}
		if tc.moved {
			for i := len(got); i < len(all); i++ {
				if all[i].Message != "" {
					t.Errorf("%s: finding %d past the joined list not cleared", tc.name, i)
				}
			}
		}
	}
}
