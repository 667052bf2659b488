package rules_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/rules"
)

// Every configuration error names the file, the line and the key, in words
// a user can act on: no TOML decoder or Go type jargon.
func TestParseConfigErrors(t *testing.T) {
	reg := rules.Default()
	cases := []struct {
		name, src string
		line      int
		msg       string
	}{
		{"syntax", "exclude = [\n", 1, "not valid TOML"},
		{"duplicate key", "exclude = []\nexclude = []\n", 2, "'exclude' has already been defined"},
		{"unknown top key", "exclude = []\nformat = \"json\"\n", 2, `unknown key "format"`},
		{"unknown top table", "\n[output]\nformat = \"json\"\n", 2, `unknown key "output"`},
		{"case-folded key", "Exclude = []\n", 1, `unknown key "Exclude"`},

		{"exclude string", "exclude = \"vendor\"\n", 1, `exclude: expected a list of globs, like ["vendor/**"], found the string "vendor"`},
		{"exclude item", "exclude = [\"a\", 3]\n", 1, `exclude: item 2 is the number 3, not a glob in quotes`},
		{"exclude unclosed class", "# x\nexclude = [\"[unclosed\"]\n", 2, `exclude: "[unclosed" is not a usable glob: its "[" starts a character class that no "]" closes`},
		{"exclude trailing backslash", "exclude = ['a\\']\n", 1, `exclude: "a\\" is not a usable glob: it ends with a backslash`},
		{"exclude absolute", "exclude = [\"/vendor/**\"]\n", 1, `exclude: "/vendor/**" is not a usable glob: it starts with "/"`},
		{"exclude parent", "exclude = [\"../x\"]\n", 1, `exclude: "../x" is not a usable glob: it climbs out with ".."`},
		{"exclude empty", "exclude = [\"\"]\n", 1, `exclude: "" is not a usable glob: it is empty`},

		{"rules not a table", "rules = 1\n", 1, `rules: expected a table of rule settings, like [rules.unknown-variable], found the number 1`},
		{"rule not a table", "[rules]\nsyntax-error = 1\n", 2, `rules.syntax-error: expected a table, like [rules.syntax-error] with enabled = false or severity = "info", found the number 1`},
		{"unknown rule", "[rules.no-such-rule]\nenabled = true\n", 1, `unknown rule "no-such-rule" in [rules.no-such-rule]`},
		{"unknown rule dotted", "[rules]\nno-such-rule.enabled = true\n", 2, `unknown rule "no-such-rule"`},
		{"unknown rule key", "[rules.syntax-error]\nenabled = true\nlevel = \"x\"\n", 3, `unknown key "rules.syntax-error.level"; a rule's table takes enabled and severity`},
		{"bad severity", "[rules.syntax-error]\nseverity = \"fatal\"\n", 2, `rules.syntax-error.severity: unknown severity "fatal"; use "error", "warning" or "info"`},
		{"severity not a string", "[rules.syntax-error]\n\nseverity = 2\n", 3, `rules.syntax-error.severity: expected "error", "warning" or "info", found the number 2`},
		{"enabled not a bool", "[rules.syntax-error]\nenabled = \"yes\"\n", 2, `rules.syntax-error.enabled: expected true or false, found the string "yes"`},
		{"inline rule table", "rules = { syntax-error = { enabled = 0 } }\n", 1, `rules.syntax-error.enabled: expected true or false, found the number 0`},

		{"baseline not a string", "baseline = true\n", 1, `baseline: expected a path in quotes, like ".ducklint-baseline.json", found true`},
		{"baseline empty", "exclude = []\nbaseline = \" \"\n", 2, `baseline: expected a path in quotes, like ".ducklint-baseline.json", found the string " "`},

		{"scope not a table", "scope = [\"role\"]\n", 1, `scope: expected a table, like [scope] with known_variables = ["role"], found a list`},
		{"unknown scope key", "[scope]\nknown_vars = [\"x\"]\n", 2, `unknown key "scope.known_vars"; [scope] takes known_variables`},
		{"known_variables string", "exclude = []\n[scope]\nknown_variables = \"role\"\n", 3, `scope.known_variables: expected a list of variable names, like ["role", "datacenter"], found the string "role"`},
		{"known_variables item", "[scope]\nknown_variables = [\"role\", true]\n", 2, `scope.known_variables: item 2 is true, not a variable name in quotes`},
		{"known_variables bad name", "[scope]\nknown_variables = [\"Role\"]\n", 2, `scope.known_variables: "Role" is not a variable name`},
		{"known_variables qualified", "[scope]\nknown_variables = [\"profile::x\"]\n", 2, `scope.known_variables: "profile::x" is a variable of a class`},

		{"catalog not a table", "catalog = \"x\"\n", 1, `catalog: expected a table`},
		{"unknown catalog key", "[catalog]\n\ndeclaring = {}\n", 3, `unknown key "catalog.declaring"; [catalog] takes declaring_functions`},
		{"declaring_functions list", "[catalog]\ndeclaring_functions = [\"role\"]\n", 2, `catalog.declaring_functions: expected a table of function names and class patterns, like { role = "role::%s" }, found a list`},
		{"declaring pattern not a string", "[catalog.declaring_functions]\nrole = 1\n", 2, `catalog.declaring_functions.role: expected the class name pattern in quotes, like "role::%s", found the number 1`},
		{"declaring pattern without %s", "[catalog]\ndeclaring_functions = { role = \"role\" }\n", 2, `catalog.declaring_functions.role: the class pattern "role" must contain %s once`},
		{"declaring pattern twice %s", "[catalog]\ndeclaring_functions = { role = \"%s::%s\" }\n", 2, `must contain %s once`},
		{"declaring pattern bad class", "[catalog.declaring_functions]\nrole = \"role:%s\"\n", 2, `catalog.declaring_functions.role: the class pattern "role:%s" does not make a class name: role(web) would declare "role:web"`},
		{"puppet not a table", "puppet = 8\n", 1, `puppet: expected a table, like [puppet] with version = 8, found the number 8`},
		{"unknown puppet key", "[puppet]\nversion = 8\nstrict = true\n", 3, `unknown key "puppet.strict"; [puppet] takes version`},
		{"puppet version string", "[puppet]\nversion = \"8\"\n", 2, `puppet.version: expected the major version of Puppet as a number, 7 or 8, found the string "8"`},
		{"puppet version float", "[puppet]\n\nversion = 8.1\n", 3, `puppet.version: expected the major version of Puppet as a number, 7 or 8, found the number 8.1`},
		{"puppet version unsupported", "[puppet]\nversion = 6\n", 2, `puppet.version: Puppet 6 is not supported; use 7 or 8`},
		{"style not a table", "style = \"puppet-lint\"\n", 1, `style: expected a table, like [style] with preset = "puppet-lint", found the string "puppet-lint"`},
		{"style unknown preset", "[style]\npreset = \"rubocop\"\n", 2, `style.preset: unknown preset "rubocop"; use "puppet-lint" or "voxpupuli"`},
		{"style preset not a string", "[style]\npreset = true\n", 2, `style.preset: expected "puppet-lint" or "voxpupuli", found true`},
		{"style unknown key", "[style]\nlength = 80\n", 2, `unknown key "style.length"; [style] takes preset`},
		{"declaring bad function name", "[catalog.declaring_functions]\n\"my role\" = \"role::%s\"\n", 2, `catalog.declaring_functions."my role": "my role" is not a Puppet function name`},

		{"roles pattern unclosed", "[rules.roles-profiles]\nenabled = true\nroles = [\"role::[a\"]\n", 1, `rules.roles-profiles: "role::[a" is not a usable glob`},
		{"roles pattern empty", "[rules.roles-profiles]\nprofiles = [\"\"]\n", 1, `rules.roles-profiles: an empty class name pattern`},
		{"roles pattern not a list", "[rules.roles-profiles]\nroles = \"role::*\"\n", 2, `rules.roles-profiles.roles: expected a list of strings, like ["a", "b"], found the string "role::*"`},
		{"deprecated bad name", "[rules.deprecated-function.functions]\n\"Bad Name\" = \"x\"\n", 1, `rules.deprecated-function: "Bad Name" in functions is not a Puppet function name`},
		{"deprecated bad allow", "[rules.deprecated-function]\nallow = [\"::\"]\n", 1, `rules.deprecated-function: "::" in allow is not a Puppet function name`},
		{"deprecated functions not strings", "[rules.deprecated-function]\nfunctions = { hiera = 1 }\n", 2, `rules.deprecated-function.functions: "hiera" is the number 1, not a string in quotes`},
		{"deprecated functions a list", "[rules.deprecated-function]\nfunctions = [\"hiera\"]\n", 2, `rules.deprecated-function.functions: expected a table of strings, like { a = "b" }, found a list`},
		{"deprecated allow item", "[rules.deprecated-function]\nallow = [\"size\", 1]\n", 2, `rules.deprecated-function.allow: item 2 is the number 1, not a string in quotes`},
		{"policy unknown key", "[rules.parameter-types]\nenabled = true\nexcept = []\n", 3, `unknown key "rules.parameter-types.except"`},
	}
	jargon := []string{"toml: ", "line ", "incompatible types", "destination", "slice", "int64", "rawRuleConfig", "syntax error in pattern", "last key"}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := rules.ParseConfig("cfg.toml", []byte(c.src), reg)
			var ce *rules.ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("got %v, want a *ConfigError", err)
			}
			if ce.Line != c.line {
				t.Errorf("line = %d, want %d (%v)", ce.Line, c.line, err)
			}
			if want := fmt.Sprintf("cfg.toml:%d: ", c.line); !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), c.msg) {
				t.Errorf("error %q\ndoes not start with %q and contain %q", err, want, c.msg)
			}
			for _, j := range jargon {
				if strings.Contains(err.Error(), j) {
					t.Errorf("error %q has jargon %q", err, j)
				}
			}
		})
	}
}

