package engine

import (
	"github.com/ducklint/ducklint/cache"
	"github.com/ducklint/ducklint/rules/model"
)

// Working out which context files a single run's findings need builds the
// name index of every summary of the environment and runs model.Relevant
// over it, on one processor, before the check reads a file. Its result is
// a pure function of the layout, the summaries, the declaring functions,
// the rules' context kinds and the reported files; the cache records a
// hash of those (model.RelevantInputs) with the files kept
// (cache.Context), and the next run of the same roots whose inputs hash
// the same keeps those files without building the index. A context file
// known by its stat is identified by the content hash the cache keys its
// summary by, so an edit of it makes the next run work the context out
// again; a file whose content came with loading (the one being saved,
// through standard input or as a PATH argument) by its summary, so that
// the edits that leave its summary as it was (a value, a comment, a
// message being typed: most of them) keep the recorded context.

// relevantInputs returns the hash of what the relevant context of the
// reported files is worked out from (model.RelevantInputs), each file's
// summary identified by the content hash it is cached by or, for content
// that came with loading, by the summary itself; false when a file's
// summary has neither (content that is neither hashed nor held).
func (s *Snapshot) relevantInputs(reported []bool) (cache.Hash, bool) {
	const byContent, bySummary = 'c', 's'
	ids := make([][1 + len(cache.Hash{})]byte, len(s.versions))
	known := make([]bool, len(s.versions))
	for i, v := range s.versions {
		switch {
		case v.err != nil: // no summary
		case v.hashed:
			ids[i][0], known[i] = byContent, true
			copy(ids[i][1:], v.entry.Hash[:])
		case v.src != nil:
			sum := v.summary(s.tree.Files[i])
			if sum == nil {
				return cache.Hash{}, false
			}
			id := model.SummaryIdentity(sum)
			ids[i][0], known[i] = bySummary, true
			copy(ids[i][1:], id[:])
		default:
			return cache.Hash{}, false
		}
	}
	h := model.RelevantInputs(s.tree.Files, func(i int) []byte {
		if !known[i] {
			return nil
		}
		return ids[i][:]
	}, s.declaring, reported, s.contexts.needs)
	return h, true
}

// recordedKeep returns which files to keep as the last run recorded them
// when its inputs hashed as inputs do, nil otherwise.
func (s *Snapshot) recordedKeep(inputs cache.Hash) []bool {
	rec := s.recorded
	if rec.Inputs != inputs || rec.Keep == nil {
		return nil
	}
	keep := make([]bool, len(s.tree.Files))
	for _, i := range rec.Keep {
		if i < 0 || i >= len(keep) {
			return nil
		}
		keep[i] = true
	}
	s.updated.KeptAsRecorded = len(rec.Keep)
	return keep
}
