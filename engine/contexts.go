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
type contexts struct {
	needs model.Needs
	// byAbs and index are set for a generation that an edit has left
	// (see Snapshot.prevContexts): those of its last snapshot.
	byAbs map[string]int
	index *model.Index

	mu   sync.Mutex
	kept map[string][]bool // by the reported files' indexes (contextKey)
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
	return &contexts{needs: needs, kept: map[string][]bool{}}
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
	keep, ok := c.kept[key]
	c.mu.Unlock()
	if ok {
		return keep
	}
	keep = ix.Relevant(reported, c.needs)
	c.mu.Lock()
	if len(c.kept) >= maxContexts {
		clear(c.kept)
	}
	c.kept[key] = keep
	c.mu.Unlock()
	return keep
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

// sameSummaries reports whether the files at changed (indexes of both
// snapshots' files, of the same layout) have equal summaries in s and
// prev, summarising them when not yet.
func sameSummaries(s, prev *Snapshot, changed []int) bool {
	for _, i := range changed {
		a := prev.versions[i].summary(prev.tree.Files[i])
		b := s.versions[i].summary(s.tree.Files[i])
		if !reflect.DeepEqual(a, b) {
			return false
		}
	}
	return true
}