// Every key in its accepted forms: tables, inline tables and dotted keys,
// variable names with "$" or "::", function names with "::".
func TestParseConfigForms(t *testing.T) {
	src := `exclude = ["vendor/**", "./spec/fixtures/", "x/[a-c]*.pp"]
rules.unused-ignore.enabled = false
[rules.syntax-error]
severity = "info"
[scope]
known_variables = ["role", "$datacenter", "::tier"]
[catalog]
declaring_functions = { role = "role::%s", "::Profile" = "profile::%s::base" }
`
	cfg, err := rules.ParseConfig("cfg.toml", []byte(src), rules.Default())
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(cfg.Exclude, " "); got != "vendor/** ./spec/fixtures/ x/[a-c]*.pp" {
		t.Errorf("exclude = %q", got)
	}
	if got := strings.Join(cfg.KnownVariables, " "); got != "role datacenter tier" {
		t.Errorf("known variables = %q, want the bare names", got)
	}
	if cfg.DeclaringFunctions.Pattern("role") != "role::%s" || cfg.DeclaringFunctions.Pattern("profile") != "profile::%s::base" {
		t.Errorf("declaring functions = %v", cfg.DeclaringFunctions)
	}
	if rc := cfg.Rules["unused-ignore"]; rc.Enabled == nil || *rc.Enabled {
		t.Errorf("unused-ignore = %+v, want disabled", rc)
	}
	if rc := cfg.Rules["syntax-error"]; rc.Severity != rules.Info {
		t.Errorf("syntax-error = %+v, want severity info", rc)
	}
}

