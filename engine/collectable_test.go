package engine_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/ducklint/ducklint/engine"
)

// A single run's check calls Collectable once, after the simulation and
// before the rules, when a rule runs the simulation and the rules check
// at least half the program's source; an editor's workspace keeps the
// simulation for its next checks and never calls it, and neither does a
// run whose rules do not simulate or check one small file of the tree.
func TestCollectableOncePerSimulatingCheck(t *testing.T) {
	dir := t.TempDir()
	for name, src := range map[string]string{
		"manifests/site.pp":              "node default {\n  include base\n}\n",
		"modules/base/manifests/init.pp": "class base {\n  File { mode => '0644' }\n  file { '/tmp/x': ensure => file }\n}\n",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	simulating := []string{"class-redeclared", "default-leak", "duplicate-resource", "order-dependent-default"}
	for _, tc := range []struct {
		name    string
		editor  bool
		disable []string
		paths   []string
		want    int
	}{
		{"single run", false, nil, nil, 1},
		{"editor", true, nil, nil, 0},
		{"no simulating rule", false, simulating, nil, 0},
		{"the smaller file", false, nil, []string{"manifests/site.pp"}, 0},
		{"the larger file", false, nil, []string{"modules/base/manifests/init.pp"}, 1},
	} {
		calls := 0
		w, err := engine.New(engine.Options{Roots: []string{"."}, Dir: dir, Jobs: 2, Editor: tc.editor,
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
