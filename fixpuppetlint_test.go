package ducklint_test

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/rules"
)

// TestFixesMatchPuppetLint runs ducklint's fix of each check recorded in
// testdata/puppet-lint/fixed (scripts/record-puppet-lint-fix) with that
// rule alone over the files puppet-lint's fix was run on, and compares
// the results with puppet-lint's: every file either changed must be the
// same, unless testdata/puppet-lint/fixed/differences.txt explains it.
func TestFixesMatchPuppetLint(t *testing.T) {
	explained := map[[2]string]bool{}
	f, err := os.Open("testdata/puppet-lint/fixed/differences.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for sc := bufio.NewScanner(f); sc.Scan(); {
		if fields := strings.SplitN(sc.Text(), "\t", 3); len(fields) == 3 && !strings.HasPrefix(fields[0], "#") {
			explained[[2]string{fields[0], fields[1]}] = true
		}
	}
	checks, err := os.ReadDir("testdata/puppet-lint/fixed")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	aliases := map[string]string{}
	for _, r := range rules.All() {
		ids = append(ids, r.ID)
		for _, a := range r.Aliases {
			aliases[a] = r.ID
		}
	}
	for _, c := range checks {
		if !c.IsDir() {
			continue
		}
		check, rule := c.Name(), aliases[c.Name()]
		t.Run(check, func(t *testing.T) {
			if rule == "" {
				t.Fatalf("no rule has the alias %s", check)
			}
			srcs := map[string]string{}
			for _, dir := range []string{"puppet-lint/corpus", "puppet-lint/synthetic", "rules/" + rule} {
				readManifests(t, "testdata", dir, srcs)
			}
			want := map[string]string{}
			readManifests(t, filepath.Join("testdata/puppet-lint/fixed", check), ".", want)
			tree := writeTree(t, srcs)
			others := slices.DeleteFunc(slices.Clone(ids), func(id string) bool { return id == rule })
			run(t, tree, "", "--fix", "--disable", strings.Join(others, ","), "--enable", rule, ".")
			got := map[string]string{}
			readManifests(t, tree, ".", got)
			identical := 0
			for path, src := range srcs {
				pl, plFixed := want[path]
				if !plFixed {
					pl = src
				}
				dl := got[path]
				switch {
				case dl == pl && (plFixed || dl != src):
					identical++
					if explained[[2]string{check, path}] {
						t.Errorf("%s: the fixes are the same, but differences.txt explains a difference", path)
					}
				case dl != pl && !explained[[2]string{check, path}]:
					t.Errorf("%s: ducklint's fix differs from puppet-lint's and differences.txt does not say why:\n%s\npuppet-lint:\n%s", path, dl, pl)
				case dl == src && explained[[2]string{check, path}]:
					t.Errorf("%s: differences.txt explains how ducklint's fix differs from puppet-lint's, but ducklint did not fix the file", path)
				}
			}
			t.Logf("%s: %d files fixed identically, %d recorded by puppet-lint", check, identical, len(want))
		})
	}
}

// readManifests adds the .pp files under root/dir to files, by their path
// relative to root.
func readManifests(t *testing.T, root, dir string, files map[string]string) {
	t.Helper()
	err := filepath.WalkDir(filepath.Join(root, dir), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) != ".pp" {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(root, p)
		files[filepath.ToSlash(rel)] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}
