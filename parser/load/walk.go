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
)

// walkSpec says how a directory tree is walked.
type walkSpec struct {
	reported  bool     // mark the files found as reported
	gitignore bool     // honour .gitignore files
	exts      []string // file name extensions to collect
	flat      bool     // do not descend into subdirectories
}

var (
	walkReported = walkSpec{reported: true, gitignore: true, exts: []string{".pp", ".epp"}}
	walkContext  = walkSpec{exts: []string{".pp", ".epp"}}
	walkMain     = walkSpec{exts: []string{".pp"}}
	walkRuby     = walkSpec{exts: []string{".rb"}}
	walkRubyFlat = walkSpec{exts: []string{".rb"}, flat: true}
)

func (s walkSpec) wants(name string) bool {
	ext := filepath.Ext(name)
	return slices.Contains(s.exts, ext) && len(name) > len(ext)
}

// walker walks one directory tree, in parallel.
type walker struct {
	l    *loader
	spec walkSpec
	sem  chan struct{}
	wg   sync.WaitGroup
	mu   sync.Mutex
	out  []candidate
}

// walk collects the files under root (an existing directory). Exclude
// globs always apply and .git directories are always skipped; .gitignore
// files apply when spec says so, including those of root's ancestors up
// to the enclosing git work tree. Subdirectories are walked in parallel,
// at most l.jobs at once.
func (l *loader) walk(root string, spec walkSpec) []candidate {
	if l.exclude.excluded(root) {
		return nil
	}
	w := &walker{l: l, spec: spec, sem: make(chan struct{}, l.jobs)}
	var ign *ignoreLevel
	if spec.gitignore {
		ign = l.ancestorIgnores(root)
	}
	real := realPath(root)
	w.dir(root, real, []string{real}, ign)
	w.wg.Wait()
	return w.out
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
	rules, err := readIgnoreFile(dir)
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

// dir walks the directory abs, whose real path is real; chain holds the
// real paths of the directories walked to get here. A directory link is a
// loop when it leads to one of those or to an ancestor of real.
func (w *walker) dir(abs, real string, chain []string, ign *ignoreLevel) {
	entries, err := os.ReadDir(abs)
	if err != nil {
		w.l.problem(abs, fmt.Errorf("cannot read directory: %w", pathError(err)))
		return
	}
	if w.spec.gitignore {
		for _, e := range entries {
			if e.Name() == ".gitignore" {
				ign = ign.push(abs, w.l.ignoreRules(abs))
				break
			}
		}
	}
	for _, e := range entries {
		name := e.Name()
		path := filepath.Join(abs, name)
		mode := e.Type()
		viaLink := false
		entryReal := filepath.Join(real, name)
		if mode&fs.ModeSymlink != 0 {
			fi, err := os.Stat(path)
			if err != nil {
				if w.skipped(path, false, ign) {
					continue
				}
				if os.IsNotExist(err) || errors.Is(err, fs.ErrNotExist) {
					w.l.problem(path, brokenLink(path))
				} else {
					w.l.problem(path, fmt.Errorf("cannot follow symbolic link: %w", pathError(err)))
				}
				continue
			}
			mode = fi.Mode().Type()
			viaLink = true
			entryReal = realPath(path)
		}
		switch {
		case mode.IsDir():
			if name == ".git" || w.spec.flat || w.skipped(path, true, ign) {
				continue
			}
			if slices.Contains(chain, entryReal) || under(entryReal, real) {
				w.l.problem(path, fmt.Errorf("symbolic link loop: it leads back to %s; not followed", w.l.rel(entryReal)))
				continue
			}
			next := append(slices.Clip(chain), entryReal)
			select {
			case w.sem <- struct{}{}:
				w.wg.Go(func() {
					defer func() { <-w.sem }()
					w.dir(path, entryReal, next, ign)
				})
			default:
				w.dir(path, entryReal, next, ign)
			}
		case mode.IsRegular():
			if !w.spec.wants(name) || w.skipped(path, false, ign) {
				continue
			}
			w.add(candidate{abs: path, real: entryReal, reported: w.spec.reported, viaLink: viaLink})
		default:
			if !w.spec.wants(name) || w.skipped(path, false, ign) {
				continue
			}
			w.l.problem(path, notRegular(mode))
		}
	}
}

// skipped reports whether path is excluded by a glob or ignored by git.
func (w *walker) skipped(path string, isDir bool, ign *ignoreLevel) bool {
	return w.l.exclude.excluded(path) || ign.ignored(path, isDir)
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
	return abs == dir || strings.HasPrefix(abs, strings.TrimSuffix(dir, string(filepath.Separator))+string(filepath.Separator))
}
