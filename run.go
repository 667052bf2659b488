package ducklint

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/ducklint/ducklint/engine"
	"github.com/ducklint/ducklint/reporter"
	"github.com/ducklint/ducklint/rules"
)

// run executes the pipeline: config, lint (package engine), report.
// It returns the exit code, or an error for usage and internal failures.
func (c *Command) run(opts *options) (int, error) {
	if opts.version {
		if _, err := fmt.Fprintln(c.Stdout, c.build()); err != nil {
			return ExitInternal, fmt.Errorf("writing the version: %w", err)
		}
		return ExitClean, nil
	}
	dir := c.Dir
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return ExitInternal, fmt.Errorf("working directory: %w", err)
		}
		dir = wd
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs // the SARIF writer resolves paths outside it
	}
	contextFound, walked, loaded := c.beforeLargeRun()
	cacheDir, cacheOwner := c.cache()
	ws, err := engine.New(engine.Options{
		Roots: opts.paths, Dir: dir, ConfigPath: opts.configPath, Enable: opts.enable, Disable: opts.disable, Preset: opts.preset,
		PuppetVersion: opts.puppet,
		Jobs:          opts.jobs, Stdin: c.Stdin, StdinFilename: opts.stdinFilename,
		CacheDir: cacheDir, CacheOwner: cacheOwner, Now: c.now,
		WholeContext: c.wholeContext, ContextFound: contextFound, Walked: walked, Loaded: loaded, Collectable: c.Collectable,
	})
	if opts.listRules {
		return c.listRules(opts, ws, err)
	}
	if err != nil {
		return ExitUsage, err
	}
	// Editors lint the buffer through standard input on every change, and
	// show what stderr says: the hint is for people at a terminal or in CI.
	if ws.Config() == nil && !slices.Contains(opts.paths, "-") {
		c.puppetLintHint(dir)
	}
	files, err := openOutputs(opts.outputs, dir)
	if err != nil {
		return ExitUsage, err
	}
	defer files.discard()

	ctx := context.Background()
	adopt, err := c.newAdoption(ctx, &opts.adopt, dir, ws)
	if err != nil {
		return ExitUsage, err
	}
	snap, err := ws.Snapshot(ctx)
	if err == nil {
		var res *engine.Result
		if res, err = snap.Check(ctx); err == nil {
			if err := adopt.wait(); err != nil {
				return ExitUsage, err
			}
			adopt.filter(res, ws)
		}
		if err == nil && opts.fix {
			res, err = c.fix(ctx, opts, ws, res, adopt)
		}
		if err == nil && opts.diff {
			return c.exitCode(opts, res), nil
		}
		if err == nil {
			return c.report(opts, dir, ws, res, files, adopt)
		}
	}
	var ce *engine.ConfigError
	if errors.As(err, &ce) {
		return ExitUsage, &usageError{err.Error()}
	}
	return ExitInternal, err
}

// largeRunFiles is the size of tree, in files, from which a run calls
// BeforeLint. Advising huge pages costs a few milliseconds, most of a
// run over one small file, and pays for itself only once the run's model
// takes megabytes: about 25 bytes allocated for each byte of source.
const largeRunFiles = 64

// beforeLargeRun returns the workspace's ContextFound, Walked and Loaded
// functions: they run BeforeLint once, as soon as the load is known to
// read a tree's context (before walking it, as an editor's run over one
// file of a tree does) or finds largeRunFiles files (once its walks are
// done, before any file is parsed; or, for a tree found otherwise, after
// the load), and Loaded after each load.
func (c *Command) beforeLargeRun() (contextFound func(), walked func(files int), loaded func(files int, size int64)) {
	done := c.BeforeLint == nil
	advise := func(loaded bool) {
		if !done {
			done = true
			c.BeforeLint(loaded)
		}
	}
	large := func(files int) {
		if files >= largeRunFiles {
			advise(true)
		}
	}
	return func() { advise(false) }, large, func(files int, size int64) {
		c.loaded(files, size)
		large(files)
	}
}

