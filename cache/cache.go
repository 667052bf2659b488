// Package cache keeps what ducklint learnt about each context file between
// runs: its content hash and its model.Summary, in a file under the user's
// cache directory. Linting one file with its environment as context then
// reads and parses only the files that can change its findings, instead of
// the whole environment on every save.
//
// A file is known to be unchanged when its size, modification time, change
// time, inode and device are those recorded when its content was hashed,
// as git's index decides. A file modified within StatGranularity of being
// hashed is hashed again on every run until it has been quiet that long, so
// a change that keeps the size within one timestamp tick is never missed.
// Summaries are stored by content hash, and the one of a file's previous
// version is kept until the next change, so an edit that is undone costs
// no parse.
package cache

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/ducklint/ducklint/internal/par"
	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules/model"
)

// formatVersion changes whenever the stored layout changes, or what its
// keys mean (11: a summary's hash names how its file is parsed), so that
// an older cache file is dropped.
const formatVersion = 11

// StatGranularity is the coarsest file timestamp resolution allowed for
// (FAT's two seconds): a file whose timestamps are not older than this when
// it is hashed is not trusted by its stat alone.
const StatGranularity = 2 * time.Second

// Hash is a SHA-256 content hash.
type Hash [sha256.Size]byte

// Store is the cache of one set of context roots. It only stores: reading,
// hashing and summarising files is its caller's job.
type Store struct {
	roots []string
	path  string // the cache file; "" when nothing is persisted
	owner string // identity of the program that wrote the summaries
	now   func() time.Time

	// old is what was read from path: its Dirs by Open, its Files on
	// their own goroutine meanwhile (see files); its summaries are in
	// oldSums, each decoded on first use.
	old     snapshot
	oldSums *storedSummaries
	rest    *par.Future[bool]

	mu    sync.Mutex
	new   snapshot // what this run saw, written by Save
	dirty bool
	// written is set once Save wrote new: a later Save writes only what
	// was recorded since.
	written bool
	// contexts are the contexts read or recorded, by key (see Context).
	contexts map[string]Context
}

// snapshot is the content of a cache file.
type snapshot struct {
	Files   map[string]Entry // by absolute path
	Summary map[Hash]*model.Summary
	Dirs    map[string]Listing // by absolute path
	Derived map[string]Derived // by kind, NUL, absolute path
}

// Derived is what the loader derived from a file's content and what
// vouches for it (see load.Memo).
type Derived struct {
	Stat load.Stat
	At   int64 // Unix nanoseconds, read before Stat was taken
	Data string
}

// Listing is a directory's listing and what vouches for it (see
// load.Memo).
type Listing struct {
	Stat     load.Stat
	ListedAt int64 // Unix nanoseconds, read before Stat was taken
	Entries  []load.DirEntry
}

// Options configure a Store.
type Options struct {
	// Dir is the cache directory; "" keeps the cache in memory only.
	Dir string
	// Roots are the absolute directories of the environments and modules
	// whose files are cached; they name the cache file.
	Roots []string
	// Owner identifies the program and its summary format: summaries
	// written under another owner are discarded.
	Owner string
	// Now returns the current time; nil means time.Now.
	Now func() time.Time
}

// Open reads the cache for opts.Roots. A missing, unreadable, corrupt or
// foreign cache file gives an empty store: the cache only saves time.
func Open(opts Options) *Store {
	s := &Store{roots: slices.Clone(opts.Roots), owner: opts.Owner, now: opts.Now}
	if s.now == nil {
		s.now = time.Now
	}
	if opts.Dir != "" {
		h := sha256.New()
		for _, r := range opts.Roots {
			fmt.Fprintf(h, "%s\x00", r)
		}
		s.path = filepath.Join(opts.Dir, "context-"+hex.EncodeToString(h.Sum(nil)[:12]))
		s.read()
	}
	s.new.Dirs = make(map[string]Listing, len(s.old.Dirs))
	s.new.Derived = make(map[string]Derived, len(s.old.Derived))
	if s.rest == nil {
		s.rest = par.Start(func() bool { s.sized(); return true })
	}
	return s
}

