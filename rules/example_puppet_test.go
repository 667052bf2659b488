package rules_test

import (
	"strings"
	"testing"

	"github.com/ducklint/ducklint/rules"
)

// TestExampleFailuresAreWarnings compares findings in modules' examples
// with Puppet 7 applying each example on its own, as recorded in
// testdata/puppet-apply/examples: where applying an example fails, with
// no data involved, a finding on that line is a warning (the example is
// broken for every reader, though no catalog holds it); and every warning
// or error in an example is on a line where Puppet failed.
func TestExampleFailuresAreWarnings(t *testing.T) {
	failures := 0
	eachRecording(t, "examples", func(t *testing.T, path string, recorded []byte) {
		prog, diags := lintArchive(t, path, rules.UnknownParameter(), rules.MissingParameter(), rules.UnknownClass(),
			rules.DuplicateAttribute(), rules.InvalidResourceTitle())
		starts := resourceLines(prog)
		lineOf := func(file string, n int) string {
			k := posKey(file, n)
			if s, ok := starts[k]; ok {
				return s
			}
			return k
		}
		failed := map[string]bool{}
		for _, run := range strings.Split(string(recorded), "# run: ")[1:] {
			for _, line := range errorLines(run) {
				file, n, ok := compileErrorPlace(line)
				if !ok {
					continue
				}
				failures++
				k := lineOf(file, n)
				failed[k] = true
				found := false
				for _, d := range diags {
					if lineOf(d.File, int(d.Start.Line)) == k && d.Severity == rules.Warning {
						found = true
					}
				}
				if !found {
					t.Errorf("Puppet fails the example at %s (%s); no warning there", k, line)
				}
			}
		}
		for _, d := range diags {
			if k := lineOf(d.File, int(d.Start.Line)); d.Severity >= rules.Warning && !failed[k] {
				t.Errorf("%s: [%s] %s %q, but Puppet applies that example", k, d.Rule, d.Severity, d.Message)
			}
		}
	})
	if failures == 0 {
		t.Error("no recorded failure")
	}
}
