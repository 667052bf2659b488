package engine

import (
	"sync"
	"sync/atomic"
	"weak"

	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules/model"
)

// carries let a check take over the dynamic-scope simulations of the last
// check of the same files (model.DynamicCarry) when every file of its
// model is the same version, or a version whose parse gives the
// simulations the same input (model.SimulatesAlike: an edit of comments,
// of whitespace, of a statement that is no fact such as a notice() being
// typed). The simulations of every catalog are most of the check of a
// widely used class, and most of an editor's checks follow an edit of one
// file. The same condition lets a check of a wide context rebase its
// program on the carried check's (model.Rebase) instead of copying and
// merging every context file's facts again. A reader can skip this:
// without a carry, a check simulates and builds its program.
//
// Only the checks of an editor's workspace (Options.Editor) and of a
// workspace's later snapshots leave a carry: a single run, as the command
// line makes, has no next check. The carries live across snapshots; a new
// layout (files created or deleted, the configuration read again) or a
// checkout (more than maxSummaryCompares files changed) drops them. An
// entry holds the facts of its files' versions: of the files edited
// since, old facts only it keeps.
type carries struct {
	mu    sync.Mutex
	byKey map[string]*carried // by the reported files (contextKey)
	// taken counts the checks that took a carry over, and rebased those
	// that also rebased their program on the carry's, for tests.
	taken, rebased atomic.Int64

	// Programs are retained (carried.prog) for contexts of at least
	// minRetained files, up to maxRetained files in all, the least
	// recently used dropped first: a smaller context's program is quick
	// to build, and each retained one holds its context's facts (about 4
	// KB per file: 7 MB for 1,700 files). uses orders the entries' last
	// use.
	minRetained, maxRetained int
	uses                     int64
}

// Program retention's bounds (see carries): the widest contexts of a large
// control repository (on wikimedia's, the four of 900 to 1,700 files among
// the 30 most included files), a few of them at a time.
const (
	minRetainedFiles = 800
	maxRetainedFiles = 8000
)

// carried is what one check of some reported files left for the next.
type carried struct {
	// files are the model's files, of the layout the check ran on, and
	// which of them were reported.
	files    []*load.File
	reported []bool
	// versions are their versions, held weakly (an entry keeps no old
	// tree alive by them): the same version is the same input.
	versions []weak.Pointer[version]
	// collected are what their parses contributed to the model, held:
	// a file edited since is compared by them (model.SimulatesAlike).
	collected []*model.Collected
	// dyn is the check's Dynamic as places.
	dyn *model.DynamicCarry
	// prog is the check's program as a later one can rebase on it
	// (model.Program.Retained), when the context is wide enough to keep
	// it; lastUse is when the entry was last looked up or made.
	prog    *model.Program
	lastUse int64
}

// maxCarries bounds how many sets of reported files a workspace keeps
// carries for: an editor's open buffers.
const maxCarries = 32

func newCarries() *carries {
	return &carries{byKey: map[string]*carried{}, minRetained: minRetainedFiles, maxRetained: maxRetainedFiles}
}

// lookup returns the carry the last check of key left, when the check
// about to run has the same files (files, of the layout; reported[k] for
// the reported ones), each of the same version as vs[k] or of one whose
// parse gives the simulations the same input (model.SimulatesAlike);
// nil otherwise. With it come the program of that check, when it was
// retained, and the positions in files of those not of the same version,
// whose facts the program must take from their new versions.
func (c *carries) lookup(key string, files []*load.File, reported []bool, vs []*version, declaring model.DeclaringFunctions) (dyn *model.DynamicCarry, prog *model.Program, changed []int) {
	c.mu.Lock()
	e := c.byKey[key]
	if e != nil {
		c.uses++
		e.lastUse = c.uses
	}
	c.mu.Unlock()
	if e == nil || len(e.files) != len(files) {
		return nil, nil, nil
	}
	for k, f := range files {
		if e.files[k] != f || e.reported[k] != reported[k] {
			return nil, nil, nil
		}
		if e.versions[k] == weak.Make(vs[k]) {
			continue
		}
		if f.Role.IsHiera() || !simulatesAlike(e.collected[k], vs[k], f, declaring) {
			return nil, nil, nil
		}
		changed = append(changed, k)
	}
	c.mu.Lock()
	prog = e.prog
	c.mu.Unlock()
	return e.dyn, prog, changed
}

// simulatesAlike reports whether the new version v of file f gives the
// simulations the same input as the parse old was collected from (see
// model.SimulatesAlike); v's is collected now, as the check about to run
// uses it.
func simulatesAlike(old *model.Collected, v *version, f *load.File, declaring model.DeclaringFunctions) bool {
	if old == nil {
		return false
	}
	_, parsed, err := v.content(f)
	return err == nil && model.SimulatesAlike(old, v.collectedFor(f, parsed, declaring))
}

// remember records a check of key over files with versions vs, whose
// program is prog, when it left a carry: on a warm snapshot (an editor's,
// or a workspace's after its first, which is all a single run makes),
// when its model kept the files' facts and its simulations completed.
func (c *carries) remember(key string, files []*load.File, reported []bool, vs []*version, prog *model.Program, warm bool) {
	if !warm {
		return
	}
	e := &carried{files: files, reported: reported, versions: make([]weak.Pointer[version], len(vs)),
		collected: make([]*model.Collected, len(vs))}
	for k, v := range vs {
		e.versions[k] = weak.Make(v)
		v.collectedMu.Lock()
		e.collected[k] = v.collected
		v.collectedMu.Unlock()
	}
	if e.dyn = prog.CarryDynamic(); e.dyn == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.byKey[key]; !ok && len(c.byKey) >= maxCarries {
		clear(c.byKey)
	}
	c.uses++
	e.lastUse = c.uses
	c.byKey[key] = e
	if len(files) >= c.minRetained && len(files) <= c.maxRetained {
		e.prog = prog.Retained()
		c.boundRetained()
	}
}

// boundRetained drops the least recently used retained programs until
// those left hold at most maxRetained files; c.mu is held.
func (c *carries) boundRetained() {
	for {
		total := 0
		var oldest *carried
		for _, e := range c.byKey {
			if e.prog == nil {
				continue
			}
			total += len(e.files)
			if oldest == nil || e.lastUse < oldest.lastUse {
				oldest = e
			}
		}
		if total <= c.maxRetained || oldest == nil {
			return
		}
		oldest.prog = nil
	}
}

// reset drops every carry: the layout changed.
func (c *carries) reset() {
	c.mu.Lock()
	clear(c.byKey)
	c.mu.Unlock()
}
