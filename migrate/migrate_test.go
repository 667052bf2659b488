package migrate

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/rules"
)

// summary is what settings say, in one line per kind, for comparison.
func summary(s *Settings) string {
	var b strings.Builder
	var off, on []string
	for _, c := range s.order {
		st := s.checks[c]
		if st.enabled {
			on = append(on, fmt.Sprintf("%s@%d", c, st.origin.Line))
		} else {
			off = append(off, fmt.Sprintf("%s@%d", c, st.origin.Line))
		}
	}
	fmt.Fprintf(&b, "off=%s", strings.Join(off, ","))
	if len(on) > 0 {
		fmt.Fprintf(&b, " on=%s", strings.Join(on, ","))
	}
	if s.only != nil {
		fmt.Fprintf(&b, " only=%s", strings.Join(s.only, ","))
	}
	var ignore []string
	for _, p := range s.ignore {
		ignore = append(ignore, p.glob)
	}
	fmt.Fprintf(&b, " ignore=%s", strings.Join(ignore, ","))
	if s.failOnWarnings != nil {
		fmt.Fprintf(&b, " fail@%d", s.failOnWarnings.Line)
	}
	if s.relative != nil {
		fmt.Fprintf(&b, " relative@%d", s.relative.Line)
	}
	var notes []string
	for _, n := range s.Notes {
		notes = append(notes, fmt.Sprint(n.Origin.Line))
	}
	if len(notes) > 0 {
		fmt.Fprintf(&b, " notes@%s", strings.Join(notes, ","))
	}
	return b.String()
}

// The lines of a .puppet-lint.rc mean what puppet-lint 3.0.1's option
// parser makes of them (each verified with puppet-lint itself).
func TestReadRC(t *testing.T) {
	cases := []struct{ name, rc, want string }{
		{"disable", "--no-140chars-check\n--no-documentation-check\n", "off=140chars@1,documentation@2 ignore=vendor/**/*.pp"},
		{"dashes for underscores", "--no-double-quoted-strings-check\n", "off=double_quoted_strings@1 ignore=vendor/**/*.pp"},
		{"unique abbreviation", "--no-double_quoted_strings\n--fail-on-warn\n", "off=double_quoted_strings@1 ignore=vendor/**/*.pp fail@2"},
		{"ambiguous abbreviation", "--no-arrow\n", "off= ignore=vendor/**/*.pp notes@1"},
		{"plugin check", "--no-trailing_comma-check\n", "off=trailing_comma@1 ignore=vendor/**/*.pp"},
		{"plugin check with dashes", "--no-parameter-documentation-check\n--no_anchor-resource-check\n", "off=parameter_documentation@1,anchor_resource@2 ignore=vendor/**/*.pp"},
		{"enable an off check", "--80chars-check\n--quoted_booleans-check\n", "off= on=80chars@1,quoted_booleans@2 ignore=vendor/**/*.pp"},
		{"enable an on check is an error", "--double_quoted_strings-check\n", "off= ignore=vendor/**/*.pp notes@1"},
		{"comments and blank lines", "# keep\n\n--relative\n", "off= ignore=vendor/**/*.pp relative@3"},
		{"indented option is not one", "  --no-140chars-check\n", "off= ignore=vendor/**/*.pp notes@1"},
		{"two options on a line", "--no-140chars-check --no-documentation-check\n", "off= ignore=vendor/**/*.pp notes@1"},
		{"ignore paths replace the default", "--ignore-paths=spec/**/*.pp,pkg/**/*.pp\n", "off= ignore=spec/**/*.pp,pkg/**/*.pp"},
		{"value on the next line", "--ignore-paths\nspec/**/*.pp\n--relative\n", "off= ignore=spec/**/*.pp relative@3"},
		{"value missing", "--ignore-paths\n", "off= ignore=vendor/**/*.pp notes@1"},
		{"value with a space", "--ignore-paths spec/*\n", "off= ignore=vendor/**/*.pp notes@1"},
		{"needless value", "--fail-on-warnings=true\n", "off= ignore=vendor/**/*.pp notes@1"},
		{"only checks", "--no-140chars-check\n--only-checks=arrow_alignment,hard_tabs\n--no-hard_tabs-check\n", "off=hard_tabs@3 only=arrow_alignment,hard_tabs ignore=vendor/**/*.pp"},
		{"output options", "--log-format=%{path}:%{line}\n--with-filename\n--json\n", "off= ignore=vendor/**/*.pp notes@1,2,3"},
		{"short fix option", "-f\n", "off= ignore=vendor/**/*.pp notes@1"},
		{"no-relative is no check", "--no-relative-check\n", "off= ignore=vendor/**/*.pp notes@1"},
		{"crlf", "--no-140chars-check\r\n--relative\r\n", "off=140chars@1 ignore=vendor/**/*.pp relative@2"},
		{"no final newline", "--relative", "off= ignore=vendor/**/*.pp relative@1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := NewSettings()
			ReadRC(s, []byte(c.rc), RCFileName, "", nil)
			if got := summary(s); got != c.want {
				t.Errorf("got  %s\nwant %s\nnotes %v", got, c.want, s.Notes)
			}
		})
	}
}

