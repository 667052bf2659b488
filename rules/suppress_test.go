package rules

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/ducklint/ducklint/parser"
)

// coveredByScan is the reference for suppress: every directive tested
// against every finding.
func coveredByScan(directives []*directive, diags []Diagnostic) []Diagnostic {
	var kept []Diagnostic
	for _, diag := range diags {
		hit := false
		for _, d := range directives {
			if diag.Start.Line < d.firstLine || diag.Start.Line > d.lastLine {
				continue
			}
			for i, r := range d.rules {
				if r != nil && r.ID == diag.Rule {
					d.used[i] = true
					hit = true
				}
			}
		}
		if !hit {
			kept = append(kept, diag)
		}
	}
	return kept
}

func randomDirectives(r *rand.Rand, rs []*Rule, n, lines int) []*directive {
	var out []*directive
	for range n {
		first := int32(1 + r.IntN(lines))
		last := first
		if r.IntN(4) == 0 {
			last = first + int32(r.IntN(lines/4+1)) // a block
		}
		d := &directive{firstLine: first, lastLine: last}
		for range 1 + r.IntN(2) {
			d.names = append(d.names, "x")
			d.rules = append(d.rules, rs[r.IntN(len(rs))])
		}
		d.used = make([]bool, len(d.rules))
		out = append(out, d)
	}
	return out
}

func cloneDirectives(ds []*directive) []*directive {
	out := make([]*directive, len(ds))
	for i, d := range ds {
		c := *d
		c.used = make([]bool, len(d.used))
		out[i] = &c
	}
	return out
}

// TestSuppressMatchesScan compares suppress with testing each directive
// against each finding: the same findings kept, the same names used.
func TestSuppressMatchesScan(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	rs := []*Rule{UnknownVariable(), VariableReassigned(), nil}
	for range 500 {
		lines := 5 + r.IntN(60)
		directives := randomDirectives(r, rs, r.IntN(12), lines)
		var diags []Diagnostic
		for range r.IntN(40) {
			rule := rs[r.IntN(2)]
			diags = append(diags, Diagnostic{Rule: rule.ID, Start: parser.Pos{Line: int32(1 + r.IntN(lines))}})
		}
		ref := cloneDirectives(directives)
		want := coveredByScan(ref, slices.Clone(diags))
		got, _ := suppress(directives, diags)
		if !slices.EqualFunc(got, want, func(x, y Diagnostic) bool { return x.Rule == y.Rule && x.Start == y.Start }) {
			t.Fatalf("suppress keeps %v, the scan %v", got, want)
		}
		for i := range directives {
			if !slices.Equal(directives[i].used, ref[i].used) {
				t.Fatalf("directive %d on lines %d-%d: used %v, the scan says %v", i, directives[i].firstLine, directives[i].lastLine,
					directives[i].used, ref[i].used)
			}
		}
	}
}

// TestSuppressWorkIsLinear counts what suppress looks at for n findings
// under n one-line directives, and under n nested blocks, at n and 2n:
// testing every directive against every finding made it four times.
func TestSuppressWorkIsLinear(t *testing.T) {
	rule := UnknownVariable()
	work := func(n int, blocks bool) int {
		var directives []*directive
		var diags []Diagnostic
		for i := range n {
			line := int32(i + 1)
			d := &directive{firstLine: line, lastLine: line, names: []string{rule.ID}, rules: []*Rule{rule}, used: []bool{false}}
			if blocks {
				d.lastLine = int32(2 * n)
			}
			directives = append(directives, d)
			diags = append(diags, Diagnostic{Rule: rule.ID, Start: parser.Pos{Line: line}})
		}
		kept, looked := suppress(directives, diags)
		if len(kept) != 0 {
			t.Fatalf("%d findings kept", len(kept))
		}
		return looked
	}
	for _, blocks := range []bool{false, true} {
		small, large := work(2000, blocks), work(4000, blocks)
		if float64(large) > 2.5*float64(small) {
			t.Errorf("blocks %v: %d looked at for n=2000, %d for n=4000: not linear", blocks, small, large)
		}
	}
}
