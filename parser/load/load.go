// Package load turns the PATH arguments of the command line into the set
// of Puppet files to parse, and places each file in Puppet's layout:
// environments (main manifest and modulepath), modules (named from
// metadata.json), the roles of module directories, and the Ruby
// extensions (types, functions, facts) a module ships. It also knows
// Puppet's autoloading rules (ExpectedPath, NameForPath). It does not
// parse Puppet code.
//
// A directory is an environment or a module as Puppet and r10k read it
// (see kind): environment.conf, a Puppetfile, a directory of
// environments/, or manifests/ with a main manifest beside modules/,
// site/, site-modules/, hiera.yaml or data/ make an environment, and so
// does manifests/site.pp alone; metadata.json or manifests/init.pp make a
// module.
//
// A file given on its own is loaded with the rest of the environment or
// module it belongs to, so that cross-file rules see the whole program;
// only the given files are marked Reported.
//
// What is loaded:
//   - a directory argument: every .pp and .epp below it, honouring
//     .gitignore files (those of its ancestors up to the top of the git
//     work tree included) and the exclude globs; all reported;
//   - a file argument: that file, whatever its name, unless an exclude
//     glob matches it (.gitignore does not apply to a file named
//     explicitly); reported;
//   - as unreported context, for every environment or module a reported
//     file belongs to: the main manifest (.pp), the environment's own
//     functions/, types/ and plans/, and the code directories (manifests/,
//     functions/, types/, plans/, templates/) of every module on the
//     modulepath, or of the lone module. Neither exclude globs nor
//     .gitignore apply to context: they say what is reported, and Puppet
//     compiles ignored and excluded modules all the same (typically
//     modules r10k installed into an ignored modules/).
//
// Nothing outside the run's Boundary is read but the files named: links
// and configuration leading outside it are Notices. Symlinked directories
// inside are followed once: a directory reached through several paths is
// walked once, and a link back to its own ancestor is not followed.
// Dangling links, unreadable, non-regular and binary files are Problems;
// loading goes on without them.
package load

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/ducklint/ducklint/hiera"
)

// Options say what to load.
type Options struct {
	// Paths are the PATH arguments: files, directories, or "-" for stdin.
	// No paths means ".".
	Paths []string
	// Dir is the working directory: relative Paths are resolved against it
	// and reported paths are relative to it, except those outside it when
	// a path outside it was typed absolute (see File.Path). Empty means
	// the process's working directory.
	Dir string
	// Exclude are the configuration's exclude globs (`**` allowed),
	// relative to ExcludeBase. They say what is not reported: files they
	// match are still loaded as context when their environment or module
	// is.
	Exclude []string
	// ExcludeBase is the directory the Exclude globs are relative to
	// (the configuration file's directory); empty means Dir.
	ExcludeBase string
	// Stdin is read when a path is "-".
	Stdin io.Reader
	// StdinFilename is the path reported for "-", and the place of that
	// file in the layout; its content comes from Stdin and replaces the
	// on-disk file of that name, if any. Empty means "<stdin>", a lone file.
	StdinFilename string
	// Jobs bounds how many files are read at once, and a few times that
	// many directories (reading one is mostly waiting on system calls);
	// <= 0 means GOMAXPROCS.
	Jobs int
	// DeferContext leaves context files unread: their Src is nil and their
	// Stat is set, so a caller that needs only some of them (or knows them
	// from an earlier run) reads those with File.Read.
	DeferContext bool
	// Overlays are file contents by absolute path that replace what is on
	// disk (an editor's unsaved buffers). A .pp or .epp overlay with no
	// file on disk (a buffer never saved) is loaded as a reported file
	// when it lies below a directory PATH argument and no exclude glob
	// matches it, as the walk would have found it once saved.
	Overlays map[string][]byte
	// OnContext, when set, is called before the context is walked with
	// the absolute directories of the environments and modules whose
	// files will be loaded as context, sorted, leaving out those inside a
	// directory PATH argument (whose files are all reported). It is not
	// called when there are none. A caller can start work that depends
	// only on them (reading a cache) while the tree is walked.
	OnContext func(roots []string)
	// ContextMemo, when set, is called after OnContext with the same
	// roots; the Memo it returns (nil for none) serves what is read from
	// then on: the directories of the context walk, the layout and the Ruby
	// scan, and the Ruby files.
	ContextMemo func(roots []string) Memo
	// Boundary is the part of the file system the run may read for
	// context (see Boundary); nil means NewBoundary of Dir, and Paths with
	// StdinFilename.
	Boundary *Boundary
	// Walked, when set, is called once the walks of the directory PATH
	// arguments are done, with the reported files they read: before
	// those files are placed in the layout and the context is walked,
	// which on a large tree takes one core tens of milliseconds. A caller
	// can start work on their content meanwhile (package engine parses
	// them). Each file is listed with the path File.Path reports it by
	// when that content becomes its Src; a file the Tree holds by another
	// path, or with other content (an overlay), is not that file.
	Walked func([]WalkedFile)
}

