package load

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// coveredTree writes an environment whose walk as a directory argument
// skips files and directories (by .gitignore and an exclude glob) and
// meets symbolic links to directories, beside a module it walks plainly.
func coveredTree(t *testing.T) string {
	t.Helper()
	root := filepath.Join(t.TempDir(), "env")
	writeTree(t, root, map[string]string{
		"environment.conf":                 "modulepath = modules:vendor\n",
		"manifests/site.pp":                "include plain\n",
		".gitignore":                       "vendor/\ngen.pp\nshared/\n",
		"modules/plain/manifests/init.pp":  "class plain {}\n",
		"modules/plain/manifests/a/b.pp":   "class plain::a::b {}\n",
		"modules/ign/manifests/init.pp":    "class ign {}\n",
		"modules/ign/manifests/gen.pp":     "class ign::gen {}\n",
		"modules/ex/manifests/init.pp":     "class ex {}\n",
		"modules/ex/manifests/skip.pp":     "class ex::skip {}\n",
		"vendor/v/manifests/init.pp":       "class v {}\n",
		"shared/s.pp":                      "class lnk::shared::s {}\n",
		"other/o.pp":                       "class lnk::other::o {}\n",
		"modules/lnk/manifests/init.pp":    "class lnk {}\n",
		"modules/lnk/templates/t.epp":      "<%= 1 %>\n",
		"modules/plain/templates/t.epp":    "<%= 2 %>\n",
		"modules/plain/functions/f.pp":     "function plain::f() {}\n",
		"modules/plain/types/t.pp":         "type Plain::T = Integer\n",
		"modules/plain/examples/e.pp":      "include plain\n",
		"modules/plain/spec/fixtures/x.pp": "notice(1)\n",
	})
	symlink(t, filepath.Join(root, "shared"), filepath.Join(root, "modules/lnk/manifests/shared"))
	symlink(t, filepath.Join(root, "other"), filepath.Join(root, "modules/lnk/manifests/other"))
	return root
}

// TestContextBelowADirectoryArgument checks that the files a directory
// argument's walk skips (ignored by git, excluded, below an ignored
// directory, or reached through a skipped link) are loaded as context,
// and the rest once, reported, however many jobs walk.
func TestContextBelowADirectoryArgument(t *testing.T) {
	root := coveredTree(t)
	want := `files:
  manifests/site.pp main-manifest reported env=. rel=manifests/site.pp bytes=14
  modules/ex/manifests/init.pp manifest reported module=ex env=. rel=manifests/init.pp name=ex bytes=12
  modules/ex/manifests/skip.pp manifest context(excluded) module=ex env=. rel=manifests/skip.pp name=ex::skip bytes=18
  modules/ign/manifests/gen.pp manifest context(ignored by git) module=ign env=. rel=manifests/gen.pp name=ign::gen bytes=18
  modules/ign/manifests/init.pp manifest reported module=ign env=. rel=manifests/init.pp name=ign bytes=13
  modules/lnk/manifests/init.pp manifest reported module=lnk env=. rel=manifests/init.pp name=lnk bytes=13
  modules/lnk/manifests/shared/s.pp manifest context(ignored by git) module=lnk env=. rel=manifests/shared/s.pp name=lnk::shared::s bytes=24
  modules/lnk/templates/t.epp template reported module=lnk env=. rel=templates/t.epp bytes=9
  modules/plain/examples/e.pp other reported module=plain env=. rel=examples/e.pp bytes=14
  modules/plain/functions/f.pp function reported module=plain env=. rel=functions/f.pp name=plain::f bytes=23
  modules/plain/manifests/a/b.pp manifest reported module=plain env=. rel=manifests/a/b.pp name=plain::a::b bytes=21
  modules/plain/manifests/init.pp manifest reported module=plain env=. rel=manifests/init.pp name=plain bytes=15
  modules/plain/spec/fixtures/x.pp other reported module=plain env=. rel=spec/fixtures/x.pp bytes=10
  modules/plain/templates/t.epp template reported module=plain env=. rel=templates/t.epp bytes=9
  modules/plain/types/t.pp type reported module=plain env=. rel=types/t.pp name=Plain::T bytes=24
  other/o.pp lone reported env=. bytes=23
  vendor/v/manifests/init.pp manifest context(ignored by git) module=v env=. rel=manifests/init.pp name=v bytes=11
`
	for _, jobs := range []int{1, 4} {
		tr, err := Load(Options{Paths: []string{"."}, Dir: root, Jobs: jobs, Exclude: []string{"modules/ex/manifests/skip.pp"}})
		if err != nil {
			t.Fatal(err)
		}
		if got := dumpWhy(tr); got != want {
			t.Errorf("jobs=%d:\n--- got:\n%s--- want:\n%s", jobs, got, want)
		}
	}
}

