package ducklint

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/ducklint/ducklint/engine"
	"github.com/ducklint/ducklint/reporter"
	"github.com/ducklint/ducklint/rules"
)

// Command is one invocation of ducklint with its standard streams. The zero
// value of the optional fields means "use the process's".
type Command struct {
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
	// Dir is the working directory paths are resolved and reported against;
	// "" means the process's working directory.
	Dir string
	// Getenv reads environment variables (NO_COLOR, DUCKLINT_CACHE_DIR);
	// nil means none are set.
	Getenv func(string) string
	// CacheDir is where context summaries are kept between runs (see
	// package cache); "" keeps them for one run only. DUCKLINT_CACHE_DIR
	// overrides it, and "off" there turns the cache off.
	CacheDir string

	// BuildInfo returns the binary's build information, which --version
	// reports; nil means runtime/debug.ReadBuildInfo.
	BuildInfo func() (*debug.BuildInfo, bool)

	// BeforeLint, if set, runs once before a run that lints a tree of at
	// least largeRunFiles files, or reads a tree's files as context, before
	// they are parsed: cmd/ducklint prepares the heap there, which a run
	// that only prints (--version, --help, --list-rules) or lints a few
	// files should not pay for. loaded is set when it runs once the walk
	// has found a large tree's files (or after the load of a tree found
	// otherwise), with the walk's garbage to collect, unset when it runs
	// before the walk of a tree's context, with next to nothing to collect.
	BeforeLint func(loaded bool)

	// Loaded, if set, is called after each load of a run, before any file
	// is parsed, with the bytes of content the load read: cmd/ducklint
	// scales the collector's pace to it. In a run over a large tree it
	// comes before BeforeLint.
	Loaded func(size int64)

	// Collectable, if set, is called where much of what a run allocated
	// has just become unreachable (engine.Options.Collectable):
	// cmd/ducklint's memory policy may collect there.
	Collectable func()

	// wholeContext parses every context file instead of only the relevant
	// ones; tests compare the two.
	wholeContext bool
	// now is the context cache's clock; nil means time.Now. Tests move it
	// forward to make the cache trust files they have just written.
	now func() time.Time
}

// options are the parsed command-line flags.
type options struct {
	format        string
	outputs       []output // from --output and -f/--format
	configPath    string
	enable        []string
	disable       []string
	preset        string // --preset: replaces the configuration's [style] preset
	failOn        rules.Severity
	puppet        rules.PuppetVersion // 0: the configuration's
	stdinFilename string
	listRules     bool
	version       bool
	jobs          int
	color         *bool // nil: only on a terminal
	verbose       bool
	fix           bool // apply the findings' exact edits (see fix.go)
	diff          bool // with fix: print the edits as a unified diff, write nothing
	paths         []string

	adopt adoptionOptions // a baseline and new code only (see adopt.go)
}

// usageError is a problem with the command line or configuration: exit 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// Main runs ducklint with args (args[0] is the program name) and returns the
// exit code.
func (c *Command) Main(args []string) (code int) {
	defer func() {
		if r := recover(); r != nil {
			// One line, as the README promises: a panic's value may span
			// several, and its stack is for a debugger, not for CI logs.
			msg := strings.Join(strings.Fields(fmt.Sprint(r)), " ")
			fmt.Fprintf(c.Stderr, "ducklint: internal error: %s (a bug in ducklint; please report it)\n", msg)
			code = ExitInternal
		}
	}()
	// "lsp" is a subcommand only as the first argument; a path of that
	// name is linted as "./lsp" or after flags or other paths.
	if len(args) > 1 && args[1] == "lsp" {
		return c.serveLSP(args[2:])
	}
	if len(args) > 1 && args[1] == "policy" {
		return c.policyCommand(args[2:])
	}
	if len(args) > 1 && args[1] == "init" {
		return c.initCommand(args[2:])
	}
	if len(args) > 1 && args[1] == "layout" {
		return c.layoutCommand(args[2:])
	}
	if len(args) > 1 && args[1] == "baseline" {
		return c.baselineCommand(args[2:])
	}
	if len(args) > 1 && args[1] == "help" {
		return c.helpCommand(args[2:])
	}
	opts, err := c.parseFlags(args)
	if errors.Is(err, flag.ErrHelp) {
		return ExitClean
	}
	if err != nil {
		fmt.Fprintf(c.Stderr, "ducklint: %v\n", err)
		return ExitUsage
	}
	code, err = c.run(opts)
	if err != nil {
		fmt.Fprintf(c.Stderr, "ducklint: %v\n", err)
		var ue *usageError
		var ce *rules.ConfigError
		var ee *engine.ConfigError
		if errors.As(err, &ue) || errors.As(err, &ce) || errors.As(err, &ee) {
			return ExitUsage
		}
		return ExitInternal
	}
	return code
}