// WalkedFile is a reported file a walk read (see Options.Walked).
type WalkedFile struct {
	Path string // as File.Path reports it
	Src  []byte // the content File.Src holds
}

// Tree is everything loaded: the files with their place in the layout,
// the environments and modules they belong to, and the problems met.
type Tree struct {
	// Files are sorted by Path.
	Files []*File
	// Envs are the environments the files belong to, sorted by Dir.
	Envs []*Environment
	// Modules are the modules the files belong to, and every module on
	// the modulepath of a loaded environment, sorted by Dir.
	Modules []*Module
	// Problems are paths that could not be loaded, sorted by Path; loading
	// went on without them.
	Problems []Problem
	// Ambiguities are the environments and modules of the tree whose
	// directory also had signs of the other kind, sorted by Dir.
	Ambiguities []Ambiguity
	// Notices are paths left out on purpose because they lead outside the
	// Boundary, sorted by Path: symbolic links under the link's own path,
	// configuration entries under the path they name.
	Notices []Problem
	// Boundary is the run's boundary.
	Boundary *Boundary
}

// File is one loaded file: Puppet code (.pp or .epp), or a Hiera
// configuration or data file (Role HieraConfig, HieraData).
type File struct {
	// Path is the path to report, with '/' separators: relative to
	// Options.Dir when the file is inside it. Outside it, the path is
	// absolute when a PATH argument (or StdinFilename) outside Options.Dir
	// was typed absolute, else relative ("../"): reported as given. Module
	// and environment directories and the paths of Problems and Ruby
	// definitions follow the same rule.
	Path string
	// AbsPath is the absolute path in the file system.
	AbsPath string
	// Src is the file's content; nil for a context file while loading
	// with Options.DeferContext, until File.Read is called.
	Src []byte
	// Stat identifies the file's version on disk for a deferred context
	// file; zero otherwise.
	Stat Stat
	// Reported is true for files named by the PATH arguments (directly or
	// under a directory argument), false for files loaded only as context.
	Reported bool
	// ContextWhy says why a context file is not reported: it lies outside
	// the PATH arguments, or below one but ignored by git or excluded.
	// "" for a reported file.
	ContextWhy ContextReason
	// Module is the module the file belongs to, nil if none.
	Module *Module
	// Env is the environment the file belongs to, nil if none.
	Env *Environment
	// Role is the file's part in the layout.
	Role Role
	// RelInModule is the path relative to the module directory ('/'
	// separators); for files of an environment outside any module (main
	// manifest, environment-level functions/types/plans) it is relative to
	// the environment directory; "" for files in neither.
	RelInModule string
	// DataFormat is a HieraData file's format (from the backend of the
	// first hierarchy level reaching it).
	DataFormat hiera.Format
	// HieraConfig is, for a HieraData file, the Path of the hiera.yaml
	// whose hierarchy reads it.
	HieraConfig string
	// HieraEveryNode is set for a HieraData file a hierarchy level names
	// by a literal path (common.yaml): every node reads it. Others are
	// read only by nodes whose facts or data make a level's pattern
	// (%{facts.os.family}.yaml) name them.
	HieraEveryNode bool
	// ParsedConfig is, for a HieraConfig file, the configuration loading
	// parsed to find the layer's data files: hiera.ParseConfig of Path,
	// the content loading read (its Syntax.Src) and whether Module is
	// set. Whoever parses the file again from the same content may use it
	// instead; nil when loading did not parse it for this place.
	ParsedConfig *hiera.Config
}