// The Rakefile reader reads the shapes Rakefiles configure puppet-lint
// with, and lists what it cannot read instead of guessing.
func TestReadRakefile(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"send forms", `PuppetLint.configuration.send('disable_80chars')
PuppetLint.configuration.send("disable_140chars")
PuppetLint.configuration.send(:disable_documentation)
PuppetLint.configuration.send(:'disable_hard_tabs')
PuppetLint.configuration.send 'disable_arrow_alignment'
PuppetLint.configuration.disable_trailing_whitespace
PuppetLint.configuration.send('enable_quoted_booleans')
`, "off=80chars@1,140chars@2,documentation@3,hard_tabs@4,arrow_alignment@5,trailing_whitespace@6 on=quoted_booleans@7 ignore=vendor/**/*.pp"},
		{"settings", `PuppetLint.configuration.fail_on_warnings = true
PuppetLint.configuration.relative = true
PuppetLint.configuration.log_format = "%{path}:%{line}:%{check}:%{KIND}:%{message}"
PuppetLint.configuration.ignore_paths = ["spec/**/*.pp", "pkg/**/*.pp"]
`, "off= ignore=spec/**/*.pp,pkg/**/*.pp fail@1 relative@2 notes@3"},
		{"ignore paths from a variable over lines", `exclude_paths = [
  "bundle/**/*",
  "pkg/**/*",   # built modules
  "vendor/**/*",
]
PuppetLint.configuration.ignore_paths = exclude_paths
PuppetSyntax.exclude_paths = exclude_paths
`, "off= ignore=bundle/**/*,pkg/**/*,vendor/**/*"},
		{"appended ignore paths keep the default", `PuppetLint.configuration.ignore_paths << 'spec/**/*.pp'
PuppetLint.configuration.ignore_paths += %w[pkg/**/*.pp tests/**/*.pp]
`, "off= ignore=vendor/**/*.pp,spec/**/*.pp,pkg/**/*.pp,tests/**/*.pp"},
		{"false turns fail_on_warnings off", "PuppetLint.configuration.fail_on_warnings = true\nPuppetLint.configuration.fail_on_warnings = false\n", "off= ignore=vendor/**/*.pp"},
		{"rake task block", `PuppetLint::RakeTask.new :lint do |config|
  config.disable_checks = ['80chars', 'documentation']
  config.fail_on_warnings = true
  config.ignore_paths = %w(spec/**/*.pp)
  config.log_format = '%{path}'
end
config = 1
`, "off=80chars@2,documentation@2 ignore=spec/**/*.pp fail@3 notes@5"},
		{"rake task brace block", "PuppetLint::RakeTask.new(:lint) { |t| t.only_checks = %w[hard_tabs] }\n", "off= only=hard_tabs ignore=vendor/**/*.pp"},
		{"loops are listed, not guessed", `disabled = %w[80chars 140chars]
disabled.each do |check|
  PuppetLint.configuration.send("disable_#{check}")
end
`, "off= ignore=vendor/**/*.pp notes@3"},
		{"comments and strings", `# PuppetLint.configuration.send('disable_hard_tabs')
=begin
PuppetLint.configuration.send('disable_80chars')
=end
desc "PuppetLint.configuration.send('disable_documentation')"
`, "off= ignore=vendor/**/*.pp"},
		{"heredoc", `x = <<~EOS
  PuppetLint.configuration.send('disable_hard_tabs')
EOS
PuppetLint.configuration.send('disable_80chars')
`, "off=80chars@4 ignore=vendor/**/*.pp"},
		{"conditional and statements on one line", `if ENV['X']; PuppetLint.configuration.send('disable_hard_tabs'); end
begin
  require 'puppet-lint/tasks/puppet-lint'
  PuppetLint.configuration.send('disable_140chars')
rescue LoadError
end
`, "off=hard_tabs@1,140chars@4 ignore=vendor/**/*.pp"},
		{"chained on the next line", "PuppetLint.configuration\n  .send('disable_hard_tabs')\n", "off=hard_tabs@1 ignore=vendor/**/*.pp"},
		{"frameworks are named", "require 'puppetlabs_spec_helper/rake_tasks'\nrequire 'voxpupuli/test/rake'\n", "off= ignore=vendor/**/*.pp notes@1,2"},
		{"PDK's disable_relative", "PuppetLint.configuration.send('disable_relative')\nPuppetLint.configuration.send('relative')\n", "off= ignore=vendor/**/*.pp notes@1,2"},
		{"unreadable value", "PuppetLint.configuration.ignore_paths = Dir['x/*']\n", "off= ignore=vendor/**/*.pp notes@1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := NewSettings()
			ReadRakefile(s, []byte(c.src), "Rakefile")
			if got := summary(s); got != c.want {
				t.Errorf("got  %s\nwant %s\nnotes %v", got, c.want, s.Notes)
			}
		})
	}
}