// sized makes the maps of the new snapshot, sized for the same files as
// last time.
func (s *Store) sized() {
	s.new.Files = make(map[string]Entry, len(s.old.Files))
	var n int
	if s.oldSums != nil {
		n = len(s.oldSums.entries)
	}
	s.new.Summary = make(map[Hash]*model.Summary, n)
}

// files waits until the file entries read are decoded and the summaries
// indexed by hash; each summary is decoded on first use (see
// storedSummaries).
func (s *Store) files() { s.rest.Get() }

// Roots returns the roots the store is of (Options.Roots).
func (s *Store) Roots() []string { return s.roots }

// Path returns the cache file's path, "" for an in-memory store.
func (s *Store) Path() string { return s.path }

// read decodes the cache file's directory listings, and starts decoding
// its file entries and summaries, which an editor's run needs only once
// the tree is walked. An unreadable or damaged file leaves s.old empty.
func (s *Store) read() {
	data, err := os.ReadFile(s.path)
	if err != nil {
		return
	}
	h, err := decodeHead(data, s.owner)
	if err != nil {
		return
	}
	s.old.Dirs, s.old.Derived = h.dirs, h.derived
	s.rest = par.Start(func() bool {
		// The checksum held, so only a file this format's encoder did
		// not write fails here; its listings are sound all the same.
		if files, sums, err := h.rest(); err == nil {
			s.old.Files, s.oldSums = files, sums
		}
		s.sized()
		return true
	})
}

// Entry is what was known about one file when its content was hashed.
type Entry struct {
	Stat     load.Stat
	Hash     Hash
	HashedAt int64 // Unix nanoseconds
}

// HashOf returns the content hash of src.
func HashOf(src []byte) Hash { return sha256.Sum256(src) }

// Now returns the store's clock: the time to record as an Entry's HashedAt,
// taken before the file is read.
func (s *Store) Now() time.Time { return s.now() }

// Lookup returns the entry recorded for the file at abs when its current
// stat st still vouches for it (the same as recorded, and older than the
// hash by more than a timestamp tick) and a summary is stored for its
// hash, which ByHash decodes. It may be called concurrently with Lookup,
// ByHash and Record.
func (s *Store) Lookup(abs string, st load.Stat) (Entry, bool) {
	s.files()
	e, ok := s.old.Files[abs]
	if !ok || e.Stat != st || !s.trusted(e) || !s.oldSums.has(e.Hash) {
		return Entry{}, false
	}
	return e, true
}

// ByHash returns a summary stored for content with hash h, nil for none.
// It may be called concurrently with Lookup, ByHash and Record.
// A stored summary that does not decode makes the next Save write the
// cache, without it or with the one its caller records instead.
func (s *Store) ByHash(h Hash) *model.Summary {
	s.files()
	sum := s.oldSums.get(h)
	if sum == nil && s.oldSums.has(h) {
		s.mu.Lock()
		s.dirty = true
		s.mu.Unlock()
	}
	return sum
}

// Record notes what this run knows of the file at abs, for Save: its entry
// and summary; a nil summary is the one stored for the entry's hash
// (Lookup found it), decoded only if Save writes it. The summary of the
// file's previous version stays one generation, so an edit that is undone
// needs no parse. It may be called concurrently.
func (s *Store) Record(abs string, e Entry, sum *model.Summary) {
	s.files()
	s.mu.Lock()
	defer s.mu.Unlock()
	s.new.Files[abs] = e
	if _, have := s.new.Summary[e.Hash]; sum != nil || !have {
		s.new.Summary[e.Hash] = sum
	}
	if prev, ok := s.old.Files[abs]; !ok || prev != e {
		s.dirty = true
		if _, have := s.new.Summary[prev.Hash]; ok && prev.Hash != e.Hash && !have && s.oldSums.has(prev.Hash) {
			s.new.Summary[prev.Hash] = nil
		}
	}
}

