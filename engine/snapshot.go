package engine

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ducklint/ducklint/cache"
	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/internal/par"
	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules"
	"github.com/ducklint/ducklint/rules/model"
)

// Snapshot is an immutable view of one version of the workspace: its files
// with their content, parsed trees and summaries, its configuration and
// rules. It is safe for concurrent use.
type Snapshot struct {
	opts     Options
	reg      *rules.Registry
	cfg      *rules.Config
	active   []rules.Active
	overlays map[string][]byte
	stdin    []byte
	byAbs    map[string]int
}

// update builds the snapshot of the workspace's current state. w.mu is held.
func (w *Workspace) update(ctx context.Context) (*Snapshot, error) {
	if w.stdin == nil && slices.Contains(w.opts.Roots, "-") && w.opts.Stdin != nil {
		src, err := io.ReadAll(w.opts.Stdin)
		if err != nil {
			return nil, fmt.Errorf("reading standard input: %w", err)
		}
		w.stdin = src
	}
	return &Snapshot{opts: w.opts, reg: w.reg, cfg: w.cfg, active: w.active,
		overlays: maps.Clone(w.overlays), stdin: w.stdin, byAbs: map[string]int{}}, nil
}

// Result is what a check of some files found.
type Result struct {
	// Findings are sorted in the contract order.
	Findings []diagnostics.Diagnostic
	// Files are the reported paths of the files checked, sorted.
	Files []string
	// Errors are the paths that could not be linted, in path order.
	Errors []diagnostics.PathError
	// Source returns the content of a checked file by its reported path.
	Source func(path string) []byte
	// Enclosing names the innermost definition around a position of a
	// checked file ("class ntp::config"), "" for none. It is not safe for
	// concurrent use.
	Enclosing func(path string, p parser.Pos) string
}

// Check returns the findings of the files at paths (absolute, or relative
// to the workspace's directory; every file below the roots when none are
// given), equal to those a check of every file gives for them.
func (s *Snapshot) Check(ctx context.Context, paths ...string) (*Result, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	dir := s.opts.Dir
	var exclude []string
	excludeBase := dir
	var known []string
	var declaring model.DeclaringFunctions
	if s.cfg != nil {
		exclude = s.cfg.Exclude
		if s.cfg.Path != "" {
			excludeBase = filepath.Dir(s.cfg.Path)
		}
		known, declaring = s.cfg.KnownVariables, s.cfg.DeclaringFunctions
	}
	roots := s.opts.Roots
	if len(paths) > 0 {
		roots = paths
	}
	var stdin io.Reader
	if s.opts.Stdin != nil {
		stdin = bytes.NewReader(s.stdin)
	}
	var pendingStore chan *cache.Store
	tree, err := load.Load(load.Options{
		Paths: roots, Dir: dir, Exclude: exclude, ExcludeBase: excludeBase,
		Stdin: stdin, StdinFilename: s.opts.StdinFilename, Jobs: s.opts.Jobs, DeferContext: !s.opts.WholeContext,
		OnContext: func(roots []string) {
			pendingStore = make(chan *cache.Store, 1)
			go func() {
				pendingStore <- cache.Open(cache.Options{Dir: s.opts.CacheDir, Roots: roots, Owner: s.opts.CacheOwner, Now: s.opts.Now})
			}()
		},
	})
	if err != nil {
		return nil, &ConfigError{err}
	}
	declaring = model.TreeDeclaringFunctions(tree, declaring)
	tree, parsed, contextErrs := s.narrowContext(tree, pendingStore, declaring)
	prog := model.Build(tree, model.Options{KnownVariables: known, Jobs: s.opts.Jobs, Parsed: parsed, DeclaringFunctions: declaring})
	runner := &rules.Runner{Registry: s.reg, Rules: s.active, Jobs: s.opts.Jobs}
	res := &Result{Findings: runner.Run(prog), Errors: pathErrors(tree.Problems, contextErrs)}
	sources := map[string][]byte{}
	for _, f := range prog.Files {
		if f.Reported {
			sources[f.Path] = f.Parsed.Src
			res.Files = append(res.Files, f.Path)
		}
	}
	res.Source = func(path string) []byte { return sources[path] }
	res.Enclosing = enclosingDefinitions(prog)
	return res, nil
}