// dumpWhy is the files part of dump, with the reason of each context file.
func dumpWhy(tr *Tree) string {
	var b strings.Builder
	b.WriteString("files:\n")
	for _, f := range tr.Files {
		rep := "reported"
		if !f.Reported {
			rep = "context(" + string(f.ContextWhy) + ")"
		}
		fmt.Fprintf(&b, "  %s %s %s", f.Path, f.Role, rep)
		if f.Module != nil {
			fmt.Fprintf(&b, " module=%s", f.Module.Name)
		}
		if f.Env != nil {
			fmt.Fprintf(&b, " env=%s", f.Env.Dir)
		}
		if f.RelInModule != "" {
			fmt.Fprintf(&b, " rel=%s", f.RelInModule)
		}
		if f.Module != nil {
			if name := NameForPath(f.Module.Name, f.Role, f.RelInModule); name != "" {
				fmt.Fprintf(&b, " name=%s", name)
			}
		}
		fmt.Fprintf(&b, " bytes=%d\n", len(f.Src))
	}
	return b.String()
}

// TestCoveredContext checks which context walks the walk of a directory
// argument makes needless: those of directories below it where it
// skipped nothing and met no link to a directory.
func TestCoveredContext(t *testing.T) {
	root := coveredTree(t)
	opts := Options{Paths: []string{"."}, Dir: root, Exclude: []string{"modules/ex/manifests/skip.pp"}}
	l, err := newLoader(opts)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.load(opts); err != nil {
		t.Fatal(err)
	}
	for rel, want := range map[string]bool{
		"modules/plain/manifests": true,  // walked plainly
		"modules/plain":           true,  // likewise
		"manifests":               true,  // an argument itself
		"modules/ign/manifests":   false, // gen.pp ignored by git
		"modules/ex/manifests":    false, // skip.pp excluded
		"modules/lnk/manifests":   false, // links to directories
		"modules/lnk/templates":   true,  // beside them
		"modules":                 false, // holds all of the above
		"vendor/v/manifests":      false, // below an ignored directory
		".":                       false, // the argument, holding all of the above
		"modules/.git/manifests":  false, // never walked
		"..":                      false, // above the argument
	} {
		if got := l.covered(filepath.Join(root, filepath.FromSlash(rel))); got != want {
			t.Errorf("covered(%s) = %v, want %v", rel, got, want)
		}
	}
}

// TestParentDirIsFilepathDir checks parentDir against filepath.Dir on
// clean paths, unclean ones and relative ones, and that it does not
// allocate for a clean absolute path.
func TestParentDirIsFilepathDir(t *testing.T) {
	for _, p := range []string{"/", "/a", "/a/b", "/a/b/c.pp", "/ab/.git", "/a/.b", "/a/..b", "/a/b.",
		"//a", "/a//b", "/a/./b", "/a/../b", "/a/b/", "/a/b/.", "/a/b/..", "/..", "/.", "", ".", "a", "a/b", "./a", "../a"} {
		if got, want := parentDir(p), filepath.Dir(p); got != want {
			t.Errorf("parentDir(%q) = %q, filepath.Dir %q", p, got, want)
		}
	}
	if filepath.Separator == '/' {
		p := "/srv/tree/modules/profile/manifests/base.pp"
		if n := testing.AllocsPerRun(100, func() { p = parentDir(p); p = joinName(p, "base.pp") }); n > 1 {
			t.Errorf("parentDir and joinName allocated %v times, want 1 (joinName's)", n)
		}
	}
}

