package rules

import (
	"testing"

	"github.com/ducklint/ducklint/parser/load"
)

func TestModuleTarget(t *testing.T) {
	env := &load.Environment{Name: "production"}
	tests := []struct {
		req  string
		env  *load.Environment
		conf PuppetVersion
		want Target
	}{
		{">= 5.5.10 < 6.0.0", nil, 0, Target{Puppet7, TargetMetadata, ">= 5.5.10 < 6.0.0"}},
		{">= 6.0.0 < 8.0.0", nil, 0, Target{Puppet7, TargetMetadata, ">= 6.0.0 < 8.0.0"}},
		{">= 7.0.0 < 9.0.0", nil, 0, Target{Puppet8, TargetMetadata, ">= 7.0.0 < 9.0.0"}},
		{">=7.0.0 <8.1.0", nil, 0, Target{Puppet8, TargetMetadata, ">=7.0.0 <8.1.0"}}, // 8.0.x
		{">= 4.7.0", nil, 0, Target{Puppet8, TargetMetadata, ">= 4.7.0"}},
		{"6.x", nil, 0, Target{Puppet7, TargetMetadata, "6.x"}},
		{"7.x || 8.x", nil, 0, Target{Puppet8, TargetMetadata, "7.x || 8.x"}},
		{"5.0.0 - 7.2.0", nil, 0, Target{Puppet7, TargetMetadata, "5.0.0 - 7.2.0"}},
		{"~> 7.1", nil, 0, Target{Puppet7, TargetMetadata, "~> 7.1"}},
		{"^8.2.0", nil, 0, Target{Puppet8, TargetMetadata, "^8.2.0"}},
		{"<= 7", nil, 0, Target{Puppet7, TargetMetadata, "<= 7"}},
		{"> 7", nil, 0, Target{Puppet8, TargetMetadata, "> 7"}},
		{"not a range", nil, 0, Target{Puppet8, TargetDefault, ""}},
		{"", nil, 0, Target{Puppet8, TargetDefault, ""}},
		// A control repo's module keeps the default; a configured version wins.
		{">= 5.5.10 < 6.0.0", env, 0, Target{Puppet8, TargetDefault, ""}},
		{">= 7.0.0 < 9.0.0", nil, Puppet7, Target{Puppet7, TargetConfigured, ""}},
	}
	for _, tt := range tests {
		m := &load.Module{Name: "m", Env: tt.env, Dependencies: load.Dependencies{PuppetRequirement: tt.req}}
		if got := ModuleTarget(m, tt.conf); got != tt.want {
			t.Errorf("ModuleTarget(%q, env %v, configured %d) = %+v, want %+v", tt.req, tt.env != nil, tt.conf, got, tt.want)
		}
	}
	if got := ModuleTarget(nil, 0); got != (Target{Version: Puppet8}) {
		t.Errorf("ModuleTarget(nil) = %+v, want the default", got)
	}
	if got, want := ModuleTarget(&load.Module{Dependencies: load.Dependencies{PuppetRequirement: "< 6.0.0"}}, 0).String(),
		"Puppet 7 (metadata.json requirements: puppet < 6.0.0)"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}
