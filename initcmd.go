package ducklint

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ducklint/ducklint/migrate"
	"github.com/ducklint/ducklint/rules"
)

const initUsage = `usage: ducklint init [--stdout] [--force] [DIR]

Writes DIR/.ducklint.toml (DIR defaults to the working directory) from the
tree's puppet-lint configuration: the nearest .puppet-lint.rc from DIR
upwards, ~/.puppet-lint.rc, the PuppetLint settings of DIR/Rakefile, the
lint settings of DIR/.sync.yml, and DIR/Gemfile for Vox Pupuli's plugin set.
It says on standard error what it read, what it carried over and what it
could not.

Flags:
      --stdout   print the configuration on standard output and write nothing
      --force    replace an existing DIR/.ducklint.toml

Exit codes: 0 written or printed, 2 usage error or .ducklint.toml exists, 3 internal failure.
`

// initCommand runs `ducklint init`; args follow "init".
func (c *Command) initCommand(args []string) int {
	fs := flag.NewFlagSet("ducklint init", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	toStdout := fs.Bool("stdout", false, "")
	force := fs.Bool("force", false, "")
	help := fs.Bool("help", false, "")
	fs.BoolVar(help, "h", false, "")
	if err := fs.Parse(args); err != nil {
		fmt.Fprintf(c.Stderr, "ducklint init: %s (see ducklint init --help)\n", documentedFlagSpelling(err.Error()))
		return ExitUsage
	}
	if *help {
		fmt.Fprint(c.Stdout, initUsage)
		return ExitClean
	}
	if fs.NArg() > 1 {
		fmt.Fprintf(c.Stderr, "ducklint init: one directory at most, got %d (see ducklint init --help)\n", fs.NArg())
		return ExitUsage
	}
	code, err := c.initConfig(fs.Arg(0), *toStdout, *force)
	if err != nil {
		fmt.Fprintf(c.Stderr, "ducklint init: %v\n", err)
	}
	return code
}

// initConfig makes the configuration of the tree at target and writes
// or prints it.
func (c *Command) initConfig(target string, toStdout, force bool) (int, error) {
	wd := c.Dir
	if wd == "" {
		var err error
		if wd, err = os.Getwd(); err != nil {
			return ExitInternal, fmt.Errorf("working directory: %w", err)
		}
	}
	dir := wd
	if target != "" {
		dir = target
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(wd, dir)
		}
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return ExitUsage, fmt.Errorf("%s is not a directory", dir)
	}
	out := filepath.Join(dir, rules.ConfigFileName)
	shown := c.rel(wd, out)
	if !toStdout && !force {
		if _, err := os.Stat(out); err == nil {
			return ExitUsage, fmt.Errorf("%s exists; --force replaces it, --stdout prints what init would write", shown)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return ExitInternal, err
		}
	}
	reg := rules.Default()
	home := ""
	if c.Getenv != nil {
		home = c.Getenv("HOME")
	}
	settings, err := migrate.Read(dir, home, aliases(reg))
	if err != nil {
		return ExitUsage, err
	}
	plan := settings.Plan(reg)
	text := plan.TOML()
	// What init writes, ducklint must read: check it with the same reader.
	if _, err := rules.ParseConfig(out, text, reg); err != nil {
		return ExitInternal, fmt.Errorf("the configuration made does not load (a bug in ducklint init): %w", err)
	}
	c.initReport(plan)
	if toStdout {
		if _, err := c.Stdout.Write(text); err != nil {
			return ExitInternal, fmt.Errorf("writing the configuration: %w", err)
		}
		return ExitClean, nil
	}
	if above, err := rules.FindConfig(filepath.Dir(dir)); err == nil && above != "" {
		fmt.Fprintf(c.Stderr, "ducklint init: %s applies here today; the new file takes its place for runs in %s\n", c.rel(wd, above), c.rel(wd, dir))
	}
	if err := os.WriteFile(out, text, 0o644); err != nil {
		return ExitInternal, fmt.Errorf("writing %s: %w", shown, err)
	}
	fmt.Fprintf(c.Stderr, "ducklint init: wrote %s\n", shown)
	return ExitClean, nil
}

// initReport says on standard error what init read and made.
func (c *Command) initReport(plan *migrate.Plan) {
	say := func(format string, args ...any) {
		fmt.Fprintf(c.Stderr, "ducklint init: "+format+"\n", args...)
	}
	if len(plan.Read) == 0 {
		say("found no puppet-lint configuration (%s, Rakefile, .sync.yml, Gemfile); the configuration is puppet-lint's defaults", migrate.RCFileName)
	} else {
		say("read %s", strings.Join(plan.Read, ", "))
	}
	switch {
	case plan.Preset == "":
	case plan.PresetWhy != nil:
		say("preset %q: %s %s", plan.Preset, plan.PresetWhy.Origin, plan.PresetWhy.Why)
	default:
		say("preset %q: the checks puppet-lint runs by default", plan.Preset)
	}
	for _, line := range plan.Carried {
		say("carried over: %s", line)
	}
	for _, m := range plan.Missing {
		state := "off"
		if m.Enabled {
			state = "on"
		}
		say("no ducklint rule yet: %s %s (%s)", m.Check, state, m.Origin)
	}
	for _, n := range plan.Notes {
		say("%s", n)
	}
}

// aliases are the puppet-lint check names the rules of reg carry.
func aliases(reg *rules.Registry) []string {
	var out []string
	for check := range migrate.RulesByCheck(reg) {
		out = append(out, check)
	}
	slices.Sort(out)
	return out
}

// puppetLintHint says once, on a run without a configuration file, that
// `ducklint init` would carry a .puppet-lint.rc over.
func (c *Command) puppetLintHint(dir string) {
	rc, err := migrate.FindRC(dir)
	if err != nil || rc == "" {
		return
	}
	fmt.Fprintf(c.Stderr, "ducklint: %s is here and no %s: `ducklint init` would carry its settings over\n", c.rel(dir, rc), rules.ConfigFileName)
}
