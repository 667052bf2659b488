// Package engine is ducklint's lint pipeline behind one small API, used by
// the command line and the language server alike: a Workspace holds the
// roots it analyses, their configuration, every file with its parsed tree
// and summary, and overlays for unsaved editor buffers. It is loaded once,
// updated file by file, and asked for the findings of some files.
//
// A Snapshot is an immutable view of one version of the workspace. A new
// snapshot shares every unchanged file with the previous one: a file is read,
// parsed and summarised again only when its content changed (its disk Stat
// or its overlay). Asked for the findings of some files, a snapshot keeps
// only the files that can change them (model.Relevant over the summaries,
// through a name index made once per snapshot from the previous one's),
// builds the whole-program model over those and runs the rules: the findings
// equal those of a run over every file. The contexts worked out are kept
// with the summaries they were worked out on, and carried to later
// snapshots that an edit cannot have changed them in (model.Reads). A check
// stops with its context's error between files once the context is done. The model and the analyses the rules
// share (static scopes, the declaration graph, the dynamic-scope simulation)
// are built per query from the kept files' parsed trees; they are cheap next
// to reading and parsing, which are never repeated for an unchanged file.
//
// A cold command-line run is the same path with a persistent summary cache
// (package cache): context files outside the PATH arguments are only
// stat'ed, their summaries come from the cache when their stat is unchanged,
// and only the relevant ones are read and parsed.
package engine

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/policy"
	"github.com/ducklint/ducklint/rules"
	"github.com/ducklint/ducklint/rules/model"
)

// Options configure a workspace.
type Options struct {
	// Roots are the files and directories analysed, relative to Dir: every
	// .pp and .epp file below them is reported on, with the rest of the
	// environments and modules they belong to loaded as context. "-" is
	// Stdin. No roots means Dir.
	Roots []string
	// Dir is the working directory: relative paths are resolved against
	// it and findings report paths relative to it. "" means the first
	// root when it is a directory, else the process's working directory.
	Dir string
	// ConfigPath is the configuration file, relative to Dir; "" means the
	// nearest .ducklint.toml upward from Dir, or none.
	ConfigPath string
	// Enable and Disable select rules on top of the configuration.
	Enable, Disable []string
	// Preset, when set, replaces the configuration's [style] preset.
	Preset string
	// PuppetVersion is the target Puppet version in place of the
	// configuration's; 0 means the configuration's, or the default.
	PuppetVersion rules.PuppetVersion
	// Jobs bounds how many files are processed at once; <= 0 means GOMAXPROCS.
	Jobs int

	// Stdin is read for a root "-"; StdinFilename is the path reported for
	// it and its place in the layout ("" for a lone "<stdin>").
	Stdin         io.Reader
	StdinFilename string

	// CacheDir is where file summaries are kept between processes (see
	// package cache); "" keeps them in memory only. CacheOwner identifies
	// the program writing them: summaries another owner wrote are not
	// trusted (see CacheOwner). Now is the cache's clock;
	// nil means time.Now.
	CacheDir   string
	CacheOwner string
	Now        func() time.Time

	// WholeContext parses every context file instead of the relevant ones;
	// tests compare the two.
	WholeContext bool

	// Editor is set for a workspace that is updated and checked again as
	// its files are edited (a language server's): from its first snapshot
	// on, checks keep what each file contributes to a model and the
	// simulations they ran, for the next checks of the same files. Without
	// it only the checks of later snapshots do; a single run, as the
	// command line makes, then keeps nothing it would not use.
	Editor bool

	// Boundary is the part of the file system the workspace may read for
	// context and write fixes to (see load.Boundary); nil means the
	// boundary of Roots (and StdinFilename) as load.NewBoundary makes it.
	// The configuration file, when it lies inside, names nothing outside.
	Boundary *load.Boundary

	// Loaded, if set, is called after each load of the layout, before any
	// file is parsed, with the number of files the tree holds (reported and
	// context) and the bytes of content the load read (context files read
	// later not included): the size of the run to come, for a caller that
	// prepares the process for it. ContextFound, if set, is called earlier in a
	// load that will read the files of environments or modules as context
	// (one file of a tree), before they are walked.
	Loaded       func(files int, size int64)
	ContextFound func()
	// Walked, if set, is called in a first load once the walks of the
	// directory roots are done, with the number of reported files they
	// found: before those files are placed in the layout and parsed
	// (part of the parsing starts there, see earlyParses), for a caller
	// that prepares the process for a large run before its parsing
	// allocates, as it may from Loaded.
	Walked func(files int)

	// Collectable, if set, is called where much of what a check of a
	// single run (not Editor's) allocated has just become unreachable: once
	// the dynamic-scope simulation, which such a check runs before the
	// rules, has run and its records are garbage, provided the rules then
	// check at least half the program's source. A process's memory policy
	// may collect there, so that the rules reuse that memory instead of
	// growing the heap.
	Collectable func()
}

