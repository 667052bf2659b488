package ducklint_test

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/tools/txtar"

	"github.com/ducklint/ducklint"
	"github.com/ducklint/ducklint/parser/load/gentree"
	"github.com/ducklint/ducklint/rules"
	"github.com/ducklint/ducklint/rules/ruletest"
)

// lintOne runs the command on one file of dir, in-process, with the
// context narrowed (and cached in cacheDir, "" for none) or whole.
func lintOne(t *testing.T, dir, cacheDir, file string, whole bool, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	cmd := &ducklint.Command{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, Dir: dir,
		Getenv: func(string) string { return "" }, CacheDir: cacheDir}
	if whole {
		ducklint.WholeContext(cmd)
	}
	code := cmd.Main(append(append([]string{"ducklint", "-f", "json"}, args...), file))
	return code, out.String(), errOut.String()
}

// puppetFiles lists the .pp and .epp files under dir, relative to it.
func puppetFiles(t *testing.T, dir string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && (strings.HasSuffix(p, ".pp") || strings.HasSuffix(p, ".epp")) {
			rel, _ := filepath.Rel(dir, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// exhaustive is set by DUCKLINT_TEST_EXHAUSTIVE=1 (as .ci/run does): the
// equivalence tests then check every case instead of a sample.
var exhaustive = os.Getenv("DUCKLINT_TEST_EXHAUSTIVE") == "1"

// assertSameAsWholeContext lints every Puppet file of dir on its own, and
// each with the next one (as a pre-commit hook passes several files; every
// pairEvery-th file unless exhaustive), with the context narrowed and with
// the whole context, and fails on any difference in exit code, output or
// messages.
func assertSameAsWholeContext(t *testing.T, name, dir, cacheDir string, pairEvery int) (files, findings int) {
	t.Helper()
	all := puppetFiles(t, dir)
	for i, f := range all {
		runs := [][]string{{f}}
		if i+1 < len(all) && (exhaustive || i%pairEvery == 0) {
			runs = append(runs, []string{f, all[i+1]})
		}
		for j, paths := range runs {
			wCode, wOut, wErr := lintOne(t, dir, "", paths[0], true, paths[1:]...)
			nCode, nOut, nErr := lintOne(t, dir, cacheDir, paths[0], false, paths[1:]...)
			if wCode != nCode || wOut != nOut || wErr != nErr {
				t.Errorf("%s: %s: narrowed context differs from the whole context\nwhole (exit %d):\n%s%s\nnarrowed (exit %d):\n%s%s",
					name, strings.Join(paths, " "), wCode, wOut, wErr, nCode, nOut, nErr)
			}
			if j == 0 {
				findings += strings.Count(wOut, `"rule":`)
			}
		}
		files++
	}
	return files, findings
}

// TestNarrowedContextMatchesWholeContext is the proof that linting a file
// with only the context model.Relevant keeps gives exactly the findings
// (and messages and exit code) of linting it with its whole environment:
// every file of every rule fixture, of the Puppet-verified fixtures and of
// a generated control repo, linted both ways.
func TestNarrowedContextMatchesWholeContext(t *testing.T) {
	var archives []string
	for _, root := range []string{"testdata/rules", "testdata/rules-combined", "testdata/puppet-apply", "testdata/scope", "testdata/model",
		"testdata/load", "testdata/control-comments"} {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && strings.HasSuffix(p, ".txtar") {
				archives = append(archives, p)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(archives) < 80 {
		t.Fatalf("found %d fixture archives; the fixture directories moved?", len(archives))
	}
	var filesSeen, findingsSeen atomic.Int64
	add := func(n, f int) {
		filesSeen.Add(int64(n))
		findingsSeen.Add(int64(f))
	}
	// Every file alone, and every fifth with the next (each with the next
	// under DUCKLINT_TEST_EXHAUSTIVE=1): the engine's
	// TestEachRuleNarrowsToTheContextItDeclares checks each fixture file
	// with the next, every one, on the engine's results.
	t.Run("trees", func(t *testing.T) {
		for _, a := range archives {
			t.Run(a, func(t *testing.T) {
				t.Parallel()
				ar, err := txtar.ParseFile(a)
				if err != nil {
					t.Fatal(err)
				}
				dir := t.TempDir()
				if err := ruletest.WriteArchive(ar, dir); err != nil {
					t.Fatal(err)
				}
				add(assertSameAsWholeContext(t, a, dir, "", 5))
			})
		}
		t.Run("generated tree", func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			if err := gentree.Generate(120, 7).Write(dir); err != nil {
				t.Fatal(err)
			}
			n, f := assertSameAsWholeContext(t, "generated tree", dir, t.TempDir(), 5)
			t.Logf("generated tree: %d files, %d findings", n, f)
			add(n, f)
		})
	})
	files, findings := filesSeen.Load(), findingsSeen.Load()
	t.Logf("%d archives, %d files, %d findings compared", len(archives), files, findings)
	if findings < 200 {
		t.Errorf("only %d findings compared: the comparison proves little", findings)
	}
}

// editorRun lints file as an editor does on save: through stdin when src
// is not empty, else from disk, with the context cache in cacheDir and a
// clock an hour ahead, so that the cache trusts files' stats at once and
// every change must be seen through them.
func editorRun(t *testing.T, dir, cacheDir, file, src string, whole bool) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	cmd := &ducklint.Command{Stdin: strings.NewReader(src), Stdout: &out, Stderr: &errOut, Dir: dir,
		Getenv: func(string) string { return "" }, CacheDir: cacheDir}
	ducklint.SetClock(cmd, func() time.Time { return time.Now().Add(time.Hour) })
	if whole {
		ducklint.WholeContext(cmd)
	}
	args := []string{"ducklint", "-f", "json", file}
	if src != "" {
		args = []string{"ducklint", "-f", "json", "--stdin-filename", file, "-"}
	}
	code := cmd.Main(args)
	return code, out.String(), errOut.String()
}

// TestCachedEditorRunsFollowEdits edits the context of a file step by step
// (the changes an editor session makes) and after each step lints the file
// with the persisted cache and with the whole context: the outputs must be
// identical, and each step's expected finding must come and go.
func TestCachedEditorRunsFollowEdits(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"environment.conf":                 "modulepath = site:modules\n",
		"manifests/site.pp":                "node default {\n  include role::web\n}\n",
		"site/role/manifests/web.pp":       "class role::web {\n  include profile::base\n  include profile::app\n}\n",
		"site/profile/manifests/base.pp":   "class profile::base {\n  notify { 'base': }\n}\n",
		"site/profile/manifests/app.pp":    "class profile::app {\n  Exec { path => '/bin' }\n  class { 'app': port => 80 }\n}\n",
		"modules/app/manifests/init.pp":    "class app (Integer $port = 8080) {\n  include app::service\n}\n",
		"modules/app/manifests/service.pp": "class app::service {\n  notify { 'svc': }\n}\n",
		"modules/other/manifests/init.pp":  "class other {\n  notify { 'other': }\n}\n",
	})
	cacheDir := t.TempDir()
	const file = "site/profile/manifests/app.pp"
	write := func(name, text string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	steps := []struct {
		name  string
		edit  func()
		stdin string   // lint this content through stdin instead of the file
		want  []string // the rules of the findings, sorted, without repeats
	}{
		{name: "first run fills the cache", edit: func() {}},
		{name: "second run from the cache", edit: func() {}},
		{name: "a callee gains an exec the default reaches", want: []string{"default-leak"}, edit: func() {
			write("modules/app/manifests/service.pp", "class app::service {\n  exec { 'svc': command => 'true' }\n}\n")
		}},
		{name: "an earlier sibling declares the class too", want: []string{"class-redeclared"}, edit: func() {
			write("site/profile/manifests/base.pp", "class profile::base {\n  include app\n}\n")
		}},
		{name: "same-size rewrite with the old modification time", want: []string{"default-leak"}, edit: func() {
			path := filepath.Join(dir, "site/profile/manifests/base.pp")
			fi, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			time.Sleep(10 * time.Millisecond)
			write("site/profile/manifests/base.pp", "class profile::base {\n  include ap2\n}\n")
			// Only Linux's change time reveals a rewrite that restores the
			// modification time (see load.StatFile); elsewhere the cache
			// relies on the modification time moving.
			if runtime.GOOS == "linux" {
				if err := os.Chtimes(path, fi.ModTime(), fi.ModTime()); err != nil {
					t.Fatal(err)
				}
			}
		}},
		{name: "the callee loses its exec", edit: func() {
			write("modules/app/manifests/service.pp", "class app::service {\n  notify { 'svc': }\n}\n")
		}},
		{name: "a new file declares the class first", want: []string{"class-redeclared"}, edit: func() {
			write("site/profile/manifests/early.pp", "class profile::early {\n  include app\n}\n")
			write("site/role/manifests/web.pp", "class role::web {\n  include profile::early\n  include profile::app\n}\n")
		}},
		{name: "the new file is deleted", edit: func() {
			if err := os.Remove(filepath.Join(dir, "site/profile/manifests/early.pp")); err != nil {
				t.Fatal(err)
			}
		}},
		// Directory listings come from the cache while their directories'
		// stats are unchanged: adding, renaming and removing entries must
		// show.
		{name: "the file includes a class no module defines", want: []string{"unknown-class"}, edit: func() {
			// With dependencies declared, a class of a module neither in
			// the tree nor among them is unknown.
			write("Puppetfile", "mod 'puppetlabs-stdlib', '9.0.0'\n")
			write(file, "class profile::app {\n  Exec { path => '/bin' }\n  class { 'app': port => 80 }\n  include extra\n}\n")
		}},
		{name: "a new module directory defines it", edit: func() {
			if err := os.MkdirAll(filepath.Join(dir, "modules/extra/manifests"), 0o755); err != nil {
				t.Fatal(err)
			}
			write("modules/extra/manifests/init.pp", "class extra {\n  notify { 'extra': }\n}\n")
		}},
		{name: "the module directory is renamed out of the modulepath", want: []string{"unknown-class"}, edit: func() {
			if err := os.Rename(filepath.Join(dir, "modules/extra"), filepath.Join(dir, "attic")); err != nil {
				t.Fatal(err)
			}
		}},
		{name: "it is renamed back", edit: func() {
			if err := os.Rename(filepath.Join(dir, "attic"), filepath.Join(dir, "modules/extra")); err != nil {
				t.Fatal(err)
			}
		}},
		{name: "its manifests directory moves into another module", want: []string{"unknown-class"}, edit: func() {
			if err := os.Rename(filepath.Join(dir, "modules/extra/manifests"), filepath.Join(dir, "modules/other/extra")); err != nil {
				t.Fatal(err)
			}
		}},
		{name: "the class is defined again in a new file of an existing directory", edit: func() {
			if err := os.Mkdir(filepath.Join(dir, "modules/extra/manifests"), 0o755); err != nil {
				t.Fatal(err)
			}
			write("modules/extra/manifests/init.pp", "class extra {\n  notify { 'extra': }\n}\n")
		}},
		{name: "its file is deleted", want: []string{"unknown-class"}, edit: func() {
			if err := os.Remove(filepath.Join(dir, "modules/extra/manifests/init.pp")); err != nil {
				t.Fatal(err)
			}
		}},
		{name: "the file no longer includes it", edit: func() {
			write(file, "class profile::app {\n  Exec { path => '/bin' }\n  class { 'app': port => 80 }\n}\n")
		}},
		{name: "the cache files are damaged", edit: func() {
			// The summaries' file, and the files of the contexts read ahead.
			entries, err := os.ReadDir(cacheDir)
			if err != nil || len(entries) < 2 {
				t.Fatalf("cache directory holds %v (%v), want the cache file and context files", entries, err)
			}
			for _, e := range entries {
				if err := os.WriteFile(filepath.Join(cacheDir, e.Name()), []byte("garbage"), 0o600); err != nil {
					t.Fatal(err)
				}
			}
		}},
		{name: "unsaved buffer through stdin", want: []string{"class-redeclared"}, edit: func() {},
			stdin: "class profile::app {\n  include app\n  class { 'app': port => 80 }\n}\n"},
	}
	for _, st := range steps {
		st.edit()
		nCode, nOut, nErr := editorRun(t, dir, cacheDir, file, st.stdin, false)
		wCode, wOut, wErr := editorRun(t, dir, "", file, st.stdin, true)
		if nCode != wCode || nOut != wOut || nErr != wErr {
			t.Errorf("%s: cached run differs from the whole context\nwhole (exit %d):\n%s%s\ncached (exit %d):\n%s%s",
				st.name, wCode, wOut, wErr, nCode, nOut, nErr)
		}
		got := decode(t, wOut)
		var rules []string
		for _, f := range got.Findings {
			rules = append(rules, f.Rule)
		}
		slices.Sort(rules)
		if rules = slices.Compact(rules); !slices.Equal(rules, st.want) {
			t.Errorf("%s: findings of %v, want %v", st.name, rules, st.want)
		}
	}
}

func TestCacheDirectorySetting(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"manifests/site.pp":             "include app\n",
		"modules/app/manifests/init.pp": "class app { }\n",
		"modules/app/manifests/conf.pp": "class app::conf { }\n",
	})
	for _, tc := range []struct {
		name, env     string
		inConfigured  bool // a cache file appears in Command.CacheDir
		inEnvironment bool // ... in the directory DUCKLINT_CACHE_DIR names
	}{
		{name: "default", inConfigured: true},
		{name: "DUCKLINT_CACHE_DIR", env: "env", inEnvironment: true},
		{name: "off", env: "off"},
	} {
		configured, fromEnv := t.TempDir(), t.TempDir()
		env := tc.env
		if env == "env" {
			env = fromEnv
		}
		var out, errOut bytes.Buffer
		cmd := &ducklint.Command{Stdout: &out, Stderr: &errOut, Dir: dir, CacheDir: configured,
			Getenv: func(k string) string {
				if k == "DUCKLINT_CACHE_DIR" {
					return env
				}
				return ""
			}}
		if code := cmd.Main([]string{"ducklint", "modules/app/manifests/init.pp"}); code != 0 {
			t.Fatalf("%s: exit %d: %s%s", tc.name, code, out.String(), errOut.String())
		}
		for _, c := range []struct {
			dir  string
			want bool
		}{{configured, tc.inConfigured}, {fromEnv, tc.inEnvironment}} {
			entries, err := os.ReadDir(c.dir)
			if err != nil {
				t.Fatal(err)
			}
			if got := len(entries) > 0; got != c.want {
				t.Errorf("%s: cache written to %s: %v, want %v", tc.name, c.dir, got, c.want)
			}
		}
	}
}

