package load

import (
	"slices"
	"testing"
)

func TestDependencyReaders(t *testing.T) {
	tests := []struct {
		name string
		read func([]byte) ([]string, error)
		src  string
		want []string
	}{
		{"Puppetfile", puppetfileModules, `forge 'https://forge.puppet.com'
moduledir 'external'
mod 'puppetlabs-stdlib', '9.0.0'
mod "puppetlabs/concat"
mod 'apache',
  :git => 'https://github.com/puppetlabs/puppetlabs-apache.git'
  mod('Example-Ntp', :latest)
# mod 'commented-out'
`, []string{"stdlib", "concat", "apache", "ntp"}},
		{"metadata.json", metadataDependencies, `{"name": "me-web", "dependencies": [
  {"name": "puppetlabs/stdlib", "version_requirement": ">= 4.13.1"},
  {"name": "puppetlabs-concat"}]}`, []string{"stdlib", "concat"}},
		{".fixtures.yml", fixturesModules, `fixtures:
  forge_modules:
    stdlib: "puppetlabs/stdlib"
    augeas_core:
      repo: "puppetlabs/augeas_core"
      ref: "1.0.0"
  repositories:
    concat: "https://github.com/puppetlabs/puppetlabs-concat.git"
  symlinks:
    web: "#{source_dir}"
`, []string{"augeas_core", "concat", "stdlib", "web"}},
		// Keys given twice, as puppetlabs-puppetdb's file has them: Ruby's
		// YAML takes the later value, and the module is listed once.
		{".fixtures.yml with a key given twice", fixturesModules, `fixtures:
  repositories:
    postgresql: 'https://github.com/puppetlabs/puppetlabs-postgresql.git'
    firewall: 'https://github.com/puppetlabs/puppetlabs-firewall.git'
    postgresql: 'https://github.com/puppetlabs/puppetlabs-postgresql.git'
  forge_modules: [not, a, mapping]
`, []string{"firewall", "postgresql"}},
		{"empty .fixtures.yml", fixturesModules, ``, nil},
	}
	for _, tt := range tests {
		got, err := tt.read([]byte(tt.src))
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		slices.Sort(got)
		want := slices.Sorted(slices.Values(tt.want))
		if !slices.Equal(got, want) {
			t.Errorf("%s: got %v, want %v", tt.name, got, want)
		}
	}
	if _, err := fixturesModules([]byte("fixtures: [")); err == nil {
		t.Error("a .fixtures.yml that is not YAML is not an error")
	}
}

func TestMetadataPuppetRequirement(t *testing.T) {
	tests := []struct{ src, want string }{
		{`{"requirements": [{"name": "pe", "version_requirement": ">= 2019.8"}, {"name": "puppet", "version_requirement": " >= 5.5.10 < 6.0.0 "}]}`, ">= 5.5.10 < 6.0.0"},
		{`{"requirements": [{"name": "Puppet", "version_requirement": ">= 7.0.0 < 9.0.0"}]}`, ">= 7.0.0 < 9.0.0"},
		{`{"name": "me-web", "dependencies": []}`, ""},
		{`{"requirements": "not a list"}`, ""},
		{`not json`, ""},
	}
	for _, tt := range tests {
		if got := metadataPuppetRequirement([]byte(tt.src)); got != tt.want {
			t.Errorf("metadataPuppetRequirement(%s) = %q, want %q", tt.src, got, tt.want)
		}
	}
}

func TestMetadataSupportedOS(t *testing.T) {
	tests := []struct {
		src  string
		want []string
	}{
		{`{"operatingsystem_support": [{"operatingsystem": "RedHat", "operatingsystemrelease": ["8"]}, {"operatingsystem": " Ubuntu "}]}`,
			[]string{"RedHat", "Ubuntu"}},
		{`{"operatingsystem_support": [{"operatingsystem": ""}]}`, nil},
		{`{"name": "acme-app"}`, nil},
		{`not json`, nil},
	}
	for _, tt := range tests {
		if got := metadataSupportedOS([]byte(tt.src)); !slices.Equal(got, tt.want) {
			t.Errorf("metadataSupportedOS(%s) = %q, want %q", tt.src, got, tt.want)
		}
	}
}
