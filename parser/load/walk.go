package load

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/ducklint/ducklint/internal/par"
)

// walkSpec says how a directory tree is walked.
type walkSpec struct {
	reported  bool   // mark the files found as reported
	gitignore bool   // honour .gitignore files
	exts      extSet // file name extensions to collect
	flat      bool   // do not descend into subdirectories
}

// extSet is a set of file name extensions.
type extSet uint8

const (
	extPP extSet = 1 << iota
	extEPP
	extRB
)

// The walks Load makes.
const (
	// walkReported walks a directory argument.
	walkReported = iota
	// walkContext walks a module code directory for context.
	walkContext
	// walkMain walks a main manifest or environment code directory.
	walkMain
	// walkRuby walks a Ruby lib directory.
	walkRuby
	// walkRubyFlat lists one Ruby lib directory.
	walkRubyFlat
)

// specOf returns the walkSpec of one of the walks above.
func specOf(walk int) walkSpec {
	switch walk {
	case walkReported:
		return walkSpec{reported: true, gitignore: true, exts: extPP | extEPP}
	case walkContext:
		return walkSpec{exts: extPP | extEPP}
	case walkMain:
		return walkSpec{exts: extPP}
	case walkRuby:
		return walkSpec{exts: extRB}
	default:
		return walkSpec{exts: extRB, flat: true}
	}
}

// wants reports whether a file named name is collected.
func (s walkSpec) wants(name string) bool {
	ext := filepath.Ext(name)
	if len(name) == len(ext) {
		return false // ".pp" alone is a hidden file, not a manifest
	}
	switch ext {
	case ".pp":
		return s.exts&extPP != 0
	case ".epp":
		return s.exts&extEPP != 0
	case ".rb":
		return s.exts&extRB != 0
	}
	return false
}

// dirReadsPerJob is how many directories are read at once per job. Reading
// a directory is almost all system calls (open, getdents, close), and with
// one walker per job the cores sat idle a third of the walk, between one
// call and the next; four per job walked a large control repo's 4,500
// directories in 49 ms instead of 59 (median of 12), for the same CPU time.
const dirReadsPerJob = 4

// walker walks one directory tree, in parallel.
type walker struct {
	l    *loader
	spec walkSpec
	sem  chan struct{}
	wg   par.Group // a panic in a directory's goroutine reaches the caller

	mu      sync.Mutex
	out     []candidate
	visited map[string]bool // real paths of the directories walked
	links   []dirLink       // symlinked directories met, walked later
	// uneven are the paths where the walk of a context walk would go
	// otherwise (see covered): entries it skipped, symbolic links to
	// directories, directories it could not list.
	uneven []string
}

// dirLink is a symbolic link to a directory, met while walking.
type dirLink struct {
	path, real string
	parentReal string     // real path of the directory holding the link
	ign        dirIgnores // what .gitignore files say about its entries
}

// walk collects the files under root (an existing directory). Exclude
// globs apply to the walk of reported files; .git directories are always
// skipped; .gitignore
// files apply when spec says so, including those of root's ancestors up
// to the enclosing git work tree. Subdirectories are walked in parallel,
// at most dirReadsPerJob*l.jobs at once.
func (l *loader) walk(root string, walk int) []candidate {
	spec := specOf(walk)
	root = filepath.Clean(root) // paths below it are joined without cleaning
	if spec.reported && l.exclude.excluded(root) {
		return nil
	}
	rootReal := l.realDir(root)
	if !l.bound.containsReal(rootReal) {
		l.outsideNotice(root) // a modulepath or manifest directory named, or linked, outside
		return nil
	}
	w := &walker{l: l, spec: spec, sem: make(chan struct{}, dirReadsPerJob*l.jobs), visited: map[string]bool{}}
	var ign dirIgnores
	if spec.gitignore {
		ign = l.ancestorIgnores(root).forDir(root)
	}
	w.dir(root, rootReal, w.open(noDir, root, root), ign, false)
	w.wg.Wait()
	// Symlinked directories are followed after the plain tree, one at a
	// time in path order, so that which path reaches a directory first —
	// and is kept — does not depend on scheduling. A directory already
	// walked is not walked again, and a link to its own ancestor (a loop,
	// such as spec/fixtures/modules/<name> pointing back at the module) is
	// not followed. Neither is a Problem: nothing is lost.
	for len(w.links) > 0 {
		links := w.links
		w.links = nil
		slices.SortFunc(links, func(a, b dirLink) int { return strings.Compare(a.path, b.path) })
		for _, ln := range links {
			switch {
			case under(ln.real, ln.parentReal), w.visited[ln.real]:
				// A loop, or reached already through another path.
			default:
				w.dir(ln.path, ln.real, w.open(noDir, ln.path, ln.path), ln.ign, true)
				w.wg.Wait()
			}
		}
	}
	if spec.reported {
		l.mu.Lock()
		l.walked = append(l.walked, root)
		l.uneven = append(l.uneven, w.uneven...)
		l.mu.Unlock()
	}
	return w.out
}