// .sync.yml: PDK's Rakefile keys, Vox Pupuli's .puppet-lint.rc keys and
// the Gemfile's gems.
func TestReadSyncYAML(t *testing.T) {
	src := `---
Rakefile:
  extra_disabled_lint_checks:
    - 'parameter_documentation'
  linter_fail_on_warnings: true
  linter_options:
    - relative
  linter_exclusions:
    - 'spec/**/*.pp'
.puppet-lint.rc:
  disabled_lint_checks:
    - disable_140chars
    - documentation
  enabled_lint_checks:
    - documentation
Gemfile:
  optional:
    ':test':
      - gem: 'voxpupuli-puppet-lint-plugins'
`
	s := NewSettings()
	if err := ReadSyncYAML(s, []byte(src), ".sync.yml"); err != nil {
		t.Fatal(err)
	}
	if got, want := summary(s), "off=parameter_documentation@3,140chars@11 ignore=spec/**/*.pp fail@5 relative@6"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if s.Preset != PresetVoxPupuli || s.PresetOrigin == nil || s.PresetOrigin.Origin.Line != 19 {
		t.Errorf("preset %q from %+v", s.Preset, s.PresetOrigin)
	}
	if err := ReadSyncYAML(NewSettings(), []byte("Rakefile: [\n"), ".sync.yml"); err == nil || !strings.Contains(err.Error(), ".sync.yml: not valid YAML") {
		t.Errorf("bad YAML: %v", err)
	}
}

func TestReadGemfile(t *testing.T) {
	cases := []struct {
		file, src string
		want      string
	}{
		{"Gemfile", "group :test do\n  gem 'voxpupuli-puppet-lint-plugins', '~> 5.0', require: false\nend\n", PresetVoxPupuli},
		{"Gemfile", "gem \"voxpupuli-test\", '~> 7.0'\n", PresetVoxPupuli},
		{"Gemfile", "gem 'puppet-lint'\n# gem 'voxpupuli-test'\n", PresetPuppetLint},
		{"Gemfile", "gem 'voxpupuli-test-extras'\n", PresetPuppetLint},
		{"Gemfile.lock", "GEM\n  specs:\n    voxpupuli-puppet-lint-plugins (5.0.0)\n      puppet-lint-anchor-check (~> 1.0)\n", PresetVoxPupuli},
	}
	for _, c := range cases {
		s := NewSettings()
		ReadGemfile(s, []byte(c.src), c.file)
		if s.Preset != c.want {
			t.Errorf("%s %q: preset %q, want %q", c.file, c.src, s.Preset, c.want)
		}
	}
}

