package rules_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/rules"
)

func TestParseConfigErrors(t *testing.T) {
	reg := rules.Default()
	cases := []struct {
		name, src string
		line      int
		msg       string
	}{
		{"syntax", "exclude = [\n", 1, "expected"},
		{"unknown top key", "exclude = []\nformat = \"json\"\n", 2, `unknown key "format"`},
		{"case-folded key", "Exclude = []\n", 1, `unknown key "Exclude"`},
		{"unknown rule", "[rules.no-such-rule]\nenabled = true\n", 1, `unknown rule "no-such-rule"`},
		{"unknown rule key", "[rules.syntax-error]\nenabled = true\nlevel = \"x\"\n", 3, `unknown key "rules.syntax-error.level"`},
		{"bad severity", "[rules.syntax-error]\nseverity = \"fatal\"\n", 1, `unknown severity "fatal"`},
		{"wrong type", "[rules.syntax-error]\nenabled = \"yes\"\n", 1, "incompatible types"},
		{"wrong type top", "exclude = \"vendor\"\n", 0, "exclude"},
		{"unknown scope key", "[scope]\nknown_vars = [\"x\"]\n", 2, `unknown key "scope.known_vars"`},
		{"duplicate key", "exclude = []\nexclude = []\n", 2, "already been defined"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := rules.ParseConfig("cfg.toml", []byte(c.src), reg)
			var ce *rules.ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("got %v, want a *ConfigError", err)
			}
			if c.line != 0 && ce.Line != c.line {
				t.Errorf("line = %d, want %d (%v)", ce.Line, c.line, err)
			}
			if !strings.Contains(err.Error(), c.msg) || !strings.HasPrefix(err.Error(), "cfg.toml") {
				t.Errorf("error %q does not name the file and contain %q", err, c.msg)
			}
		})
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