// contextWalk is walk for a walk of context (walkContext or walkMain)
// from root, returning nothing when the walks of directory arguments
// found every file it would (see covered).
func (l *loader) contextWalk(root string, walk int) []candidate {
	if l.covered(filepath.Clean(root)) {
		return nil
	}
	return l.walk(root, walk)
}

// covered reports whether the walk of a directory argument went through
// every directory below root exactly as a walk of context from root
// would: root lies below it, not inside a .git directory, and at no path
// below root or above it did that walk skip an entry (by .gitignore or
// an exclude glob), meet a symbolic link to a directory (which a walk
// follows only once) or fail to list a directory. A context walk there
// would find only files the argument's walk found, and report, already,
// and meet the same problems; a large tree walked it all again.
func (l *loader) covered(root string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	inside := false
	for _, g := range l.walked {
		if rel, ok := relUnder(g, root); root == g || ok && !slices.Contains(strings.Split(rel, "/"), ".git") {
			inside = true
			break
		}
	}
	if !inside {
		return false
	}
	if len(l.unevenIndex.sorted) != len(l.uneven) {
		l.unevenIndex = newUnevenIndex(l.uneven)
	}
	return !l.unevenIndex.near(root)
}

// unevenIndex holds the paths where walks were uneven, so that covered
// finds those below or above a root in steps of the root's depth and the
// logarithm of their number, not one step for each: a monorepo's walk
// skips thousands of paths and covered is asked for each of its modules.
type unevenIndex struct {
	sorted  []string            // the paths, in byte order
	trimmed map[string]struct{} // the paths without a trailing separator
}

func newUnevenIndex(paths []string) unevenIndex {
	x := unevenIndex{sorted: slices.Sorted(slices.Values(paths)), trimmed: make(map[string]struct{}, len(paths))}
	for _, p := range paths {
		x.trimmed[strings.TrimSuffix(p, string(filepath.Separator))] = struct{}{}
	}
	return x
}

// near reports whether one of the paths p is root, lies below it or above
// it: under(p, root) || under(root, p).
func (x *unevenIndex) near(root string) bool {
	// Root itself, or below it: the paths that start with root and a
	// separator sort together, from the first not before that prefix.
	if _, found := slices.BinarySearch(x.sorted, root); found {
		return true
	}
	prefix := strings.TrimSuffix(root, string(filepath.Separator)) + string(filepath.Separator)
	if i, _ := slices.BinarySearch(x.sorted, prefix); i < len(x.sorted) && strings.HasPrefix(x.sorted[i], prefix) {
		return true
	}
	// Above root: a path that, without a trailing separator, is root cut
	// just before one of its separators.
	for k := range len(root) {
		if root[k] == filepath.Separator {
			if _, ok := x.trimmed[root[:k]]; ok {
				return true
			}
		}
	}
	return false
}

// unevenAt notes a path where the walk differs from a walk of context.
func (w *walker) unevenAt(path string) {
	if !w.spec.reported {
		return
	}
	w.mu.Lock()
	w.uneven = append(w.uneven, path)
	w.mu.Unlock()
}

