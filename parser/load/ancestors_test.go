package load

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestAncestorsNotListed checks that placing the files named reads none of
// the directories above them whole: the signs of an environment or a
// module are looked up by name there, and a directory is listed only for
// a name it has. The file still finds the module an ancestor's signs
// make.
func TestAncestorsNotListed(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{"top/deep/er/one.pp": "notice(1)\n", "top/mod/manifests/init.pp": "class mod {}\n", "top/mod/sub/two.pp": "notice(2)\n"}
	for i := range 50 {
		files["top/deep/noise"+strings.Repeat("x", i)+".txt"] = ""
	}
	writeTree(t, root, files)
	load := func(dir, path string) (*loader, string) {
		t.Helper()
		opts := Options{Dir: filepath.Join(root, dir), Paths: []string{path}}
		l, err := newLoader(opts)
		if err != nil {
			t.Fatal(err)
		}
		tr, err := l.load(opts)
		if err != nil {
			t.Fatal(err)
		}
		return l, dump(tr)
	}

	l, got := load(".", "top/deep/er/one.pp")
	if strings.Contains(got, "module=") {
		t.Errorf("one.pp was placed in a module:\n%s", got)
	}
	for d := filepath.Join(root, "top/deep/er"); ; d = filepath.Dir(d) {
		if l.listed(d) {
			t.Errorf("%s, above the file, was listed", d)
		}
		if filepath.Dir(d) == d {
			break
		}
	}

	l, got = load("top/mod/sub", "two.pp")
	if !strings.Contains(got, "two.pp other reported module=mod") {
		t.Errorf("two.pp is not in module mod:\n%s", got)
	}
	if !l.listed(filepath.Join(root, "top/mod")) {
		t.Errorf("the module's directory, which has manifests/, was not listed")
	}
	if l.listed(filepath.Join(root, "top")) {
		t.Errorf("top, above the module, was listed")
	}

	// A directory argument's walk lists what is below it; above it,
	// names are looked up.
	l, _ = load(".", "top/mod")
	if !l.listed(filepath.Join(root, "top/mod/manifests")) {
		t.Errorf("top/mod/manifests, below the directory argument, was not listed")
	}
	if l.listed(root) {
		t.Errorf("the working directory, above the directory argument, was listed")
	}
}

// TestListingIsExactAboutCase checks the test of an ancestor's signs where
// the file system ignores case: an lstat of metadata.json finds
// METADATA.JSON there, and the directory's listing, which has the name
// as it is, settles that it is not one.
func TestListingIsExactAboutCase(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{"up/METADATA.JSON": "{}\n", "up/Manifests/init.pp": "class up {}\n"})
	l, err := newLoader(Options{Dir: root, Paths: []string{"."}})
	if err != nil {
		t.Fatal(err)
	}
	y := newLayout(l)
	up := filepath.Join(root, "up")
	for _, c := range []struct {
		name string
		dir  bool
		want bool
	}{
		{"METADATA.JSON", false, true},
		{"metadata.json", false, false},
		{"Manifests", true, true},
		{"manifests", true, false},
		{"Manifests", false, false},
	} {
		if got := y.listingHas(up, c.name, c.dir); got != c.want {
			t.Errorf("listing of up/ has %s (directory %v): %v, want %v", c.name, c.dir, got, c.want)
		}
	}
}
