package rules_test

import (
	"path/filepath"
	"testing"

	"github.com/ducklint/ducklint/rules"
	"github.com/ducklint/ducklint/rules/ruletest"
)

// scopeRules returns the static-scope rules.
func scopeRules(t *testing.T) []*rules.Rule {
	t.Helper()
	reg := rules.Default()
	var rs []*rules.Rule
	for _, id := range []string{"unknown-variable", "node-scope-read", "variable-reassigned",
		"qualified-read-without-include", "unknown-qualified-variable", "private-variable-access"} {
		r, ok := reg.Lookup(id)
		if !ok {
			t.Fatalf("rule %s is not registered", id)
		}
		rs = append(rs, r)
	}
	return rs
}

func TestScopeRuleOptions(t *testing.T) {
	tests := []struct {
		fixture string
		opts    ruletest.Options
	}{
		{"known-variables.txtar", ruletest.Options{KnownVariables: []string{"enc_role", "$datacenter"}}},
		{"single-file.txtar", ruletest.Options{Reported: []string{"site/profile/manifests/web.pp"}}},
		{"enc-reassigned.txtar", ruletest.Options{KnownVariables: []string{"enc_role"}}},
	}
	for _, tt := range tests {
		t.Run(tt.fixture, func(t *testing.T) {
			ruletest.Run(t, filepath.Join("..", "testdata", "scope", tt.fixture), tt.opts, scopeRules(t)...)
		})
	}
}

// TestVariableScopeAlias checks that puppet-lint's control comments for
// variable_scope suppress unknown-variable.
func TestVariableScopeAlias(t *testing.T) {
	rule, ok := rules.Default().Resolve("variable_scope")
	if !ok || rule.ID != "unknown-variable" {
		t.Fatalf("variable_scope resolves to %v, want unknown-variable", rule)
	}
}