// listFlag collects comma-separated values of a repeatable flag.
type listFlag struct{ values *[]string }

func (l listFlag) String() string {
	if l.values == nil {
		return ""
	}
	return strings.Join(*l.values, ",")
}

func (l listFlag) Set(s string) error {
	for v := range strings.SplitSeq(s, ",") {
		if v = strings.TrimSpace(v); v != "" {
			*l.values = append(*l.values, v)
		}
	}
	return nil
}

// severityFlag parses --fail-on.
type severityFlag struct{ sev *rules.Severity }

func (s severityFlag) String() string {
	if s.sev == nil {
		return ""
	}
	return s.sev.String()
}
func (s severityFlag) Set(v string) error { return s.sev.UnmarshalText([]byte(v)) }

// puppetVersionFlag parses --puppet-version.
type puppetVersionFlag struct{ v *rules.PuppetVersion }

func (p puppetVersionFlag) String() string {
	if p.v == nil || *p.v == 0 {
		return ""
	}
	return fmt.Sprint(int(*p.v))
}

func (p puppetVersionFlag) Set(s string) error {
	v, err := rules.ParsePuppetVersion(s)
	if err != nil {
		return err
	}
	*p.v = v
	return nil
}

// colorFlag is --color / --no-color.
type colorFlag struct {
	dst *(*bool)
	on  bool
}

func (c colorFlag) String() string   { return "" }
func (c colorFlag) IsBoolFlag() bool { return true }
func (c colorFlag) Set(v string) error {
	b := v == "true" || v == ""
	if v != "true" && v != "false" && v != "" {
		return fmt.Errorf("invalid boolean %q", v)
	}
	val := b == c.on
	*c.dst = &val
	return nil
}

