package rules

import "testing"

func TestEffectiveSeverity(t *testing.T) {
	rule := &Rule{ID: "r", Severity: Warning}
	validation := &Rule{ID: "v", Severity: Error, Validation: true}
	cases := []struct {
		name       string
		active     Active
		reportedAs Severity
		want       Severity
	}{
		{"default", Active{Rule: rule}, Warning, Warning},
		{"configured up", Active{Rule: rule, Severity: Error}, Warning, Error},
		{"configured down", Active{Rule: rule, Severity: Info}, Warning, Info},
		{"weaker evidence stays below", Active{Rule: rule, Severity: Error}, Info, Info},
		{"weaker evidence, default", Active{Rule: rule, Severity: Warning}, Info, Info},
		{"validation error", Active{Rule: validation, Severity: Error}, Error, Error},
	}
	for _, c := range cases {
		if got, _ := effectiveSeverity(c.active, Puppet8, c.reportedAs, nil); got != c.want {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}
}