// styleRegistry has rules shaped like the style rules, off by default: a
// line-length rule carrying 140chars and 80chars with a length option,
// and one rule carrying two checks; and a rule ducklint runs by default.
func styleRegistry(t *testing.T) *rules.Registry {
	t.Helper()
	type lengthOptions struct {
		Length int `toml:"length"`
	}
	rule := func(id string, aliases ...string) *rules.Rule {
		return &rules.Rule{ID: id, Title: id, Doc: id, Severity: rules.Warning, Aliases: aliases, Run: func(*rules.Pass) {}, OffByDefault: true}
	}
	ll := rule("line-length", "140chars", "80chars")
	ll.NewOptions = func() any { return &lengthOptions{Length: 140} }
	uv := rule("unknown-variable", "variable_scope")
	uv.OffByDefault = false
	reg, err := rules.NewRegistry(ll, uv, rule("quoted-boolean", "quoted_booleans"), rule("trailing-whitespace", "trailing_whitespace"),
		rule("invalid-variable-name", "variable_is_lowercase", "variable_contains_dash"))
	if err != nil {
		t.Fatal(err)
	}
	return reg
}

// With rules that carry the checks, the plan sets them: off, on, and the
// line length.
func TestPlanWithStyleRules(t *testing.T) {
	reg := styleRegistry(t)
	cases := []struct{ name, rc, want string }{
		{"140chars off", "--no-140chars-check\n", "puppet-lint line-length=false"},
		{"80chars on", "--80chars-check\n", "puppet-lint line-length:80"},
		{"80chars on, 140chars off", "--80chars-check\n--no-140chars-check\n", "puppet-lint line-length=true:80"},
		{"80chars off is the default", "--no-80chars-check\n", "puppet-lint"},
		{"an off check turned on", "--quoted_booleans-check\n", "puppet-lint quoted-boolean=true"},
		{"one of two checks off keeps the rule", "--no-variable_is_lowercase-check\n", "puppet-lint note"},
		{"both checks off", "--no-variable_is_lowercase-check\n--no-variable_contains_dash-check\n", "puppet-lint invalid-variable-name=false"},
		{"only checks", "--only-checks=trailing_whitespace,140chars,hard_tabs\n", " trailing-whitespace=true line-length=true missing:hard_tabs"},
		{"abbreviation of a rule's check", "--no-trailing\n", "puppet-lint trailing-whitespace=false"},
		{"a rule ducklint runs by default stays on", "--no-variable_scope-check\n", "puppet-lint unknown-variable(kept) kept"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := NewSettings()
			ReadRC(s, []byte(c.rc), RCFileName, "", []string{"trailing_whitespace"})
			p := s.Plan(reg)
			got := p.Preset
			for _, r := range p.Rules {
				got += " " + r.ID
				switch {
				case r.Kept:
					got += "(kept)"
				case r.Enabled != nil:
					got += fmt.Sprintf("=%t", *r.Enabled)
				}
				if r.Length != 0 {
					got += fmt.Sprintf(":%d", r.Length)
				}
			}
			for _, m := range p.Missing {
				got += " missing:" + m.Check
			}
			if slices.ContainsFunc(p.Notes, func(n Note) bool { return strings.Contains(n.Why, "which stays on") }) {
				got += " note"
			}
			if slices.ContainsFunc(p.Notes, func(n Note) bool { return strings.Contains(n.Why, "unknown-variable stays on") }) {
				got += " kept"
			}
			if got != c.want {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
			if _, err := rules.ParseConfig("x.toml", p.TOML(), reg); err != nil {
				t.Errorf("the configuration does not load: %v\n%s", err, p.TOML())
			}
		})
	}
}

// Ignore paths of a .puppet-lint.rc above the target are rebased onto
// it; those outside it are listed, not written.
func TestExcludesFromAbove(t *testing.T) {
	s := NewSettings()
	ReadRC(s, []byte("--ignore-paths=site/profile/files/**/*.pp,**/vendor/**,modules/**,./site/profile/tests/*\n"), "(two levels up)/.puppet-lint.rc", "site/profile", nil)
	p := s.Plan(rules.Default())
	var got []string
	for _, e := range p.Exclude {
		got = append(got, e.Glob)
	}
	if want := []string{"files/**/*.pp", "**/vendor/**", "tests/*"}; !slices.Equal(got, want) {
		t.Errorf("excludes %q, want %q", got, want)
	}
	if !slices.ContainsFunc(p.Notes, func(n Note) bool { return n.Text == "modules/**" }) {
		t.Errorf("modules/** not reported: %v", p.Notes)
	}
}

