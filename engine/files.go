package engine

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"sync"

	"github.com/ducklint/ducklint/cache"
	"github.com/ducklint/ducklint/hiera"
	"github.com/ducklint/ducklint/internal/par"
	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules/model"
)

// version is one version of a file's content with what is known of it,
// shared by every snapshot that sees that version. The update that makes
// it sets its stat and cache entry, and the content and summary of what
// it read; the rest (content, parsed tree, a summary the cache holds) is
// filled in once, when first needed (a context file whose summary the
// cache holds is never read unless a check keeps it).
type version struct {
	stat    load.Stat // the disk stat it was summarised at; zero for content that came with loading
	overlay bool      // the content is an editor buffer's
	entry   cache.Entry
	hashed  bool // entry is set: the file was stat'ed and hashed, or trusted by its stat
	// unread is set when the summary came from the cache by the file's
	// stat: the content was not read to make it.
	unread bool
	// ahead is the file as read ahead (see readAhead), for an unread
	// version of a file the last run kept.
	ahead *aheadFile
	err   error // why it could not be read; it has no summary then

	// sum is set when the version is made for a file read to be
	// summarised; for a file whose summary the cache holds (stored), for
	// content that came with loading or from an overlay, on first use (a
	// check of every file needs none, nor does a single run that keeps
	// the context its last run recorded).
	sumOnce sync.Once
	sum     *model.Summary
	stored  *cache.Store // holds the summary for entry.Hash

	once   sync.Once
	src    []byte
	parsed *parser.File
	hiera  *model.HieraFile // a Hiera file's configuration or data; parsed is its syntax then
	// readErr is why reading the file for a check failed (it changed on
	// disk since it was summarised, say).
	readErr error

	// collected is what the parsed tree contributes to a model, kept
	// for the checks of a warm workspace (see model.Collected).
	collectedMu sync.Mutex
	collected   *model.Collected
}

// collectedFor returns what the version's parse contributes to a model
// with declaring functions declaring, collecting it on first use.
func (v *version) collectedFor(lf *load.File, parsed *parser.File, declaring model.DeclaringFunctions) *model.Collected {
	v.collectedMu.Lock()
	c := v.collected
	v.collectedMu.Unlock()
	if c.For(lf, parsed, declaring) {
		return c
	}
	c = model.Collect(lf, parsed, declaring)
	v.collectedMu.Lock()
	v.collected = c
	v.collectedMu.Unlock()
	return c
}

// content returns the file's content and parsed tree, reading and parsing
// them on first use.
func (v *version) content(f *load.File) ([]byte, *parser.File, error) {
	var a parser.Arena
	return v.contentIn(&a, f)
}

// contentIn is content parsing, if it must, with arena a: a check that
// parses hundreds of small context files continues one arena's chunks
// instead of allocating a dozen fresh ones for each file.
func (v *version) contentIn(a *parser.Arena, f *load.File) ([]byte, *parser.File, error) {
	v.once.Do(func() {
		if v.src == nil && v.ahead != nil {
			if src, parsed, ok := v.ahead.take(a, f, v.stat); ok {
				v.src, v.parsed = src, parsed
			}
		}
		if v.src == nil {
			c := *f
			c.Src = nil
			if err := c.Read(); err != nil {
				v.readErr = err
				return
			}
			v.src = c.Src
		}
		if v.parsed == nil {
			v.parse(a, f)
		}
	})
	return v.src, v.parsed, v.readErr
}

// parse parses the version's content: Puppet code with arena a, a Hiera
// file with package hiera.
func (v *version) parse(a *parser.Arena, f *load.File) {
	if f.Role.IsHiera() {
		v.hiera = model.ParseHiera(f, v.src)
		v.parsed = v.hiera.Syntax()
		return
	}
	v.parsed = a.ParseFileWithOptions(f.Path, v.src, f.ParseOptions())
}

// summarize returns the summary of the version's parsed content.
func (v *version) summarize() *model.Summary {
	if v.hiera != nil {
		return model.SummarizeHiera(v.hiera)
	}
	return model.Summarize(v.parsed)
}

// summary returns the version's summary, nil when it could not be read.
func (v *version) summary(f *load.File) *model.Summary {
	v.sumOnce.Do(func() {
		if v.sum != nil || v.err != nil {
			return
		}
		if v.stored != nil {
			if v.sum = v.stored.ByHash(v.entry.Hash); v.sum != nil {
				return
			}
		}
		if _, _, err := v.content(f); err == nil {
			v.sum = v.summarize()
			if v.stored != nil && contentHash(f, v.src) == v.entry.Hash {
				// The stored summary did not decode: the cache keeps
				// this one instead, if the content read is the one
				// the entry hashed.
				v.stored.Record(f.AbsPath, v.entry, v.sum)
			}
		}
	})
	return v.sum
}

