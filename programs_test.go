package ducklint_test

import (
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

// TestSiblingRepositories: repositories cloned side by side are separate
// programs. `ducklint .` in their parent gives each repository the
// findings `ducklint .` inside it gives, and so does `ducklint FILE` from
// the parent for each of its files: no repository sees a sibling's
// classes or dependencies.
func TestSiblingRepositories(t *testing.T) {
	const archive = "testdata/programs/siblings.txtar"
	ar, err := txtar.ParseFile(archive)
	if err != nil {
		t.Fatal(err)
	}
	var repos []string
	for _, line := range strings.Split(string(ar.Comment), "\n") {
		if rest, ok := strings.CutPrefix(line, "repos:"); ok {
			repos = strings.Fields(rest)
		}
	}
	if len(repos) < 2 {
		t.Fatalf("%s: the comment needs a repos: line", archive)
	}
	root := shape{ar: ar}.extract(t)
	// Findings are compared paths aside: a message naming a file (the
	// Puppetfile) names it as the run's directory reaches it.
	findings := func(dir, prefix string, args ...string) []string {
		lines := shapeFindings(t, dir, prefix, args...)
		for i, l := range lines {
			at, msg, _ := strings.Cut(l, ": ")
			for _, r := range repos {
				msg = strings.ReplaceAll(msg, r+"/", "")
			}
			lines[i] = at + ": " + msg
		}
		return lines
	}
	var alone []string
	for _, r := range repos {
		inside := findings(filepath.Join(root, r), r+"/", ".")
		alone = append(alone, inside...)
		// Each file on its own, from the parent, as inside.
		for _, f := range ar.Files {
			if !strings.HasPrefix(f.Name, r+"/") || path.Ext(f.Name) != ".pp" {
				continue
			}
			var want []string
			for _, l := range inside {
				if strings.HasPrefix(l, f.Name+":") {
					want = append(want, l)
				}
			}
			got := findings(root, "", f.Name)
			if !slices.Equal(got, want) {
				t.Errorf("`ducklint %s` from the parent:\n%s\ninside %s:\n%s", f.Name, strings.Join(got, "\n"), r, strings.Join(want, "\n"))
			}
		}
	}
	slices.Sort(alone)
	parent := findings(root, "", ".")
	if !slices.Equal(parent, alone) {
		t.Errorf("`ducklint .` in the parent:\n%s\neach repository on its own:\n%s", strings.Join(parent, "\n"), strings.Join(alone, "\n"))
	}
	// The tools module alone cannot know profile::base: a sibling's
	// definition must not hide that.
	if !slices.ContainsFunc(alone, func(l string) bool {
		return strings.HasPrefix(l, "tools/manifests/init.pp:") && strings.Contains(l, "profile::base")
	}) {
		t.Errorf("no finding of tools' undeclared profile::base:\n%s", strings.Join(alone, "\n"))
	}
}
