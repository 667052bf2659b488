package load

import (
	"bytes"
	"errors"
	"fmt"
	"sync"
)

// read reads the candidates with l.jobs workers. Files that cannot be
// read, or that hold NUL bytes, become Problems. The order of the result
// follows cs.
func (l *loader) read(cs []candidate) []*File {
	files := make([]*File, len(cs))
	work := make(chan int)
	var wg sync.WaitGroup
	for range min(l.jobs, max(len(cs), 1)) {
		wg.Go(func() {
			for i := range work {
				files[i] = l.readOne(cs[i])
			}
		})
	}
	for i := range cs {
		work <- i
	}
	close(work)
	wg.Wait()
	out := files[:0]
	for _, f := range files {
		if f != nil {
			out = append(out, f)
		}
	}
	return out
}

var errBinary = errors.New("binary file (contains NUL bytes); not parsed")

func (l *loader) readOne(c candidate) *File {
	f := &File{AbsPath: c.abs, Reported: c.reported}
	if c.abs == "" {
		f.Path = "<stdin>"
	} else {
		f.Path = l.rel(c.abs)
	}
	if c.stdin || (c.abs != "" && c.abs == l.stdinAbs) {
		f.Src = l.stdin
	} else {
		src, err := readFile(c.abs)
		if err != nil {
			l.problem(c.abs, fmt.Errorf("cannot read file: %w", pathError(err)))
			return nil
		}
		f.Src = src
	}
	if bytes.IndexByte(f.Src, 0) >= 0 {
		if c.abs == "" {
			l.mu.Lock()
			l.problems[f.Path+"\x00"+errBinary.Error()] = Problem{Path: f.Path, Err: errBinary}
			l.mu.Unlock()
		} else {
			l.problem(c.abs, errBinary)
		}
		return nil
	}
	return f
}
