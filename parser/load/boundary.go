package load

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// Boundary is the part of the file system a run may read for context and
// write to: the (outermost) git work trees holding the PATH arguments, or, for an
// argument outside any git work tree, the directory given (for a file, the
// working directory when the file lies below it, else the file's
// directory). A repository controls its file names, symbolic links and
// configuration, and none of them may lead a run outside its boundary:
//
//   - a symbolic link met while walking is followed only when its target
//     resolves inside; otherwise it is skipped and reported as a Notice
//     under the link's own path;
//   - context (main manifest, modulepath, metadata.json, Hiera
//     configuration and data, dependency files, Ruby extensions, and files
//     that configuration names) is read only inside;
//   - fixes are written only to regular files inside, never through a
//     link that leaves it (see Writable).
//
// Files named on the command line are the user's choice and are read
// wherever they point.
//
// Paths are compared once symbolic links are resolved, so a link that
// leaves the boundary and comes back resolves inside. A Boundary is safe
// for concurrent use.
type Boundary struct {
	mu    sync.Mutex
	roots []string // real absolute directories, sorted
	// loose are the directories named, or holding the files named,
	// outside any git work tree: the environment or module each belongs
	// to joins the boundary when loading places it (see widen).
	loose []string
	// widened are the layer directories widen has added, as given: each
	// is resolved once.
	widened map[string]bool
}

// NewBoundary returns the boundary of a run over paths (absolute, or
// relative to dir; "-" is skipped, and no paths means dir).
func NewBoundary(dir string, paths []string) *Boundary {
	if len(paths) == 0 {
		paths = []string{"."}
	}
	b := &Boundary{}
	tops := map[string]string{} // gitTop by directory: a hook passes many files of few directories
	for _, p := range paths {
		if p == "-" {
			continue
		}
		abs := p
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(dir, abs)
		}
		abs = filepath.Clean(abs)
		fi, err := os.Stat(abs)
		isDir := err == nil && fi.IsDir()
		start := abs
		if !isDir {
			start = filepath.Dir(abs)
		}
		top, ok := tops[start]
		if !ok {
			top = gitTop(start)
			tops[start] = top
		}
		if top != "" {
			b.Add(top)
			if !isDir {
				continue
			}
		} else {
			b.loose = append(b.loose, start)
		}
		switch {
		case isDir:
			b.Add(abs) // also when it is a link leaving its work tree: the user named it
		case under(dir, abs):
			b.Add(dir)
		default:
			b.Add(start)
		}
	}
	return b
}

// NewBoundaryOf returns the boundary made of the directories dirs
// exactly, as an editor's workspace folders are.
func NewBoundaryOf(dirs ...string) *Boundary {
	b := &Boundary{}
	for _, d := range dirs {
		b.Add(d)
	}
	return b
}

// widen adds layer, the directory of the environment or module that
// holds the directory dir, when dir was named, or lies below a directory
// named, outside any git work tree: its context is the user's as much as
// the files named are, wherever ducklint runs from.
func (b *Boundary) widen(dir, layer string) {
	b.mu.Lock()
	loose := !b.widened[layer] && slices.ContainsFunc(b.loose, func(d string) bool { return under(d, dir) })
	if loose {
		if b.widened == nil {
			b.widened = map[string]bool{}
		}
		b.widened[layer] = true
	}
	b.mu.Unlock()
	if loose {
		b.Add(layer)
	}
}

// gitTop returns the top of the outermost git work tree holding the
// directory dir (the farthest ancestor, dir included, holding .git), or
// "". A module deployed as a clone of its own inside an environment's
// repository belongs to the environment's tree.
func gitTop(dir string) string {
	top := ""
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			top = d
		}
		if filepath.Dir(d) == d {
			return top
		}
	}
}

// Add widens the boundary to the directory dir (absolute).
func (b *Boundary) Add(dir string) {
	r := resolve(filepath.Clean(dir))
	b.mu.Lock()
	defer b.mu.Unlock()
	if slices.ContainsFunc(b.roots, func(root string) bool { return under(root, r) }) {
		return
	}
	b.roots = slices.DeleteFunc(b.roots, func(root string) bool { return under(r, root) })
	b.roots = append(b.roots, r)
	slices.Sort(b.roots)
}

// Roots returns the boundary's directories, with symbolic links resolved.
func (b *Boundary) Roots() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.roots)
}

// Contains reports whether the absolute path abs, with symbolic links
// resolved, lies inside the boundary. A path that does not exist is judged
// by its nearest existing ancestor.
func (b *Boundary) Contains(abs string) bool {
	return b.containsReal(resolve(filepath.Clean(abs)))
}