// TestCacheOwnerNamesTheExecutable checks that the summaries a run
// caches are owned by its version and its executable, so that a rebuild
// does not trust those of the last build; with the cache off there is no
// owner.
func TestCacheOwnerNamesTheExecutable(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(exe)
	if err != nil {
		t.Fatal(err)
	}
	cmd := &ducklint.Command{CacheDir: t.TempDir()}
	dir, owner := ducklint.Cache(cmd)
	want := fmt.Sprintf(" exe %s %d %d", exe, fi.Size(), fi.ModTime().UnixNano())
	if dir != cmd.CacheDir || !strings.HasPrefix(owner, "ducklint ") || !strings.HasSuffix(owner, want) {
		t.Errorf("cache %q owned by %q, want %q owned by a version and%s", dir, owner, cmd.CacheDir, want)
	}
	cmd.Getenv = func(k string) string {
		if k == "DUCKLINT_CACHE_DIR" {
			return "off"
		}
		return ""
	}
	if dir, owner := ducklint.Cache(cmd); dir != "" || owner != "" {
		t.Errorf("cache off: %q owned by %q", dir, owner)
	}
}

// TestConcurrentRunsShareTheCache runs editor-style lints of different
// files at once against one cache directory: each writes the cache file
// by renaming a complete one into place, so every run, and the one after
// them all, sees a whole cache or none.
func TestConcurrentRunsShareTheCache(t *testing.T) {
	dir := t.TempDir()
	if err := gentree.Generate(60, 2).Write(dir); err != nil {
		t.Fatal(err)
	}
	cacheDir := t.TempDir()
	files := puppetFiles(t, dir)[:8]
	want := make([]string, len(files))
	for i, f := range files {
		_, want[i], _ = lintOne(t, dir, "", f, true)
	}
	got := make([]string, len(files))
	var wg sync.WaitGroup
	for i, f := range files {
		wg.Go(func() { _, got[i], _ = lintOne(t, dir, cacheDir, f, false) })
	}
	wg.Wait()
	for i, f := range files {
		if got[i] != want[i] {
			t.Errorf("%s: concurrent cached run differs:\n%s\nwant\n%s", f, got[i], want[i])
		}
		if _, again, _ := lintOne(t, dir, cacheDir, f, false); again != want[i] {
			t.Errorf("%s: run after the concurrent ones differs:\n%s\nwant\n%s", f, again, want[i])
		}
	}
}

