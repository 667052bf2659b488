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

// puppetVerdictLine matches a warning or error puppet apply prints about a
// place in the code, as scripts/record-puppet-apply records it.
// The first location is the innermost, where the evaluation failed.
var puppetVerdictLine = regexp.MustCompile(`^(Warning|Error): .*?\(file: ([^,]+), line: (\d+)`)

// belowError are the archives whose Puppet 8 failure ducklint reports
// below error by design, with the reason; it must still report the line.
var belowError = map[string]string{
	"metaparameter.txtar": "a metaparameter read is info unless every declaration passes it: a resource default " +
		"elsewhere may pass it (docs/rules/unknown-variable.md)",
}

// TestTargetVersionAgreesWithPuppet compares the findings of every rule,
// with each target version, with Puppet's verdicts recorded in
// testdata/puppet-apply/puppet8. Each archive is compiled twice: with
// Puppet 7's defaults, and with Puppet 8's (--strict_variables
// --strict=error --no-include_legacy_facts; Puppet 7.23 has the settings).
// With the target version 8, a line Puppet 8 fails on has an error
// finding and every error finding is on such a line; with 7 there is no
// error where Puppet 7 compiles, and each line Puppet 7 warns about has a
// warning finding.
func TestTargetVersionAgreesWithPuppet(t *testing.T) {
	archives, err := filepath.Glob(filepath.Join("..", "testdata", "puppet-apply", "puppet8", "*.txtar"))
	if err != nil || len(archives) == 0 {
		t.Fatalf("no recorded fixtures: %v", err)
	}
	all := rules.Default().Rules()
	for _, archive := range archives {
		t.Run(filepath.Base(archive), func(t *testing.T) {
			recorded, err := os.ReadFile(archive + ".puppet.txt")
			if err != nil {
				t.Fatalf("no recorded verdicts (go run ./scripts/record-puppet-apply %s): %v", archive, err)
			}
			runs := strings.Split(string(recorded), "\n# run: ")
			if len(runs) != 3 || !strings.Contains(runs[2], "--strict_variables --strict=error --no-include_legacy_facts") {
				t.Fatalf("%s.puppet.txt: want a run with Puppet 7's defaults, then one with Puppet 8's", archive)
			}
			verdicts := func(run string) (warned, failed map[string]bool) {
				warned, failed = map[string]bool{}, map[string]bool{}
				for _, line := range strings.Split(run, "\n") {
					if m := puppetVerdictLine.FindStringSubmatch(line); m != nil {
						map[string]map[string]bool{"Warning": warned, "Error": failed}[m[1]][m[2]+":"+m[3]] = true
					}
				}
				return warned, failed
			}
			ar, err := txtar.ParseFile(archive)
			if err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			if err := ruletest.WriteArchive(ar, dir); err != nil {
				t.Fatal(err)
			}
			lint := func(v rules.PuppetVersion) map[string][]rules.Diagnostic {
				found := map[string][]rules.Diagnostic{}
				for _, d := range ruletest.Lint(t, dir, ruletest.Options{Puppet: v}, all...) {
					key := fmt.Sprintf("%s:%d", d.File, d.Start.Line)
					found[key] = append(found[key], d)
				}
				return found
			}
			hasSeverity := func(ds []rules.Diagnostic, sev rules.Severity) bool {
				for _, d := range ds {
					if d.Severity == sev {
						return true
					}
				}
				return false
			}

			warned7, failed7 := verdicts(runs[1])
			if len(failed7) > 0 {
				t.Fatalf("Puppet 7 fails: %v; the fixtures are code Puppet 7 compiles", failed7)
			}
			found7 := lint(rules.Puppet7)
			for key, ds := range found7 {
				for _, d := range ds {
					if d.Severity == rules.Error {
						t.Errorf("Puppet 7 compiles it, but with target version 7 %s: error [%s] %s", key, d.Rule, d.Message)
					}
				}
			}
			for key := range warned7 {
				if _, ok := belowError[filepath.Base(archive)]; ok && len(found7[key]) > 0 {
					continue
				}
				if !hasSeverity(found7[key], rules.Warning) {
					t.Errorf("Puppet 7 warns at %s; with target version 7 ducklint has no warning there: %v", key, found7[key])
				}
			}

			_, failed8 := verdicts(runs[2])
			// Puppet reports an interpolation in data where the lookup
			// evaluating it is; ducklint reports it on the data. The
			// archive says which data line each such failure is, with
			// "puppet-fails-for: <call file:line> <data file:line>".
			for _, line := range strings.Split(string(ar.Comment), "\n") {
				if f := strings.Fields(strings.TrimPrefix(line, "puppet-fails-for:")); strings.HasPrefix(line, "puppet-fails-for:") && len(f) == 2 {
					if !failed8[f[0]] {
						t.Fatalf("puppet-fails-for names %s, where Puppet 8 does not fail", f[0])
					}
					delete(failed8, f[0])
					failed8[f[1]] = true
				}
			}
			found8 := lint(rules.Puppet8)
			for key := range failed8 {
				if reason, ok := belowError[filepath.Base(archive)]; ok && len(found8[key]) > 0 {
					t.Logf("Puppet 8 fails at %s, reported below error: %s", key, reason)
					continue
				}
				if !hasSeverity(found8[key], rules.Error) {
					t.Errorf("Puppet 8 fails at %s; with target version 8 ducklint has no error there: %v", key, found8[key])
				}
			}
			for key, ds := range found8 {
				for _, d := range ds {
					if d.Severity == rules.Error && !failed8[key] {
						t.Errorf("with target version 8 %s: error [%s] %s — but Puppet 8 does not fail there", key, d.Rule, d.Message)
					}
				}
			}
		})
	}
}
