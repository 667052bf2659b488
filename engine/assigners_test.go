package engine_test

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/engine"
	"github.com/ducklint/ducklint/rules/ruletest"
)

// TestWorkspaceFollowsTheClassesTheTreeAssigns checks that an editor's
// warm workspace judges a class nothing declares as a fresh whole run
// does while the code and data that assign classes change: the always-true
// defined() of profile::nginx is info while only profile::nginx::munki,
// which nothing assigns, reaches it without the agent; a warning once the
// node data lists that class (unsaved, then saved), or a computed include
// may name it; info again when both are undone.
func TestWorkspaceFollowsTheClassesTheTreeAssigns(t *testing.T) {
	ar, err := txtar.ParseFile("../testdata/rules/defined-function/assigned-by-data.txtar")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := ruletest.WriteArchive(ar, dir); err != nil {
		t.Fatal(err)
	}
	w, err := engine.New(engine.Options{Roots: []string{"."}, Dir: dir, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	const (
		target = "site-modules/profile/manifests/nginx.pp"
		data   = "data/nodes/db.example.com.yaml"
		site   = "manifests/site.pp"
	)
	overlays := map[string][]byte{}
	read := func(name string) string {
		src, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(src)
	}
	check := func(step string, want diagnostics.Severity) {
		t.Helper()
		snap, err := w.Snapshot(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		got, err := snap.Findings(context.Background(), target)
		if err != nil {
			t.Fatal(err)
		}
		whole := wholeRun(t, copyTree(t, dir, overlays))
		if !reflect.DeepEqual(got[target], whole[target]) {
			t.Errorf("%s: the warm workspace differs from a fresh whole run\nwarm:\n%s\nwhole:\n%s", step, show(got[target]),
				show(whole[target]))
		}
		var defined []diagnostics.Diagnostic
		for _, d := range got[target] {
			if d.Rule == "defined-function" {
				defined = append(defined, d)
			}
		}
		if len(defined) != 1 || defined[0].Severity != want {
			t.Errorf("%s: want one defined-function finding of severity %v, got\n%s", step, want, show(defined))
		}
	}
	check("as written", diagnostics.Info)

	listed := strings.Replace(read(data), "  - profile::extra\n", "  - profile::extra\n  - profile::nginx::munki\n", 1)
	overlays[data] = []byte(listed)
	w.SetOverlay(data, overlays[data])
	check("the node data lists munki, unsaved", diagnostics.Warning)

	delete(overlays, data)
	w.RemoveOverlay(data)
	if err := os.WriteFile(filepath.Join(dir, data), []byte(listed), 0o644); err != nil {
		t.Fatal(err)
	}
	w.Changed(data)
	check("the node data lists munki, saved", diagnostics.Warning)

	unlisted := strings.Replace(listed, "  - profile::nginx::munki\n", "", 1)
	if err := os.WriteFile(filepath.Join(dir, data), []byte(unlisted), 0o644); err != nil {
		t.Fatal(err)
	}
	w.Changed(data)
	check("the node data lists it no more", diagnostics.Info)

	overlays[site] = []byte(read(site) + "include $facts['extra_class']\n")
	w.SetOverlay(site, overlays[site])
	check("site.pp includes a class it computes", diagnostics.Warning)

	delete(overlays, site)
	w.RemoveOverlay(site)
	check("site.pp as saved", diagnostics.Info)
}
