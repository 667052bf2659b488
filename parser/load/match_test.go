package load

import (
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
)

func TestIgnoreRules(t *testing.T) {
	root := filepath.FromSlash("/r")
	top := (*ignoreLevel)(nil).push(root, parseIgnore("# comment\n\nbuild/\n*.tmp.pp\n!keep.tmp.pp\n/top.pp\ndocs/x.pp\n\\!bang.pp\n\\#hash.pp\ntrailing.pp   \r\n"))
	sub := top.push(filepath.Join(root, "sub"), parseIgnore("!*.tmp.pp\nlocal/\n"))
	tests := []struct {
		lvl   *ignoreLevel
		path  string
		isDir bool
		want  bool
	}{
		{top, "build", true, true},
		{top, "build", false, false}, // trailing slash: directories only
		{top, "a/build", true, true},
		{top, "a.tmp.pp", false, true},
		{top, "a/b/c.tmp.pp", false, true},
		{top, "keep.tmp.pp", false, false}, // negated by a later line
		{top, "top.pp", false, true},
		{top, "a/top.pp", false, false}, // anchored by its leading slash
		{top, "docs/x.pp", false, true},
		{top, "a/docs/x.pp", false, false}, // anchored by its middle slash
		{top, "!bang.pp", false, true},
		{top, "#hash.pp", false, true},
		{top, "trailing.pp", false, true},
		{top, "other.pp", false, false},
		{sub, "sub/x.tmp.pp", false, false}, // a deeper .gitignore wins
		{sub, "x.tmp.pp", false, true},      // but only below its directory
		{sub, "sub/local", true, true},
		{sub, "local", true, false},
		{nil, "anything", false, false},
	}
	for _, tc := range tests {
		abs := filepath.Join(root, filepath.FromSlash(tc.path))
		if got := tc.lvl.ignored(abs, tc.isDir); got != tc.want {
			t.Errorf("ignored(%q, dir=%v) = %v; want %v", tc.path, tc.isDir, got, tc.want)
		}
	}
}

func TestExcludeGlobs(t *testing.T) {
	base := filepath.FromSlash("/w")
	gs, err := compileGlobs(base, []string{"**/spec/**", "./vendor/", "modules/*/examples", "*.gen.pp", "a/**/b/*.pp"})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path string
		want bool
	}{
		{"spec/x.pp", true},
		{"modules/a/spec/fixtures/x.pp", true},
		{"modules/a/spec", true},
		{"modules/a/specs/x.pp", false},
		{"vendor/x/y.pp", true},
		{"a/vendor/y.pp", false},
		{"modules/m/examples/init.pp", true},
		{"modules/m/n/examples/init.pp", false},
		{"x.gen.pp", true},
		{"d/x.gen.pp", false},
		{"a/b/x.pp", true},
		{"a/1/2/b/x.pp", true},
		{"a/1/2/b/c/x.pp", false},
		{"ok.pp", false},
	}
	for _, tc := range tests {
		abs := filepath.Join(base, filepath.FromSlash(tc.path))
		if got := gs.excluded(abs); got != tc.want {
			t.Errorf("excluded(%q) = %v; want %v", tc.path, got, tc.want)
		}
	}
	if gs.excluded(filepath.FromSlash("/elsewhere/spec/x.pp")) {
		t.Error("a path outside the base must not be excluded")
	}
}

func TestEnvConf(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"environment.conf": "[main]\n# c\n; c\nmanifest = 'site.pp'\n modulepath=site:modules:$basemodulepath \nbroken line\n"})
	got, err := readEnvConf(filepath.Join(dir, "environment.conf"))
	if err == nil {
		t.Error("want an error for the line without '='")
	}
	if got["manifest"] != "site.pp" || got["modulepath"] != "site:modules:$basemodulepath" || len(got) != 2 {
		t.Errorf("settings = %v", got)
	}
}

func TestShortModuleName(t *testing.T) {
	for in, want := range map[string]string{"acme-mymod": "mymod", "acme/mymod": "mymod", "mymod": "mymod", "a-b-c": "c"} {
		if got := shortModuleName(in); got != want {
			t.Errorf("shortModuleName(%q) = %q; want %q", in, got, want)
		}
	}
}