// Workspace is a warm whole-program analysis of some roots. It is safe for
// concurrent use: updates (SetOverlay, RemoveOverlay, Changed) mark what
// the next Snapshot must bring up to date; snapshots already taken do not
// change.
type Workspace struct {
	opts Options // Dir absolute, Jobs resolved
	reg  *rules.Registry

	mu       sync.Mutex
	cfg      *rules.Config
	active   []rules.Active
	pols     []*policy.Policy  // the configuration's, compiled into reg
	overlays map[string][]byte // by absolute path
	changed  map[string]bool   // absolute paths changed on disk since the last snapshot
	relayout bool              // the layout (files, modules, environments) must be walked again
	reconfig bool              // the configuration must be read again
	current  *Snapshot         // the latest snapshot, nil before the first
	stdin    []byte            // the content of root "-", read once
	carries  *carries          // see carry.go

	// earlyToTheEnd makes a first load wait until its early parses have
	// parsed every file they take before finishing them: set by tests
	// only, for counts that do not depend on how long the load takes.
	earlyToTheEnd bool
}

// ConfigError is a problem with the configuration or the rule selection:
// the command line's usage error.
type ConfigError struct{ Err error }

func (e *ConfigError) Error() string { return e.Err.Error() }
func (e *ConfigError) Unwrap() error { return e.Err }

// New returns a workspace for opts, with its configuration read and its
// rules selected; nothing is loaded until the first Snapshot. Configuration
// errors (file:line: key) and unknown rules are *ConfigError.
func New(opts Options) (*Workspace, error) {
	w, err := newWorkspace(opts)
	if err != nil {
		return nil, err
	}
	if err := w.configure(); err != nil {
		return nil, err
	}
	return w, nil
}

