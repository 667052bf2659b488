package engine_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/engine"
	"github.com/ducklint/ducklint/parser/load/gentree"
)

// TestCachedSummaryFollowsHowAFileIsParsed lints a tree where an EPP
// template is a byte copy of a manifest defining a class, with a warm
// summary cache: the template parses as text, the manifest as a class, so
// the cache must not hand one's summary to the other. Each single run of
// site.pp (from the root, from manifests/, through standard input with its
// file name) must find what the whole tree finds for it.
func TestCachedSummaryFollowsHowAFileIsParsed(t *testing.T) {
	dir := t.TempDir()
	const bar = "class foo::bar {\n  notify { 'hi': }\n}\n"
	const site = "node default {\n  include foo::bar\n}\n"
	tree := gentree.Tree{
		"manifests/site.pp":             site,
		"modules/foo/manifests/init.pp": "class foo { }\n",
		"modules/foo/manifests/bar.pp":  bar,
		"modules/foo/templates/bar.epp": bar,
		// A plan with the same bytes is parsed in tasks mode.
		"modules/foo/plans/bar.pp": bar,
	}
	if err := tree.Write(dir); err != nil {
		t.Fatal(err)
	}
	cacheDir := t.TempDir()
	// The clock runs an hour ahead, so that the files just written are
	// trusted by their stats.
	later := func() time.Time { return time.Now().Add(time.Hour) }
	run := func(opts engine.Options) []diagnostics.Diagnostic {
		t.Helper()
		opts.Jobs, opts.CacheDir, opts.CacheOwner, opts.Now = 2, cacheDir, "test", later
		_, res := checkOnce(t, opts)
		return diagnostics.Values(res.Findings)
	}
	// of returns the findings on site.pp, reported as path, with the
	// path left out.
	of := func(ds []diagnostics.Diagnostic, path string) string {
		var keep []diagnostics.Diagnostic
		for _, d := range ds {
			if d.File == path {
				d.File = "site.pp"
				keep = append(keep, d)
			}
		}
		return show(keep)
	}
	whole := of(run(engine.Options{Roots: []string{"."}, Dir: dir}), "manifests/site.pp")
	if strings.Contains(whole, "unknown-class") {
		t.Fatalf("the whole tree finds foo::bar unknown:\n%s", whole)
	}
	// The cache is warm now, twice over: the whole tree again.
	if again := of(run(engine.Options{Roots: []string{"."}, Dir: dir}), "manifests/site.pp"); again != whole {
		t.Errorf("whole tree, warm cache:\n%swant\n%s", again, whole)
	}
	runs := []struct {
		name string
		opts engine.Options
		path string
	}{
		{"from the root", engine.Options{Roots: []string{"manifests/site.pp"}, Dir: dir}, "manifests/site.pp"},
		{"from manifests/", engine.Options{Roots: []string{"site.pp"}, Dir: filepath.Join(dir, "manifests")}, "site.pp"},
		{"through standard input", engine.Options{Roots: []string{"-"}, Dir: dir, Stdin: strings.NewReader(site),
			StdinFilename: "manifests/site.pp"}, "manifests/site.pp"},
	}
	for _, r := range runs {
		if got := of(run(r.opts), r.path); got != whole {
			t.Errorf("%s, warm cache:\n%swant, as the whole tree:\n%s", r.name, got, whole)
		}
	}
}

// TestPlanFollowsTheLayoutAcrossSnapshots: a file whose place in the
// layout changes between two snapshots of a workspace (a lone file below
// plans/sub/ becomes a module's plan when its directory gains
// manifests/init.pp) is parsed again with its new options, although its
// content is the same.
func TestPlanFollowsTheLayoutAcrossSnapshots(t *testing.T) {
	dir := t.TempDir()
	const plan = "foo/plans/sub/deploy.pp"
	if err := (gentree.Tree{plan: "plan foo::sub::deploy(TargetSpec $targets) {\n}\n"}).Write(dir); err != nil {
		t.Fatal(err)
	}
	w, err := engine.New(engine.Options{Roots: []string{"."}, Dir: dir, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	check := func(step, want string) {
		t.Helper()
		_, res := snapshotCheck(t, w)
		var got []string
		for _, d := range res.Findings {
			got = append(got, d.File+" "+d.Rule)
		}
		if strings.Join(got, "\n") != want {
			t.Errorf("%s: findings\n%s\nwant\n%s", step, strings.Join(got, "\n"), want)
		}
	}
	check("a lone file in plans/sub/", plan+" syntax-error")
	if err := (gentree.Tree{"foo/manifests/init.pp": "class foo {\n}\n"}).Write(dir); err != nil {
		t.Fatal(err)
	}
	w.Changed("foo/manifests/init.pp")
	check("a module's plan", "")
}
