package policy

import (
	"sync"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules/model"
)

// factCache shares the objects of a file between the policies of one
// run: the per-file rules of a file run one after another, so the
// policies after the first find its objects made. It holds the files of
// the last few passes only (a run works on about one file per worker at
// a time); a file evicted early has its objects made again.
type factCache struct {
	mu     sync.Mutex
	prog   *model.Program // the program the entries are of
	byFile map[*model.File]*facts
	order  []*model.File // oldest first
}

// cacheFiles bounds the files a factCache holds.
const cacheFiles = 64

// get returns the facts of file in prog, made for the policies sharing sh.
func (c *factCache) get(prog *model.Program, file *model.File, nodes []parser.Node, parents []int32, sh *shared) *facts {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.prog != prog {
		c.prog, c.byFile, c.order = prog, map[*model.File]*facts{}, nil
	}
	if f, ok := c.byFile[file]; ok {
		return f
	}
	// Made under the lock, but cheaply: the objects are made on first
	// use, under the facts' own lock (facts.of).
	f := &facts{prog: prog, file: file, nodes: nodes, parents: parents, fields: sh.fields, filters: sh.filters}
	c.byFile[file] = f
	c.order = append(c.order, file)
	if len(c.order) > cacheFiles {
		delete(c.byFile, c.order[0])
		c.order = c.order[1:]
	}
	return f
}