// Module is a Puppet module directory.
type Module struct {
	// Name is the module's real name. On an environment's modulepath it is
	// the directory name, as Puppet names it there; a module outside any
	// environment (a checkout such as puppetlabs-apache/) takes the part
	// after the author in metadata.json's name, else the name its code
	// agrees on (`class nginx` in manifests/init.pp), else the base name
	// of its absolute directory.
	Name string
	// NameFrom says where Name came from.
	NameFrom NameSource
	// Dir is the module directory, relative to Options.Dir, '/' separators.
	Dir string
	// AbsDir is the absolute module directory.
	AbsDir string
	// MetadataName is metadata.json's name as written ("author-name"), or
	// "" when there is no usable metadata.json.
	MetadataName string
	// Env is the environment whose modulepath holds the module, nil if none.
	Env *Environment
	// PuppetFiles is the number of the module's .pp and .epp files loaded
	// (reported or context, deferred or read).
	PuppetFiles int
	// Manifests are the RelInModule paths of the module's manifests/ .pp
	// files among those, unsorted: the names Puppet can autoload from it,
	// known whether or not a file was read.
	Manifests []string
	// RubyTypes are the resource types in lib/puppet/type/*.rb.
	RubyTypes []Defined
	// RubyFunctions are the functions in lib/puppet/functions/**/*.rb
	// (namespaced by directory) and lib/puppet/parser/functions/*.rb.
	RubyFunctions []Defined
	// Facts are the custom facts added with Facter.add in lib/facter/**/*.rb.
	Facts []Defined
	// Dependencies are the modules its metadata.json and .fixtures.yml
	// name.
	Dependencies Dependencies
	// Signs are what made the directory a module (metadata.json,
	// manifests/init.pp, ...); none for a module on a modulepath, which
	// is one by its place.
	Signs []string
}

// ContextReason says why a file loaded as context is not reported.
type ContextReason string

// The reasons a context file is not reported.
const (
	ContextOutside  ContextReason = "outside the paths given"
	ContextIgnored  ContextReason = "ignored by git"
	ContextExcluded ContextReason = "excluded"
)

// NameSource says where a module's name came from.
type NameSource string

// The sources of a module's name.
const (
	// NameFromModulePath: the directory name, on an environment's
	// modulepath, where Puppet names a module by its directory.
	NameFromModulePath NameSource = "modulepath directory"
	// NameFromMetadata: metadata.json's name, without its author.
	NameFromMetadata NameSource = "metadata.json"
	// NameFromCode: the name the module's definitions agree on, for a
	// module checked out on its own without metadata.json.
	NameFromCode NameSource = "code"
	// NameFromDirectory: nothing else names the module; the base name of
	// its absolute directory.
	NameFromDirectory NameSource = "directory"
)

