package rules_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/ducklint/ducklint/rules"
	"github.com/ducklint/ducklint/rules/ruletest"
)

// unknownVariableLine matches the "Unknown variable" warnings (and, under
// --strict_variables, errors) that puppet apply prints, as recorded by
// scripts/record-puppet-apply.
var unknownVariableLine = regexp.MustCompile(`Unknown variable: '\$?([^']*)'\.? \(file: ([^,]+), line: (\d+)`)

// TestScopeAgreesWithPuppet compares the static-scope rules with Puppet 7's
// verdicts recorded in testdata/puppet-apply/scope: every read Puppet warns
// about in some run is reported on the same file and line, and every read
// reported is one Puppet warns about in at least one of the recorded runs
// (the declaration orders the fixture constructs).
func TestScopeAgreesWithPuppet(t *testing.T) {
	archives, err := filepath.Glob(filepath.Join("..", "testdata", "puppet-apply", "scope", "*.txtar"))
	if err != nil || len(archives) == 0 {
		t.Fatalf("no recorded fixtures: %v", err)
	}
	reg := rules.Default()
	var rs []*rules.Rule
	for _, id := range []string{"unknown-variable", "node-scope-read", "qualified-read-without-include", "unknown-qualified-variable"} {
		r, ok := reg.Lookup(id)
		if !ok {
			t.Fatalf("rule %s is not registered", id)
		}
		rs = append(rs, r)
	}
	for _, archive := range archives {
		t.Run(filepath.Base(archive), func(t *testing.T) {
			recorded, err := os.ReadFile(archive + ".puppet.txt")
			if err != nil {
				t.Fatalf("no recorded verdicts (go run ./scripts/record-puppet-apply %s): %v", archive, err)
			}
			warned := map[string]string{} // file:line -> variable
			for _, line := range strings.Split(string(recorded), "\n") {
				if m := unknownVariableLine.FindStringSubmatch(line); m != nil {
					warned[m[2]+":"+m[3]] = m[1]
				}
			}
			if len(warned) == 0 {
				t.Fatalf("%s.puppet.txt records no Unknown variable warning", archive)
			}
			dir := t.TempDir()
			ar, err := txtar.ParseFile(archive)
			if err != nil {
				t.Fatal(err)
			}
			if err := ruletest.WriteArchive(ar, dir); err != nil {
				t.Fatal(err)
			}
			reported := map[string]bool{}
			for _, d := range ruletest.Lint(t, dir, ruletest.Options{}, rs...) {
				key := fmt.Sprintf("%s:%d", d.File, d.Start.Line)
				reported[key] = true
				if _, ok := warned[key]; !ok {
					t.Errorf("%s: [%s] %s — but Puppet resolves every read on this line in every recorded run", key, d.Rule, d.Message)
				}
			}
			for key, name := range warned {
				if !reported[key] {
					t.Errorf("%s: Puppet warns \"Unknown variable: '%s'\", ducklint reports nothing on this line", key, name)
				}
			}
		})
	}
}
