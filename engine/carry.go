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
// of whitespace, of a statement that is no fact such as a notice()
// being typed). The simulations
// of every catalog are most of the check of a widely used class, and most
// of an editor's checks follow an edit of one file. A reader can skip
// this: without a carry, a check simulates.
//
// A workspace's carries live across its snapshots; a new layout (files
// created or deleted, the configuration read again) drops them. Only the
// checks of a workspace's later snapshots leave one: a single run, as the
// command line makes, has no next check.
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
	// versions are their versions: held for the reported files (an
	// editor's edits are of those, and their old tree is what the new
	// one is compared with), weakly for the others, so that an entry
	// does not keep old trees alive.
	versions []weak.Pointer[version]
	strong   []*version // the reported files' versions, nil for the others
	// dyn is the check's Dynamic as places; nil when the check ran on a
	// workspace's first snapshot.
	dyn *model.DynamicCarry
}

// maxCarries bounds how many sets of reported files a workspace keeps
// carries for: an editor's open buffers.
const maxCarries = 32

func newCarries() *carries { return &carries{byKey: map[string]*carried{}} }

// lookup returns the carry the last check of key left, when the check
// about to run has the same files (files, of the layout; reported[k] for
// the reported ones), each of the same version as vs[k] or of one that
// gives the simulations the same input (model.SimulatesAlike, or
// model.SameShape when the old version's facts are no longer kept);
// nil otherwise.
func (c *carries) lookup(key string, files []*load.File, reported []bool, vs []*version, declaring model.DeclaringFunctions) *model.DynamicCarry {
	c.mu.Lock()
	e := c.byKey[key]
	c.mu.Unlock()
	if e == nil || e.dyn == nil || len(e.files) != len(files) {
		return nil
	}
	for k, f := range files {
		if e.files[k] != f || e.reported[k] != reported[k] {
			return nil
		}
		if e.versions[k] == weak.Make(vs[k]) {
			continue
		}
		old := e.strong[k]
		if old == nil {
			old = e.versions[k].Value()
		}
		if old == nil || f.Role.IsHiera() || !simulatesAlike(old, vs[k], f, declaring) && !sameShape(old, vs[k], f) {
			return nil
		}
	}
	return e.dyn
}

// simulatesAlike reports whether two versions of file f contribute the
// same input to the simulations (see model.SimulatesAlike), by what
// their parses contribute to a model with declaring functions declaring:
// the new one's is collected now (the check is about to use it), the old
// one's is the one kept, if any.
func simulatesAlike(a, b *version, f *load.File, declaring model.DeclaringFunctions) bool {
	_, pa, errA := a.content(f)
	_, pb, errB := b.content(f)
	if errA != nil || errB != nil {
		return false
	}
	a.collectedMu.Lock()
	ca := a.collected
	a.collectedMu.Unlock()
	if !ca.For(f, pa, declaring) {
		return false
	}
	return model.SimulatesAlike(ca, b.collectedFor(f, pb, declaring))
}

// sameShape reports whether two versions of file f parse to the same
// shape (see model.SameShape).
func sameShape(a, b *version, f *load.File) bool {
	_, pa, errA := a.content(f)
	_, pb, errB := b.content(f)
	return errA == nil && errB == nil && model.SameShape(pa, pb)
}

// remember records a check of key over files with versions vs, whose
// program is prog, with the program's Dynamic as places when warm (a
// workspace's first snapshot, all a single run makes, has no next check).
func (c *carries) remember(key string, files []*load.File, reported []bool, vs []*version, prog *model.Program, warm bool) {
	e := &carried{files: files, reported: reported, versions: make([]weak.Pointer[version], len(vs)), strong: make([]*version, len(vs))}
	for k, v := range vs {
		e.versions[k] = weak.Make(v)
		if reported[k] {
			e.strong[k] = v
		}
	}
	if warm {
		e.dyn = prog.CarryDynamic()
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