// ancestorIgnores returns the .gitignore levels of root's ancestors, from
// the top of its git work tree (the nearest ancestor holding .git) down
// to root's parent. Outside a git work tree there are none.
func (l *loader) ancestorIgnores(root string) *ignoreLevel {
	if _, err := os.Lstat(filepath.Join(root, ".git")); err == nil {
		return nil // root is the top of its work tree
	}
	var dirs []string
	top := ""
	for d := filepath.Dir(root); ; d = filepath.Dir(d) {
		dirs = append(dirs, d)
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			top = d
			break
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	if top == "" {
		return nil
	}
	var ign *ignoreLevel
	for i := len(dirs) - 1; i >= 0; i-- {
		ign = ign.push(dirs[i], l.ignoreRules(dirs[i]))
	}
	return ign
}

// ignoreRules reads and caches dir's .gitignore.
func (l *loader) ignoreRules(dir string) []ignoreRule {
	l.mu.Lock()
	rules, ok := l.ignores[dir]
	l.mu.Unlock()
	if ok {
		return rules
	}
	var err error
	if ign := filepath.Join(dir, ".gitignore"); l.exists(ign, false) && l.inside(ign) {
		rules, err = readIgnoreFile(dir)
	}
	if err != nil {
		l.problem(filepath.Join(dir, ".gitignore"), fmt.Errorf("cannot read .gitignore: %w", pathError(err)))
	}
	l.mu.Lock()
	l.ignores[dir] = rules
	l.mu.Unlock()
	return rules
}

func (w *walker) add(c candidate) {
	w.mu.Lock()
	w.out = append(w.out, c)
	w.mu.Unlock()
}

// open opens the directory name of parent (at path abs) for the walk to
// list, unless its listing will come from the memo or, for a walk of
// context, is known already (a directory argument's walk comes first and
// finds next to nothing listed: it does not ask).
func (w *walker) open(parent dirHandle, name, abs string) dirHandle {
	if w.l.memo != nil || !w.spec.reported && w.l.listed(abs) {
		return noDir
	}
	return openDirAt(parent, name, abs)
}

// dir walks the directory abs, whose real path is real, and closes h, an
// open handle of it or noDir. Subdirectories are walked in parallel;
// symlinked ones are queued in w.links. ign is what the .gitignore files
// above abs say about its entries. linked says abs was reached through a
// symlinked directory.
func (w *walker) dir(abs, real string, h dirHandle, ign dirIgnores, linked bool) {
	defer h.close()
	w.mu.Lock()
	w.visited[real] = true
	w.mu.Unlock()
	entries, err := w.l.readDirFrom(abs, h)
	if err != nil {
		w.unevenAt(abs)
		w.l.problem(abs, fmt.Errorf("cannot read directory: %w", pathError(err)))
		return
	}
	if w.spec.gitignore {
		for _, e := range entries {
			if e.Name == ".gitignore" {
				ign = ign.push(w.l.ignoreRules(abs))
				break
			}
		}
	}
	skipped := func(path, name string, isDir bool) bool {
		// Exclude globs say what is reported; context is walked whole.
		if w.spec.reported && w.l.exclude.excluded(path) || ign.ignored(name, isDir) {
			w.unevenAt(path)
			return true
		}
		return false
	}
	// A regular file of a directory inside the boundary is inside it.
	reads := h != noDir && w.spec.reported && w.l.bound.containsReal(real)
	for _, e := range entries {
		name := e.Name
		if e.Type&(fs.ModeDir|fs.ModeSymlink) == 0 && !w.spec.wants(name) {
			continue // most entries of a tree: no path is built for them
		}
		// Both directories are clean and name holds no separator:
		// concatenating is filepath.Join without its Clean.
		path := joinName(abs, name)
		mode := e.Type
		viaLink := linked
		entryReal := joinName(real, name)
		isLink := mode&fs.ModeSymlink != 0
		if isLink {
			fi, err := os.Stat(path)
			if err != nil {
				// Only a link named like a wanted file matters. A dangling
				// link to a directory elsewhere (control repos link keys
				// and secrets from /etc) cannot be known to hold Puppet
				// code, and failing every run over it would lose nothing
				// but the user's patience.
				if !w.spec.wants(name) || skipped(path, name, false) {
					continue
				}
				w.l.problem(path, linkProblem(path, err))
				continue
			}
			entryReal = realPath(path)
			if !w.l.bound.containsReal(entryReal) {
				// Followed, it would read (and print, and with --fix
				// write) what the tree does not hold.
				isDir := fi.IsDir()
				if (isDir && name != ".git" && !w.spec.flat || !isDir && w.spec.wants(name)) && !skipped(path, name, isDir) {
					w.l.notice(path, errLinkOutside)
				}
				continue
			}
			mode = fi.Mode().Type()
			viaLink = true
			if mode.IsDir() {
				w.unevenAt(path)
			}
		}
		switch {
		case mode.IsDir():
			if name == ".git" || w.spec.flat || skipped(path, name, true) {
				continue
			}
			if isLink {
				w.mu.Lock()
				w.links = append(w.links, dirLink{path: path, real: entryReal, parentReal: real, ign: ign.descend(name)})
				w.mu.Unlock()
				continue
			}
			sub := ign.descend(name)
			sh := w.open(h, name, path)
			select {
			case w.sem <- struct{}{}:
				w.wg.Go(func() {
					defer func() { <-w.sem }()
					w.dir(path, entryReal, sh, sub, linked)
				})
			default:
				w.dir(path, entryReal, sh, sub, linked)
			}
		case mode.IsRegular():
			if !w.spec.wants(name) || skipped(path, name, false) {
				continue
			}
			c := candidate{abs: path, real: entryReal, reported: w.spec.reported, viaLink: viaLink}
			if reads && !isLink && w.l.readsOnWalk(c) {
				src, err := readSourceAt(h, name, path)
				c.pre = &preread{src: src, err: err}
			}
			w.add(c)
		default:
			if !w.spec.wants(name) || skipped(path, name, false) {
				continue
			}
			w.l.problem(path, notRegular(mode))
		}
	}
}

// dirEntries is the cached result of reading a directory.
type dirEntries struct {
	entries []DirEntry
	err     error
}

// readDir reads a directory once per Load: the context walks often cover
// directories that a PATH argument's walk has read already.
func (l *loader) readDir(abs string) ([]DirEntry, error) { return l.readDirFrom(abs, noDir) }

// readDirFrom is readDir, listing h, an open handle of abs, when it is
// not noDir and the listing is not known yet.
func (l *loader) readDirFrom(abs string, h dirHandle) ([]DirEntry, error) {
	l.mu.Lock()
	d, ok := l.dirs[abs]
	l.mu.Unlock()
	if ok {
		return d.entries, d.err
	}
	if h != noDir {
		d.entries, d.err = h.list(abs)
	} else {
		d.entries, d.err = l.listDir(abs)
	}
	l.mu.Lock()
	l.dirs[abs] = d
	l.mu.Unlock()
	return d.entries, d.err
}

// listed reports whether the listing of abs is known.
func (l *loader) listed(abs string) bool {
	l.mu.Lock()
	_, ok := l.dirs[abs]
	l.mu.Unlock()
	return ok
}

// exists reports whether path is a directory (dir) or a regular file
// (!dir), following symlinks. Walking a tree lists nearly every directory
// the layout and the Ruby scan ask about afterwards, so the answer usually
// comes from a listing (see lstatType): their stats were 1,900 system
// calls on 45 public repositories.
func (l *loader) exists(path string, dir bool) bool {
	mode, err := l.lstatType(path)
	return err == nil && typeIs(mode, path, dir)
}

// lstatType returns the type bits of path, not following a final symlink:
// from its parent's listing when that was read without error, else with
// an lstat.
func (l *loader) lstatType(path string) (fs.FileMode, error) {
	l.mu.Lock()
	parent, ok := l.dirs[parentDir(path)]
	l.mu.Unlock()
	if !ok || parent.err != nil {
		fi, err := os.Lstat(path)
		if err != nil {
			return 0, err
		}
		return fi.Mode().Type(), nil
	}
	if mode, found := findEntry(parent.entries, filepath.Base(path)); found {
		return mode, nil
	}
	return 0, fs.ErrNotExist
}

// findEntry returns the type of the entry called name in a sorted listing.
func findEntry(entries []DirEntry, name string) (fs.FileMode, bool) {
	i, found := slices.BinarySearchFunc(entries, name, func(e DirEntry, name string) int { return strings.Compare(e.Name, name) })
	if !found {
		return 0, false
	}
	return entries[i].Type, true
}

// entryIs reports whether the listing of directory d has a directory (dir)
// or regular file (!dir) called name.
func entryIs(entries []DirEntry, d, name string, dir bool) bool {
	mode, found := findEntry(entries, name)
	return found && typeIs(mode, filepath.Join(d, name), dir)
}

// typeIs reports whether an entry of type mode at path is a directory (dir)
// or a regular file (!dir), following a symlink with a stat.
func typeIs(mode fs.FileMode, path string, dir bool) bool {
	switch {
	case mode&fs.ModeSymlink != 0:
		return statIs(path, dir)
	case dir:
		return mode.IsDir()
	}
	return mode.IsRegular()
}

// statIs reports whether path is a directory (dir) or a regular file
// (!dir), following symlinks.
func statIs(path string, dir bool) bool {
	if dir {
		return isDir(path)
	}
	return isFile(path)
}

// absent reports whether nothing is called path: its lstat finds no such
// entry (where the file system ignores case, no entry of any case).
func absent(path string) bool {
	_, err := os.Lstat(path)
	return errors.Is(err, fs.ErrNotExist)
}

// parentDir is filepath.Dir without its allocation for a clean absolute
// path on a system whose separator is '/': the layout asks for the
// parents of every directory of a tree, and filepath.Dir copies each one
// to clean it.
func parentDir(p string) string {
	if filepath.Separator != '/' || !cleanAbs(p) {
		return filepath.Dir(p)
	}
	return parentOfClean(p)
}

// parentOfClean is parentDir for a path cleanAbs accepts.
func parentOfClean(p string) string {
	i := strings.LastIndexByte(p, '/')
	if i <= 0 {
		return "/"
	}
	return p[:i]
}

// cleanAbs reports whether p is an absolute '/'-separated path that
// filepath.Clean leaves as it is, other than the root: no empty, "." or
// ".." component, no trailing separator.
func cleanAbs(p string) bool {
	if len(p) < 2 || p[0] != '/' {
		return false
	}
	start := 1
	for i := 1; i <= len(p); i++ {
		if i < len(p) && p[i] != '/' {
			continue
		}
		switch p[start:i] {
		case "", ".", "..":
			return false
		}
		start = i + 1
	}
	return true
}

// joinName joins a clean directory path and the name of an entry in it.
func joinName(dir, name string) string {
	if strings.HasSuffix(dir, string(filepath.Separator)) {
		return dir + name // the root
	}
	return dir + string(filepath.Separator) + name
}

// linkProblem describes why the symbolic link at path cannot be followed,
// given the error of following it: its target does not exist, it is part
// of a loop of links, or something else went wrong.
func linkProblem(path string, err error) error {
	switch {
	case isLinkLoop(err):
		return errors.New("symbolic link loop")
	case errors.Is(err, fs.ErrNotExist):
		return brokenLink(path)
	}
	return fmt.Errorf("cannot follow symbolic link: %w", pathError(err))
}

// brokenLink describes a symbolic link whose target does not exist.
func brokenLink(path string) error {
	target, err := os.Readlink(path)
	if err != nil {
		return errors.New("broken symbolic link")
	}
	return fmt.Errorf("broken symbolic link to %s", target)
}

// notRegular describes a path that is neither a regular file nor a
// directory.
func notRegular(mode fs.FileMode) error {
	kind := "special file"
	switch {
	case mode&fs.ModeNamedPipe != 0:
		kind = "named pipe"
	case mode&fs.ModeSocket != 0:
		kind = "socket"
	case mode&fs.ModeCharDevice != 0:
		kind = "character device"
	case mode&fs.ModeDevice != 0:
		kind = "device"
	}
	return fmt.Errorf("not a regular file (%s); not read", kind)
}

// realDir returns the directory abs with symbolic links resolved, like
// realPath, remembering every directory resolved: a tree's walks start in
// hundreds of directories below the same few ancestors, and resolving each
// from the root again was an lstat per path element per walk.
func (l *loader) realDir(abs string) string {
	l.mu.Lock()
	r, ok := l.reals[abs]
	l.mu.Unlock()
	if ok {
		return r
	}
	parent := filepath.Dir(abs)
	mode, err := l.lstatType(abs)
	switch {
	case parent == abs:
		r = abs
	case err != nil || mode&fs.ModeSymlink != 0:
		r = realPath(abs)
	default:
		r = filepath.Join(l.realDir(parent), filepath.Base(abs))
	}
	l.mu.Lock()
	l.reals[abs] = r
	l.mu.Unlock()
	return r
}

// isDir reports whether path is a directory, following symlinks.
func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// isFile reports whether path is a regular file, following symlinks.
func isFile(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.Mode().IsRegular()
}

// under reports whether abs is dir or lies below it.
func under(dir, abs string) bool {
	if abs == dir {
		return true
	}
	rest, ok := strings.CutPrefix(abs, strings.TrimSuffix(dir, string(filepath.Separator)))
	return ok && rest != "" && rest[0] == filepath.Separator
}
