package engine

import "github.com/ducklint/ducklint/rules/model"

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