// Environment is a Puppet environment directory.
type Environment struct {
	// Dir is the environment directory, relative to Options.Dir, '/'
	// separators.
	Dir string
	// AbsDir is the absolute environment directory.
	AbsDir string
	// Name is the base name of the absolute directory.
	Name string
	// ManifestPaths are the Paths of the main manifest's files in the
	// order Puppet reads them (sorted path order).
	ManifestPaths []string
	// ModulePath are the modulepath directories that exist, relative to
	// Options.Dir, in precedence order.
	ModulePath []string
	// Modules are the modules on the modulepath, by Name; when two share
	// a name the first on the modulepath wins, as in Puppet.
	Modules map[string]*Module
	// RubyTypes, RubyFunctions and Facts are the environment-level Ruby
	// extensions in the environment's own lib/.
	RubyTypes, RubyFunctions, Facts []Defined
	// Dependencies are the modules its Puppetfile installs.
	Dependencies Dependencies
	// Signs are what made the directory an environment (environment.conf,
	// Puppetfile, manifests/ with modules, ...).
	Signs []string
	// HieraOutside are the data directories its hiera.yaml names that lie
	// outside the Boundary (absolute, or reached through a link leaving
	// it), relative to the environment, sorted: their data was not read.
	HieraOutside []string
}

// Defined is a name defined by Ruby code.
type Defined struct {
	// Name is the defined name (`mod::f` for namespaced functions).
	Name string
	// File is the defining file, relative to Options.Dir, '/' separators.
	File string
	// Line is the 1-based line of a fact's Facter.add. It is 0 for types
	// and functions, which the path names.
	Line int
	// Sets are, for a function, the variables it may set in a Puppet scope
	// (scope['x'] = ..., closure_scope['x'] = ..., scope.setvar('x', ...),
	// compiler.topscope.setvar('x', ...)), without '$' or "::", sorted. A
	// Ruby function's closure_scope is top scope.
	Sets []string
	// Declares are, for a function, the patterns of the classes it
	// declares for its argument ("role::%s"), when its code shows that:
	// call_function('include'|'require'|'contain', 'role::' + name) or
	// function_include(["role::#{name}"]), also through a local variable.
	// Sorted.
	Declares []string
}

// Problem is a path that could not be loaded, or a directory argument
// that holds nothing to lint.
type Problem struct {
	// Path is the PATH argument as typed when the problem is with the
	// argument itself; otherwise the path as File.Path reports paths.
	Path string
	// Err says what went wrong.
	Err error
}

// Error returns "path: reason".
func (p Problem) Error() string { return p.Path + ": " + p.Err.Error() }

// Load walks and reads the files named by opts.Paths, places them in
// Puppet's layout and loads the rest of their environments and modules as
// unreported context. Unreadable, missing, binary or non-regular paths
// become Problems in the Tree; the error is only for unusable options
// (a bad exclude glob, "-" without Stdin or given twice).
func Load(opts Options) (*Tree, error) {
	l, err := newLoader(opts)
	if err != nil {
		return nil, err
	}
	return l.load(opts)
}

// loader holds the state of one Load call.
type loader struct {
	dir      string // absolute working directory
	dirClean bool   // dir is a clean '/'-separated path (see rel)
	// absOutside: report paths outside dir absolute (see rel).
	absOutside bool
	jobs       int
	exclude    *globSet
	stdin      []byte // content for stdinAbs
	stdinAbs   string // "" when stdin is not used or has no file name
	overlays   map[string][]byte

	mu           sync.Mutex
	problems     map[string]Problem // by path+message, deduplicated
	ignores      map[string][]ignoreRule
	dirs         map[string]dirEntries
	memo         Memo              // nil for none; set before the context is walked
	contextKnown bool              // set once the context's roots are known (see entryTest)
	reals        map[string]string // see realDir
	lay          *layout
	deferContext bool
	givenDirs    []string                    // absolute directory PATH arguments
	hiera        map[string]hieraFile        // the Hiera files found, by absolute path
	ignoreStacks map[string]ignoreStackState // see ignoreStack
	bound        *Boundary
	notices      map[string]Problem  // by path
	hieraOutside map[string][]string // see Environment.HieraOutside, by layer directory
	walked       []string            // directory arguments walked (see covered)
	uneven       []string            // where their walks skipped or met links (see covered)
	unevenIndex  unevenIndex         // uneven indexed, for covered
}

