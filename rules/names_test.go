package rules_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/ducklint/ducklint/rules"
	"github.com/ducklint/ducklint/rules/ruletest"
)

// TestReservedWordTakesOverSyntaxErrors checks the split between
// syntax-error and reserved-word: a keyword used as a definition name is
// reported once, by reserved-word, and every other syntax error stays with
// syntax-error.
func TestReservedWordTakesOverSyntaxErrors(t *testing.T) {
	tests := []struct {
		path, src           string
		syntaxErrs, reserve int
	}{
		{"plans/p.pp", "plan if() {\n}\n", 0, 1},
		{"", "plan if() {\n}\n", 1, 0}, // plan is a keyword only under plans/
		{"", "class if {\n}\n", 0, 1},
		{"", "define unless() {\n}\n", 0, 1},
		{"", "function case() {\n}\n", 0, 1},
		{"", "class class {\n}\n", 0, 1},
		{"", "class\n  default {\n}\n", 0, 1},
		{"", "$x = class\n", 1, 0},         // not a definition name
		{"", "class foo::if {\n}\n", 0, 0}, // a segment of a longer name is legal
		{"", "class foo {\n  if\n}\n", 1, 0},
		{"", "$class if {\n}\n", 1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.path+tt.src, func(t *testing.T) {
			dir := t.TempDir()
			path := tt.path
			if path == "" {
				path = "x.pp"
			}
			if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, path)), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, path), []byte(tt.src), 0o644); err != nil {
				t.Fatal(err)
			}
			diags := ruletest.Lint(t, dir, ruletest.Options{}, rules.SyntaxError(), rules.ReservedWord())
			count := map[string]int{}
			for _, d := range diags {
				count[d.Rule]++
			}
			if count["syntax-error"] != tt.syntaxErrs || count["reserved-word"] != tt.reserve {
				t.Errorf("syntax-error %d, reserved-word %d; want %d, %d: %v",
					count["syntax-error"], count["reserved-word"], tt.syntaxErrs, tt.reserve, diags)
			}
		})
	}
}