// An ignore path over a directory Puppet loads code from is not carried
// over: ducklint's exclude would take the definitions out of the program.
// Ignore paths over code directories carry over: exclude keeps excluded
// files in the program, so what they define still resolves elsewhere.
func TestExcludesCarryCodeDirectories(t *testing.T) {
	s := NewSettings()
	ReadRC(s, []byte("--ignore-paths=types/**/*.pp,spec/**/*.pp,manifests/legacy/*.pp,./functions/x.pp\n"), RCFileName, "", nil)
	p := s.Plan(rules.Default())
	var got []string
	for _, e := range p.Exclude {
		got = append(got, e.Glob)
	}
	want := []string{"types/**/*.pp", "spec/**/*.pp", "manifests/legacy/*.pp", "functions/x.pp"}
	if !slices.Equal(got, want) {
		t.Errorf("excludes %q, want %q", got, want)
	}
}

func TestTOMLString(t *testing.T) {
	for in, want := range map[string]string{`a"b\c`: `"a\"b\\c"`, "tab\there": `"tab\there"`, "\x01": `"\u0001"`, "é": `"é"`} {
		if got := tomlString(in); got != want {
			t.Errorf("tomlString(%q) = %s, want %s", in, got, want)
		}
	}
}

// Every corpus Rakefile (../testdata/init/corpus) is read without a
// note about a line init cannot read, and its disable_<check> calls are
// what the reader finds, checked against a plain text search.
func TestCorpusRakefiles(t *testing.T) {
	files, err := filepath.Glob("../testdata/init/corpus/*/Rakefile")
	if err != nil || len(files) < 40 {
		t.Fatalf("%d corpus Rakefiles: %v", len(files), err)
	}
	disable := regexp.MustCompile(`(?m)^\s*PuppetLint\.configuration\.send\('disable_(\w+)'\)`)
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s := NewSettings()
		ReadRakefile(s, src, "Rakefile")
		for _, n := range s.Notes {
			if strings.Contains(n.Why, "not read") {
				t.Errorf("%s: %s", f, n)
			}
		}
		var want []string
		for _, m := range disable.FindAllStringSubmatch(string(src), -1) {
			if m[1] != "relative" && !slices.Contains(want, m[1]) {
				want = append(want, m[1])
			}
		}
		var got []string
		for _, c := range s.order {
			if !s.checks[c].enabled {
				got = append(got, c)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: disabled %v, want %v", f, got, want)
		}
	}
}

// Whatever the files say, reading them does not fail, and the
// configuration made of them loads.
func FuzzReadConfiguration(f *testing.F) {
	f.Add("--no-140chars-check\n--ignore-paths=spec/**\n", "PuppetLint.configuration.send('disable_80chars')\n", "Rakefile:\n  linter_exclusions: ['a']\n")
	f.Add("--only-checks=a,b\n--80chars-check\n", "x = [\n'a', # c\n]\nPuppetLint.configuration.ignore_paths = x\nPuppetLint::RakeTask.new { |t| t.disable_checks = %w[a b] }\n", "")
	f.Add("--ignore-paths=\"x\\\"y\"\n", "PuppetLint.configuration.ignore_paths = ['\\u0001', \"a\\tb\"]\n<<~E\n", ".puppet-lint.rc:\n  disabled_lint_checks: [x]\n")
	reg := rules.Default()
	f.Fuzz(func(t *testing.T, rc, rakefile, sync string) {
		s := NewSettings()
		_ = ReadSyncYAML(s, []byte(sync), ".sync.yml")
		ReadRakefile(s, []byte(rakefile), "Rakefile")
		ReadRC(s, []byte(rc), RCFileName, "", nil)
		p := s.Plan(reg)
		if _, err := rules.ParseConfig("x.toml", p.TOML(), reg); err != nil {
			t.Fatalf("the configuration does not load: %v\n%s", err, p.TOML())
		}
	})
}

