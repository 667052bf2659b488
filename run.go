package ducklint

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ducklint/ducklint/cache"
	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/reporter"
	"github.com/ducklint/ducklint/rules"
	"github.com/ducklint/ducklint/rules/model"
)

// run executes the pipeline: config, load, parse, model, rules, report.
// It returns the exit code, or an error for usage and internal failures.
func (c *Command) run(opts *options) (int, error) {
	reg := rules.Default()
	if opts.version {
		if _, err := fmt.Fprintln(c.Stdout, c.build()); err != nil {
			return ExitInternal, fmt.Errorf("writing the version: %w", err)
		}
		return ExitClean, nil
	}
	if opts.listRules {
		if err := reporter.ListRules(c.Stdout, reg.Rules(), stdoutFormat(opts.outputs)); err != nil {
			return ExitInternal, fmt.Errorf("listing rules: %w", err)
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
	cfg, err := c.loadConfig(opts, dir, reg)
	if err != nil {
		return ExitUsage, err
	}
	active, err := rules.Select(reg, cfg, opts.enable, opts.disable)
	if err != nil {
		return ExitUsage, &usageError{err.Error()}
	}

	var exclude []string
	excludeBase := dir
	if cfg != nil {
		exclude = cfg.Exclude
		if cfg.Path != "" {
			excludeBase = filepath.Dir(cfg.Path)
		}
	}
	files, err := openOutputs(opts.outputs, dir)
	if err != nil {
		return ExitUsage, err
	}
	defer files.discard()

	// The context cache is read while the tree is walked: both take tens
	// of milliseconds of an editor's save.
	var pendingStore chan *cache.Store
	tree, err := load.Load(load.Options{
		Paths: opts.paths, Dir: dir, Exclude: exclude, ExcludeBase: excludeBase,
		Stdin: c.Stdin, StdinFilename: opts.stdinFilename, Jobs: opts.jobs, DeferContext: !c.wholeContext,
		OnContext: func(roots []string) {
			pendingStore = make(chan *cache.Store, 1)
			go func() { pendingStore <- c.openCache(roots) }()
		},
	})
	if err != nil {
		return ExitUsage, &usageError{err.Error()}
	}
	var known []string
	var declaring model.DeclaringFunctions
	if cfg != nil {
		known, declaring = cfg.KnownVariables, cfg.DeclaringFunctions
	}
	declaring = model.TreeDeclaringFunctions(tree, declaring)
	tree, parsed, contextErrs := c.narrowContext(tree, opts.jobs, pendingStore, declaring)
	pathErrs := pathErrors(tree.Problems, contextErrs)
	if errorsOnStderr(stdoutFormat(opts.outputs)) {
		for _, e := range pathErrs {
			fmt.Fprintf(c.Stderr, "ducklint: %s: %s\n", e.Path, e.Message)
		}
	}

	prog := model.Build(tree, model.Options{KnownVariables: known, Jobs: opts.jobs, Parsed: parsed, DeclaringFunctions: declaring})
	runner := &rules.Runner{Registry: reg, Rules: active, Jobs: opts.jobs}
	findings := runner.Run(prog)

	sources := map[string][]byte{}
	reported := 0
	for _, f := range prog.Files {
		if f.Reported {
			sources[f.Path] = f.Parsed.Src
			reported++
		}
	}
	rep := &reporter.Report{
		Findings: findings, Files: reported, Rules: reg.Rules(), Version: c.build().reportVersion(),
		Source: func(path string) []byte { return sources[path] },
		Errors: pathErrs, Dir: dir, Enclosing: enclosingDefinitions(prog),
	}
	if err := c.writeOutputs(opts.outputs, files, rep, reporter.Options{Color: c.useColor(opts), Verbose: opts.verbose}); err != nil {
		return ExitInternal, err
	}

	code := ExitClean
	for _, f := range findings {
		if f.Severity >= opts.failOn {
			code = ExitFindings
			break
		}
	}
	if len(pathErrs) > 0 {
		code = ExitUsage
	}
	return code, nil
}

// pathErrors are the paths that could not be linted, from loading and from
// reading the narrowed context (after loading), in path order.
func pathErrors(problems []load.Problem, contextErrs []error) []reporter.PathError {
	out := make([]reporter.PathError, 0, len(problems)+len(contextErrs))
	for _, p := range problems {
		out = append(out, reporter.PathError{Path: p.Path, Message: p.Err.Error()})
	}
	for _, err := range contextErrs {
		var p load.Problem
		if errors.As(err, &p) {
			out = append(out, reporter.PathError{Path: p.Path, Message: p.Err.Error()})
		} else {
			out = append(out, reporter.PathError{Message: err.Error()})
		}
	}
	slices.SortFunc(out, func(a, b reporter.PathError) int {
		return cmp.Or(strings.Compare(a.Path, b.Path), strings.Compare(a.Message, b.Message))
	})
	return out
}

// errorsOnStderr reports whether path errors are also written to stderr,
// given the format on standard output ("" for none). Not when that is
// text or github: people read those, and they carry the errors already.
// With json or sarif on standard output, or only files, a person running
// ducklint would not see them otherwise.
func errorsOnStderr(stdout string) bool {
	return stdout != "text" && stdout != "github"
}

// loadConfig reads --config, or the nearest .ducklint.toml above dir.
func (c *Command) loadConfig(opts *options, dir string, reg *rules.Registry) (*rules.Config, error) {
	path := opts.configPath
	if path == "" {
		found, err := rules.FindConfig(dir)
		if err != nil {
			return nil, &usageError{err.Error()}
		}
		if found == "" {
			return nil, nil
		}
		path = found
	} else if !filepath.IsAbs(path) {
		path = filepath.Join(dir, path)
	}
	return rules.LoadConfig(path, reg)
}
