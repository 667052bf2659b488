package rules_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/rules"
)

const onePolicy = `[[policy]]
id = "no-latest"
match = "resource"
condition = "resource.type == 'package'"
message = "m"
`

// [[policy]] tables are read with their lines; [rules.<id>] may
// configure a policy declared below it.
func TestParsePolicies(t *testing.T) {
	src := "[rules.no-latest]\nseverity = \"info\"\n\n" + onePolicy + `title = "t"
help = "h"
severity = "error"

[[policy.example]]
bad = "package { 'x': }"

[[policy.example]]
path = "modules/x/manifests/init.pp"
good = '''
class x {}'''

[[policy]]
id = "other"
match = "class"
condition = '''
class.name == 'x' '''
message = "m"
`
	cfg, err := rules.ParseConfig("cfg.toml", []byte(src), rules.Default())
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Policies) != 2 {
		t.Fatalf("policies = %+v", cfg.Policies)
	}
	p := cfg.Policies[0]
	if p.ID != "no-latest" || p.Match != "resource" || p.Title != "t" || p.Help != "h" || p.Severity != rules.Error ||
		p.Condition != "resource.type == 'package'" || p.Message != "m" || p.File != "cfg.toml" || p.ConditionLine != 7 {
		t.Errorf("policy = %+v", p)
	}
	if len(p.Examples) != 2 || p.Examples[0].Bad != "package { 'x': }" || p.Examples[0].Path != "manifests/site.pp" ||
		p.Examples[1].Good != "class x {}" || p.Examples[1].Path != "modules/x/manifests/init.pp" || p.Examples[1].Line != 16 {
		t.Errorf("examples = %+v", p.Examples)
	}
	if o := cfg.Policies[1]; o.Severity != rules.Warning || o.Title != "other" || o.ConditionLine != 25 {
		t.Errorf("defaults and a multi-line condition's line: %+v", o)
	}
	if rc := cfg.Rules["no-latest"]; rc.Severity != rules.Info {
		t.Errorf("[rules.no-latest] = %+v", rc)
	}
}

func TestParsePolicyErrors(t *testing.T) {
	cases := []struct {
		name, src string
		line      int
		msg       string
	}{
		{"not tables", "policy = 1\n", 1, "policy: expected [[policy]] tables"},
		{"unknown key", onePolicy + "colour = 1\n", 6, `unknown key "policy.colour"`},
		{"no id", "[[policy]]\nmatch = \"resource\"\ncondition = \"true\"\nmessage = \"m\"\n", 1, "a [[policy]] needs an id"},
		{"bad id", strings.Replace(onePolicy, `"no-latest"`, `"No Latest"`, 1), 1, `"No Latest" is not a rule id`},
		{"built-in id", strings.Replace(onePolicy, `"no-latest"`, `"syntax-error"`, 1), 1, `"syntax-error" is the id of a built-in rule`},
		{"duplicate id", onePolicy + onePolicy, 6, `a policy with id "no-latest" is already declared`},
		{"no match", strings.Replace(onePolicy, "match = \"resource\"\n", "", 1), 1, "a [[policy]] needs match"},
		{"bad match", strings.Replace(onePolicy, `"resource"`, `"package"`, 1), 3, `unknown match "package"`},
		{"condition not a string", strings.Replace(onePolicy, `"resource.type == 'package'"`, "true", 1), 4, "policy.condition: expected a CEL expression in quotes"},
		{"no message", strings.Replace(onePolicy, "message = \"m\"\n", "", 1), 1, "a [[policy]] needs a message"},
		{"bad severity", onePolicy + "severity = \"fatal\"\n", 6, `unknown severity "fatal"`},
		{"example key", onePolicy + "[[policy.example]]\nugly = \"x\"\n", 7, `unknown key "policy.example.ugly"`},
		{"example empty", onePolicy + "[[policy.example]]\npath = \"a.pp\"\n", 6, "a [[policy.example]] needs bad or good code"},
		{"example path", onePolicy + "[[policy.example]]\nbad = \"x\"\npath = \"../a.pp\"\n", 8, `"../a.pp" is not a relative path`},
		{"unknown rule still", onePolicy + "[rules.no-such]\nenabled = true\n", 6, `unknown rule "no-such"`},
		{"policies not a table", "policies = 1\n", 1, "policies: expected a table"},
		{"policies key", "[policies]\nfile = []\n", 2, `unknown key "policies.file"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := rules.ParseConfig("cfg.toml", []byte(c.src), rules.Default())
			var ce *rules.ConfigError
			if !errors.As(err, &ce) {
				t.Fatalf("got %v, want a *ConfigError", err)
			}
			if want := fmt.Sprintf("cfg.toml:%d: ", c.line); !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), c.msg) {
				t.Errorf("error %q\ndoes not start with %q and contain %q", err, want, c.msg)
			}
		})
	}
}

// [policies] files are globs relative to the configuration; a policy
// file holds [[policy]] tables only, and ids are unique across files.
func TestPolicyFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	write("policies/a.toml", onePolicy)
	write("policies/b.toml", strings.Replace(onePolicy, "no-latest", "other", 1))
	cfg := write(".ducklint.toml", "[policies]\nfiles = [\"policies/*.toml\"]\n")
	c, err := rules.LoadConfig(cfg, rules.Default())
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Policies) != 2 || c.Policies[0].ID != "no-latest" || c.Policies[1].ID != "other" ||
		c.Policies[1].File != filepath.Join(dir, "policies", "b.toml") || c.Policies[1].Line != 1 {
		t.Errorf("policies = %+v", c.Policies)
	}
	specs, err := rules.LoadPolicies(filepath.Join(dir, "policies", "a.toml"), rules.Default(), nil)
	if err != nil || len(specs) != 1 {
		t.Errorf("LoadPolicies: %v, %+v", err, specs)
	}

	write("policies/c.toml", onePolicy)
	if _, err := rules.LoadConfig(cfg, rules.Default()); err == nil || !strings.Contains(err.Error(), "c.toml:1: policy.id: a policy with id \"no-latest\" is already declared") {
		t.Errorf("duplicate across files: %v", err)
	}
	write("policies/c.toml", "exclude = []\n")
	if _, err := rules.LoadConfig(cfg, rules.Default()); err == nil || !strings.Contains(err.Error(), `c.toml:1: unknown key "exclude"; a policy file takes [[policy]] tables`) {
		t.Errorf("a configuration key in a policy file: %v", err)
	}
}

// An example's code may come from a fixture file next to the policy.
func TestPolicyExampleFiles(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "examples"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "examples", "bad.pp"), []byte("package { 'x': ensure => latest }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	src := onePolicy + "[[policy.example]]\nbad_file = \"examples/bad.pp\"\ngood = \"package { 'x': }\"\n"
	cfg, err := rules.ParseConfig(filepath.Join(dir, "cfg.toml"), []byte(src), rules.Default())
	if err != nil {
		t.Fatal(err)
	}
	if ex := cfg.Policies[0].Examples; len(ex) != 1 || ex[0].Bad != "package { 'x': ensure => latest }\n" || ex[0].Good != "package { 'x': }" {
		t.Errorf("examples = %+v", ex)
	}
	src = onePolicy + "[[policy.example]]\ngood_file = \"examples/none.pp\"\n"
	if _, err := rules.ParseConfig(filepath.Join(dir, "cfg.toml"), []byte(src), rules.Default()); err == nil ||
		!strings.Contains(err.Error(), `cfg.toml:7: policy.example.good_file: cannot read the example "examples/none.pp"`) {
		t.Errorf("a missing fixture: %v", err)
	}
}
