package rules_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/ducklint/ducklint/rules"
	"github.com/ducklint/ducklint/rules/ruletest"
)

// reassignedAt finds where Puppet refused an assignment: "Cannot reassign
// variable '$x' (file: F, line: L, ...".
var reassignedAt = regexp.MustCompile(`Cannot reassign variable '\$[^']*' \(file: ([^,]+), line: (\d+)`)

// TestVariableReassignedAgreesWithPuppet compares variable-reassigned with
// the compilations recorded in testdata/puppet-apply/reassigned, whose runs
// choose values that make both conditions of a pair hold wherever that is
// possible: every assignment Puppet refuses in some run is reported (error
// or info), and every error is one Puppet refuses. The `# want` comments
// in the archives fix each finding's severity, and that conditions which
// cannot both hold (Puppet accepts every run) get no finding.
func TestVariableReassignedAgreesWithPuppet(t *testing.T) {
	archives, err := filepath.Glob(filepath.Join("..", "testdata", "puppet-apply", "reassigned", "*.txtar"))
	if err != nil || len(archives) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	refusedSeen, infoSeen := 0, 0
	for _, path := range archives {
		t.Run(filepath.Base(path), func(t *testing.T) {
			recorded, err := os.ReadFile(path + ".puppet.txt")
			if err != nil {
				t.Fatalf("%v (run scripts/record-puppet-apply)", err)
			}
			ar, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			if err := ruletest.WriteArchive(ar, dir); err != nil {
				t.Fatal(err)
			}
			diags := ruletest.Lint(t, dir, ruletest.Options{}, rules.VariableReassigned())
			ruletest.Check(t, dir, diags)
			reported := map[string]rules.Severity{}
			for _, d := range diags {
				reported[posKey(d.File, int(d.Start.Line))] = d.Severity
			}
			refused := map[string]bool{}
			for _, m := range reassignedAt.FindAllStringSubmatch(string(recorded), -1) {
				line, _ := strconv.Atoi(m[2])
				k := posKey(m[1], line)
				refused[k] = true
				refusedSeen++
				if _, ok := reported[k]; !ok {
					t.Errorf("Puppet refuses the assignment at %s, but variable-reassigned does not report it", k)
				}
			}
			for k, sev := range reported {
				switch {
				case sev == rules.Error && !refused[k]:
					t.Errorf("variable-reassigned reports an error at %s, but Puppet accepted it in every run", k)
				case sev == rules.Info:
					infoSeen++
				}
			}
		})
	}
	if refusedSeen == 0 || infoSeen == 0 {
		t.Errorf("fixtures show %d refused assignments and %d info findings; both kinds are needed", refusedSeen, infoSeen)
	}
}
