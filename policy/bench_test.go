package policy_test

import (
	"path/filepath"
	"testing"

	"github.com/ducklint/ducklint/policy"
	"github.com/ducklint/ducklint/rules"
)

// BenchmarkCompile compiles the worked policies, as a run does once.
func BenchmarkCompile(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join("..", "docs", "policies", "*.toml"))
	var specs []rules.PolicySpec
	for _, f := range files {
		s, err := rules.LoadPolicies(f, rules.Default(), nil)
		if err != nil {
			b.Fatal(err)
		}
		specs = append(specs, s...)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := policy.Compile(specs); err != nil {
			b.Fatal(err)
		}
	}
}
