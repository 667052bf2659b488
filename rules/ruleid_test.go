package rules

import (
	"regexp"
	"testing"
)

// TestIsRuleID checks the byte loop against the pattern it stands for.
func TestIsRuleID(t *testing.T) {
	pattern := regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]+)*$`)
	for _, id := range []string{
		"", "a", "z", "A", "1", "-", "a-", "-a", "a--b", "a-b", "a-1", "a1-b2-c3", "legacy-fact",
		"unknown-variable", "Legacy-fact", "legacy_fact", "legacy fact", "a-b-", "ab-c-d", "a9", "a-9b",
		"é", "a-é", "a.b", "a/b", "x-Y", "no-latest", "a--", "--",
	} {
		if got, want := isRuleID(id), pattern.MatchString(id); got != want {
			t.Errorf("isRuleID(%q) = %v, the pattern says %v", id, got, want)
		}
	}
}

// BenchmarkDefault is the registry every run builds.
func BenchmarkDefault(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		Default()
	}
}