// [style] preset names one of the style presets.
func TestConfigStylePreset(t *testing.T) {
	for _, preset := range rules.PresetNames() {
		cfg, err := rules.ParseConfig("x.toml", []byte("[style]\npreset = \""+preset+"\"\n"), rules.Default())
		if err != nil || cfg.StylePreset != preset {
			t.Errorf("preset %q: %+v, %v", preset, cfg, err)
		}
	}
	cfg, err := rules.ParseConfig("x.toml", []byte("exclude = []\n"), rules.Default())
	if err != nil || cfg.StylePreset != "" {
		t.Errorf("no [style]: %+v, %v", cfg, err)
	}
}

// The voxpupuli preset is the puppet-lint preset and the rules answering
// to a check of Vox Pupuli's plugins.
func TestVoxPupuliPresetExtendsPuppetLint(t *testing.T) {
	reg := rules.Default()
	core, vox := rules.Preset(reg, rules.PuppetLintPresetName), rules.Preset(reg, rules.VoxPupuliPresetName)
	for _, id := range core {
		if !slices.Contains(vox, id) {
			t.Errorf("voxpupuli lacks %s of the puppet-lint preset", id)
		}
	}
	if !slices.Contains(vox, "parameter-types") || slices.Contains(core, "parameter-types") {
		t.Errorf("parameter-types (parameter_types) should be in voxpupuli only: core %v, voxpupuli %v", core, vox)
	}
	if rules.Preset(reg, "rubocop") != nil {
		t.Error("an unknown preset enables rules")
	}
}