// TestNarrowedContextReportsBadContextLikeWhole checks that context files
// that cannot be used (binary, a dangling link) are reported the same,
// in the same order and with the same exit code, when context files are
// read only after loading.
func TestNarrowedContextReportsBadContextLikeWhole(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"environment.conf":              "",
		"manifests/site.pp":             "include app\n",
		"modules/app/manifests/init.pp": "class app { $x = 1 }\n",
		"modules/app/manifests/bin.pp":  "class app::bin {\x00}\n",
		"modules/app/manifests/conf.pp": "class app::conf { $y = $app::x }\n",
	})
	if err := os.Symlink("/nonexistent", filepath.Join(dir, "modules/app/manifests/dangling.pp")); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := lintOne(t, dir, "", "modules/app/manifests/init.pp", false)
	if code != ducklint.ExitUsage || !strings.Contains(stderr, "bin.pp: binary file") || !strings.Contains(stderr, "dangling.pp: broken symbolic link") {
		t.Errorf("exit %d, stderr:\n%s\nwant exit 2 naming both bad files", code, stderr)
	}
	assertSameAsWholeContext(t, "bad context", dir, t.TempDir(), 1)
}

// TestNarrowedContextOfOneRule checks that a rule run alone narrows the
// context to what it needs itself (its Context kinds), not to what other
// rules' kinds happen to keep: unknown-resource-reference, whose verdicts
// come from the simulations of the catalogs holding each reference, on its
// fixtures and the Puppet-verified compile fixtures.
func TestNarrowedContextOfOneRule(t *testing.T) {
	const only = "unknown-resource-reference"
	var others []string
	for _, r := range rules.Default().Rules() {
		if r.ID != only {
			others = append(others, r.ID)
		}
	}
	var archives []string
	for _, pattern := range []string{"testdata/rules/" + only + "/*.txtar", "testdata/puppet-apply/compile/*.txtar"} {
		m, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		archives = append(archives, m...)
	}
	findings := 0
	for _, a := range archives {
		ar, err := txtar.ParseFile(a)
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		if err := ruletest.WriteArchive(ar, dir); err != nil {
			t.Fatal(err)
		}
		for _, f := range puppetFiles(t, dir) {
			wCode, wOut, wErr := lintOne(t, dir, "", f, true, "--disable", strings.Join(others, ","))
			nCode, nOut, nErr := lintOne(t, dir, "", f, false, "--disable", strings.Join(others, ","))
			if wCode != nCode || wOut != nOut || wErr != nErr {
				t.Errorf("%s: %s: narrowed context differs from the whole context\nwhole (exit %d):\n%s%s\nnarrowed (exit %d):\n%s%s",
					a, f, wCode, wOut, wErr, nCode, nOut, nErr)
			}
			findings += strings.Count(wOut, `"rule": "`+only+`"`)
		}
	}
	if findings < 15 {
		t.Errorf("only %d %s findings compared: the comparison proves little", findings, only)
	}
}
