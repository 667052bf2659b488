package engine_test

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/engine"
	"github.com/ducklint/ducklint/parser/load/gentree"
)

// TestEarlyParsesSameFindings checks that a first load on two cores, which
// parses the files its walk read while it goes on, takes no early tree
// for a plan, which tasks mode parses (a tree parsed outside it rejects
// the plan keyword), and finds what a run on one core finds, which parses
// nothing early.
func TestEarlyParsesSameFindings(t *testing.T) {
	dir := t.TempDir()
	tree := gentree.Tree{"modules/m/plans/deploy.pp": "plan m::deploy(String $x) {\n  run_command('true', 'localhost')\n}\n"}
	for i := range 70 {
		tree[fmt.Sprintf("modules/m/manifests/c%02d.pp", i)] = fmt.Sprintf("class m::c%02d {\n  notice($undefined_%02d)\n}\n", i, i)
	}
	if err := tree.Write(dir); err != nil {
		t.Fatal(err)
	}
	run := func(jobs int) (engine.Counts, []diagnostics.Diagnostic) {
		t.Helper()
		w, err := engine.New(engine.Options{Roots: []string{"."}, Dir: dir, Jobs: jobs})
		if err != nil {
			t.Fatal(err)
		}
		// Every class is parsed early, however long the load takes
		// after its walk; never the plan.
		engine.ParseEarlyToTheEnd(w)
		s, res := snapshotCheck(t, w)
		return engine.Updated(s), diagnostics.Values(res.Findings)
	}
	early, got := run(2)
	if early.Parsed != 71 || early.Early != 70 {
		t.Errorf("parsed %d files, %d of them early; want 71, the 70 classes early", early.Parsed, early.Early)
	}
	alone, want := run(1)
	if alone.Early != 0 {
		t.Errorf("a run on one core parsed %d files early", alone.Early)
	}
	if len(want) < 70 || slices.ContainsFunc(want, func(d diagnostics.Diagnostic) bool { return d.Rule == "syntax-error" }) {
		t.Fatalf("findings on one core %v: want one per class and no syntax error", want)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("findings with early parses differ:\n got %v\nwant %v", got, want)
	}
}