// loaded is the workspace's Loaded function of a run, and of a
// subcommand that loads a tree: it passes the size on to Loaded.
func (c *Command) loaded(_ int, size int64) {
	if c.Loaded != nil {
		c.Loaded(size)
	}
}

// listRules lists the built-in rules and the policies the configuration
// declares. With a configuration it cannot read (configErr), it lists
// the built-in rules and returns the error.
func (c *Command) listRules(opts *options, ws *engine.Workspace, configErr error) (int, error) {
	descs := rules.Default().Descriptions(opts.puppet)
	if configErr == nil {
		descs = ws.Registry().Descriptions(ws.Puppet())
	}
	if err := reporter.ListRules(c.Stdout, descs, stdoutFormat(opts.outputs)); err != nil {
		return ExitInternal, fmt.Errorf("listing rules: %w", err)
	}
	if configErr != nil {
		return ExitUsage, fmt.Errorf("%w (listed the built-in rules only)", configErr)
	}
	return ExitClean, nil
}

// report writes the outputs of a check and returns the exit code.
func (c *Command) report(opts *options, dir string, ws *engine.Workspace, res *engine.Result, files *outputFiles, adopt *adoption) (int, error) {
	if errorsOnStderr(stdoutFormat(opts.outputs)) {
		for _, e := range res.Errors {
			fmt.Fprintf(c.Stderr, "ducklint: %s: %s\n", e.Path, e.Message)
		}
	}
	rep := &reporter.Report{
		Findings: res.Findings, Files: len(res.Files), Version: c.build().reportVersion(),
		Source: res.Source, Errors: res.Errors, Dir: dir, Enclosing: res.Enclosing, Notices: res.Notices, Baseline: adopt.report,
	}
	if slices.ContainsFunc(opts.outputs, func(o output) bool { return reporter.ListsRules(o.format) }) {
		rep.Rules = ws.Registry().Descriptions(ws.Puppet())
	}
	if err := c.writeOutputs(opts.outputs, files, rep, reporter.Options{Color: c.useColor(opts), Verbose: opts.verbose}); err != nil {
		return ExitInternal, err
	}
	return c.exitCode(opts, res), nil
}

// exitCode is the exit code of a check: findings at or above --fail-on,
// and path errors, which win.
func (c *Command) exitCode(opts *options, res *engine.Result) int {
	code := ExitClean
	for _, f := range res.Findings {
		if f.Severity >= opts.failOn {
			code = ExitFindings
			break
		}
	}
	if len(res.Errors) > 0 {
		code = ExitUsage
	}
	return code
}

// errorsOnStderr reports whether path errors are also written to stderr,
// given the format on standard output ("" for none). Not when that is
// text or github: people read those, and they carry the errors already.
// With json or sarif on standard output, or only files, a person running
// ducklint would not see them otherwise.
func errorsOnStderr(stdout string) bool {
	return stdout != "text" && stdout != "github"
}

// cache returns the cache directory in effect (see cacheDir), "" for
// none, and the owner of the summaries its cache files hold: this build
// (engine.CacheOwner) and this executable (executableIdentity).
func (c *Command) cache() (dir, owner string) {
	if dir = c.cacheDir(); dir == "" {
		return "", ""
	}
	return dir, engine.CacheOwner(c.build().reportVersion()) + executableIdentity()
}

// executableIdentity is the running executable's path, size and
// modification time, "" when they cannot be read: a rebuild of the same
// version, with another summariser, does not trust the summaries of the
// last build.
func executableIdentity() string {
	if exe, err := os.Executable(); err == nil {
		if fi, err := os.Stat(exe); err == nil {
			return fmt.Sprintf(" exe %s %d %d", exe, fi.Size(), fi.ModTime().UnixNano())
		}
	}
	return ""
}

// cacheDir is the cache directory in effect: DUCKLINT_CACHE_DIR, else
// Command.CacheDir; "" (or "off") for none.
func (c *Command) cacheDir() string {
	if c.Getenv != nil {
		switch v := c.Getenv("DUCKLINT_CACHE_DIR"); v {
		case "":
		case "off":
			return ""
		default:
			return v
		}
	}
	return c.CacheDir
}
