package ducklint_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/ducklint/ducklint"
)

const policyConfig = `[[policy]]
id = "no-latest"
title = "no ensure => latest"
help = "Pin package versions."
severity = "error"
match = "resource"
condition = "resource.type == 'package' && 'ensure' in resource.attributes && resource.attributes.ensure == 'latest'"
message = "'{{resource.title}}': pin a version"

[[policy.example]]
bad = "package { 'git': ensure => latest }"
good = "package { 'git': ensure => '2.1' }"
`

// policyTree is an environment whose code has two findings of the
// policy, one of them suppressed.
func policyTree(t *testing.T, config string) string {
	return writeTree(t, map[string]string{
		".ducklint.toml":   config,
		"environment.conf": "",
		"manifests/site.pp": "package { 'git': ensure => latest }\n" +
			"package { 'vim': ensure => latest } # lint:ignore:no-latest\n" +
			"package { 'curl': ensure => installed }\n",
	})
}

// A policy's findings are reported like a built-in rule's, in every
// format, and control comments suppress them.
func TestPolicyFindings(t *testing.T) {
	dir := policyTree(t, policyConfig)
	code, out, errOut := run(t, dir, "", "-f", "json")
	if code != ducklint.ExitFindings {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	r := decode(t, out)
	if len(r.Findings) != 1 {
		t.Fatalf("findings %+v; want the unsuppressed one", r.Findings)
	}
	f := r.Findings[0]
	if f.Rule != "no-latest" || f.Severity != "error" || f.Message != "'git': pin a version" || f.Line != 1 || f.Column != 11 {
		t.Errorf("finding %+v", f)
	}

	_, out, _ = run(t, dir, "", "-f", "sarif")
	var sarif struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID   string `json:"id"`
						Help struct {
							Text string `json:"text"`
						} `json:"help"`
						HelpURI string `json:"helpUri"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID string `json:"ruleId"`
				Level  string `json:"level"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &sarif); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, r := range sarif.Runs[0].Tool.Driver.Rules {
		if r.ID == "no-latest" {
			found = true
			if !strings.Contains(r.Help.Text, "Pin package versions.") || !strings.HasPrefix(r.HelpURI, "file://") || !strings.HasSuffix(r.HelpURI, "/.ducklint.toml") {
				t.Errorf("SARIF rule entry %+v", r)
			}
		}
	}
	if !found {
		t.Error("SARIF: no rule entry for the policy")
	}
	if res := sarif.Runs[0].Results; len(res) != 1 || res[0].RuleID != "no-latest" || res[0].Level != "error" {
		t.Errorf("SARIF results %+v", res)
	}

	_, out, _ = run(t, dir, "", "-f", "github")
	if !strings.Contains(out, "::error file=manifests/site.pp,line=1,") || !strings.Contains(out, "no-latest") {
		t.Errorf("GitHub annotations:\n%s", out)
	}

	_, out, _ = run(t, dir, "", "--list-rules")
	if !strings.Contains(out, "no-latest") || !strings.Contains(out, "no ensure => latest") {
		t.Errorf("--list-rules does not list the policy:\n%s", out)
	}
}

// [rules.<id>] and --enable/--disable work on a policy as on a built-in rule.
func TestPolicySelection(t *testing.T) {
	dir := policyTree(t, policyConfig+"\n[rules.no-latest]\nseverity = \"info\"\n")
	_, out, _ := run(t, dir, "", "-f", "json")
	if r := decode(t, out); len(r.Findings) != 1 || r.Findings[0].Severity != "info" {
		t.Errorf("severity override: %+v", r.Findings)
	}
	dir = policyTree(t, "[rules.no-latest]\nenabled = false\n\n"+policyConfig)
	_, out, _ = run(t, dir, "", "-f", "json")
	if r := decode(t, out); len(r.Findings) != 0 {
		t.Errorf("enabled = false: %+v", r.Findings)
	}
	_, out, _ = run(t, dir, "", "-f", "json", "--enable", "no-latest")
	if r := decode(t, out); len(r.Findings) != 1 {
		t.Errorf("--enable: %+v", r.Findings)
	}
	dir = policyTree(t, policyConfig)
	_, out, _ = run(t, dir, "", "-f", "json", "--disable", "no-latest")
	if r := decode(t, out); len(r.Findings) != 0 {
		t.Errorf("--disable: %+v", r.Findings)
	}
}

