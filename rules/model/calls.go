package model

import (
	"strings"
	"sync"

	"github.com/ducklint/ducklint/parser"
)

// callIndex memoises Program.CallingFiles.
type callIndex struct {
	once  sync.Once
	files map[string][]*File // by normalised function name
}

// CallingFiles returns the files that call function name (as `name(...)`
// or `$x.name(...)`), each once, in file order. The index is built on
// first use with one walk over every file.
func (p *Program) CallingFiles(name string) []*File {
	p.calls.once.Do(func() {
		p.calls.files = map[string][]*File{}
		for _, f := range p.Files {
			if f.Parsed == nil || f.Parsed.Program == nil {
				continue
			}
			seen := map[string]bool{}
			parser.Inspect(f.Parsed.Program, func(n parser.Node) bool {
				var fn string
				switch n := n.(type) {
				case *parser.Call:
					fn = n.FuncName()
				case *parser.MethodCall:
					fn = n.Name
				}
				if fn = NormalizeClassName(fn); fn != "" && !seen[fn] {
					seen[fn] = true
					p.calls.files[fn] = append(p.calls.files[fn], f)
				}
				return true
			})
		}
	})
	return p.calls.files[NormalizeClassName(strings.TrimPrefix(name, "::"))]
}
