package engine_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/engine"
)

// A single run's check calls Collectable once, after the simulation and
// before the rules, when a rule runs the simulation and the rules check
// at least half the program's source; an editor's workspace keeps the
// simulation for its next checks and never calls it, and neither does a
// run whose rules do not simulate, that checks one small file of the
// tree, or whose program is small.
func TestCollectableOncePerSimulatingCheck(t *testing.T) {
	tree := func(padding int) string {
		dir := t.TempDir()
		for name, src := range map[string]string{
			"manifests/site.pp":              "node default {\n  include base\n}\n",
			"modules/base/manifests/init.pp": "class base {\n  File { mode => '0644' }\n  file { '/tmp/x': ensure => file }\n}\n" + strings.Repeat("# a comment\n", padding),
		} {
			p := filepath.Join(dir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	dir, small := tree(4000), tree(0)
	simulating := []string{"class-redeclared", "default-leak", "duplicate-resource", "order-dependent-default"}
	for _, tc := range []struct {
		name    string
		dir     string
		editor  bool
		disable []string
		paths   []string
		want    int
	}{
		{"single run", dir, false, nil, nil, 1},
		{"editor", dir, true, nil, nil, 0},
		{"no simulating rule", dir, false, simulating, nil, 0},
		{"the smaller file", dir, false, nil, []string{"manifests/site.pp"}, 0},
		{"the larger file", dir, false, nil, []string{"modules/base/manifests/init.pp"}, 1},
		{"a small program", small, false, nil, nil, 0},
	} {
		calls := 0
		w, err := engine.New(engine.Options{Roots: []string{"."}, Dir: tc.dir, Jobs: 2, Editor: tc.editor,
			Disable: tc.disable, Collectable: func() { calls++ }})
		if err != nil {
			t.Fatal(err)
		}
		snap, err := w.Snapshot(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if _, err := snap.Check(context.Background(), tc.paths...); err != nil {
			t.Fatal(err)
		}
		if calls != tc.want {
			t.Errorf("%s: Collectable called %d times, want %d", tc.name, calls, tc.want)
		}
	}
}
