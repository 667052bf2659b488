package engine

import (
	"context"

	"github.com/ducklint/ducklint/rules"
	"github.com/ducklint/ducklint/rules/model"
)

// Counts are what making a snapshot read, parsed and reused.
type Counts = counts

// Updated returns what making s did.
func Updated(s *Snapshot) Counts { return s.updated }

// SetContext makes the enabled rule id of w declare needs instead of
// its own context kinds, as if its author had declared them.
func SetContext(w *Workspace, id string, needs model.Needs) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for i, a := range w.active {
		if a.Rule.ID == id {
			r := *a.Rule
			r.Context = needs
			w.active[i].Rule = &r
		}
	}
}

// NewConfiguredAs returns a workspace for opts with the configuration,
// compiled policies and registry of like, whose options named the same
// configuration file outside both trees, instead of reading and compiling
// them again; its rules are selected as New selects them.
func NewConfiguredAs(opts Options, like *Workspace) (*Workspace, error) {
	w, err := newWorkspace(opts)
	if err != nil {
		return nil, err
	}
	like.mu.Lock()
	w.cfg, w.reg, w.pols = like.cfg, like.reg, like.pols
	like.mu.Unlock()
	if w.active, err = rules.Select(w.reg, w.cfg, opts.Enable, opts.Disable); err != nil {
		return nil, err
	}
	return w, nil
}

// SnapshotWith returns a snapshot of w checking with the rules enable and
// disable select on top of its configuration instead, each rule of needs
// declaring those kinds instead of its own (see SetContext). The
// snapshot shares every file's parsed tree and summary with the last one
// (w's files must not have changed), and no check of it takes over the
// simulations of an earlier check, made with other rules; w's later
// snapshots check with the rules it selects.
func SnapshotWith(ctx context.Context, w *Workspace, enable, disable []string, needs map[string]model.Needs) (*Snapshot, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	active, err := rules.Select(w.reg, w.cfg, enable, disable)
	if err != nil {
		return nil, err
	}
	for i, a := range active {
		if n, ok := needs[a.Rule.ID]; ok {
			r := *a.Rule
			r.Context = n
			active[i].Rule = &r
		}
	}
	w.opts.Enable, w.opts.Disable, w.active = enable, disable, active
	w.carries.reset()
	s, err := w.update(ctx)
	if err != nil {
		return nil, err
	}
	w.current = s
	w.changed, w.relayout = map[string]bool{}, false
	return s, nil
}

// DependentsAfresh is Dependents worked out from scratch: model.Relevant
// over new indexes of s's summaries and of prev's (the snapshot before s),
// for each of among.
func DependentsAfresh(s, prev *Snapshot, path string, among []string) []string {
	// A new index of each snapshot's summaries, made once for every file
	// of among.
	holds := func(x *Snapshot) func(reported, target string) bool {
		if x == nil {
			return func(string, string) bool { return false }
		}
		sums := x.sums()
		ix := model.NewIndex(x.tree.Files, sums, x.declaring)
		return func(reported, target string) bool {
			from, ok := x.byAbs[x.abs(reported)]
			at, ok2 := x.byAbs[x.abs(target)]
			if !ok || !ok2 || sums[from] == nil {
				return false
			}
			only := make([]bool, len(x.tree.Files))
			only[from] = true
			return ix.Relevant(only, rules.ContextOf(x.active))[at]
		}
	}
	holdsIn, holdsInPrev := holds(s), holds(prev)
	var out []string
	for _, p := range among {
		if s.abs(p) == s.abs(path) {
			continue
		}
		if holdsIn(p, path) || holdsInPrev(p, path) {
			out = append(out, p)
		}
	}
	return out
}

// CarriesTaken is how many checks of w took over the simulations of an
// earlier check.
func CarriesTaken(w *Workspace) int64 { return w.carries.taken.Load() }

// Kept returns the paths of the files a check of path alone keeps as
// its context (with path), in the layout's order.
func Kept(s *Snapshot, path string) []string {
	i, ok := s.byAbs[s.abs(path)]
	if !ok {
		return nil
	}
	reported := make([]bool, len(s.tree.Files))
	reported[i] = true
	var out []string
	for j, keep := range s.contexts.relevant(s.nameIndex(), reported) {
		if keep {
			out = append(out, s.tree.Files[j].Path)
		}
	}
	return out
}

// CarriesRebased is how many checks of w rebased their program on the
// program of the check whose carry they took.
func CarriesRebased(w *Workspace) int64 { return w.carries.rebased.Load() }

// SetRetention sets the bounds of w's retained programs: contexts of at
// least min files, max files in all.
func SetRetention(w *Workspace, min, max int) {
	w.carries.mu.Lock()
	defer w.carries.mu.Unlock()
	w.carries.minRetained, w.carries.maxRetained = min, max
}

// RecordedKeep returns the paths of the files the cache of s records as
// kept by the last run of w's roots, nil for none.
func RecordedKeep(w *Workspace, s *Snapshot) []string {
	c, ok := s.store.Context(w.predictionKey())
	if !ok {
		return nil
	}
	var out []string
	for _, i := range c.Keep {
		out = append(out, s.tree.Files[i].Path)
	}
	return out
}

// Jobs returns how many goroutines s's checks use.
func Jobs(s *Snapshot) int { return s.opts.Jobs }

// StoreRoots returns the roots of the cache s uses, nil for none.
func StoreRoots(s *Snapshot) []string {
	if s.store == nil {
		return nil
	}
	return s.store.Roots()
}

// AheadFinished returns a function reporting whether the read-ahead s
// holds now has been finished, false when s holds none.
func AheadFinished(s *Snapshot) func() bool {
	s.predictionMu.Lock()
	r := s.ahead
	s.predictionMu.Unlock()
	return func() bool {
		if r == nil {
			return false
		}
		return r.stop.Load()
	}
}

// ParseEarlyToTheEnd makes w's first load wait until its early parses
// have parsed every file they take, so that Counts.Early does not depend
// on how long the load takes.
func ParseEarlyToTheEnd(w *Workspace) { w.earlyToTheEnd = true }
