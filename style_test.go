package ducklint_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// styleFile has a trailing blank on line 2, a tab on line 3 and a tab
// suppressed by its puppet-lint check name on line 4; a tab indents by one
// character, an odd indent (soft-tabs) as in puppet-lint.
const styleFile = "class style {\n  $a = 1 \n\t$b = 2\n\t$c = 3 # lint:ignore:hard_tabs\n}\n"

// styleFindings returns "rule:line:severity" of each finding of a JSON run.
func styleFindings(t *testing.T, dir string, args ...string) []string {
	t.Helper()
	_, out, errOut := run(t, dir, "", append([]string{"-f", "json"}, args...)...)
	var got []string
	for _, f := range decode(t, out).Findings {
		got = append(got, fmt.Sprintf("%s:%d:%s", f.Rule, f.Line, f.Severity))
	}
	if errOut != "" {
		t.Errorf("stderr: %s", errOut)
	}
	slices.Sort(got)
	return got
}

func TestStylePresetAndAliases(t *testing.T) {
	dir := writeTree(t, map[string]string{"style/manifests/init.pp": styleFile})
	soft := []string{"soft-tabs:3:error", "soft-tabs:4:error"}
	// The preset also has documentation: the class has no comment above it.
	doc := "missing-documentation:1:warning"
	both := append([]string{"hard-tab:3:error", doc}, append(soft, "trailing-whitespace:2:error")...)
	for _, tt := range []struct {
		name string
		toml string
		args []string
		want []string
	}{
		{"style rules are off by default", "", nil, nil},
		{"--preset", "", []string{"--preset", "puppet-lint"}, both},
		{"[style] preset", "[style]\npreset = \"puppet-lint\"\n", nil, both},
		{"a check name disables in the config", "[style]\npreset = \"puppet-lint\"\n[rules.hard_tabs]\nenabled = false\n", nil,
			append([]string{doc}, append(soft, "trailing-whitespace:2:error")...)},
		{"--enable takes a check name", "", []string{"--enable", "trailing_whitespace"}, []string{"trailing-whitespace:2:error"}},
		{"--disable takes a check name", "", []string{"--preset", "puppet-lint", "--disable", "trailing_whitespace"},
			append([]string{"hard-tab:3:error", doc}, soft...)},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cfg := filepath.Join(dir, ".ducklint.toml")
			os.Remove(cfg)
			if tt.toml != "" {
				if err := os.WriteFile(cfg, []byte(tt.toml), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if got := styleFindings(t, dir, append(tt.args, ".")...); !slices.Equal(got, tt.want) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
}

func TestStylePresetErrors(t *testing.T) {
	dir := writeTree(t, map[string]string{"a.pp": "notice(1)\n"})
	if code, _, errOut := run(t, dir, "", "--preset", "rubocop", "."); code != 2 || !strings.Contains(errOut, `unknown preset "rubocop"`) {
		t.Errorf("--preset rubocop: exit %d, stderr %q", code, errOut)
	}
	bad := writeTree(t, map[string]string{"a.pp": "notice(1)\n", ".ducklint.toml": "[style]\npreset = \"rubocop\"\n"})
	if code, _, errOut := run(t, bad, "", "."); code != 2 || !strings.Contains(errOut, `unknown preset "rubocop"; use "puppet-lint" or "voxpupuli"`) {
		t.Errorf("[style] preset = rubocop: exit %d, stderr %q", code, errOut)
	}
}

func TestStyleFix(t *testing.T) {
	dir := writeTree(t, map[string]string{"style/manifests/init.pp": styleFile})
	run(t, dir, "", "--preset", "puppet-lint", "--fix", ".")
	got, err := os.ReadFile(filepath.Join(dir, "style", "manifests", "init.pp"))
	if err != nil {
		t.Fatal(err)
	}
	want := "class style {\n  $a = 1\n  $b = 2\n\t$c = 3 # lint:ignore:hard_tabs\n}\n"
	if string(got) != want {
		t.Errorf("fixed to %q, want %q", got, want)
	}
}

func TestListRulesGivesAliases(t *testing.T) {
	_, out, _ := run(t, t.TempDir(), "", "--list-rules", "-f", "json")
	var list []struct {
		ID      string   `json:"id"`
		Aliases []string `json:"aliases"`
	}
	if err := json.Unmarshal([]byte(out), &list); err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(list, func(r struct {
		ID      string   `json:"id"`
		Aliases []string `json:"aliases"`
	}) bool {
		return r.ID == "line-length"
	})
	if i < 0 || !slices.Equal(list[i].Aliases, []string{"140chars"}) {
		t.Errorf("line-length is not listed with alias 140chars: %v", i)
	}
}

// TestStyleFixesLiterals checks fixes that rewrite a literal (new quotes, a
// corrected URL) pass the safe --fix, giving what puppet-lint --fix gives.
func TestStyleFixesLiterals(t *testing.T) {
	src := "class style {\n  file { '/a': source => \"puppet:///foo/a\" }\n  file { '/b': source => 'puppet:///foo/b' }\n}\n"
	dir := writeTree(t, map[string]string{"style/manifests/init.pp": src})
	run(t, dir, "", "--enable", "double_quoted_strings,puppet_url_without_modules", "--fix", ".")
	got, err := os.ReadFile(filepath.Join(dir, "style", "manifests", "init.pp"))
	if err != nil {
		t.Fatal(err)
	}
	want := "class style {\n  file { '/a': source => 'puppet:///modules/foo/a' }\n  file { '/b': source => 'puppet:///modules/foo/b' }\n}\n"
	if string(got) != want {
		t.Errorf("fixed to %q, want %q", got, want)
	}
}

// TestStyleFixesLinkTarget checks ensure-not-symlink-target's fix: target
// goes on its own line at ensure's indentation and spacing, in each body
// of a resource; a body with its own target, a splat or an interpolated
// path keeps its finding without a fix.
func TestStyleFixesLinkTarget(t *testing.T) {
	src := "class style {\n" +
		"  file { '/a':\n    ensure  => '/etc/b',\n    content => 'x',\n  }\n" +
		"  file { '/c': ensure => file; '/d': ensure => \"/etc/e\" }\n" +
		"  file { '/f':\n    ensure => '/etc/g',\n    target => '/etc/h',\n  }\n" +
		"  file { '/i':\n    ensure => '/etc/j',\n    *      => {},\n  }\n" +
		"  file { '/k':\n    ensure => \"/etc/${x}\",\n  }\n" +
		"}\n"
	dir := writeTree(t, map[string]string{"style/manifests/init.pp": src})
	run(t, dir, "", "--enable", "ensure_not_symlink_target,arrow_alignment", "--fix", ".")
	got, err := os.ReadFile(filepath.Join(dir, "style", "manifests", "init.pp"))
	if err != nil {
		t.Fatal(err)
	}
	want := "class style {\n" +
		"  file { '/a':\n    ensure  => link,\n    target  => '/etc/b',\n    content => 'x',\n  }\n" +
		"  file { '/c': ensure => file; '/d': ensure => link, target => \"/etc/e\" }\n" +
		"  file { '/f':\n    ensure => '/etc/g',\n    target => '/etc/h',\n  }\n" +
		"  file { '/i':\n    ensure => '/etc/j',\n    *      => {},\n  }\n" +
		"  file { '/k':\n    ensure => \"/etc/${x}\",\n  }\n" +
		"}\n"
	if string(got) != want {
		t.Errorf("fixed to\n%s\nwant\n%s", got, want)
	}
}

// TestStyleFixesEnsureFirst checks ensure-first's fix, which swaps ensure
// with the first attribute as puppet-lint's does, alone and with
// ensure-not-symlink-target and arrow-alignment, whose edits on the same
// attribute wait for the next round.
func TestStyleFixesEnsureFirst(t *testing.T) {
	src := "class style {\n" +
		"  file { '/a':\n    owner    => 'root',\n    mode     => '0644',\n    ensure   => '/etc/b',\n  }\n" +
		"  file { '/c': owner => root, ensure => file; '/d': group => root, ensure => directory }\n" +
		"  file { '/e':\n    content => {\n      'a' => 1,\n    },\n    ensure  => file,\n  }\n" +
		"  file { '/f':\n    owner  => 'root', # kept\n    ensure => file,\n  }\n" +
		"  file { '/g':\n    owner  => 'root',\n    ensure => file, # stays on its line\n  }\n" +
		"  file { '/h': owner => 'root' /* in */, ensure => file }\n" +
		"}\n"
	dir := writeTree(t, map[string]string{"style/manifests/init.pp": src})
	run(t, dir, "", "--enable", "ensure_first_param", "--fix", ".")
	got, err := os.ReadFile(filepath.Join(dir, "style", "manifests", "init.pp"))
	if err != nil {
		t.Fatal(err)
	}
	want := "class style {\n" +
		"  file { '/a':\n    ensure   => '/etc/b',\n    mode     => '0644',\n    owner    => 'root',\n  }\n" +
		"  file { '/c': ensure => file, owner => root; '/d': ensure => directory, group => root }\n" +
		"  file { '/e':\n    ensure  => file,\n    content => {\n      'a' => 1,\n    },\n  }\n" +
		"  file { '/f':\n    ensure => file, # kept\n    owner  => 'root',\n  }\n" +
		"  file { '/g':\n    ensure => file,\n    owner  => 'root', # stays on its line\n  }\n" +
		"  file { '/h': ensure => file /* in */, owner => 'root' }\n" +
		"}\n"
	if string(got) != want {
		t.Errorf("fixed to\n%s\nwant\n%s", got, want)
	}

	dir = writeTree(t, map[string]string{"style/manifests/init.pp": src})
	run(t, dir, "", "--enable", "ensure_first_param,ensure_not_symlink_target,arrow_alignment", "--fix", ".")
	if got, err = os.ReadFile(filepath.Join(dir, "style", "manifests", "init.pp")); err != nil {
		t.Fatal(err)
	}
	if want := "  file { '/a':\n    ensure => link,\n    target => '/etc/b',\n    mode   => '0644',\n    owner  => 'root',\n  }\n"; !strings.Contains(string(got), want) {
		t.Errorf("with the three rules, fixed to\n%s\nwant it to hold\n%s", got, want)
	}
}
