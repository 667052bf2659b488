package ducklint

import (
	"embed"
	"fmt"
	"io/fs"
	"runtime"
	"slices"
	"strings"

	"github.com/ducklint/ducklint/reporter"
	"github.com/ducklint/ducklint/rules"
)

// rulePages are the rules' documentation pages, in the binary so that
// `ducklint help RULE` works wherever it is installed.
//
//go:embed docs/rules/*.md
var rulePages embed.FS

// usageText is `ducklint --help`: the subcommands, then the flags most runs
// use, then the rest.
const usageText = `usage: ducklint [flags] [PATH ...]
       ducklint COMMAND [flags] [ARG ...]

Lints Puppet manifests (*.pp), EPP templates (*.epp) and the Hiera files
(hiera.yaml and the data files its hierarchy reads) of environments and
modules. PATH is a file or a directory (default "."); "-" reads standard input.

Commands (each takes --help; a command is one only as the first argument):
  help RULE           print a rule's page: what it flags, why, an example and the fix
  lsp                 run as a language server for editors
  policy test [FILE]  run the examples of your policies
  layout [PATH]       print which directories are environments and modules, and why
  init                write a .ducklint.toml, migrating puppet-lint's configuration
  baseline            record today's findings so that only new ones are reported

Most used flags:
  -f, --format FORMAT        output format: %s (default text)
      --fail-on SEVERITY     lowest severity that makes the exit code 1: error, warning, info (default warning)
      --enable RULE,...      enable rules
      --disable RULE,...     disable rules
      --preset NAME          turn on a set of style rules: puppet-lint (its default checks) or voxpupuli
                             (those and Vox Pupuli's plugin set)
      --list-rules           list every rule and exit
  -v, --verbose              text format: explain each finding below it (why, Puppet's words, the fix)
      --fix                  apply the exact fixes findings carry to .pp and .epp files, then report what is left
      --diff                 with --fix: print the fixes as a unified diff and write nothing

Other flags:
      --output FORMAT[=PATH] write FORMAT to PATH, or to standard output without =PATH; repeatable,
                             and then text is not the default (--output github --output sarif=x.sarif)
      --config FILE          configuration file (default: nearest .ducklint.toml upward)
      --puppet-version N     the Puppet version the code is for, 7 or 8 (7 stands for 7 and earlier;
                             default: [puppet] version, else a lone module's metadata.json requirement,
                             else an environment's Gemfile pin of the puppet gem, else the Puppet its
                             Dockerfiles install, else 8; "ducklint layout" shows which); it decides
                             each finding's message and severity
      --stdin-filename NAME  path to report for "-" and to place it in its module
      --jobs N               files processed at once (default %d)
      --color, --no-color    force colour on or off (default: only on a terminal, never with NO_COLOR)
      --version              print ducklint's version (tag, commit, date) and exit

Adopting ducklint on an existing tree:
%s
Exit codes: 0 clean, 1 findings at or above --fail-on, 2 usage, configuration or path error, 3 internal failure.
`

const helpUsage = `usage: ducklint help [RULE | COMMAND]

With a rule id (or a puppet-lint check name it answers to), prints the rule's
page: what it flags, why, an example and the fix. With a command (lsp,
policy, layout, init, baseline), prints that command's help. Alone, prints ducklint --help.
"ducklint --list-rules" lists the rules.
`

// printUsage writes `ducklint --help`.
func (c *Command) printUsage() {
	fmt.Fprintf(c.Stdout, usageText, strings.Join(reporter.Names(), "|"), runtime.GOMAXPROCS(0), adoptionUsage)
}

// helpCommand runs `ducklint help ...`; args follow "help".
func (c *Command) helpCommand(args []string) int {
	if len(args) == 0 {
		c.printUsage()
		return ExitClean
	}
	if len(args) > 1 {
		fmt.Fprintf(c.Stderr, "ducklint help: one rule or command at a time, got %d (see ducklint help --help)\n", len(args))
		return ExitUsage
	}
	switch topic := args[0]; topic {
	case "-h", "--help", "help":
		fmt.Fprint(c.Stdout, helpUsage)
		return ExitClean
	case "lsp":
		fmt.Fprintf(c.Stdout, lspUsageText, runtime.GOMAXPROCS(0))
		return ExitClean
	case "policy":
		fmt.Fprint(c.Stdout, policyUsage)
		return ExitClean
	case "layout", "init", "baseline":
		return c.Main([]string{"ducklint", topic, "--help"})
	default:
		page, err := rulePage(topic)
		if err != nil {
			fmt.Fprintf(c.Stderr, "ducklint help: %v\n", err)
			return ExitUsage
		}
		fmt.Fprint(c.Stdout, page)
		return ExitClean
	}
}

// rulePage returns the documentation page of the built-in rule name (an id
// or an alias).
func rulePage(name string) (string, error) {
	reg := rules.Default()
	r, ok := reg.Resolve(name)
	if !ok {
		return "", fmt.Errorf("no rule or command %q%s (ducklint --list-rules lists the rules)", name, closestRule(reg, name))
	}
	page, err := fs.ReadFile(rulePages, "docs/rules/"+r.ID+".md")
	if err != nil {
		return "", fmt.Errorf("rule %s has no page in this binary: %w", r.ID, err)
	}
	return string(page), nil
}

// closestRule suggests the rule ids that contain name or that name
// contains, as ", did you mean ...?", or "".
func closestRule(reg *rules.Registry, name string) string {
	var near []string
	for _, r := range reg.Rules() {
		if len(name) >= 3 && (strings.Contains(r.ID, name) || strings.Contains(name, r.ID)) {
			near = append(near, r.ID)
		}
	}
	if len(near) == 0 || len(near) > 5 {
		return ""
	}
	slices.Sort(near)
	return "; did you mean " + strings.Join(near, " or ") + "?"
}