// [puppet] version sets the target version, which decides the default
// severity of the rules whose findings Puppet 8 fails the catalog for.
func TestConfigPuppetVersion(t *testing.T) {
	reg := rules.Default()
	severityOf := func(cfg *rules.Config, id string) rules.Severity {
		t.Helper()
		active, err := rules.Select(reg, cfg, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range active {
			if a.Rule.ID == id {
				return a.Severity
			}
		}
		t.Fatalf("rule %s not selected", id)
		return 0
	}
	if got := (*rules.Config)(nil).Puppet(); got != rules.Puppet8 {
		t.Errorf("no configuration: target %v, want Puppet 8", got)
	}
	if got := severityOf(nil, "unknown-variable"); got != rules.Error {
		t.Errorf("unknown-variable without configuration: %v, want error (Puppet 8)", got)
	}
	for _, c := range []struct {
		src  string
		want rules.PuppetVersion
		sev  rules.Severity
	}{
		{"[puppet]\nversion = 7\n", rules.Puppet7, rules.Warning},
		{"[puppet]\nversion = 8\n", rules.Puppet8, rules.Error},
		{"exclude = []\n", rules.Puppet8, rules.Error},
		{"[puppet]\nversion = 7\n[rules.unknown-variable]\nseverity = \"info\"\n", rules.Puppet7, rules.Info},
	} {
		cfg, err := rules.ParseConfig("cfg.toml", []byte(c.src), reg)
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Puppet() != c.want {
			t.Errorf("%q: target %v, want %v", c.src, cfg.Puppet(), c.want)
		}
		if got := severityOf(cfg, "unknown-variable"); got != c.sev {
			t.Errorf("%q: unknown-variable is %v, want %v", c.src, got, c.sev)
		}
		if got := severityOf(cfg, "syntax-error"); got != rules.Error {
			t.Errorf("%q: syntax-error is %v, want error under both versions", c.src, got)
		}
	}
}

// TestConfigBaseline: baseline = "FILE" is relative to the configuration
// file's directory.
func TestConfigBaseline(t *testing.T) {
	for src, want := range map[string]string{
		"baseline = \"ci/accepted.json\"\n":   filepath.Join("/repo", "ci", "accepted.json"),
		"baseline = \"/abs/accepted.json\"\n": filepath.FromSlash("/abs/accepted.json"),
		"exclude = []\n":                      "",
	} {
		cfg, err := rules.ParseConfig(filepath.FromSlash("/repo/.ducklint.toml"), []byte(src), rules.Default())
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Baseline != want {
			t.Errorf("%q: Baseline = %q, want %q", src, cfg.Baseline, want)
		}
	}
}

func TestParseConfig(t *testing.T) {
	src := `exclude = ["vendor/**"]

[rules.unused-ignore]
enabled = false

[rules.syntax-error]
severity = "warning"

[scope]
known_variables = ["role", "datacenter"]
`
	reg := rules.Default()
	cfg, err := rules.ParseConfig("cfg.toml", []byte(src), reg)
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Exclude) != 1 || len(cfg.KnownVariables) != 2 {
		t.Errorf("exclude/known variables not decoded: %+v", cfg)
	}
	active, err := rules.Select(reg, cfg, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]rules.Severity{}
	for _, a := range active {
		got[a.Rule.ID] = a.Severity
	}
	if _, on := got["unused-ignore"]; on {
		t.Error("unused-ignore is enabled although the config disables it")
	}
	if got["syntax-error"] != rules.Warning {
		t.Errorf("syntax-error severity = %v, want warning", got["syntax-error"])
	}
	active, err = rules.Select(reg, cfg, []string{"unused-ignore"}, []string{"syntax-error"})
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, a := range active {
		ids[a.Rule.ID] = true
	}
	if !ids["unused-ignore"] || ids["syntax-error"] {
		t.Errorf("--enable/--disable not applied over the config: %v", ids)
	}
	if _, err := rules.Select(reg, cfg, []string{"nope"}, nil); err == nil || !strings.Contains(err.Error(), `unknown rule "nope"`) {
		t.Errorf("unknown --enable rule: err = %v", err)
	}
}

