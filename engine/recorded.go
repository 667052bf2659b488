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
// the same keeps those files without building the index. An edit of any
// file's content changes its summary's identity (the content hash the
// cache keys summaries by, taken only where the file's stat no longer
// vouches for the last one), so the next run works the context out again.

// relevantInputs returns the hash of what the relevant context of the
// reported files is worked out from (model.RelevantInputs), each file's
// summary identified by the content hash it is cached by; false when a
// file's summary has no such identity (content that is neither hashed nor
// held).
func (s *Snapshot) relevantInputs(reported []bool) (cache.Hash, bool) {
	ids := make([]cache.Hash, len(s.versions))
	known := make([]bool, len(s.versions))
	for i, v := range s.versions {
		switch {
		case v.err != nil: // no summary
		case v.hashed:
			ids[i], known[i] = v.entry.Hash, true
		case v.src != nil:
			ids[i], known[i] = contentHash(s.tree.Files[i], v.src), true
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
	s.keptAsRecorded.Store(true)
	return keep
}
