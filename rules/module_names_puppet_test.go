package rules_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/ducklint/ducklint/rules"
	"github.com/ducklint/ducklint/rules/ruletest"
)

// renameSuggestion finds the module name invalid-module-name asks for.
var renameSuggestion = regexp.MustCompile(`Rename it to '([a-z][a-z0-9_]*)'\.$`)

// TestModuleNamesAgainstPuppetApply checks what ducklint says about a module
// directory Puppet cannot use against Puppet 7's verdicts recorded in
// testdata/puppet-apply/module-names (scripts/record-puppet-apply). For each
// bad-X.txtar, which Puppet fails, every rule together gives one finding
// with one fix, a rename; ok-X.txtar makes that rename, Puppet compiles it,
// and ducklint reports nothing.
func TestModuleNamesAgainstPuppetApply(t *testing.T) {
	dir := filepath.Join("..", "testdata", "puppet-apply", "module-names")
	bads, err := filepath.Glob(filepath.Join(dir, "bad-*.txtar"))
	if err != nil || len(bads) == 0 {
		t.Fatalf("no recorded fixtures: %v", err)
	}
	reg := rules.Default()
	active, err := rules.Select(reg, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	lint := func(t *testing.T, archive string) ([]rules.Diagnostic, []string) {
		t.Helper()
		out, err := os.ReadFile(archive + ".puppet.txt")
		if err != nil {
			t.Fatalf("%v (record it with go run ./scripts/record-puppet-apply)", err)
		}
		var errs []string
		for _, line := range strings.Split(string(out), "\n") {
			if strings.HasPrefix(line, "Error: ") {
				errs = append(errs, line)
			}
		}
		tmp := t.TempDir()
		if err := extractTxtar(archive, tmp); err != nil {
			t.Fatal(err)
		}
		return ruletest.LintActive(t, tmp, ruletest.Options{}, reg, active), errs
	}
	for _, bad := range bads {
		ok := filepath.Join(dir, "ok-"+strings.TrimPrefix(filepath.Base(bad), "bad-"))
		t.Run(filepath.Base(bad), func(t *testing.T) {
			diags, errs := lint(t, bad)
			if len(errs) == 0 {
				t.Fatal("Puppet compiles it; name it ok-*")
			}
			if len(diags) != 1 || diags[0].Rule != "invalid-module-name" {
				t.Fatalf("want one invalid-module-name finding, got %s", describe(diags))
			}
			m := renameSuggestion.FindStringSubmatch(diags[0].Message + " " + diags[0].Detail)
			if m == nil {
				t.Fatalf("the finding suggests no rename: %s", diags[0].Message)
			}
			ar, err := txtar.ParseFile(ok)
			if err != nil {
				t.Fatal(err)
			}
			renamed := false
			for _, f := range ar.Files {
				renamed = renamed || strings.HasPrefix(f.Name, "modules/"+m[1]+"/")
			}
			if !renamed {
				t.Errorf("%s does not make the rename to %q that ducklint asks for", filepath.Base(ok), m[1])
			}
			diags, errs = lint(t, ok)
			if len(errs) > 0 {
				t.Errorf("Puppet fails on the renamed module: %s", errs[0])
			}
			if len(diags) > 0 {
				t.Errorf("the renamed module still gets %s: %s", describe(diags), diags[0].Message)
			}
		})
	}
}
