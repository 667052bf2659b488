package rules_test

import (
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/ducklint/ducklint/rules"
	"github.com/ducklint/ducklint/rules/ruletest"
)

// TestMessagesAreShort runs every rule over every fixture of every rule
// and checks that each finding says what is wrong on one short line — it
// is an annotation title, an editor hover, a terminal line — and leaves
// the explanation to its detail. Only a syntax error, in Puppet's own
// words, may come without one.
func TestMessagesAreShort(t *testing.T) {
	reg := rules.Default()
	var active []rules.Active
	for _, r := range reg.Rules() {
		a := rules.Active{Rule: r, Severity: r.Severity}
		if r.NewOptions != nil {
			a.Options = r.NewOptions()
		}
		active = append(active, a)
	}
	// The rules' fixtures, and the control comments' for unused-ignore.
	var fixtures []string
	for _, glob := range []string{"rules/*/*.pp", "rules/*/*.epp", "rules/*/*.txtar", "control-comments/*.pp"} {
		paths, err := filepath.Glob(filepath.Join("..", "testdata", glob))
		if err != nil {
			t.Fatal(err)
		}
		fixtures = append(fixtures, paths...)
	}
	seen := map[string]bool{}
	for _, path := range fixtures {
		dir := t.TempDir()
		if err := ruletest.Extract(path, dir); err != nil {
			t.Fatal(err)
		}
		for _, d := range ruletest.LintActive(t, dir, ruletest.Options{}, reg, active) {
			seen[d.Rule] = true
			where := filepath.ToSlash(path) + ": " + d.File + ":" + d.Start.String() + " [" + d.Rule + "]"
			switch n := utf8.RuneCountInString(d.Message); {
			case n == 0:
				t.Errorf("%s: empty message", where)
			case n > rules.MessageLimit:
				t.Errorf("%s: message of %d characters, over %d: %s", where, n, rules.MessageLimit, d.Message)
			}
			if strings.ContainsAny(d.Message, "\r\n") {
				t.Errorf("%s: message of more than one line: %q", where, d.Message)
			}
			if d.Detail == "" && d.Rule != "syntax-error" {
				t.Errorf("%s: no detail for %q", where, d.Message)
			}
		}
	}
	// The fixtures must exercise the rules, or this test checks nothing.
	for _, r := range reg.Rules() {
		if !seen[r.ID] {
			t.Errorf("no fixture gets a %s finding", r.ID)
		}
	}
}
