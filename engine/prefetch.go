package engine

import (
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules"
)

// A single run over a few files of a tree (an editor's save) works out
// which context files their findings need (the name index and
// model.Relevant, on one processor) and only then reads and parses those.
// The files kept are nearly always those the previous run over the same
// roots kept, so the cache records them (cache.Context) and the next run
// reads and parses them meanwhile, on a processor that step leaves idle.
// It does for each such file what the check would do (version.contentIn),
// once, so the check finds it done: a file predicted that the check does
// not keep costs processor time and never a finding, and one it keeps that
// was not predicted is read by the check, as without a prediction.

// prefetch is the reading and parsing of a predicted context.
type prefetch struct {
	byAbs map[string]*prefetched
	wg    sync.WaitGroup
}

// prefetched is one predicted file.
type prefetched struct {
	f    *load.File
	v    *version
	skip atomic.Bool // the check does not keep it: left alone
}

// predictedFiles returns the indexes in files of those at the absolute
// paths predicted whose summary came from the cache unread (vs are their
// versions, byAbs their indexes by absolute path), once each.
func predictedFiles(predicted []string, vs []*version, byAbs map[string]int) []int {
	var out []int
	seen := make(map[int]bool, len(predicted))
	for _, abs := range predicted {
		if i, ok := byAbs[abs]; ok && vs[i].unread && !seen[i] {
			seen[i] = true
			out = append(out, i)
		}
	}
	return out
}

// startPrefetch starts reading and parsing the files at indexes idx of
// files (with versions vs), in order, on one goroutine beside the one
// working out the relevant context (more would slow that down, and the
// check's own workers take over the files not yet done once it is known);
// nil when there are none.
func startPrefetch(idx []int, files []*load.File, vs []*version) *prefetch {
	if len(idx) == 0 {
		return nil
	}
	p := &prefetch{byAbs: make(map[string]*prefetched, len(idx))}
	items := make([]*prefetched, len(idx))
	for k, i := range idx {
		items[k] = &prefetched{f: files[i], v: vs[i]}
		p.byAbs[files[i].AbsPath] = items[k]
	}
	p.wg.Go(func() {
		var a parser.Arena
		for _, it := range items {
			if !it.skip.Load() {
				_, _, _ = it.v.contentIn(&a, it.f)
			}
		}
	})
	return p
}

// only stops the reader from starting on files keep does not hold (by
// absolute path).
func (p *prefetch) only(keep map[string]bool) {
	if p == nil {
		return
	}
	for abs, it := range p.byAbs {
		if !keep[abs] {
			it.skip.Store(true)
		}
	}
}

// stop stops the reader from starting on any more files and waits until
// it has stopped.
func (p *prefetch) stop() {
	if p == nil {
		return
	}
	p.only(nil)
	p.wg.Wait()
}

// predictionKey is the key under which the cache records the context of
// a run of w's roots: its directory, roots, standard input's name and the
// kinds of context its rules need.
func (w *Workspace) predictionKey() string {
	var b strings.Builder
	b.WriteString(w.opts.Dir)
	for _, r := range w.opts.Roots {
		b.WriteByte(0)
		b.WriteString(r)
	}
	b.WriteByte(0)
	b.WriteString(w.opts.StdinFilename)
	b.WriteByte(0)
	b.WriteString(strconv.FormatUint(uint64(rules.ContextOf(w.active)), 10))
	return b.String()
}
