package rules_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules"
	"github.com/ducklint/ducklint/rules/ruletest"
)

// flagRule is a test rule that flags every bare word flag_me, with a
// puppet-lint-style alias, so control comments can be tested on their own.
func flagRule() *rules.Rule {
	return &rules.Rule{
		ID: "test-rule", Title: "test", Doc: "Flags flag_me.", Severity: rules.Warning,
		Aliases: []string{"test_rule_alias"},
		Run: func(p *rules.Pass) {
			parser.Inspect(p.File.Parsed.Program, func(n parser.Node) bool {
				if name, ok := n.(*parser.Name); ok && name.Value == "flag_me" {
					p.Reportf(n, "flag_me is flagged")
				}
				return true
			})
		},
	}
}

// otherRule reports nothing; control comments may name it.
func otherRule() *rules.Rule {
	return &rules.Rule{ID: "other-rule", Title: "other", Doc: "Reports nothing.", Severity: rules.Warning,
		Run: func(*rules.Pass) {}}
}

func TestControlComments(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "testdata", "control-comments", "*.pp"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			ruletest.Run(t, f, ruletest.Options{}, flagRule(), otherRule(), rules.UnusedIgnore())
		})
	}
}

// TestDisabledRuleDirectivesAreNotJudged: a directive for a rule that is not
// running may be needed by another configuration, so it is not "unused".
func TestDisabledRuleDirectivesAreNotJudged(t *testing.T) {
	dir := t.TempDir()
	src := "notice('clean') # lint:ignore:other-rule\n"
	if err := os.WriteFile(filepath.Join(dir, "a.pp"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	reg, err := rules.NewRegistry(flagRule(), otherRule(), rules.UnusedIgnore())
	if err != nil {
		t.Fatal(err)
	}
	cfg := &rules.Config{Rules: map[string]rules.RuleConfig{"other-rule": {Enabled: new(false)}}}
	active, err := rules.Select(reg, cfg, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := ruletest.LintActive(t, dir, ruletest.Options{}, reg, active); len(got) != 0 {
		t.Errorf("got %v, want no findings", got)
	}
	active, _ = rules.Select(reg, nil, nil, nil)
	if got := ruletest.LintActive(t, dir, ruletest.Options{}, reg, active); len(got) != 1 || got[0].Rule != "unused-ignore" {
		t.Errorf("with other-rule on: got %v, want one unused-ignore", got)
	}
}

// TestSyntaxErrorDefersToReservedWordOnlyWhenItRuns: `class if {}` is one
// finding, reserved-word's when it is on, syntax-error's when it is off.
func TestSyntaxErrorDefersToReservedWordOnlyWhenItRuns(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.pp"), []byte("class if {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	reg := rules.Default()
	for _, c := range []struct {
		disable []string
		want    string
	}{{nil, "reserved-word"}, {[]string{"reserved-word"}, "syntax-error"}} {
		active, err := rules.Select(reg, nil, nil, c.disable)
		if err != nil {
			t.Fatal(err)
		}
		got := ruletest.LintActive(t, dir, ruletest.Options{}, reg, active)
		if len(got) != 1 || got[0].Rule != c.want {
			t.Errorf("disable %v: got %v, want one %s finding", c.disable, got, c.want)
		}
	}
}