func newLoader(opts Options) (*loader, error) {
	dir := opts.Dir
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, fmt.Errorf("working directory: %w", err)
		}
		dir = wd
	}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("working directory: %w", err)
	}
	base := opts.ExcludeBase
	if base == "" {
		base = dir
	} else if !filepath.IsAbs(base) {
		base = filepath.Join(dir, base)
	}
	ex, err := compileGlobs(filepath.Clean(base), opts.Exclude)
	if err != nil {
		return nil, err
	}
	jobs := opts.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	l := &loader{
		dir: dir, dirClean: cleanAbs(dir), jobs: jobs, exclude: ex,
		absOutside:   typedAbsoluteOutside(dir, append(slices.Clone(opts.Paths), opts.StdinFilename)),
		problems:     map[string]Problem{},
		ignores:      map[string][]ignoreRule{},
		dirs:         map[string]dirEntries{},
		reals:        map[string]string{},
		deferContext: opts.DeferContext,
		overlays:     opts.Overlays,
		hiera:        map[string]hieraFile{},
		ignoreStacks: map[string]ignoreStackState{},
		bound:        opts.Boundary,
		notices:      map[string]Problem{},
		hieraOutside: map[string][]string{},
	}
	if l.bound == nil {
		paths := opts.Paths
		if len(paths) == 0 {
			paths = []string{"."}
		}
		if opts.StdinFilename != "" {
			paths = append(slices.Clone(paths), opts.StdinFilename)
		}
		l.bound = NewBoundary(dir, paths)
	}
	l.lay = newLayout(l)
	return l, nil
}

// rel returns the path to report for abs, with '/' separators: relative
// to the working directory when abs is inside it. A path outside it is
// reported the way the command line reaches outside: absolute when a PATH
// argument (or --stdin-filename) outside the working directory was typed
// absolute, else relative ("../"). Rewriting "/srv/ctl/site.pp" run from
// /home/me as "../../srv/ctl/site.pp" named a file the user never typed.
func (l *loader) rel(abs string) string {
	if rest, ok := strings.CutPrefix(abs, l.dir); ok && len(rest) > 1 && rest[0] == '/' && l.dirClean && cleanAbs(abs) {
		// What filepath.Rel returns for a clean path below a clean
		// directory, without cleaning both again: every file of a tree
		// is reported by its path.
		return rest[1:]
	}
	r, err := filepath.Rel(l.dir, abs)
	if err != nil || (l.absOutside && escapes(r)) {
		return filepath.ToSlash(abs)
	}
	return filepath.ToSlash(r)
}

