package load

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAncestorsNotListed checks that placing one file outside any tree
// reads none of the directories above it whole: the signs of an
// environment or a module are looked up by name there, and a directory
// is listed only for a name it has. The file still finds the module an
// ancestor's signs make, and an ancestor holding a name in another case
// is not taken for one holding it.
func TestAncestorsNotListed(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{"top/deep/er/one.pp": "notice(1)\n", "top/mod/manifests/init.pp": "class mod {}\n", "top/mod/sub/two.pp": "notice(2)\n"}
	for i := range 50 {
		files["top/deep/noise"+strings.Repeat("x", i)+".txt"] = ""
	}
	writeTree(t, root, files)
	if err := os.WriteFile(filepath.Join(root, "top/deep/METADATA.JSON"), nil, 0o644); err != nil {
		t.Fatal(err)
	}

	l, err := newLoader(Options{Dir: root, Paths: []string{"top/deep/er/one.pp"}})
	if err != nil {
		t.Fatal(err)
	}
	tr, err := l.load(Options{Dir: root, Paths: []string{"top/deep/er/one.pp"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := dump(tr); strings.Contains(got, "module=") {
		t.Errorf("one.pp was placed in a module:\n%s", got)
	}
	for d := filepath.Join(root, "top/deep/er"); ; d = filepath.Dir(d) {
		if l.listed(d) {
			t.Errorf("%s was listed", d)
		}
		if filepath.Dir(d) == d {
			break
		}
	}

	l, err = newLoader(Options{Dir: root, Paths: []string{"top/mod/sub/two.pp"}})
	if err != nil {
		t.Fatal(err)
	}
	if tr, err = l.load(Options{Dir: root, Paths: []string{"top/mod/sub/two.pp"}}); err != nil {
		t.Fatal(err)
	}
	if got := dump(tr); !strings.Contains(got, "top/mod/sub/two.pp other reported module=mod") {
		t.Errorf("two.pp is not in module mod:\n%s", got)
	}
	if !l.listed(filepath.Join(root, "top/mod")) {
		t.Errorf("the module's directory, which has manifests/, was not listed")
	}
	if l.listed(filepath.Join(root, "top")) {
		t.Errorf("top, above the module, was listed")
	}
}