func TestFindConfig(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, "a", "b", "c")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "a", rules.ConfigFileName), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := rules.FindConfig(deep)
	if err != nil || got != filepath.Join(root, "a", rules.ConfigFileName) {
		t.Errorf("FindConfig = %q, %v", got, err)
	}
	got, err = rules.FindConfig(root)
	if err != nil || got != "" {
		t.Errorf("FindConfig above the config = %q, %v; want none", got, err)
	}
}

// Rules off by default run only when the configuration or --enable
// switches them on; --disable and enabled = false still win.
func TestSelectOffByDefault(t *testing.T) {
	reg := rules.Default()
	ids := func(cfg *rules.Config, enable, disable []string) map[string]bool {
		t.Helper()
		active, err := rules.Select(reg, cfg, enable, disable)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]bool{}
		for _, a := range active {
			out[a.Rule.ID] = true
		}
		return out
	}
	policies := []string{"roles-profiles", "deprecated-function", "parameter-types"}
	for _, id := range policies {
		r, _ := reg.Lookup(id)
		if !r.OffByDefault {
			t.Errorf("%s is not off by default", id)
		}
	}
	def := ids(nil, nil, nil)
	for _, id := range policies {
		if def[id] {
			t.Errorf("%s runs without being enabled", id)
		}
	}
	if !def["unknown-variable"] {
		t.Error("a rule on by default does not run")
	}
	cfg, err := rules.ParseConfig("cfg.toml", []byte("[rules.roles-profiles]\nenabled = true\nprofiles = [\"site::*\"]\n"+
		"[rules.parameter-types]\nenabled = false\nseverity = \"info\"\n"), reg)
	if err != nil {
		t.Fatal(err)
	}
	got := ids(cfg, []string{"deprecated-function"}, nil)
	if !got["roles-profiles"] || !got["deprecated-function"] || got["parameter-types"] {
		t.Errorf("enabled = true / --enable not honoured for rules off by default: %v", got)
	}
	if got := ids(cfg, nil, []string{"roles-profiles"}); got["roles-profiles"] {
		t.Error("--disable does not win over enabled = true")
	}
	active, err := rules.Select(reg, cfg, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range active {
		if a.Rule.ID == "roles-profiles" {
			if o, ok := a.Options.(*rules.RolesProfilesOptions); !ok || len(o.Profiles) != 1 || o.Profiles[0] != "site::*" ||
				len(o.Roles) != 1 || o.Roles[0] != "role::*" {
				t.Errorf("roles-profiles options = %+v, want the configured profiles and the default roles", a.Options)
			}
		}
	}
}