// escapes reports whether a relative path leads out of its base directory.
func escapes(rel string) bool {
	return rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// typedAbsoluteOutside reports whether one of the paths typed on the
// command line is absolute and outside dir.
func typedAbsoluteOutside(dir string, typed []string) bool {
	for _, p := range typed {
		if p == "-" || !filepath.IsAbs(p) {
			continue
		}
		if r, err := filepath.Rel(dir, filepath.Clean(p)); err != nil || escapes(r) {
			return true
		}
	}
	return false
}

// problem records a Problem for abs.
func (l *loader) problem(abs string, err error) {
	l.addProblem(Problem{Path: l.rel(abs), Err: err})
}

// argProblem records a Problem for a PATH argument, under the path as the
// user typed it: that is what they look for in the output.
func (l *loader) argProblem(typed string, err error) {
	l.addProblem(Problem{Path: typed, Err: err})
}

func (l *loader) addProblem(p Problem) {
	l.mu.Lock()
	l.problems[p.Path+"\x00"+p.Err.Error()] = p
	l.mu.Unlock()
}

// errNoPuppetFiles is the Problem of a directory argument with nothing to
// lint: a run that checks nothing must not pass for a clean one.
var errNoPuppetFiles = errors.New("no .pp or .epp files to lint in this directory (.gitignore files and exclude globs apply)")

// pathError strips the operation and path from an *os.PathError: the
// Problem already carries the path.
func pathError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func (l *loader) load(opts Options) (*Tree, error) {
	paths := opts.Paths
	if len(paths) == 0 {
		paths = []string{"."}
	}
	var given []candidate
	var givenDirs []string
	stdinSeen := false
	for _, p := range paths {
		if p == "-" {
			if stdinSeen {
				return nil, errors.New(`"-" (stdin) given more than once`)
			}
			stdinSeen = true
			c, err := l.readStdin(opts)
			if err != nil {
				return nil, err
			}
			given = append(given, c)
			continue
		}
		abs := p
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(l.dir, abs)
		}
		abs = filepath.Clean(abs)
		fi, err := os.Stat(abs)
		if err != nil {
			if li, lerr := os.Lstat(abs); lerr == nil && li.Mode()&fs.ModeSymlink != 0 {
				l.argProblem(p, linkProblem(abs, err))
			} else if os.IsNotExist(err) {
				l.argProblem(p, errors.New("no such file or directory"))
			} else {
				l.argProblem(p, pathError(err))
			}
			continue
		}
		if fi.IsDir() {
			givenDirs = append(givenDirs, abs)
			found := l.walk(abs, walkReported)
			if len(found) == 0 {
				l.argProblem(p, errNoPuppetFiles)
			}
			given = append(given, found...)
			continue
		}
		if l.exclude.excluded(abs) {
			continue
		}
		if !fi.Mode().IsRegular() {
			l.argProblem(p, notRegular(fi.Mode()))
			continue
		}
		given = append(given, candidate{abs: abs, real: realPath(abs), reported: true, typed: p})
	}

	if opts.Walked != nil {
		var walked []WalkedFile
		for _, c := range given {
			if c.reported && c.abs != "" && c.pre != nil && c.pre.err == nil {
				walked = append(walked, WalkedFile{Path: l.rel(c.abs), Src: c.pre.src})
			}
		}
		opts.Walked(walked)
	}

	given = append(given, l.unsaved(givenDirs)...)
	l.givenDirs = givenDirs

	// Load the environments and modules of the given files as context.
	var envs []*Environment
	var mods []*Module
	seen := map[*Environment]bool{}
	seenMod := map[*Module]bool{}
	for _, c := range given {
		if c.abs == "" {
			continue
		}
		env, mod := l.lay.place(c.abs)
		if env != nil && !seen[env] {
			seen[env] = true
			envs = append(envs, env)
		}
		// A module off the modulepath is loaded on its own.
		if mod != nil && mod.Env == nil && !seenMod[mod] {
			seenMod[mod] = true
			mods = append(mods, mod)
		}
	}
	var roots []string
	for _, e := range envs {
		roots = append(roots, l.lay.envInfo(e).dir)
	}
	for _, m := range mods {
		l.lay.mu.Lock()
		roots = append(roots, l.lay.abs[m])
		l.lay.mu.Unlock()
	}
	roots = slices.DeleteFunc(roots, func(r string) bool {
		return slices.ContainsFunc(givenDirs, func(d string) bool { return under(d, r) })
	})
	slices.Sort(roots)
	l.contextKnown = true
	if opts.OnContext != nil && len(roots) > 0 {
		opts.OnContext(roots)
	}
	if opts.ContextMemo != nil && len(roots) > 0 {
		l.memo = opts.ContextMemo(roots)
	}
	all := given
	for _, e := range envs {
		all = append(all, l.envContext(e)...)
	}
	for _, m := range mods {
		all = append(all, l.moduleContext(m)...)
	}

	files := l.read(dedupe(all))
	return l.assemble(files), nil
}

// unsaved returns the overlays of Puppet files that do not exist on disk
// and lie below one of dirs, as reported candidates, in path order.
func (l *loader) unsaved(dirs []string) []candidate {
	var out []candidate
	for _, abs := range slices.Sorted(maps.Keys(l.overlays)) {
		if ext := filepath.Ext(abs); ext != ".pp" && ext != ".epp" || !filepath.IsAbs(abs) {
			continue
		}
		abs = filepath.Clean(abs)
		if _, err := os.Lstat(abs); err == nil || l.exclude.excluded(abs) ||
			!slices.ContainsFunc(dirs, func(d string) bool { return under(d, abs) }) {
			continue
		}
		out = append(out, candidate{abs: abs, real: realPath(abs), reported: true})
	}
	return out
}

