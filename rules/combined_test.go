package rules_test

import (
	"path/filepath"
	"testing"

	"github.com/ducklint/ducklint/rules"
	"github.com/ducklint/ducklint/rules/ruletest"
)

// TestRulesLeaveOverlapsToEachOther runs the fixtures of
// testdata/rules-combined with every rule enabled: where two rules would
// report one cause, only the more precise one does.
func TestRulesLeaveOverlapsToEachOther(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("..", "testdata", "rules-combined", "*.txtar"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	// Style rules report layout, which no other rule does, so they
	// overlap nothing and stay out.
	style := map[string]bool{}
	for _, r := range rules.StyleRules() {
		style[r.ID] = true
	}
	var all []*rules.Rule
	for _, r := range rules.Default().Rules() {
		if !style[r.ID] {
			all = append(all, r)
		}
	}
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			ruletest.Run(t, path, ruletest.Options{}, all...)
		})
	}
}