func (c *Command) parseFlags(args []string) (*options, error) {
	opts := &options{format: "text", failOn: rules.Warning, jobs: runtime.GOMAXPROCS(0)}
	fs := flag.NewFlagSet("ducklint", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&opts.format, "f", opts.format, "")
	fs.StringVar(&opts.format, "format", opts.format, "")
	fs.Var(outputFlag{&opts.outputs}, "output", "")
	fs.StringVar(&opts.configPath, "config", "", "")
	fs.Var(listFlag{&opts.enable}, "enable", "")
	fs.Var(listFlag{&opts.disable}, "disable", "")
	fs.StringVar(&opts.preset, "preset", "", "")
	fs.Var(severityFlag{&opts.failOn}, "fail-on", "")
	fs.Var(puppetVersionFlag{&opts.puppet}, "puppet-version", "")
	fs.StringVar(&opts.stdinFilename, "stdin-filename", "", "")
	fs.BoolVar(&opts.listRules, "list-rules", false, "")
	fs.BoolVar(&opts.version, "version", false, "")
	fs.IntVar(&opts.jobs, "jobs", opts.jobs, "")
	fs.Var(colorFlag{&opts.color, true}, "color", "")
	fs.Var(colorFlag{&opts.color, false}, "no-color", "")
	fs.BoolVar(&opts.verbose, "v", false, "")
	fs.BoolVar(&opts.verbose, "verbose", false, "")
	fs.BoolVar(&opts.fix, "fix", false, "")
	fs.BoolVar(&opts.diff, "diff", false, "")
	opts.adopt.register(fs)
	help := false
	fs.BoolVar(&help, "h", false, "")
	fs.BoolVar(&help, "help", false, "")

	// The flag package stops at the first operand; keep parsing after each
	// one so that "ducklint . --format json" works too. "--" ends the flags
	// for good: what follows is paths, even those that look like flags.
	rest := args[1:]
	for {
		if err := fs.Parse(rest); err != nil {
			return nil, &usageError{fmt.Sprintf("%s (see --help)", documentedFlagSpelling(err.Error()))}
		}
		left := fs.Args()
		if n := len(rest) - len(left); n > 0 && rest[n-1] == "--" {
			opts.paths = append(opts.paths, left...)
			break
		}
		if rest = left; len(rest) == 0 {
			break
		}
		opts.paths = append(opts.paths, rest[0])
		rest = rest[1:]
	}
	if help {
		c.printUsage()
		return nil, flag.ErrHelp
	}
	if opts.preset != "" && !rules.IsPreset(opts.preset) {
		return nil, &usageError{fmt.Sprintf("unknown preset %q (want one of %s)", opts.preset, strings.Join(rules.PresetNames(), ", "))}
	}
	if _, ok := reporter.Lookup(opts.format); !ok {
		return nil, &usageError{fmt.Sprintf("unknown format %q (want one of %s)", opts.format, strings.Join(reporter.Names(), ", "))}
	}
	formatSet := false
	fs.Visit(func(f *flag.Flag) { formatSet = formatSet || f.Name == "f" || f.Name == "format" })
	outputs, err := resolveOutputs(opts.format, formatSet, opts.outputs)
	if err != nil {
		return nil, err
	}
	opts.outputs = outputs
	if opts.jobs < 1 {
		return nil, &usageError{fmt.Sprintf("--jobs must be at least 1, got %d", opts.jobs)}
	}
	if len(opts.paths) == 0 {
		opts.paths = []string{"."}
	}
	stdin := 0
	for _, p := range opts.paths {
		if p == "-" {
			stdin++
		}
	}
	if stdin > 1 {
		return nil, &usageError{`"-" (standard input) may be given only once`}
	}
	if err := opts.adopt.check(stdin > 0); err != nil {
		return nil, err
	}
	if opts.diff && !opts.fix {
		return nil, &usageError{"--diff shows what --fix would change: give both"}
	}
	if opts.fix && stdin > 0 {
		return nil, &usageError{`--fix writes files and cannot fix standard input ("-")`}
	}
	if opts.stdinFilename != "" && stdin == 0 {
		return nil, &usageError{`--stdin-filename needs "-" among the paths`}
	}
	return opts, nil
}

// build reads what the binary knows about its version.
func (c *Command) build() build {
	read := c.BuildInfo
	if read == nil {
		read = debug.ReadBuildInfo
	}
	return readBuild(read())
}

// flagInMessage matches a flag name in the flag package's error messages,
// which spell every flag with one dash: "flag needs an argument: -format",
// "invalid value \"x\" for flag -jobs: ...", "invalid boolean value
// \"x\" for -color: ...", "flag provided but not defined: -nope".
var flagInMessage = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(flag needs an argument: |flag provided but not defined: |invalid (?:boolean )?value "(?:[^"\\]|\\.)*" for (?:flag )?)-([^\s:=]+)`)
})

// documentedFlagSpelling rewrites a flag error of the flag package to the
// spelling the README and --help use: "--fail-on" for a long name, "-f"
// for a single letter. The package accepts either spelling of either, but
// a user who typed "--fail-on" is puzzled to read "-fail-on" back.
func documentedFlagSpelling(msg string) string {
	m := flagInMessage().FindStringSubmatchIndex(msg)
	if m == nil {
		return msg
	}
	start, end := m[4], m[5] // the name, without its dash
	if utf8.RuneCountInString(msg[start:end]) == 1 {
		return msg
	}
	return msg[:start-1] + "--" + msg[start:]
}

// useColor decides whether text output is coloured.
func (c *Command) useColor(opts *options) bool {
	if opts.color != nil {
		return *opts.color
	}
	if c.Getenv != nil && c.Getenv("NO_COLOR") != "" {
		return false
	}
	f, ok := c.Stdout.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