// readStdin reads the stdin file and records its overlay.
func (l *loader) readStdin(opts Options) (candidate, error) {
	if opts.Stdin == nil {
		return candidate{}, errors.New(`"-" given but no standard input`)
	}
	src, err := io.ReadAll(opts.Stdin)
	if err != nil {
		return candidate{}, fmt.Errorf("reading standard input: %w", err)
	}
	l.stdin = src
	if opts.StdinFilename == "" {
		return candidate{abs: "", reported: true, stdin: true}, nil
	}
	abs := opts.StdinFilename
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(l.dir, abs)
	}
	abs = filepath.Clean(abs)
	l.stdinAbs = abs
	return candidate{abs: abs, real: realPath(abs), reported: true, stdin: true}, nil
}

// candidate is a file found by walking or named on the command line.
type candidate struct {
	abs      string // path as reached ("" for unnamed stdin)
	real     string // path with symlinks resolved, the identity of the file
	reported bool
	viaLink  bool // reached through a symbolic link
	stdin    bool
	typed    string   // the PATH argument as typed, for a file named by one
	pre      *preread // what the walk read of the file, if it did (see readsOnWalk)
}

// preread is what readSource gave for a file the walk read.
type preread struct {
	src []byte
	err error
}

// realPath resolves symlinks in abs, or returns abs when that fails (for
// instance for a stdin file name that does not exist on disk).
func realPath(abs string) string {
	r, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return abs
	}
	return r
}

// dedupe merges candidates that are the same file, keeping the best path
// for it: a reported one, then one not through a symlink, then the
// shortest, then the smallest. The result does not depend on the order of
// the input.
func dedupe(cs []candidate) []candidate {
	byReal := make(map[string]candidate, len(cs))
	keys := make([]string, 0, len(cs))
	for _, c := range cs {
		key := c.real
		if c.abs == "" {
			key = "\x00stdin"
		}
		old, ok := byReal[key]
		if !ok {
			byReal[key] = c
			keys = append(keys, key)
			continue
		}
		best := old
		if better(c, old) {
			best = c
		}
		best.reported = old.reported || c.reported
		best.stdin = old.stdin || c.stdin
		best.typed = minNonEmpty(old.typed, c.typed)
		byReal[key] = best
	}
	slices.Sort(keys)
	out := make([]candidate, 0, len(keys))
	for _, k := range keys {
		out = append(out, byReal[k])
	}
	return out
}

// minNonEmpty returns the smaller of a and b that is not empty, or "".
func minNonEmpty(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return min(a, b)
}

func better(a, b candidate) bool {
	if a.reported != b.reported {
		return a.reported
	}
	if a.viaLink != b.viaLink {
		return !a.viaLink
	}
	if len(a.abs) != len(b.abs) {
		return len(a.abs) < len(b.abs)
	}
	return a.abs < b.abs
}

