package model_test

import (
	"testing"

	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/parser/load/gentree"
	"github.com/ducklint/ducklint/rules/model"
)

// TestVariableLookupsAreLinear counts the assignments and nodes that
// resolving every read, and explaining every unresolved one (as the
// unknown-variable rule does), look at on adversarial shapes of n and 2n
// items: doubling the input must at most about double the work. Scanning
// the scope per read, as lookups once did, makes it four times.
func TestVariableLookupsAreLinear(t *testing.T) {
	lookups := func(t *testing.T, shape gentree.Shape, n int) int64 {
		dir := t.TempDir()
		if err := shape.Generate(n).Write(dir); err != nil {
			t.Fatal(err)
		}
		tree, err := load.Load(load.Options{Paths: []string{gentree.File}, Dir: dir})
		if err != nil {
			t.Fatal(err)
		}
		prog := model.Build(tree, model.Options{})
		st := prog.Static(fakeKnown)
		reads := 0
		for _, f := range prog.Files {
			for _, r := range st.Reads(f) {
				reads++
				if r.Resolution.Kind == model.Unresolved {
					st.AssignedAnywhere(r.Scope.Owner(), r.Var.Name)
				}
			}
		}
		if reads < n-1 {
			t.Fatalf("%s: %d reads for n=%d", shape.Name, reads, n)
		}
		return st.Lookups()
	}
	for _, shape := range gentree.Shapes() {
		switch shape.Name {
		case "unknown-reads", "assign-chain", "typos", "params", "top-scope-reads", "lambda-locals", "reserved-names", "case-arms", "inherits-reads":
		default:
			continue
		}
		t.Run(shape.Name, func(t *testing.T) {
			small, large := lookups(t, shape, 2000), lookups(t, shape, 4000)
			if float64(large) > 2.5*float64(small)+100 {
				t.Errorf("%d lookups for n=2000, %d for n=4000: not linear", small, large)
			}
		})
	}
}