// Findings returns the findings of the files at paths (every file below the
// roots when none are given) by path as given, each file's sorted; equal to
// the findings a check of every file gives for them.
func (s *Snapshot) Findings(ctx context.Context, paths ...string) (map[string][]diagnostics.Diagnostic, error) {
	res, err := s.Check(ctx, paths...)
	if err != nil {
		return nil, err
	}
	byReported := map[string][]diagnostics.Diagnostic{}
	for _, d := range res.Findings {
		byReported[d.File] = append(byReported[d.File], d)
	}
	out := map[string][]diagnostics.Diagnostic{}
	if len(paths) == 0 {
		for _, f := range res.Files {
			out[f] = byReported[f]
		}
		return out, nil
	}
	for _, p := range paths {
		out[p] = byReported[s.reportedPath(p)]
	}
	return out, nil
}

// reportedPath is the path findings report for p.
func (s *Snapshot) reportedPath(p string) string {
	abs := p
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(s.opts.Dir, abs)
	}
	r, err := filepath.Rel(s.opts.Dir, abs)
	if err != nil {
		return filepath.ToSlash(abs)
	}
	return filepath.ToSlash(r)
}

// narrowContext keeps, of a tree whose context files were not read, only
// the files that can change the findings on the reported files (see
// model.Relevant), and reads those.
func (s *Snapshot) narrowContext(tree *load.Tree, pending <-chan *cache.Store, declaring model.DeclaringFunctions) (*load.Tree, map[*load.File]*parser.File, []error) {
	var store *cache.Store
	if pending != nil {
		store = <-pending
	}
	deferred := slices.ContainsFunc(tree.Files, func(f *load.File) bool { return f.Src == nil })
	if !deferred {
		return tree, nil, nil
	}
	if store == nil {
		store = cache.Open(cache.Options{Owner: s.opts.CacheOwner, Now: s.opts.Now})
	}
	sums, parsedAt, errs := store.Summaries(tree.Files, s.opts.Jobs)
	keep := model.Relevant(tree.Files, sums, declaring)
	narrowed := *tree
	narrowed.Files = nil
	var toRead []*load.File
	for i, f := range tree.Files {
		if keep[i] && sums[i] != nil {
			narrowed.Files = append(narrowed.Files, f)
			if f.Src == nil {
				toRead = append(toRead, f)
			}
		}
	}
	readErrs := make([]error, len(toRead))
	par.For(len(toRead), s.opts.Jobs, func(i int) { readErrs[i] = toRead[i].Read() })
	for _, err := range readErrs {
		if err != nil {
			errs = append(errs, err)
		}
	}
	narrowed.Files = slices.DeleteFunc(narrowed.Files, func(f *load.File) bool { return f.Src == nil })
	_ = store.Save() // the cache only saves time: a run goes on without it
	parsed := map[*load.File]*parser.File{}
	for i, p := range parsedAt {
		if p != nil && keep[i] {
			parsed[tree.Files[i]] = p
		}
	}
	return &narrowed, parsed, errs
}

// pathErrors are the paths that could not be linted, from loading and from
// reading the context, in path order.
func pathErrors(problems []load.Problem, contextErrs []error) []diagnostics.PathError {
	out := make([]diagnostics.PathError, 0, len(problems)+len(contextErrs))
	for _, p := range problems {
		out = append(out, diagnostics.PathError{Path: p.Path, Message: p.Err.Error()})
	}
	for _, err := range contextErrs {
		var p load.Problem
		if errors.As(err, &p) {
			out = append(out, diagnostics.PathError{Path: p.Path, Message: p.Err.Error()})
		} else {
			out = append(out, diagnostics.PathError{Message: err.Error()})
		}
	}
	slices.SortFunc(out, func(a, b diagnostics.PathError) int {
		return cmp.Or(strings.Compare(a.Path, b.Path), strings.Compare(a.Message, b.Message))
	})
	return out
}