// recordedSummary is the summary to record in the cache for the version
// when its update saves the cache: nil for the one the cache holds (see
// cache.Store.Record), which summary records anew if it does not decode.
func (v *version) recordedSummary(f *load.File) *model.Summary {
	if v.stored != nil {
		return nil
	}
	return v.summary(f)
}

// counts are what an update did, and its snapshot's first check took
// from the last run, for tests and benchmarks.
type counts struct {
	Read, Parsed, Reused int
	// Early is how many of the files parsed were parsed while the load
	// went on (see earlyParses).
	Early int
	// Predicted is how many context files are read ahead (see readAhead),
	// and TakenAhead how many of them the first check took as read.
	Predicted, TakenAhead int
	// StoreAhead is set when the cache was opened for the roots the last
	// run recorded, before the layout knew its own, and they were the
	// same.
	StoreAhead bool
	// KeptAsRecorded is how many files the first check kept as the last
	// run recorded them, its inputs being the same (see recordedKeep); 0
	// when it worked them out.
	KeptAsRecorded int
}

// summarise makes the summary of each version in todo (indexes into files
// and vs): parsing content it has (or taking the tree early parsed it
// into, see earlyParses), or, for a file known by its stat,
// taking the summary from store when the stat vouches for it, else reading
// and hashing it and parsing only content the store has no summary of.
// Context files are read only on a cache miss.
func summarise(files []*load.File, vs []*version, todo []int, store *cache.Store, jobs int, early *earlyParses) counts {
	var c counts
	read := make([]bool, len(todo))
	parsed := make([]bool, len(todo))
	taken := make([]bool, len(todo)) // parsed early
	arenas := make([]parser.Arena, par.Workers(len(todo), jobs))
	par.ForWorkers(len(todo), jobs, func(w, k int) {
		i := todo[k]
		f, v := files[i], vs[i]
		fileStore := store
		if v.src == nil {
			if fileStore != nil {
				if e, ok := fileStore.Lookup(f.AbsPath, v.stat); ok {
					v.entry, v.hashed, v.stored, v.unread = e, true, fileStore, true
					return
				}
			}
			var hashedAt int64
			if fileStore != nil {
				hashedAt = fileStore.Now().UnixNano()
			}
			c := *f
			c.Src = nil
			if err := c.Read(); err != nil {
				v.err = err
				return
			}
			read[k] = true
			v.src = c.Src
			v.entry, v.hashed = cache.Entry{Stat: v.stat, Hash: contentHash(f, v.src), HashedAt: hashedAt}, true
			if fileStore != nil {
				if sum := fileStore.ByHash(v.entry.Hash); sum != nil {
					v.sum = sum
					return
				}
			}
		}
		if v.parsed = early.take(f, v.src); v.parsed == nil {
			v.parse(&arenas[w], f)
		} else {
			taken[k] = true
		}
		parsed[k] = true
		if !v.overlay && v.stat != (load.Stat{}) {
			v.sum = v.summarize() // for the cache
		}
	})
	for k := range todo {
		if read[k] {
			c.Read++
		}
		if parsed[k] {
			c.Parsed++
		}
		if taken[k] {
			c.Early++
		}
	}
	return c
}

// contentHash is the cache's key for the summary of file f with content
// src. The same text summarises differently as Puppet, as an EPP template,
// in tasks mode (as a plan), as a hiera.yaml and as YAML or JSON data, so
// the key also names how the file is parsed: for Puppet, the options its
// place in the layout gives it (load.File.ParseOptions); for a Hiera file, its
// role and format.
func contentHash(f *load.File, src []byte) cache.Hash {
	h := sha256.New()
	if f.Role.IsHiera() {
		fmt.Fprintf(h, "hiera %d %v\x00", f.Role, f.DataFormat)
	} else {
		opts := f.ParseOptions()
		fmt.Fprintf(h, "puppet epp=%t tasks=%t\x00", opts.EPP, opts.Tasks)
	}
	h.Write(src)
	var out cache.Hash
	h.Sum(out[:0])
	return out
}

// parsing is how a file is parsed besides its content: a Puppet file's
// parse options, a Hiera file's role and format. A file's place in the
// layout can change between two snapshots of a workspace (its directory
// gains manifests/init.pp): a version parsed otherwise is not carried.
type parsing struct {
	puppet parser.ParseOptions
	role   load.Role // Hiera files only
	format hiera.Format
}

// parsingOf returns how f is parsed.
func parsingOf(f *load.File) parsing {
	if f.Role.IsHiera() {
		return parsing{role: f.Role, format: f.DataFormat}
	}
	return parsing{puppet: f.ParseOptions()}
}

// sameContent reports whether v holds exactly src (as its content, already
// read).
func sameContent(v *version, src []byte) bool {
	return v != nil && v.src != nil && v.err == nil && bytes.Equal(v.src, src)
}
