package load

import "testing"

func TestGemfilePuppetRequirement(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"pinned", "source 'https://rubygems.org'\ngem 'puppet', '7.23.0'\n", "7.23.0"},
		{"env default", "gem 'puppet', ENV['PUPPET_GEM_VERSION'] || '7.23.0'\n", "7.23.0"},
		{"in a group", "group :test do\n  gem \"puppet\", \"~> 7.0\", require: false\nend\n", "~> 7.0"},
		{"two requirements", "gem('puppet', '>= 7', '< 8')\n", ">= 7, < 8"},
		{"comment after", "gem 'puppet', '7.22.0' # the servers' version\n", "7.22.0"},
		{"commented out", "# gem 'puppet', '6.0.0'\ngem 'puppet', '7.1.0'\n", "7.1.0"},
		{"no requirement", "gem 'puppet'\n", ""},
		{"computed", "gems['puppet'] = location_for(puppet_version)\n", ""},
		{"other gems", "gem 'puppet-lint', '3.0.1'\ngem 'rspec-puppet', '~> 4'\n", ""},
		{"conditional versions", "if x\n  gem 'puppet', '~> 8.11'\nelse\n  gem 'puppet', '~> 7.0'\nend\n", ""},
		{"the same twice", "gem 'puppet', '7.23.0'\ngem 'puppet', '7.23.0'\n", "7.23.0"},
	}
	for _, tt := range tests {
		if got := gemfilePuppetRequirement([]byte(tt.src)); got != tt.want {
			t.Errorf("%s: gemfilePuppetRequirement = %q, want %q", tt.name, got, tt.want)
		}
	}
}