// assemble places the read files in the layout and builds the Tree.
func (l *loader) assemble(files []*File) *Tree {
	t := &Tree{}
	envs := map[*Environment]bool{}
	mods := map[*Module]bool{}
	for _, f := range files {
		if f.AbsPath != "" {
			l.lay.classify(f)
			l.classifyHiera(f)
			if !f.Role.IsHiera() && isDataFile(f.AbsPath) {
				// A YAML or JSON file no layer's hierarchy reads (given
				// on its own, as pre-commit passes the files of data
				// directories): nothing of Puppet's, so nothing to lint.
				continue
			}
		}
		if !f.Reported && f.AbsPath != "" {
			f.ContextWhy = l.contextReason(f.AbsPath)
		}
		if f.Env != nil {
			envs[f.Env] = true
		}
		if f.Module != nil {
			mods[f.Module] = true
			f.Module.PuppetFiles++
			if f.Role == ModuleManifest {
				f.Module.Manifests = append(f.Module.Manifests, f.RelInModule)
			}
		}
		t.Files = append(t.Files, f)
	}
	for e := range envs {
		for _, m := range e.Modules {
			mods[m] = true
		}
		l.scanEnvRuby(e)
		e.HieraOutside = l.hieraOutside[l.lay.envInfo(e).dir]
		e.Dependencies = l.readDependencies(l.lay.envInfo(e).dir)
		l.readContainerPin(l.lay.envInfo(e).dir, &e.Dependencies)
		t.Envs = append(t.Envs, e)
	}
	for m := range mods {
		if m.Env != nil && !envs[m.Env] {
			envs[m.Env] = true
			m.Env.Dependencies = l.readDependencies(l.lay.envInfo(m.Env).dir)
			l.readContainerPin(l.lay.envInfo(m.Env).dir, &m.Env.Dependencies)
			t.Envs = append(t.Envs, m.Env)
		}
		t.Modules = append(t.Modules, m)
	}
	l.scanModulesRuby(t.Modules)
	slices.SortFunc(t.Files, func(a, b *File) int { return strings.Compare(a.Path, b.Path) })
	slices.SortFunc(t.Envs, func(a, b *Environment) int { return strings.Compare(a.Dir, b.Dir) })
	slices.SortFunc(t.Modules, func(a, b *Module) int { return strings.Compare(a.Dir, b.Dir) })

	// The main manifest in Puppet's order: sorted absolute paths.
	main := map[*Environment][]*File{}
	for _, f := range t.Files {
		if f.Role == MainManifest && f.Env != nil {
			main[f.Env] = append(main[f.Env], f)
		}
	}
	for e, fs := range main {
		slices.SortFunc(fs, func(a, b *File) int { return strings.Compare(a.AbsPath, b.AbsPath) })
		for _, f := range fs {
			e.ManifestPaths = append(e.ManifestPaths, f.Path)
		}
	}

	l.lay.mu.Lock()
	for _, e := range t.Envs {
		if a, ok := l.lay.ambiguities[e.AbsDir]; ok {
			t.Ambiguities = append(t.Ambiguities, a)
		}
	}
	for _, m := range t.Modules {
		if a, ok := l.lay.ambiguities[m.AbsDir]; ok {
			t.Ambiguities = append(t.Ambiguities, a)
		}
	}
	l.lay.mu.Unlock()
	slices.SortFunc(t.Ambiguities, func(a, b Ambiguity) int { return strings.Compare(a.Dir, b.Dir) })

	l.mu.Lock()
	for _, p := range l.problems {
		t.Problems = append(t.Problems, p)
	}
	for _, p := range l.notices {
		t.Notices = append(t.Notices, p)
	}
	l.mu.Unlock()
	slices.SortFunc(t.Notices, func(a, b Problem) int { return strings.Compare(a.Path, b.Path) })
	t.Boundary = l.bound
	slices.SortFunc(t.Problems, func(a, b Problem) int {
		if c := strings.Compare(a.Path, b.Path); c != 0 {
			return c
		}
		return strings.Compare(a.Err.Error(), b.Err.Error())
	})
	return t
}

// contextReason says why the context file at abs is not reported.
func (l *loader) contextReason(abs string) ContextReason {
	if !slices.ContainsFunc(l.givenDirs, func(d string) bool { return under(d, abs) }) {
		return ContextOutside
	}
	if l.exclude.excluded(abs) {
		return ContextExcluded
	}
	return ContextIgnored
}

// isDataFile reports whether the file at path has the extension of a
// Hiera configuration or data file: .yaml, .yml, .json or .eyaml.
func isDataFile(path string) bool {
	switch filepath.Ext(path) {
	case ".yaml", ".yml", ".json", ".eyaml":
		return true
	}
	return false
}
