package rules_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/rules"
	"github.com/ducklint/ducklint/rules/ruletest"
)

// TestNodeKinds runs every rule over every rule's fixtures twice: as a
// run does, and with nodesOf yielding every node of the file whatever the
// types a rule asks it for. The two must find the same. A rule names the
// types of node it ranges over by hand, apart from the code that looks at
// them (a type switch, model.DefinedArgs): a type missing from its list
// is findings only the second run makes.
func TestNodeKinds(t *testing.T) {
	all := rules.Default().Rules()
	root := filepath.Join("..", "testdata", "rules")
	dirs, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range dirs {
		for _, name := range fixtureNames(t, filepath.Join(root, dir.Name())) {
			t.Run(dir.Name()+"/"+name, func(t *testing.T) {
				tree := t.TempDir()
				if err := ruletest.Extract(filepath.Join(root, dir.Name(), name), tree); err != nil {
					t.Fatal(err)
				}
				runner := ruletest.NewRunner(t, tree, ruletest.Options{}, all...)
				want := findingLines(runner.Run(ruletest.Program(t, tree, ruletest.Options{})))
				rules.YieldEveryNode(runner)
				got := findingLines(runner.Run(ruletest.Program(t, tree, ruletest.Options{})))
				for _, d := range got {
					if !slices.Contains(want, d) {
						t.Errorf("only with every node: %s", d)
					}
				}
				for _, d := range want {
					if !slices.Contains(got, d) {
						t.Errorf("only with the rules' node types: %s", d)
					}
				}
				if !slices.Equal(got, want) && !t.Failed() {
					t.Errorf("the same findings in another order or number:\n%s\nwith every node:\n%s",
						strings.Join(want, "\n"), strings.Join(got, "\n"))
				}
			})
		}
	}
}

// findingLines returns each finding in full on one line.
func findingLines(ds []rules.Diagnostic) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = fmt.Sprintf("%+v", d)
	}
	return out
}