// FuzzIgnore checks that no .gitignore text or path makes matching panic,
// and that the walk's per-directory matcher agrees with ignored.
func FuzzIgnore(f *testing.F) {
	f.Add("build/\n!keep.pp\n/a/**/b\n[x\n\\!y\n", "a/x/b/c.pp", true)
	f.Add("*", "x", false)
	f.Fuzz(func(t *testing.T, text, rel string, isDir bool) {
		root := filepath.FromSlash("/r")
		lvl := (*ignoreLevel)(nil).push(root, parseIgnore(text))
		abs := filepath.Join(root, rel)
		want := lvl.ignored(abs, isDir)
		if dir, name := filepath.Split(abs); name != "" && dir != "" && strings.HasPrefix(abs, root+string(filepath.Separator)) {
			d := lvl.forDir(filepath.Clean(dir))
			if got := d.ignored(name, isDir); got != want {
				t.Errorf("%q in %q: forDir says %v, ignored %v", name, dir, got, want)
			}
		}
	})
}

// FuzzGlob checks that no exclude glob or path makes matching panic.
func FuzzGlob(f *testing.F) {
	f.Add("**/spec/**", "a/spec/b.pp")
	f.Add("a/[b", "a/b")
	f.Fuzz(func(t *testing.T, glob, rel string) {
		gs, err := compileGlobs(filepath.FromSlash("/w"), []string{glob})
		if err != nil {
			return
		}
		gs.excluded(filepath.Join(filepath.FromSlash("/w"), rel))
	})
}

// FuzzExpectedPath checks that ExpectedPath never panics and that what
// it returns maps back to the same path.
func FuzzExpectedPath(f *testing.F) {
	f.Add(0, "apache::mod::ssl")
	f.Add(3, "Mod::Sub::T")
	f.Fuzz(func(t *testing.T, kind int, name string) {
		rel, ok := ExpectedPath(DefKind(kind), name)
		if !ok {
			return
		}
		role := map[DefKind]Role{Class: ModuleManifest, Define: ModuleManifest, Function: ModuleFunction, TypeAlias: ModuleType, Plan: ModulePlan}[DefKind(kind)]
		back := NameForPath("mod", role, rel)
		if again, ok := ExpectedPath(DefKind(kind), back); !ok || again != rel {
			t.Errorf("%q → %q → %q → %q, %v", name, rel, back, again, ok)
		}
	})
}

// TestDirIgnoresAgreesWithIgnored checks the per-directory matcher the walk
// uses against ignored on whole paths, for random .gitignore files at two
// levels and random entries of random directories.
func TestDirIgnoresAgreesWithIgnored(t *testing.T) {
	patterns := []string{"build", "build/", "!build", "*.pp", "!keep.pp", "/top", "a/b", "**/b", "a/**", "a/**/c.pp", "**/c*", "a/**/[ab]", "**/a/b",
		"*.tmp", "!*.tmp", "c*", "[ab]", "?", "b/", "/a/", "docs/*.pp", "!c/"}
	names := []string{"a", "b", "c", "build", "top", "keep.pp", "x.pp", "c.pp", "y.tmp", "docs"}
	rng := rand.New(rand.NewPCG(3, 4))
	gitignore := func() string {
		var b strings.Builder
		for range rng.IntN(6) {
			b.WriteString(patterns[rng.IntN(len(patterns))] + "\n")
		}
		return b.String()
	}
	randDir := func(under string) string {
		dir := under
		for range rng.IntN(4) {
			dir = filepath.Join(dir, names[rng.IntN(len(names))])
		}
		return dir
	}
	root := filepath.FromSlash("/r")
	checked, ignoredCount := 0, 0
	for range 300 {
		lvl := (*ignoreLevel)(nil).push(root, parseIgnore(gitignore()))
		sub := randDir(root)
		lvl = lvl.push(sub, parseIgnore(gitignore()))
		for range 20 {
			// Directories at, under and beside the deeper level.
			dir := randDir(root)
			if rng.IntN(2) == 0 {
				dir = randDir(sub)
			}
			d := lvl.forDir(dir)
			for _, name := range names {
				for _, isDir := range []bool{false, true} {
					want := lvl.ignored(filepath.Join(dir, name), isDir)
					if got := d.ignored(name, isDir); got != want {
						t.Fatalf("levels %s and %s, entry %s of %s (dir=%v): forDir says %v, ignored %v",
							root, sub, name, dir, isDir, got, want)
					}
					checked++
					if want {
						ignoredCount++
					}
				}
			}
		}
	}
	if ignoredCount < checked/10 || ignoredCount > checked*9/10 {
		t.Fatalf("%d of %d entries ignored: the cases do not exercise both outcomes", ignoredCount, checked)
	}
}
