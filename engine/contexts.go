package engine

import (
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/ducklint/ducklint/rules/model"
)

// contexts remembers the relevant contexts (model.Relevant) worked out on
// one version of the tree's summaries, for every snapshot that has it: a
// context is a pure function of the layout, the summaries and the rules'
// needs, and most edits (a comment, a value, a message being typed) leave
// every summary as it was. Checks and Dependents, asked again on a later
// snapshot with the same summaries, reuse what an earlier one worked out.
// An edit that changes summaries keeps the contexts whose working out
// looked at nothing it changed (model.Reads).
type contexts struct {
	needs model.Needs
	// byAbs and index are set for a generation that an edit has left
	// (see Snapshot.prevContexts): those of its last snapshot.
	byAbs map[string]int
	index *model.Index

	mu   sync.Mutex
	kept map[string]relevantContext // by the reported files' indexes (contextKey)
}

// relevantContext is the relevant context of some reported files, with what
// working it out looked at.
type relevantContext struct {
	keep  []bool
	reads *model.Reads
}

// maxContexts bounds how many contexts one generation remembers: each is
// a flag per file of the tree, and a long-lived generation (edits that
// change no summary) sees checks of ever new sets of files.
const maxContexts = 256

// maxSummaryCompares is how many changed files an update compares the
// summaries of to keep the previous snapshot's contexts: beyond it (a
// checkout), it starts afresh.
const maxSummaryCompares = 64

func newContexts(needs model.Needs) *contexts {
	return &contexts{needs: needs, kept: map[string]relevantContext{}}
}

// retire records the layout and index of last, the last snapshot with
// c's summaries, for the snapshots after it to look back on.
func (c *contexts) retire(last *Snapshot) {
	ix := last.nameIndex()
	c.mu.Lock()
	c.byAbs, c.index = last.byAbs, ix
	c.mu.Unlock()
}

// retired returns what retire recorded.
func (c *contexts) retired() (map[string]int, *model.Index) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.byAbs, c.index
}

// relevant returns which files the model needs for the findings of the
// reported files, as ix.Relevant does; the result must not be modified.
func (c *contexts) relevant(ix *model.Index, reported []bool) []bool {
	key := contextKey(reported)
	c.mu.Lock()
	rc, ok := c.kept[key]
	c.mu.Unlock()
	if ok {
		return rc.keep
	}
	rc.keep, rc.reads = ix.RelevantReads(reported, c.needs)
	c.mu.Lock()
	if len(c.kept) >= maxContexts {
		clear(c.kept)
	}
	c.kept[key] = rc
	c.mu.Unlock()
	return rc.keep
}

// carry gives next (of the same layout and rules) the contexts of c that
// the edits between them cannot change: those whose working out looked at
// none of what changed in the summaries of the files at changed (was are
// their summaries in c's snapshots, now in next's; ix is an index of the
// layout).
func (c *contexts) carry(next *contexts, ix *model.Index, changed []int, was, now []*model.Summary) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for key, rc := range c.kept {
		if rc.reads.UnchangedAll(ix, changed, was, now) {
			next.kept[key] = rc
		}
	}
}

// contextKey names a set of reported files by their indexes.
func contextKey(reported []bool) string {
	var b strings.Builder
	for i, r := range reported {
		if r {
			b.WriteString(strconv.Itoa(i))
			b.WriteByte(',')
		}
	}
	return b.String()
}

// changedSummaries returns the summaries in prev and in s of the files at
// changed (indexes of both snapshots' files, of the same layout),
// summarising them when not yet, and whether they are all equal.
func changedSummaries(s, prev *Snapshot, changed []int) (was, now []*model.Summary, same bool) {
	same = true
	for _, i := range changed {
		a := prev.versions[i].summary(prev.tree.Files[i])
		b := s.versions[i].summary(s.tree.Files[i])
		was, now = append(was, a), append(now, b)
		same = same && reflect.DeepEqual(a, b)
	}
	return was, now, same
}
