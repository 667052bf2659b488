package load

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/ducklint/ducklint/internal/par"
)

// read reads the candidates with l.jobs workers. Files that cannot be
// read, or that hold NUL bytes, become Problems. The order of the result
// follows cs.
func (l *loader) read(cs []candidate) []*File {
	files := make([]*File, len(cs))
	par.For(len(cs), l.jobs, func(i int) { files[i] = l.readOne(cs[i]) })
	out := files[:0]
	for _, f := range files {
		if f != nil {
			out = append(out, f)
		}
	}
	return out
}

var errBinary = errors.New("binary file (contains NUL bytes); not parsed")

// errNotRegular is ReadWithStat's error for a path that is not a regular
// file, which only the walk's own reading reports (with what it is).
var errNotRegular = errors.New("not a regular file")

func (l *loader) readOne(c candidate) *File {
	f := &File{AbsPath: c.abs, Reported: c.reported}
	if c.abs == "" {
		f.Path = "<stdin>"
	} else {
		f.Path = l.rel(c.abs)
	}
	if c.stdin || (c.abs != "" && c.abs == l.stdinAbs) {
		f.Src = l.stdin
	} else if c.typed == "" && !l.bound.containsReal(c.real) {
		// Context, or a file a directory argument's links or the tree's
		// configuration lead to: only the files named on the command
		// line are read wherever they are.
		l.outsideNotice(c.abs)
		return nil
	} else if src, ok := l.overlays[c.abs]; ok && c.abs != "" {
		f.Src = src
	} else if l.deferContext && !c.reported {
		st, err := StatFile(c.abs)
		if err != nil {
			l.problem(c.abs, fmt.Errorf("cannot read file: %w", pathError(err)))
			return nil
		}
		f.Stat = st
		return f
	} else {
		var src []byte
		var err error
		if c.pre != nil {
			src, err = c.pre.src, c.pre.err
		} else {
			src, err = readSource(c.abs)
		}
		if err != nil {
			l.candidateProblem(c, err)
			return nil
		}
		f.Src = src
	}
	if bytes.IndexByte(f.Src, 0) >= 0 { // stdin; files were checked by readSource
		if c.abs == "" {
			l.mu.Lock()
			l.problems[f.Path+"\x00"+errBinary.Error()] = Problem{Path: f.Path, Err: errBinary}
			l.mu.Unlock()
		} else {
			l.candidateProblem(c, errBinary)
		}
		return nil
	}
	return f
}

// candidateProblem records a Problem for a file, under its PATH argument
// as typed when one named it.
func (l *loader) candidateProblem(c candidate, err error) {
	if c.typed != "" {
		l.argProblem(c.typed, err)
		return
	}
	l.problem(c.abs, err)
}

// Read reads a deferred context file's content into Src, refusing binary
// files as loading does. It is a no-op when Src is already set. The error
// is a Problem.
func (f *File) Read() error {
	if f.Src != nil {
		return nil
	}
	src, err := readSource(f.AbsPath)
	if err != nil {
		return Problem{Path: f.Path, Err: err}
	}
	f.Src = src
	return nil
}

// ReadWithStat reads the file at abs as File.Read does, refusing binary
// files, and returns with its content the Stat of the file taken before
// the content was read. Content read ahead of a walk is the content the
// walk's stat vouches for when that stat equals this one: a change made
// after this stat, before the walk's, changes the change time the walk
// sees. The error is not a Problem: the caller, reading ahead, falls
// back to File.Read.
func ReadWithStat(abs string) ([]byte, Stat, error) {
	src, st, err := readFileStat(abs)
	if err != nil {
		return nil, Stat{}, err
	}
	if bytes.IndexByte(src, 0) >= 0 {
		return nil, Stat{}, errBinary
	}
	return src, st, nil
}

// readsOnWalk reports whether the walk that finds c, a reported file
// inside the boundary, reads it at once: readOne would read it from disk
// (neither standard input nor an overlay replaces it), and its directory
// is open then, which spares the kernel resolving its path again.
func (l *loader) readsOnWalk(c candidate) bool {
	if c.abs == l.stdinAbs {
		return false
	}
	_, overlaid := l.overlays[c.abs]
	return !overlaid
}

// readSource reads a Puppet file for loading and for File.Read alike: the
// error says why it cannot be used (unreadable, or binary), without the
// path, which the caller adds.
func readSource(abs string) ([]byte, error) { return readSourceAt(noDir, "", abs) }

// readSourceAt is readSource for the file name of the open directory h,
// at path abs; with noDir, the file at abs.
func readSourceAt(h dirHandle, name, abs string) ([]byte, error) {
	src, err := h.readFile(name, abs)
	if err != nil {
		return nil, fmt.Errorf("cannot read file: %w", pathError(err))
	}
	if bytes.IndexByte(src, 0) >= 0 {
		return nil, errBinary
	}
	return src, nil
}
