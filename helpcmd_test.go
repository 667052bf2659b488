package ducklint_test

import (
	"os"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/rules"
)

// --help names every subcommand and puts the flags most runs use first.
func TestHelpListsCommandsAndTheMostUsedFlagsFirst(t *testing.T) {
	code, out, _ := run(t, t.TempDir(), "", "--help")
	if code != 0 {
		t.Fatalf("--help: exit %d", code)
	}
	for _, cmd := range []string{"help RULE", "lsp", "policy test", "layout", "init", "baseline"} {
		if !strings.Contains(out, "\n  "+cmd+" ") {
			t.Errorf("--help does not list the command %q:\n%s", cmd, out)
		}
	}
	commands, most, other := strings.Index(out, "Commands"), strings.Index(out, "Most used flags"), strings.Index(out, "Other flags")
	if commands < 0 || commands > most || most > other {
		t.Errorf("--help: want commands, then the most used flags, then the others:\n%s", out)
	}
	if f := strings.Index(out, "--format"); f < most || f > other {
		t.Errorf("--help: --format is not among the most used flags:\n%s", out)
	}
	if _, help, _ := run(t, t.TempDir(), "", "help"); help != out {
		t.Errorf("ducklint help differs from ducklint --help:\n%s", help)
	}
}

// Each subcommand's help is behind `--help` and behind `ducklint help CMD`.
func TestSubcommandHelp(t *testing.T) {
	for _, c := range []struct{ cmd, want string }{
		{"lsp", "usage: ducklint lsp"},
		{"policy", "usage: ducklint policy test"},
		{"layout", "usage: ducklint layout"},
		{"init", "usage: ducklint init"},
		{"baseline", "usage: ducklint baseline"},
		{"help", "usage: ducklint help"},
	} {
		code, viaFlag, errOut := run(t, t.TempDir(), "", c.cmd, "--help")
		if code != 0 || !strings.HasPrefix(viaFlag, c.want) {
			t.Errorf("ducklint %s --help: exit %d, stdout %q, stderr %q", c.cmd, code, viaFlag, errOut)
		}
		if c.cmd == "help" {
			continue
		}
		code, viaHelp, errOut := run(t, t.TempDir(), "", "help", c.cmd)
		if code != 0 || viaHelp != viaFlag {
			t.Errorf("ducklint help %s: exit %d, stderr %q, stdout differs from --help:\n%s", c.cmd, code, errOut, viaHelp)
		}
	}
}

// `ducklint help RULE` prints the rule's page, the one in docs/rules, for
// every rule, by id or by the puppet-lint name it answers to.
func TestHelpRulePrintsItsPage(t *testing.T) {
	for _, r := range rules.Default().Rules() {
		want, err := os.ReadFile("docs/rules/" + r.ID + ".md")
		if err != nil {
			t.Fatal(err)
		}
		code, out, errOut := run(t, t.TempDir(), "", "help", r.ID)
		if code != 0 || out != string(want) {
			t.Errorf("ducklint help %s: exit %d, stderr %q; stdout is not docs/rules/%s.md", r.ID, code, errOut, r.ID)
		}
		for _, section := range []string{"## What it flags", "## Why", "## Example", "## Fix"} {
			if !strings.Contains(out, "\n"+section+"\n") {
				t.Errorf("ducklint help %s: no %q section", r.ID, section)
			}
		}
	}
	code, out, _ := run(t, t.TempDir(), "", "help", "autoloader_layout")
	if page, _ := os.ReadFile("docs/rules/autoload-layout.md"); code != 0 || out != string(page) {
		t.Errorf("ducklint help autoloader_layout (puppet-lint's name): exit %d, want the autoload-layout page", code)
	}
}

func TestHelpUnknownTopic(t *testing.T) {
	code, out, errOut := run(t, t.TempDir(), "", "help", "reserved")
	if code != 2 || out != "" || !strings.Contains(errOut, `no rule or command "reserved"`) ||
		!strings.Contains(errOut, "reserved-name") {
		t.Errorf("ducklint help reserved: exit %d, stdout %q, stderr %q; want exit 2 and suggestions", code, out, errOut)
	}
	if code, _, errOut := run(t, t.TempDir(), "", "help", "a", "b"); code != 2 || errOut == "" {
		t.Errorf("ducklint help a b: exit %d, stderr %q; want a usage error", code, errOut)
	}
}
