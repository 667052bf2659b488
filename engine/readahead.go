package engine

import (
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/ducklint/ducklint/cache"
	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules"
)

// A single run over a few files of a tree (an editor's save) keeps nearly
// always the context files the previous run over the same roots kept, so
// the cache records them (cache.Context), each with the path and options
// it was parsed with, and the roots of the cache it used. The next run
// opens that cache on a goroutine before the layout knows this run's
// roots, and once it is open reads and parses the files there (at once
// when no roots are recorded): while the environment is walked and the
// layout assembled, on the one goroutine those leave a processor for.
//
// Nothing read ahead is trusted as such. A context file's version takes
// the content read ahead only when the stat taken with it, before the
// content was read, equals the stat the walk took and the cache's entry
// vouches for (version.unread): an edit after that stat changes the walk's.
// It takes the parse only when the layout parses the file with the same
// path and options. Otherwise the check reads and parses the file itself,
// as without a read-ahead; a file read ahead that the check does not keep
// costs processor time and never a finding.

// readAhead is the reading and parsing of a recorded context.
type readAhead struct {
	files []*aheadFile
	// taken counts the files whose content a version took.
	taken atomic.Int64
	// mu orders start and finish, which may come from two goroutines: a
	// reader is not started once finish has set stop. The reader reads
	// stop without it, before each file.
	mu   sync.Mutex
	stop atomic.Bool
	wg   sync.WaitGroup
}

// aheadFile is one file of a recorded context.
type aheadFile struct {
	of        *readAhead
	abs, path string
	puppet    bool // parsed as Puppet code, with path and opts
	opts      parser.ParseOptions
	skip      atomic.Bool // the check does not keep it: left alone

	once   sync.Once
	src    []byte
	st     load.Stat
	parsed *parser.File
	err    error
}

// aheadNote is what the cache records of how the context file f is parsed
// (cache.Context.Notes): for Puppet code, its options and path; "" for a
// Hiera file, which is read ahead and parsed by the check.
func aheadNote(f *load.File) string {
	if f.Role.IsHiera() {
		return ""
	}
	o := f.ParseOptions()
	flags := []byte("p--")
	if o.EPP {
		flags[1] = 'e'
	}
	if o.Tasks {
		flags[2] = 't'
	}
	return string(flags) + f.Path
}

// newReadAhead returns the reading and parsing of the files c records,
// to start (readAhead.start); nil when c records none.
func newReadAhead(c cache.Context) *readAhead {
	if len(c.Files) == 0 {
		return nil
	}
	r := &readAhead{files: make([]*aheadFile, len(c.Files))}
	for i, abs := range c.Files {
		it := &aheadFile{of: r, abs: abs}
		if i < len(c.Notes) && strings.HasPrefix(c.Notes[i], "p") && len(c.Notes[i]) > 3 {
			n := c.Notes[i]
			it.puppet, it.path = true, n[3:]
			it.opts = parser.ParseOptions{EPP: n[1] == 'e', Tasks: n[2] == 't'}
		}
		r.files[i] = it
	}
	return r
}

// start starts reading and parsing the files on one goroutine: more would
// take the processors the walk needs, and the check's own workers take
// over the files not done yet once it knows what it keeps. The goroutine
// takes the files last to first, so that the check's workers, which take
// them first to last, seldom wait on a file it is parsing.
func (r *readAhead) start() {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stop.Load() {
		return
	}
	r.wg.Go(func() {
		var a parser.Arena
		for i := len(r.files) - 1; i >= 0 && !r.stop.Load(); i-- {
			if it := r.files[i]; !it.skip.Load() {
				it.load(&a)
			}
		}
	})
}

// load reads the file, with its stat, and parses it with arena a, once.
func (it *aheadFile) load(a *parser.Arena) {
	it.once.Do(func() {
		it.src, it.st, it.err = load.ReadWithStat(it.abs)
		if it.err == nil && it.puppet {
			it.parsed = a.ParseFileWithOptions(it.path, it.src, it.opts)
		}
	})
}

// take returns the content read ahead, and its parse, for the file f
// whose stat the walk found to be st (and the cache trusts); loading it
// with arena a now if the reader has not. ok is false when what was read
// is not what st vouches for; parsed is nil when f is not parsed as it
// was.
func (it *aheadFile) take(a *parser.Arena, f *load.File, st load.Stat) (src []byte, parsed *parser.File, ok bool) {
	it.load(a)
	if it.err != nil || st == (load.Stat{}) || it.st != st {
		return nil, nil, false
	}
	it.of.taken.Add(1)
	if it.puppet && !f.Role.IsHiera() && it.path == f.Path && it.opts == f.ParseOptions() {
		parsed = it.parsed
	}
	return it.src, parsed, true
}

// attach gives each version of vs (of the files by absolute path byAbs)
// whose summary came from the cache unread its file read ahead, and tells
// the reader to leave the other files alone: they changed, or are gone.
// It returns how many it attached.
func (r *readAhead) attach(vs []*version, byAbs map[string]int) int {
	if r == nil {
		return 0
	}
	n := 0
	for _, it := range r.files {
		if i, ok := byAbs[it.abs]; ok && vs[i].unread && vs[i].ahead == nil {
			vs[i].ahead = it
			n++
			continue
		}
		it.skip.Store(true)
	}
	return n
}

// only stops the reader from starting on files keep does not hold (by
// absolute path).
func (r *readAhead) only(keep map[string]bool) {
	if r == nil {
		return
	}
	for _, it := range r.files {
		if !keep[it.abs] {
			it.skip.Store(true)
		}
	}
}

// finish stops the reader from starting on any more files and waits until
// it has stopped.
func (r *readAhead) finish() {
	if r == nil {
		return
	}
	r.mu.Lock()
	r.stop.Store(true)
	r.mu.Unlock()
	r.wg.Wait()
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