// Listing returns the entries of the directory at abs recorded when its
// stat was st, if the stat still vouches for them: the same as recorded,
// and older than the listing by more than a timestamp tick. A listing
// returned is kept for Save. It may be called concurrently with the other
// methods.
func (s *Store) Listing(abs string, st load.Stat) ([]load.DirEntry, bool) {
	d, ok := s.old.Dirs[abs]
	if !ok || d.Stat != st || !older(st, d.ListedAt) {
		return nil, false
	}
	s.mu.Lock()
	s.new.Dirs[abs] = d
	s.mu.Unlock()
	return d.Entries, true
}

// RecordListing notes the listing of the directory at abs, for Save. It
// may be called concurrently with the other methods.
func (s *Store) RecordListing(abs string, st load.Stat, listedAt int64, entries []load.DirEntry) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.new.Dirs[abs] = Listing{Stat: st, ListedAt: listedAt, Entries: entries}
	s.dirty = true
}

// Derived returns the data recorded as derived, in the way named kind,
// from the content of the file at abs when its stat was st, if the stat still vouches for it. Data
// returned is kept for Save. It may be called concurrently with the other
// methods.
func (s *Store) Derived(kind, abs string, st load.Stat) ([]byte, bool) {
	key := kind + "\x00" + abs
	d, ok := s.old.Derived[key]
	if !ok || d.Stat != st || !older(st, d.At) {
		return nil, false
	}
	s.mu.Lock()
	s.new.Derived[key] = d
	s.mu.Unlock()
	return []byte(d.Data), true
}

// RecordDerived notes data derived in the way named kind from the content
// of the file at abs, for Save. It may be called concurrently with the other methods.
func (s *Store) RecordDerived(kind, abs string, st load.Stat, at int64, data []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.new.Derived[kind+"\x00"+abs] = Derived{Stat: st, At: at, Data: string(data)}
	s.dirty = true
}

// trusted reports whether an entry's stat still vouches for its hash: the
// file's timestamps were older than the hash by more than a timestamp tick,
// so a later change of the content must have changed them.
func (s *Store) trusted(e Entry) bool { return older(e.Stat, e.HashedAt) }

// older reports whether the timestamps of st are older than the time at
// (Unix nanoseconds) by more than a timestamp tick: a change made after
// at must have changed them.
func older(st load.Stat, at int64) bool {
	limit := at - int64(StatGranularity)
	return st.ModTime < limit && st.ChangeTime < limit
}

// Save writes what this run saw when it differs from what was read: the
// entries of the files summarised and their summaries, nothing else, so
// the cache does not grow with files long gone. The file is replaced
// atomically; a failure leaves the old one.
func (s *Store) Save() error {
	s.files()
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.written && (len(s.new.Files) != len(s.old.Files) || len(s.new.Dirs) != len(s.old.Dirs) || len(s.new.Derived) != len(s.old.Derived)) {
		s.dirty = true // files or directories gone or added since the cache was read
	}
	if s.path == "" || !s.dirty {
		return nil
	}
	// The summaries recorded as stored are decoded now; one that does not
	// decode leaves the cache with the files it summarised.
	var lost map[Hash]bool
	for h, sum := range s.new.Summary {
		if sum == nil {
			if sum = s.oldSums.get(h); sum == nil {
				if lost == nil {
					lost = map[Hash]bool{}
				}
				lost[h] = true
				delete(s.new.Summary, h)
				continue
			}
			s.new.Summary[h] = sum
		}
	}
	for abs, e := range s.new.Files {
		if lost[e.Hash] {
			delete(s.new.Files, abs)
		}
	}
	if err := writeAtomically(s.path, encode(&s.new, s.owner)); err != nil {
		return err
	}
	s.dirty, s.written = false, true
	return nil
}
