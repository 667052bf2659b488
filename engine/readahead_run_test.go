package engine_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/engine"
	"github.com/ducklint/ducklint/parser/load/gentree"
)

// TestRunsReadTheLastContextAhead lints one file of a tree in a row of
// single runs sharing a cache, as an editor's saves do: from the second
// run on, the context the previous run kept is read ahead, or, when
// nothing it was worked out from changed (the file's own edits that leave
// its summary as it was included), kept as recorded. Between runs a
// context file read ahead is edited so that a finding appears, one is
// deleted, and the file's context grows; each run's findings must equal
// those of the whole context, and the files recorded as kept those
// model.Relevant keeps afresh.
func TestRunsReadTheLastContextAhead(t *testing.T) {
	dir := writeTree(t, gentree.Tree{
		"environment.conf":                 "modulepath = site:modules\n",
		"manifests/site.pp":                "node default {\n  include role::web\n}\n",
		"site/role/manifests/web.pp":       "class role::web {\n  include profile::base\n  include profile::app\n}\n",
		"site/profile/manifests/base.pp":   "class profile::base {\n  notify { 'base': }\n}\n",
		"site/profile/manifests/app.pp":    "class profile::app {\n  Exec { path => '/bin' }\n  class { 'app': port => 80 }\n}\n",
		"modules/app/manifests/init.pp":    "class app (Integer $port = 8080) {\n  include app::service\n}\n",
		"modules/app/manifests/service.pp": "class app::service {\n  notify { 'svc': }\n}\n",
		"modules/other/manifests/init.pp":  "class other {\n  notify { 'other': }\n}\n",
	})
	const file = "site/profile/manifests/app.pp"
	cacheDir := t.TempDir()
	// The clock runs an hour ahead, so that the files just written are
	// trusted by their stats, as files an editor did not just save are.
	later := func() time.Time { return time.Now().Add(time.Hour) }
	type ran struct {
		counts     engine.Counts
		kept       []string // worked out afresh, the file itself left out
		asRecorded bool
	}
	run := func(whole bool) (ran, string, []string) {
		t.Helper()
		opts := engine.Options{Roots: []string{file}, Dir: dir, Jobs: 2, CacheOwner: "test", Now: later, WholeContext: whole}
		if !whole {
			opts.CacheDir = cacheDir
		}
		w, err := engine.New(opts)
		if err != nil {
			t.Fatal(err)
		}
		s, res := snapshotCheck(t, w)
		r := ran{counts: engine.Updated(s)}
		r.asRecorded = r.counts.KeptAsRecorded > 0
		if !whole {
			afresh := engine.Kept(s, file)
			if rec := engine.RecordedKeep(w, s); !slices.Equal(rec, afresh) {
				t.Errorf("recorded as kept:\n%v\nkept afresh:\n%v", rec, afresh)
			}
			r.kept = slices.DeleteFunc(afresh, func(p string) bool { return p == file })
		}
		var rules []string
		for _, f := range res.Findings {
			rules = append(rules, f.Rule)
		}
		return r, show(diagnostics.Values(res.Findings)), rules
	}
	write := func(name, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	steps := []struct {
		name string
		edit func()
		want string // a rule the findings must hold ("" for none)
		// edited are the files the step changes or deletes: those the
		// last run kept are read to be summarised, not ahead.
		edited []string
		// asRecorded is set for the steps after which the run keeps the
		// files the last one recorded: nothing they were worked out from
		// changed.
		asRecorded bool
	}{
		{name: "first run", edit: func() {}},
		{name: "second run", edit: func() {}, asRecorded: true},
		{name: "a file read ahead gains an exec the default reaches", want: "default-leak", edit: func() {
			write("modules/app/manifests/init.pp", "class app (Integer $port = 8080) {\n  include app::service\n  exec { 'app': command => 'true' }\n}\n")
		}, edited: []string{"modules/app/manifests/init.pp"}},
		{name: "unchanged again", want: "default-leak", edit: func() {}, asRecorded: true},
		{name: "a file outside the context is edited", want: "default-leak", edit: func() {
			write("modules/other/manifests/init.pp", "class other {\n  notify { 'other, edited': }\n}\n")
		}},
		{name: "a file is added", want: "default-leak", edit: func() {
			write("modules/other/manifests/extra.pp", "class other::extra {\n  notify { 'extra': }\n}\n")
		}},
		{name: "and removed", want: "default-leak", edit: func() {
			if err := os.Remove(filepath.Join(dir, "modules/other/manifests/extra.pp")); err != nil {
				t.Fatal(err)
			}
		}},
		{name: "unchanged once more", want: "default-leak", edit: func() {}, asRecorded: true},
		{name: "the file's own edit leaves its summary as it was", want: "default-leak", edit: func() {
			write(file, "class profile::app {\n  Exec { path => '/usr/bin' }\n  class { 'app': port => 81 }\n}\n")
		}, asRecorded: true},
		{name: "the file's own edit changes its summary", want: "default-leak", edit: func() {
			write(file, "class profile::app {\n  Exec { path => '/usr/bin' }\n  class { 'app': port => 81 }\n  include other\n}\n")
		}},
		{name: "a file read ahead is deleted", want: "unknown-class", edit: func() {
			if err := os.Remove(filepath.Join(dir, "modules/app/manifests/init.pp")); err != nil {
				t.Fatal(err)
			}
		}, edited: []string{"modules/app/manifests/init.pp"}},
		{name: "the class comes back", edit: func() {
			write("modules/app/manifests/init.pp", "class app (Integer $port = 8080) {\n  include app::service\n}\n")
		}},
		{name: "the context grows", want: "class-redeclared", edit: func() {
			write("site/profile/manifests/base.pp", "class profile::base {\n  include app\n}\n")
		}, edited: []string{"site/profile/manifests/base.pp"}},
	}
	var lastKept []string
	for _, st := range steps {
		st.edit()
		r, got, rules := run(false)
		_, want, _ := run(true)
		counts, kept := r.counts, r.kept
		if r.asRecorded != st.asRecorded {
			t.Errorf("%s: kept as recorded %v, want %v", st.name, r.asRecorded, st.asRecorded)
		}
		if r.asRecorded && counts.KeptAsRecorded != len(kept)+1 {
			t.Errorf("%s: %d files kept as recorded, want the %d kept and the file", st.name, counts.KeptAsRecorded, len(kept))
		}
		if got != want {
			t.Errorf("%s: findings differ from the whole context's\ngot:\n%s\nwant:\n%s", st.name, got, want)
		}
		if st.want != "" && !slices.Contains(rules, st.want) {
			t.Errorf("%s: no %s finding in\n%s", st.name, st.want, got)
		}
		if st.want == "" && got != "" {
			t.Errorf("%s: findings\n%s\nwant none", st.name, got)
		}
		ahead := 0
		if st.name != "first run" {
			ahead = len(slices.DeleteFunc(slices.Clone(lastKept), func(p string) bool { return slices.Contains(st.edited, p) }))
		}
		if n := ahead; counts.Predicted != n {
			t.Errorf("%s: %d files read ahead, want %d (the last run kept %v)", st.name, counts.Predicted, n, lastKept)
		}
		// What is read ahead of an unchanged file is what the check
		// takes: all of it when the run keeps the context as recorded.
		if counts.TakenAhead > counts.Predicted || (r.asRecorded && counts.TakenAhead != counts.Predicted) {
			t.Errorf("%s: %d files taken as read ahead of %d", st.name, counts.TakenAhead, counts.Predicted)
		}
		lastKept = kept
	}
}

// TestWholeContextRunsNeitherReadAheadNorRecord runs one file of a tree
// with a cache, parsing the whole context, twice, then the relevant
// context twice: the whole-context runs read nothing ahead and record
// nothing for the first relevant-context run to read, which records what
// the second reads ahead.
func TestWholeContextRunsNeitherReadAheadNorRecord(t *testing.T) {
	dir := writeTree(t, gentree.Tree{
		"environment.conf":                "modulepath = site:modules\n",
		"site/role/manifests/web.pp":      "class role::web {\n  include profile::base\n}\n",
		"site/profile/manifests/base.pp":  "class profile::base {\n  include app\n}\n",
		"modules/app/manifests/init.pp":   "class app {\n  notify { 'app': }\n}\n",
		"modules/other/manifests/init.pp": "class other {\n  notify { 'other': }\n}\n",
	})
	cacheDir := t.TempDir()
	later := func() time.Time { return time.Now().Add(time.Hour) }
	run := func(whole bool) engine.Counts {
		t.Helper()
		s, _ := checkOnce(t, engine.Options{Roots: []string{"site/role/manifests/web.pp"}, Dir: dir, Jobs: 2,
			CacheDir: cacheDir, CacheOwner: "test", Now: later, WholeContext: whole})
		return engine.Updated(s)
	}
	for i := range 2 {
		if c := run(true); c.Predicted != 0 || c.KeptAsRecorded != 0 {
			t.Errorf("whole-context run %d: %d files read ahead, %d kept as recorded; want none", i+1, c.Predicted, c.KeptAsRecorded)
		}
	}
	if c := run(false); c.Predicted != 0 {
		t.Errorf("the first relevant-context run read %d files ahead: a whole-context run recorded its context", c.Predicted)
	}
	if c := run(false); c.Predicted == 0 && c.KeptAsRecorded == 0 {
		t.Errorf("the second relevant-context run used nothing the first recorded")
	}
}

// TestStoreOpenedAheadFollowsTheRoots runs one file in a row of single
// runs sharing a cache while the layout around it changes: a module on its
// own, then the module of an environment. Each run uses the cache of its
// own roots, opened ahead only when they are the ones the last run of the
// same key recorded, and finds what the whole context finds.
func TestStoreOpenedAheadFollowsTheRoots(t *testing.T) {
	dir := writeTree(t, gentree.Tree{
		"modules/app/manifests/init.pp":    "class app {\n  include app::service\n}\n",
		"modules/app/manifests/service.pp": "class app::service {\n  notify { 'svc': }\n}\n",
		"modules/app/metadata.json":        `{"name": "acme-app", "version": "1.0.0"}` + "\n",
	})
	const file = "modules/app/manifests/init.pp"
	cacheDir := t.TempDir()
	later := func() time.Time { return time.Now().Add(time.Hour) }
	run := func(whole bool) (engine.Counts, []string, string) {
		t.Helper()
		opts := engine.Options{Roots: []string{file}, Dir: dir, Jobs: 2, CacheOwner: "test", Now: later, WholeContext: whole}
		if !whole {
			opts.CacheDir = cacheDir
		}
		s, res := checkOnce(t, opts)
		return engine.Updated(s), engine.StoreRoots(s), show(diagnostics.Values(res.Findings))
	}
	module, env := []string{filepath.Join(dir, "modules/app")}, []string{dir}
	steps := []struct {
		name       string
		edit       func()
		roots      []string
		storeAhead bool
	}{
		{name: "first run", edit: func() {}, roots: module},
		{name: "second run", edit: func() {}, roots: module, storeAhead: true},
		{name: "the tree becomes an environment", roots: env, edit: func() {
			if err := (gentree.Tree{"environment.conf": "modulepath = modules\n", "manifests/site.pp": "include app\n"}).Write(dir); err != nil {
				t.Fatal(err)
			}
		}},
		{name: "and stays one", edit: func() {}, roots: env, storeAhead: true},
	}
	for _, st := range steps {
		st.edit()
		counts, roots, got := run(false)
		_, _, want := run(true)
		if !slices.Equal(roots, st.roots) {
			t.Errorf("%s: the cache of %v, want %v", st.name, roots, st.roots)
		}
		if counts.StoreAhead != st.storeAhead {
			t.Errorf("%s: cache opened ahead %v, want %v", st.name, counts.StoreAhead, st.storeAhead)
		}
		if got != want {
			t.Errorf("%s: findings differ from the whole context's\ngot:\n%s\nwant:\n%s", st.name, got, want)
		}
	}
}

// TestCancelledCheckFinishesTheReadAhead checks a snapshot that reads the
// last run's context ahead with a context cancelled before the check
// begins: the check returns the context's error and finishes the
// read-ahead, which would else go on reading files nothing waits for.
func TestCancelledCheckFinishesTheReadAhead(t *testing.T) {
	dir := writeTree(t, gentree.Tree{
		"environment.conf":               "modulepath = site\n",
		"site/role/manifests/web.pp":     "class role::web {\n  include profile::base\n}\n",
		"site/profile/manifests/base.pp": "class profile::base {\n  notify { 'base': }\n}\n",
	})
	later := func() time.Time { return time.Now().Add(time.Hour) }
	opts := engine.Options{Roots: []string{"site/role/manifests/web.pp"}, Dir: dir, Jobs: 2,
		CacheDir: t.TempDir(), CacheOwner: "test", Now: later}
	checkOnce(t, opts) // records the context read ahead next
	w, err := engine.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	s, err := w.Snapshot(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if n := engine.Updated(s).Predicted; n == 0 {
		t.Fatal("the second run reads nothing ahead")
	}
	finished := engine.AheadFinished(s)
	if finished() {
		t.Fatal("the read-ahead is finished before any check")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Check(ctx); err == nil {
		t.Fatal("a check with a cancelled context returned no error")
	}
	if !finished() {
		t.Error("a check with a cancelled context left the read-ahead unfinished")
	}
}

// writeTree writes tree to a temporary directory and returns it.
func writeTree(t *testing.T, tree gentree.Tree) string {
	t.Helper()
	dir := t.TempDir()
	if err := tree.Write(dir); err != nil {
		t.Fatal(err)
	}
	return dir
}