// Each corpus .puppet-lint.rc means to init what it means to puppet-lint
// 3.0.1's own option parser (recorded beside it in puppet-lint.txt by
// scripts/record-init-puppet-lint): the same checks off, the same ignore
// paths, fail_on_warnings and relative.
func TestRCAsPuppetLintReadsIt(t *testing.T) {
	records, err := filepath.Glob("../testdata/init/corpus/*/puppet-lint.txt")
	if err != nil || len(records) < 36 {
		t.Fatalf("%d records: %v", len(records), err)
	}
	for _, rec := range records {
		data, err := os.ReadFile(rec)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]string{}
		for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			if k, v, ok := strings.Cut(line, " "); ok && !strings.HasPrefix(line, "#") {
				want[k] = v
			}
		}
		src, err := os.ReadFile(filepath.Join(filepath.Dir(rec), RCFileName))
		if err != nil {
			t.Fatal(err)
		}
		s := NewSettings()
		ReadRC(s, src, RCFileName, "", nil)
		checks := slices.Clone(coreChecks)
		for _, c := range s.order {
			if !slices.Contains(checks, c) {
				checks = append(checks, c)
			}
		}
		var off []string
		for _, c := range checks {
			on := defaultOn(c)
			if st, ok := s.checks[c]; ok {
				on = st.enabled
			}
			if !on {
				off = append(off, c)
			}
		}
		slices.Sort(off)
		var ignore []string
		for _, p := range s.ignore {
			ignore = append(ignore, p.glob)
		}
		got := map[string]string{
			"disabled":         strings.Join(off, " "),
			"ignore_paths":     strings.Join(ignore, " "),
			"fail_on_warnings": fmt.Sprint(s.failOnWarnings != nil),
			"relative":         fmt.Sprint(s.relative != nil),
		}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("%s: %s: init reads %q, puppet-lint %q", filepath.Base(filepath.Dir(rec)), k, got[k], v)
			}
		}
		if len(want) != len(got) {
			t.Errorf("%s: record has %d settings, want %d", rec, len(want), len(got))
		}
	}
}

// TestReadGemfilePuppetLintPin: a tree whose Gemfile or Gemfile.lock pins
// a puppet-lint older than a default check has never run that check, and
// init leaves it off; a pin that allows the release keeps it on, and a
// later source that turns it on still wins.
func TestReadGemfilePuppetLintPin(t *testing.T) {
	cases := []struct {
		file, src string
		off       bool
	}{
		{"Gemfile", "gem 'puppet-lint', '2.4.2'\n", true},
		{"Gemfile", "gem \"puppet-lint\", \"~> 4.2\"\n", false}, // ~> 4.2 allows every 4.x
		{"Gemfile", "gem 'puppet-lint', '~> 4.2.0'\n", true},    // 4.2.x only
		{"Gemfile", "gem 'puppet-lint', '>= 3', '< 4.3'\n", true},
		{"Gemfile", "gem 'puppet-lint', '< 4.3.1'\n", false},
		{"Gemfile", "gem 'puppet-lint', '>= 2.0'\n", false},
		{"Gemfile", "gem 'puppet-lint'\n", false},
		{"Gemfile", "gem 'puppet-lint-wmf_styleguide-check', '1.1.4'\n", false},
		{"Gemfile.lock", "GEM\n  specs:\n    puppet-lint (3.0.1)\n    puppet-lint-param-docs (1.7.0)\n", true},
		{"Gemfile.lock", "GEM\n  specs:\n    puppet-lint (4.3.0)\n", false},
	}
	for _, c := range cases {
		s := NewSettings()
		ReadGemfile(s, []byte(c.src), c.file)
		st, set := s.checks["space_before_arrow"]
		if got := set && !st.enabled; got != c.off {
			t.Errorf("%s %q: space_before_arrow off = %v, want %v", c.file, c.src, got, c.off)
		}
	}
	s := NewSettings()
	ReadGemfile(s, []byte("gem 'puppet-lint', '2.4.2'\n"), "Gemfile")
	ReadRC(s, []byte("--space_before_arrow-check\n"), ".puppet-lint.rc", "", nil)
	if st := s.checks["space_before_arrow"]; !st.enabled {
		t.Errorf("an rc line turning space_before_arrow on after the Gemfile's pin: %+v", st)
	}
}
