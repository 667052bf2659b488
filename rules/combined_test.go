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
	all := rules.Default().Rules()
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			ruletest.Run(t, path, ruletest.Options{}, all...)
		})
	}
}
