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
		{">= 5.5.10 < 6.0.0", nil, 0, Target{Version: Puppet7, Source: TargetMetadata, Requirement: ">= 5.5.10 < 6.0.0"}},
		{">= 6.0.0 < 8.0.0", nil, 0, Target{Version: Puppet7, Source: TargetMetadata, Requirement: ">= 6.0.0 < 8.0.0"}},
		{">= 7.0.0 < 9.0.0", nil, 0, Target{Version: Puppet8, Source: TargetMetadata, Requirement: ">= 7.0.0 < 9.0.0"}},
		{">=7.0.0 <8.1.0", nil, 0, Target{Version: Puppet8, Source: TargetMetadata, Requirement: ">=7.0.0 <8.1.0"}}, // 8.0.x
		{">= 4.7.0", nil, 0, Target{Version: Puppet8, Source: TargetMetadata, Requirement: ">= 4.7.0"}},
		{"6.x", nil, 0, Target{Version: Puppet7, Source: TargetMetadata, Requirement: "6.x"}},
		{"7.x || 8.x", nil, 0, Target{Version: Puppet8, Source: TargetMetadata, Requirement: "7.x || 8.x"}},
		{"5.0.0 - 7.2.0", nil, 0, Target{Version: Puppet7, Source: TargetMetadata, Requirement: "5.0.0 - 7.2.0"}},
		{"~> 7.1", nil, 0, Target{Version: Puppet7, Source: TargetMetadata, Requirement: "~> 7.1"}},
		{"^8.2.0", nil, 0, Target{Version: Puppet8, Source: TargetMetadata, Requirement: "^8.2.0"}},
		{"<= 7", nil, 0, Target{Version: Puppet7, Source: TargetMetadata, Requirement: "<= 7"}},
		{"> 7", nil, 0, Target{Version: Puppet8, Source: TargetMetadata, Requirement: "> 7"}},
		{"not a range", nil, 0, Target{Version: Puppet8, Source: TargetDefault, Requirement: ""}},
		{"", nil, 0, Target{Version: Puppet8, Source: TargetDefault, Requirement: ""}},
		// A control repo's module keeps the default; a configured version wins.
		{">= 5.5.10 < 6.0.0", env, 0, Target{Version: Puppet8, Source: TargetDefault, Requirement: ""}},
		{">= 7.0.0 < 9.0.0", nil, Puppet7, Target{Version: Puppet7, Source: TargetConfigured, Requirement: ""}},
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
		"Puppet 7 or earlier (metadata.json requirements: puppet < 6.0.0)"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

func TestFileTargetFromGemfile(t *testing.T) {
	tests := []struct {
		gem  string
		want PuppetVersion
	}{
		{"7.23.0", Puppet7},
		{"~> 7.0", Puppet7},    // RubyGems: >= 7.0, < 8
		{"~> 7", Puppet7},      // >= 7, < 8
		{"~> 7.23.0", Puppet7}, // >= 7.23.0, < 7.24
		{"~> 8.11", Puppet8},
		{">= 7, < 9", Puppet8},
		{">= 6, < 8", Puppet7},
		{">= 7, != 8.0.0, < 8.1", Puppet8},
		{"8.10.0", Puppet8},
	}
	for _, tt := range tests {
		env := &load.Environment{Name: "production", Dependencies: load.Dependencies{PuppetGem: tt.gem, Gemfile: "Gemfile"}}
		got := FileTarget(&load.File{Env: env}, 0)
		if got.Version != tt.want || got.Source != TargetGemfile || got.Requirement != tt.gem {
			t.Errorf("FileTarget(gem 'puppet', %q) = %+v, want %s from the Gemfile", tt.gem, got, tt.want)
		}
		// A module of that environment has its target too, whatever its
		// own metadata.json says; a configured version still wins.
		m := &load.Module{Name: "m", Env: env, Dependencies: load.Dependencies{PuppetRequirement: ">= 5.0.0 < 6.0.0"}}
		if got := FileTarget(&load.File{Module: m}, 0); got.Version != tt.want || got.Source != TargetGemfile {
			t.Errorf("FileTarget(module of an environment with gem 'puppet', %q) = %+v, want %s", tt.gem, got, tt.want)
		}
		if got := FileTarget(&load.File{Env: env}, Puppet8); got != (Target{Version: Puppet8, Source: TargetConfigured}) {
			t.Errorf("FileTarget(configured 8) = %+v, want the configured version", got)
		}
	}
	env := &load.Environment{Dependencies: load.Dependencies{PuppetGem: "7.22.0", Gemfile: "Gemfile"}}
	if got, want := FileTarget(&load.File{Env: env}, 0).String(), "Puppet 7 (Gemfile: gem 'puppet', '7.22.0')"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	two := &load.Environment{Dependencies: load.Dependencies{PuppetGem: "~> 7.0, >= 7.23", Gemfile: "Gemfile"}}
	if got, want := FileTarget(&load.File{Env: two}, 0).String(), "Puppet 7 (Gemfile: gem 'puppet', '~> 7.0', '>= 7.23')"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if got := FileTarget(&load.File{Env: &load.Environment{}}, 0); got != (Target{Version: Puppet8}) {
		t.Errorf("FileTarget(environment without a Gemfile pin) = %+v, want the default", got)
	}
}

func TestFileTargetFromContainerfile(t *testing.T) {
	tests := []struct {
		pin  string
		want PuppetVersion
	}{
		{"5.3.2", Puppet7},
		{"5", Puppet7},
		{"7.23", Puppet7},
		{"8", Puppet8},
		{"8.10.0", Puppet8},
	}
	for _, tt := range tests {
		env := &load.Environment{Dependencies: load.Dependencies{PuppetContainer: tt.pin, Containerfile: "Dockerfile"}}
		got := FileTarget(&load.File{Env: env}, 0)
		if got.Version != tt.want || got.Source != TargetContainer || got.Requirement != tt.pin {
			t.Errorf("FileTarget(container installs %q) = %+v, want %s from the build file", tt.pin, got, tt.want)
		}
	}
	// The Gemfile's pin says more than a build file's: it is what the
	// tests run.
	env := &load.Environment{Dependencies: load.Dependencies{PuppetGem: "~> 8.0", Gemfile: "Gemfile", PuppetContainer: "5.3.2", Containerfile: "Dockerfile"}}
	if got := FileTarget(&load.File{Env: env}, 0); got.Source != TargetGemfile || got.Version != Puppet8 {
		t.Errorf("FileTarget(Gemfile and build file) = %+v, want the Gemfile's Puppet 8", got)
	}
	env = &load.Environment{Dependencies: load.Dependencies{PuppetContainer: "5.3.2", Containerfile: "Dockerfile-agent"}}
	if got, want := FileTarget(&load.File{Env: env}, 0).String(), "Puppet 7 or earlier (Dockerfile-agent installs Puppet 5.3.2)"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}
