package rules_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/rules"
	"github.com/ducklint/ducklint/rules/ruletest"
)

// TestFixtures runs each rule over its fixtures in testdata/rules/<id>/
// (.pp, .epp or .txtar trees) and checks the `# want` expectations in them.
// Only that rule runs, so a fixture states exactly what the rule reports.
func TestFixtures(t *testing.T) {
	reg := rules.Default()
	root := filepath.Join("..", "testdata", "rules")
	dirs, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range dirs {
		rule, ok := reg.Lookup(dir.Name())
		if !ok {
			t.Errorf("testdata/rules/%s: no such rule", dir.Name())
			continue
		}
		for _, name := range fixtureNames(t, filepath.Join(root, dir.Name())) {
			t.Run(dir.Name()+"/"+name, func(t *testing.T) {
				ruletest.Run(t, filepath.Join(root, dir.Name(), name), ruletest.Options{}, rule)
			})
		}
	}
}

// fixtureNames returns the names of the fixtures in dir, a rule's
// directory of testdata/rules: its .pp, .epp and .txtar files.
func fixtureNames(t *testing.T, dir string) []string {
	t.Helper()
	files, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		name := f.Name()
		if strings.HasSuffix(name, ".pp") || strings.HasSuffix(name, ".epp") || strings.HasSuffix(name, ".txtar") {
			names = append(names, name)
		}
	}
	return names
}

// TestEveryRuleHasFixtures keeps rules from landing without tests.
func TestEveryRuleHasFixtures(t *testing.T) {
	for _, r := range rules.Default().Rules() {
		if r.ID == "unused-ignore" {
			continue // tested by control_comments_test.go
		}
		entries, err := os.ReadDir(filepath.Join("..", "testdata", "rules", r.ID))
		if err != nil || len(entries) == 0 {
			t.Errorf("rule %s has no fixtures in testdata/rules/%s", r.ID, r.ID)
		}
	}
}
