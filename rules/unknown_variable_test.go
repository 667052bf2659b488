package rules

import "testing"

func TestNearestName(t *testing.T) {
	tests := []struct {
		name       string
		candidates []string
		want       string
	}{
		{"server", []string{"servers", "port"}, "servers"},
		{"pakage_name", []string{"package_name", "package"}, "package_name"},
		{"prot", []string{"port", "proto"}, "proto"},            // insertion (1) beats transposition (2)
		{"ab", []string{"abc", "xy"}, "abc"},                    // short names: distance 1 only
		{"ab", []string{"xyz"}, ""},                             // nothing close
		{"config", []string{"a::config", "config"}, ""},         // itself and qualified names are skipped
		{"longname", []string{"lungnane", "other"}, "lungnane"}, // distance 2 allowed from 6 letters
	}
	for _, tt := range tests {
		if got := nearestName(tt.name, tt.candidates); got != tt.want {
			t.Errorf("nearestName(%q, %v) = %q, want %q", tt.name, tt.candidates, got, tt.want)
		}
	}
}

func TestEditDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"a", "", 1}, {"", "abc", 3}, {"kitten", "sitting", 3}, {"port", "prot", 2}, {"same", "same", 0},
	}
	for _, tt := range tests {
		if got := editDistance(tt.a, tt.b); got != tt.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}
