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
// file. A reader can skip this: without a carry, a check simulates.
//
// Only the checks of an editor's workspace (Options.Editor) and of a
// workspace's later snapshots leave a carry: a single run, as the command
// line makes, has no next check. The carries
// live across snapshots; a new layout (files created or deleted, the
// configuration read again) or a checkout (more than maxSummaryCompares
// files changed) drops them. An entry holds the facts of its files'
// versions: of the files edited since, old facts only it keeps.
type carries struct {
	mu    sync.Mutex
	byKey map[string]*carried // by the reported files (contextKey)
	// taken counts the checks that took a carry over, for tests.
	taken atomic.Int64
}

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
}

// maxCarries bounds how many sets of reported files a workspace keeps
// carries for: an editor's open buffers.
const maxCarries = 32

func newCarries() *carries { return &carries{byKey: map[string]*carried{}} }

// lookup returns the carry the last check of key left, when the check
// about to run has the same files (files, of the layout; reported[k] for
// the reported ones), each of the same version as vs[k] or of one whose
// parse gives the simulations the same input (model.SimulatesAlike);
// nil otherwise.
func (c *carries) lookup(key string, files []*load.File, reported []bool, vs []*version, declaring model.DeclaringFunctions) *model.DynamicCarry {
	c.mu.Lock()
	e := c.byKey[key]
	c.mu.Unlock()
	if e == nil || len(e.files) != len(files) {
		return nil
	}
	for k, f := range files {
		if e.files[k] != f || e.reported[k] != reported[k] {
			return nil
		}
		if e.versions[k] == weak.Make(vs[k]) {
			continue
		}
		if f.Role.IsHiera() || !simulatesAlike(e.collected[k], vs[k], f, declaring) {
			return nil
		}
	}
	return e.dyn
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
	c.byKey[key] = e
}

// reset drops every carry: the layout changed.
func (c *carries) reset() {
	c.mu.Lock()
	clear(c.byKey)
	c.mu.Unlock()
}
