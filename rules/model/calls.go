package model

import (
	"strings"
	"sync"
)

// callIndex memoises Program.CallingFiles.
type callIndex struct {
	once  sync.Once
	files map[string][]*File // by normalised function name
}

// CallingFiles returns the files that call function name (as `name(...)`
// or `$x.name(...)`), each once, in file order. The index is built on
// first use from the functions each file's collection noted
// (fileFacts.called).
func (p *Program) CallingFiles(name string) []*File {
	p.calls.once.Do(func() {
		p.calls.files = map[string][]*File{}
		for _, f := range p.Files {
			for _, fn := range f.called {
				p.calls.files[fn] = append(p.calls.files[fn], f)
			}
		}
	})
	return p.calls.files[NormalizeClassName(strings.TrimPrefix(name, "::"))]
}