// containsReal is Contains for a path whose links are resolved already.
func (b *Boundary) containsReal(real string) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, r := range b.roots {
		if under(r, real) {
			return true
		}
	}
	return false
}

// ErrOutside is why a path outside the boundary was not read or written.
var ErrOutside = errors.New("outside the tree")

// maxLinkHops bounds the links Writable follows, as the kernel does.
const maxLinkHops = 40

// Writable returns nil when a fix may be written to the file at abs: it
// is a regular file inside the boundary, and once the way to it follows a
// symbolic link inside the boundary, every further link on the way (of
// its directories too) lies inside. A link that leaves the tree and comes
// back is read through but not written through. Otherwise the error is
// ErrOutside, or says why the file cannot be written.
func (b *Boundary) Writable(abs string) error {
	// Resolve abs one name at a time, as the kernel does: cur is the real
	// directory reached so far.
	todo := splitPath(filepath.Clean(abs))
	cur := string(filepath.Separator)
	followed := false // a link inside the boundary was followed
	hops := 0
	for len(todo) > 0 {
		name := todo[0]
		todo = todo[1:]
		switch name {
		case "", ".":
			continue
		case "..":
			cur = filepath.Dir(cur)
			continue
		}
		next := filepath.Join(cur, name)
		fi, err := os.Lstat(next)
		if err != nil {
			return err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			if len(todo) > 0 {
				cur = next
				continue
			}
			if !b.containsReal(next) {
				return ErrOutside
			}
			if !fi.Mode().IsRegular() {
				return notRegular(fi.Mode().Type())
			}
			return nil
		}
		inside := b.containsReal(next)
		if followed && !inside {
			return ErrOutside
		}
		followed = followed || inside
		if hops++; hops > maxLinkHops {
			return errors.New("symbolic link loop")
		}
		target, err := os.Readlink(next)
		if err != nil {
			return err
		}
		if filepath.IsAbs(target) {
			cur = string(filepath.Separator)
		}
		todo = append(splitPath(target), todo...)
	}
	return notRegular(fs.ModeDir) // abs is the root
}

// splitPath returns the names of path, in order.
func splitPath(path string) []string {
	return strings.Split(filepath.ToSlash(path), "/")
}

// resolve returns abs with symbolic links resolved; for a path that does
// not exist (or cannot be resolved), its nearest resolvable ancestor
// resolved, joined with the rest.
func resolve(abs string) string {
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		return r
	}
	parent := filepath.Dir(abs)
	if parent == abs {
		return abs
	}
	return filepath.Join(resolve(parent), filepath.Base(abs))
}

// errLinkOutside is the Notice of a symbolic link leading outside the
// boundary. It names neither the target nor what is there.
var errLinkOutside = errors.New("symbolic link leads outside the tree; not followed")

// errNamedOutside is the Notice of a path that the tree's configuration
// names outside the boundary.
var errNamedOutside = errors.New("outside the tree; not read")

// notice records a Notice for abs, once.
func (l *loader) notice(abs string, err error) {
	p := Problem{Path: l.rel(abs), Err: err}
	l.mu.Lock()
	if _, ok := l.notices[p.Path]; !ok {
		l.notices[p.Path] = p
	}
	l.mu.Unlock()
}

// inside reports whether the context path abs lies inside the boundary,
// recording a Notice when it does not: errLinkOutside when abs is itself
// a symbolic link, else errNamedOutside.
func (l *loader) inside(abs string) bool {
	if l.bound.containsReal(l.realOf(abs)) {
		return true
	}
	l.outsideNotice(abs)
	return false
}

// outsideNotice records the Notice of abs lying outside the boundary.
func (l *loader) outsideNotice(abs string) {
	if mode, err := l.lstatType(abs); err == nil && mode&fs.ModeSymlink != 0 {
		l.notice(abs, errLinkOutside)
		return
	}
	l.notice(abs, errNamedOutside)
}

// realOf returns abs with symbolic links resolved, using the cached real
// path of its directory (see realDir) when abs itself is not a link.
func (l *loader) realOf(abs string) string {
	abs = filepath.Clean(abs)
	dir := filepath.Dir(abs)
	if dir == abs {
		return abs
	}
	if mode, err := l.lstatType(abs); err == nil && mode&fs.ModeSymlink == 0 {
		return joinName(l.realDir(dir), filepath.Base(abs))
	}
	return resolve(abs)
}