// TestRelIsFilepathRel checks the loader's reported paths against
// filepath.Rel's for paths below, at and beside the working directory,
// clean or not.
func TestRelIsFilepathRel(t *testing.T) {
	for _, dir := range []string{"/srv/tree", "/", "/srv/tree/"} {
		l := &loader{dir: filepath.Clean(dir), dirClean: cleanAbs(filepath.Clean(dir))}
		for _, abs := range []string{"/srv/tree/a.pp", "/srv/tree/m/manifests/init.pp", "/srv/tree", "/srv/treetop/a.pp",
			"/srv/tree/./a.pp", "/srv/tree/m/../a.pp", "/srv/tree//a.pp", "/srv/tree/m/", "/srv/other/a.pp", "/a.pp"} {
			want, err := filepath.Rel(l.dir, abs)
			if err != nil {
				t.Fatal(err)
			}
			if got := l.rel(abs); got != filepath.ToSlash(want) {
				t.Errorf("dir %s: rel(%s) = %q, filepath.Rel %q", l.dir, abs, got, want)
			}
		}
	}
}

// TestUnderIsPathPrefix checks under against its definition: abs is dir,
// or begins with dir and a separator (a root's trailing separator
// counted once).
func TestUnderIsPathPrefix(t *testing.T) {
	paths := []string{"/", "/a", "/a/", "/a/b", "/ab", "/ab/c", "/a/b/c", "a", "a/b", ""}
	sep := string(filepath.Separator)
	for i := range paths {
		paths[i] = filepath.FromSlash(paths[i])
	}
	for _, dir := range paths {
		for _, abs := range paths {
			want := abs == dir || strings.HasPrefix(abs, strings.TrimSuffix(dir, sep)+sep)
			if got := under(dir, abs); got != want {
				t.Errorf("under(%q, %q) = %v, want %v", dir, abs, got, want)
			}
		}
	}
	dir, abs := filepath.FromSlash("/a/b"), filepath.FromSlash("/a/b/c")
	var below bool
	if n := testing.AllocsPerRun(100, func() { below = under(dir, abs) }); n != 0 || !below {
		t.Errorf("under(%q, %q) = %v, allocating %v times", dir, abs, below, n)
	}
}

// TestUnevenIndexIsTheScan checks the index covered looks uneven paths up
// in against a scan of them all, on paths that are the roots asked about,
// below them, above them, beside them (sharing a prefix of the name) and
// with trailing separators.
func TestUnevenIndexIsTheScan(t *testing.T) {
	sep := string(filepath.Separator)
	names := []string{"a", "b", "ab", "a-b", "a.b", "modules", "m", "manifests"}
	rng := rand.New(rand.NewPCG(1, 2))
	path := func() string {
		p := ""
		for range 1 + rng.IntN(4) {
			p += sep + names[rng.IntN(len(names))]
		}
		if rng.IntN(8) == 0 {
			p += sep
		}
		return p
	}
	nearCount := 0
	for round := range 200 {
		var uneven []string
		for range rng.IntN(12) {
			uneven = append(uneven, path())
		}
		if round%50 == 0 {
			uneven = append(uneven, sep)
		}
		x := newUnevenIndex(uneven)
		for range 50 {
			root := path()
			want := slices.ContainsFunc(uneven, func(p string) bool { return under(p, root) || under(root, p) })
			if got := x.near(root); got != want {
				t.Fatalf("near(%q) = %v, a scan of %q says %v", root, got, uneven, want)
			}
			if want {
				nearCount++
			}
		}
	}
	if nearCount < 1000 || nearCount > 9000 {
		t.Errorf("%d of 10000 roots near an uneven path: the shapes test too little", nearCount)
	}
}

// BenchmarkCoveredManySkipped asks covered about many modules of an
// argument whose walk skipped a path in each of many others: with the
// skipped paths indexed, the time per module stays flat from 1,000 to
// 20,000 skipped paths, where a scan of them grew with their number.
func BenchmarkCoveredManySkipped(b *testing.B) {
	for _, n := range []int{1000, 20000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			root := filepath.Join(string(filepath.Separator), "tree")
			l := &loader{walked: []string{root}}
			for i := range n {
				l.uneven = append(l.uneven, filepath.Join(root, "modules", "m"+strconv.Itoa(i), "files", "generated"))
			}
			modules := make([]string, 1000)
			for i := range modules {
				modules[i] = filepath.Join(root, "modules", "m"+strconv.Itoa(n+i), "manifests")
			}
			l.covered(modules[0]) // indexes
			b.ReportAllocs()
			b.ResetTimer()
			for i := range b.N {
				if !l.covered(modules[i%len(modules)]) {
					b.Fatal("a module beside the skipped paths is not covered")
				}
			}
		})
	}
}