// newWorkspace returns a workspace for opts, its options resolved, not
// yet configured.
func newWorkspace(opts Options) (*Workspace, error) {
	if opts.Jobs <= 0 {
		opts.Jobs = runtime.GOMAXPROCS(0)
	}
	if len(opts.Roots) == 0 {
		opts.Roots = []string{"."}
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	dir := opts.Dir
	if dir == "" {
		if fi, err := os.Stat(opts.Roots[0]); err == nil && fi.IsDir() {
			dir = opts.Roots[0]
		} else if dir, err = os.Getwd(); err != nil {
			return nil, fmt.Errorf("working directory: %w", err)
		}
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("working directory: %w", err)
	}
	opts.Dir = abs
	if opts.Boundary == nil {
		paths := opts.Roots
		if opts.StdinFilename != "" {
			paths = append(slices.Clone(paths), opts.StdinFilename)
		}
		opts.Boundary = load.NewBoundary(abs, paths)
	}
	return &Workspace{opts: opts, overlays: map[string][]byte{}, changed: map[string]bool{}, carries: newCarries()}, nil
}

// configure reads the configuration, compiles its policies into rules
// beside the built-in ones, and selects the rules.
func (w *Workspace) configure() error {
	builtin := rules.Default()
	cfg, err := loadConfig(w.opts.ConfigPath, w.opts.Dir, builtin, w.opts.Boundary)
	if err != nil {
		return err
	}
	reg, pols, err := registry(cfg, builtin)
	if err != nil {
		return err
	}
	if v := w.opts.PuppetVersion; v != 0 {
		withVersion := rules.Config{}
		if cfg != nil {
			withVersion = *cfg
		}
		withVersion.PuppetVersion = v
		cfg = &withVersion
	}
	if p := w.opts.Preset; p != "" {
		withPreset := rules.Config{}
		if cfg != nil {
			withPreset = *cfg
		}
		withPreset.StylePreset = p
		cfg = &withPreset
	}
	active, err := rules.Select(reg, cfg, w.opts.Enable, w.opts.Disable)
	if err != nil {
		return &ConfigError{err}
	}
	w.cfg, w.active, w.reg, w.pols = cfg, active, reg, pols
	return nil
}

// registry returns the built-in rules (builtin) with the rules of the
// policies cfg declares, compiled once here for every snapshot.
func registry(cfg *rules.Config, builtin *rules.Registry) (*rules.Registry, []*policy.Policy, error) {
	if cfg == nil || len(cfg.Policies) == 0 {
		return builtin, nil, nil
	}
	pols, err := policy.Compile(cfg.Policies)
	if err != nil {
		return nil, nil, &ConfigError{err}
	}
	all := rules.All()
	for _, p := range pols {
		all = append(all, p.Rule())
	}
	reg, err := rules.NewRegistry(all...)
	if err != nil {
		return nil, nil, &ConfigError{err}
	}
	return reg, pols, nil
}

// loadConfig reads path, or the nearest .ducklint.toml above dir. A
// configuration inside the boundary comes with the tree, and the files
// it names are read only inside the boundary; one outside it (the user's
// own, above the repository or named with --config from elsewhere) names
// what it likes.
func loadConfig(path, dir string, reg *rules.Registry, bound *load.Boundary) (*rules.Config, error) {
	if path == "" {
		found, err := rules.FindConfig(dir)
		if err != nil {
			return nil, &ConfigError{err}
		}
		if found == "" {
			return nil, nil
		}
		path = found
	} else if !filepath.IsAbs(path) {
		path = filepath.Join(dir, path)
	}
	var inside func(string) bool
	if bound.Contains(path) {
		inside = bound.Contains
	}
	cfg, err := rules.LoadConfigWithin(path, reg, inside)
	if err != nil {
		return nil, &ConfigError{err}
	}
	return cfg, nil
}

// Puppet returns the target Puppet version in effect.
func (w *Workspace) Puppet() rules.PuppetVersion {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.cfg.Puppet()
}

// Registry returns the registry the workspace's rules come from.
func (w *Workspace) Registry() *rules.Registry {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.reg
}

// Config returns the configuration in effect (nil when there is no
// configuration file).
func (w *Workspace) Config() *rules.Config {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.cfg
}

// Boundary returns the part of the file system the workspace reads
// context from and may write fixes to.
func (w *Workspace) Boundary() *load.Boundary { return w.opts.Boundary }

// Dir returns the absolute working directory findings' paths are relative to.
func (w *Workspace) Dir() string { return w.opts.Dir }

// SetOverlay makes src the content of the file at path (absolute, or
// relative to Dir) in the next snapshots, in place of its disk content: an
// unsaved editor buffer.
//
// A Puppet file that does not exist on disk (a buffer never saved) is
// analysed as part of the tree when it lies below a directory root, as
// it will be once saved.
func (w *Workspace) SetOverlay(path string, src []byte) {
	abs := w.abs(path)
	if src == nil {
		src = []byte{}
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if _, known := w.knownFile(abs); !known && w.unsavedInRoots(abs) {
		w.relayout = true // a file the layout gains
	}
	w.overlays[abs] = src
	w.changed[abs] = true
}

// unsavedInRoots reports whether abs is a Puppet file missing on disk
// below a directory root: loading takes its overlay as a file of the tree.
func (w *Workspace) unsavedInRoots(abs string) bool {
	if ext := filepath.Ext(abs); ext != ".pp" && ext != ".epp" {
		return false
	}
	if _, err := os.Lstat(abs); err == nil {
		return false
	}
	for _, r := range w.opts.Roots {
		if r == "-" {
			continue
		}
		root := w.abs(r)
		if fi, err := os.Stat(root); err == nil && fi.IsDir() &&
			strings.HasPrefix(abs, strings.TrimSuffix(root, string(filepath.Separator))+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// RemoveOverlay makes the file at path read from disk again; a file that
// existed only as an overlay leaves the tree.
func (w *Workspace) RemoveOverlay(path string) {
	abs := w.abs(path)
	w.mu.Lock()
	defer w.mu.Unlock()
	if _, ok := w.overlays[abs]; ok {
		delete(w.overlays, abs)
		w.changed[abs] = true
		if _, err := os.Lstat(abs); err != nil {
			w.relayout = true
		}
	}
}

// policyFile reports whether abs is a file the configuration's policies
// come from.
func (w *Workspace) policyFile(abs string) bool {
	if w.cfg == nil {
		return false
	}
	for _, p := range w.cfg.Policies {
		if p.File == abs {
			return true
		}
	}
	return false
}

// Changed says that files at paths were created, changed or deleted on
// disk. A changed Puppet file is read again; a created or deleted one, or a
// file of the layout (metadata.json, environment.conf, .gitignore, Ruby
// extensions), makes the next snapshot walk the roots again, still reusing
// the parsed trees and summaries of unchanged files; a configuration file
// (.ducklint.toml) is read again.
func (w *Workspace) Changed(paths ...string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, p := range paths {
		abs := w.abs(p)
		w.changed[abs] = true
		switch ext := filepath.Ext(abs); {
		case filepath.Base(abs) == rules.ConfigFileName || w.policyFile(abs):
			w.reconfig, w.relayout = true, true
		case ext == ".pp" || ext == ".epp":
			if _, known := w.knownFile(abs); !known {
				w.relayout = true // created
			} else if _, err := os.Stat(abs); err != nil {
				w.relayout = true // deleted
			}
		default:
			w.relayout = true
		}
	}
}

// knownFile returns the index of the file at abs in the current snapshot.
func (w *Workspace) knownFile(abs string) (int, bool) {
	if w.current == nil {
		return 0, false
	}
	i, ok := w.current.byAbs[abs]
	return i, ok
}

// Abs returns the absolute path of a path as findings report it (relative
// to Dir, or absolute).
func (w *Workspace) Abs(path string) string { return w.abs(path) }

// abs makes path absolute against the workspace's directory.
func (w *Workspace) abs(path string) string {
	if !filepath.IsAbs(path) {
		path = filepath.Join(w.opts.Dir, path)
	}
	return filepath.Clean(path)
}

// Snapshot brings the workspace up to date and returns a view of it:
// the first call loads the roots; later ones reuse every unchanged file's
// parsed tree and summary, and return the previous snapshot when nothing
// changed. A load error (an unusable exclude glob, "-" without standard
// input) is returned as is; a canceled ctx returns ctx.Err().
func (w *Workspace) Snapshot(ctx context.Context) (*Snapshot, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if w.current != nil && len(w.changed) == 0 && !w.relayout && !w.reconfig {
		return w.current, nil
	}
	if w.reconfig {
		if err := w.configure(); err != nil {
			return nil, err
		}
		w.reconfig = false
	}
	s, err := w.update(ctx)
	if err != nil {
		return nil, err
	}
	w.current = s
	w.changed = map[string]bool{}
	w.relayout = false
	return s, nil
}

// CacheOwner identifies a version of ducklint and its summary format to
// the summary cache, so that summaries another wrote are not trusted. A
// command adds what tells apart its builds of one version (the
// executable's identity): Options.CacheOwner is the whole identity.
func CacheOwner(version string) string {
	return fmt.Sprintf("ducklint %s summary %d", version, model.SummaryVersion)
}