// Configuration errors of policies are usage errors naming file and line.
func TestPolicyConfigErrors(t *testing.T) {
	cases := []struct{ name, config, want string }{
		{"unknown field", strings.Replace(policyConfig, "resource.attributes.ensure ==", "resource.atributes.ensure ==", 1),
			`.ducklint.toml:7: policy.condition: policy "no-latest": column 74 of the expression: undefined field 'atributes'`},
		{"built-in id", strings.Replace(policyConfig, `id = "no-latest"`, `id = "unknown-variable"`, 1),
			`.ducklint.toml:1: policy.id: "unknown-variable" is the id of a built-in rule`},
		{"unknown key", strings.Replace(policyConfig, "help =", "colour = 'red'\nhelp =", 1), `.ducklint.toml:4: unknown key "policy.colour"`},
		{"duplicate id", policyConfig + "\n" + policyConfig, `.ducklint.toml:14: policy.id: a policy with id "no-latest" is already declared`},
		{"bad match", strings.Replace(policyConfig, `match = "resource"`, `match = "resources"`, 1), `unknown match "resources"`},
		{"no files", "[policies]\nfiles = [\"policies/*.toml\"]\n", `policies.files: "policies/*.toml" matches no file`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := policyTree(t, c.config)
			code, _, errOut := run(t, dir, "")
			if code != ducklint.ExitUsage || !strings.Contains(errOut, c.want) {
				t.Errorf("exit %d, stderr %q; want 2 and %q", code, errOut, c.want)
			}
		})
	}
}

// Policies in files that [policies] names.
func TestPolicyFiles(t *testing.T) {
	dir := writeTree(t, map[string]string{
		".ducklint.toml":         "[policies]\nfiles = [\"policies/*.toml\"]\n\n[rules.no-latest]\nseverity = \"warning\"\n",
		"policies/packages.toml": policyConfig,
		"environment.conf":       "",
		"manifests/site.pp":      "package { 'git': ensure => latest }\n",
	})
	_, out, errOut := run(t, dir, "", "-f", "json")
	if r := decode(t, out); len(r.Findings) != 1 || r.Findings[0].Rule != "no-latest" || r.Findings[0].Severity != "warning" {
		t.Errorf("findings %+v, stderr %q", r.Findings, errOut)
	}
	code, out, _ := run(t, dir, "", "policy", "test")
	if code != ducklint.ExitClean || !strings.Contains(out, "ok   no-latest (2 examples)") {
		t.Errorf("policy test: exit %d\n%s", code, out)
	}
}

// `ducklint policy test` says which examples fail, and exits 1.
func TestPolicyTestCommand(t *testing.T) {
	broken := strings.Replace(policyConfig, `good = "package { 'git': ensure => '2.1' }"`, `good = "package { 'git': ensure => latest }"`, 1)
	dir := writeTree(t, map[string]string{"ok.toml": policyConfig, "broken.toml": strings.Replace(broken, "no-latest", "no-latest-2", 1)})
	code, out, errOut := run(t, dir, "", "policy", "test", "ok.toml", "broken.toml")
	if code != ducklint.ExitFindings {
		t.Fatalf("exit %d; want 1\n%s%s", code, out, errOut)
	}
	for _, want := range []string{"ok   no-latest (2 examples)", "FAIL no-latest-2",
		"broken.toml:10: good example (manifests/site.pp): flagged: 'git': pin a version", "2 policies, 4 examples, 1 failed"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if code, _, errOut := run(t, dir, "", "policy", "test", "ok.toml", "ok.toml"); code != ducklint.ExitUsage || !strings.Contains(errOut, "already declared") {
		t.Errorf("the same policy twice: exit %d, %q", code, errOut)
	}
	if code, _, _ := run(t, dir, "", "policy", "check"); code != ducklint.ExitUsage {
		t.Errorf("unknown policy command: exit %d", code)
	}
	if code, out, _ := run(t, "docs", "", "policy", "test", "policies/exec-guard.toml"); code != ducklint.ExitClean {
		t.Errorf("worked policy: exit %d\n%s", code, out)
	}
}
