package ducklint

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"github.com/ducklint/ducklint/internal/words"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"

	"github.com/ducklint/ducklint/engine"
	"github.com/ducklint/ducklint/internal/baseline"
	"github.com/ducklint/ducklint/internal/fix"
	"github.com/ducklint/ducklint/rules"
)

const baselineUsageText = `usage: ducklint baseline [--prune] [flags] [PATH ...]

Writes the findings of PATH (default ".") to the baseline file, so that
later runs report only the findings it does not accept. The file is
--baseline FILE, else baseline = "..." in the configuration, else the
nearest .ducklint-baseline.json upward, else .ducklint-baseline.json
beside the configuration file or in the current directory. Entries of
files not under PATH are kept. See docs/adoption.md.

Flags:
      --prune                remove the entries that match no finding any more, and add none
      --baseline FILE        the baseline file
      --config FILE          configuration file (default: nearest .ducklint.toml upward)
      --enable RULE,...      enable rules
      --disable RULE,...     disable rules
      --puppet-version N     the Puppet version the code is for, 7 or 8
      --jobs N               files processed at once (default %d)
`

// baselineCommand runs "ducklint baseline": it lints like a plain run and
// writes the findings to the baseline file, or with --prune removes the
// entries that no longer match.
func (c *Command) baselineCommand(args []string) int {
	prune := false
	var rest []string
	for i, a := range args {
		if a == "--" {
			rest = append(rest, args[i:]...)
			break
		}
		if a == "--prune" || a == "-prune" {
			prune = true
			continue
		}
		if a == "-h" || a == "--help" || a == "-help" {
			fmt.Fprintf(c.Stdout, baselineUsageText, runtime.GOMAXPROCS(0))
			return ExitClean
		}
		rest = append(rest, a)
	}
	opts, err := c.parseFlags(append([]string{"ducklint baseline"}, rest...))
	if err == nil {
		err = baselineFlagsOK(opts)
	}
	if err != nil {
		fmt.Fprintf(c.Stderr, "ducklint baseline: %v\n", err)
		return ExitUsage
	}
	msg, err := c.writeBaseline(opts, prune)
	if err != nil {
		fmt.Fprintf(c.Stderr, "ducklint baseline: %v\n", err)
		var ue *usageError
		var ce *engine.ConfigError
		var rce *rules.ConfigError
		if errors.As(err, &ue) || errors.As(err, &ce) || errors.As(err, &rce) {
			return ExitUsage
		}
		return ExitInternal
	}
	fmt.Fprintln(c.Stdout, msg)
	return ExitClean
}

// baselineFlagsOK rejects the flags of a plain run that mean nothing here.
func baselineFlagsOK(opts *options) error {
	switch {
	case opts.fix:
		return &usageError{"--fix does not go with baseline: fix first, then write the baseline"}
	case opts.adopt.noBaseline:
		return &usageError{"--no-baseline does not go with baseline"}
	case opts.adopt.newFromRev != "" || opts.adopt.newFromMergeBase != "" || opts.adopt.newFromPatch != "":
		return &usageError{"a baseline holds every finding: --new-from-* does not go with it"}
	case len(opts.outputs) != 1 || opts.outputs[0] != output{format: "text"}:
		return &usageError{"baseline writes the baseline file, not a report: -f and --output do not go with it"}
	case opts.listRules || opts.version:
		return &usageError{"--list-rules and --version do not go with baseline"}
	case slices.Contains(opts.paths, "-"):
		return &usageError{`a baseline is written for files, not standard input ("-")`}
	}
	return nil
}

// writeBaseline lints, then writes (or prunes) the baseline file and says
// what it did.
func (c *Command) writeBaseline(opts *options, prune bool) (string, error) {
	dir := c.Dir
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return "", fmt.Errorf("working directory: %w", err)
		}
		dir = wd
	}
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	cacheDir, cacheOwner := c.cache()
	ws, err := engine.New(engine.Options{
		Roots: opts.paths, Dir: dir, ConfigPath: opts.configPath, Enable: opts.enable, Disable: opts.disable,
		PuppetVersion: opts.puppet, Jobs: opts.jobs,
		CacheDir: cacheDir, CacheOwner: cacheOwner, Now: c.now,
		WholeContext: c.wholeContext, Loaded: c.loaded,
	})
	if err != nil {
		return "", err
	}
	path, _ := baselinePath(&opts.adopt, dir, ws)
	if path == "" {
		path = filepath.Join(dir, baseline.DefaultName)
		if cfg := ws.Config(); cfg != nil && cfg.Path != "" {
			path = filepath.Join(filepath.Dir(cfg.Path), baseline.DefaultName)
		}
	}
	old, err := baseline.Read(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if prune {
			return "", &usageError{fmt.Sprintf("there is no baseline %s to prune", showPath(dir, path))}
		}
		old = nil
	case err != nil:
		return "", &usageError{fmt.Sprintf("baseline: %v", err)}
	}

	ctx := context.Background()
	snap, err := ws.Snapshot(ctx)
	if err != nil {
		return "", err
	}
	res, err := snap.Check(ctx)
	if err != nil {
		return "", err
	}
	for _, e := range res.Errors {
		fmt.Fprintf(c.Stderr, "ducklint: %s: %s\n", e.Path, e.Message)
	}
	if len(res.Errors) > 0 {
		return "", &usageError{"not writing a baseline of paths that could not be linted"}
	}
	baseDir := filepath.Dir(path)
	findings := baselineFindings(res, ws, baseDir)
	scope := baseline.RunScope(baseDir, res.Files, ws.Abs, res.Source)

	var out *baseline.File
	var msg string
	show := showPath(dir, path)
	switch {
	case prune:
		m := old.Match(findings, scope)
		out = m.Pruned(findings, scope.Hash)
		msg = fmt.Sprintf("%s: removed %s (%s fixed); %s left",
			show, words.Count(m.Stale, "stale entry", "stale entries"), words.Count(old.Findings()-out.Findings(), "finding", "findings"),
			words.Count(out.Findings(), "accepted finding", "accepted findings"))
	case old != nil:
		out = old.Update(findings, func(p string) bool { return scope.Checked(p) || !scope.Exists(p) }, scope.Hash)
		msg = fmt.Sprintf("%s: %s (was %d)", show, words.Count(out.Findings(), "accepted finding", "accepted findings"), old.Findings())
	default:
		out = baseline.New(findings, scope.Hash)
		msg = fmt.Sprintf("%s: %s", show, words.Count(out.Findings(), "accepted finding", "accepted findings"))
	}
	var buf bytes.Buffer
	if err := out.Write(&buf); err != nil {
		return "", err
	}
	if err := writeNewFile(path, buf.Bytes()); err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return "", &usageError{fmt.Sprintf("cannot write the baseline %s: %v", show, err)}
	}
	return msg, nil
}

// writeNewFile writes data to path atomically, creating the file when it
// does not exist.
func writeNewFile(path string, data []byte) error {
	if _, err := os.Stat(path); err == nil {
		return fix.WriteFile(path, data)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	defer os.Remove(tmp.Name())
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Chmod(0o644)
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}
