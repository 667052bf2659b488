package cache

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unsafe"
)

// A context is the files a run reporting some files kept as their context
// (read and parsed), so that the next run of the same kind can start
// reading and parsing them before it has worked out which it needs, and
// what that was worked out from, so that the next run whose inputs are the
// same need not work it out again. Each is a small file of its own beside
// the cache files, named by its key alone, so that recording a new one
// does not rewrite the summaries and the next run can read it before it
// knows which cache file it needs (ReadContext); the directory keeps the
// MaxContexts most recently written.

// MaxContexts bounds how many context files a cache directory keeps.
const MaxContexts = 32

// contextMagic starts a context file, which holds the format, the owner,
// the key, the roots' count and roots, the files' count and each file's
// path and note (strings as their length, a varint, and bytes), the
// inputs' hash, the kept files' count and indexes (each as
// its difference from the one before, ascending), and a CRC-32C of all
// that, 4 bytes little-endian.
const contextMagic = "ducklint-ahead\x00"

// contextFormat changes whenever a context file's layout changes.
const contextFormat = 3

// contextPrefix names the context files in the cache directory.
const contextPrefix = "ahead-"

// Context is what a run reporting some files recorded of the context it
// kept.
type Context struct {
	// Roots are the roots of the store the run used (Options.Roots).
	Roots []string
	// Files are the context files it read (absolute paths), for the next
	// run to read ahead.
	Files []string
	// Notes holds, for each of Files, what that run noted of how it read
	// the file, in its caller's terms (the cache only keeps them), so that
	// the next run can parse the file ahead the same way; nil for none.
	Notes []string
	// Inputs is a hash of everything the run worked out which files to
	// keep from, and Keep the indexes in its layout of the files it kept,
	// ascending: a run whose inputs hash the same keeps the same files.
	Inputs Hash
	Keep   []int
}

// equal reports whether c and o record the same.
func (c Context) equal(o Context) bool {
	return slices.Equal(c.Roots, o.Roots) && slices.Equal(c.Files, o.Files) && slices.Equal(c.notes(), o.notes()) && c.Inputs == o.Inputs && slices.Equal(c.Keep, o.Keep)
}

// notes returns c.Notes, or as many empty notes as c has files when it
// has none.
func (c Context) notes() []string {
	if c.Notes == nil {
		return make([]string, len(c.Files))
	}
	return c.Notes
}

// contextPath returns the file recording the context of key, "" for an
// in-memory store.
func (s *Store) contextPath(key string) string {
	if s.path == "" {
		return ""
	}
	return contextPathIn(filepath.Dir(s.path), key)
}

// contextPathIn returns the file recording the context of key in the
// cache directory dir.
func contextPathIn(dir, key string) string {
	h := sha256.Sum256([]byte(key))
	return filepath.Join(dir, contextPrefix+hex.EncodeToString(h[:12]))
}

// ReadContext returns what was recorded as the context of key in the
// cache directory opts.Dir by opts.Owner, without a store: a run reads it
// before it knows its roots, to start on the files it names and on the
// store of its roots. false for none, or a damaged or foreign record.
func ReadContext(opts Options, key string) (Context, bool) {
	if opts.Dir == "" {
		return Context{}, false
	}
	c := readContextFile(contextPathIn(opts.Dir, key), opts.Owner, key)
	return c, c.Files != nil
}

// readContextFile returns the context of key that owner recorded in the
// file at p; the zero Context for none, or a damaged or foreign record.
func readContextFile(p, owner, key string) Context {
	data, err := os.ReadFile(p)
	if err != nil {
		return Context{}
	}
	c, err := decodeContext(data, owner, key)
	if err != nil {
		return Context{}
	}
	return c
}

// KnowContext notes c, read by ReadContext, as what is recorded for key,
// so that Context and RecordContext do not read it again.
func (s *Store) KnowContext(key string, c Context) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.contexts == nil {
		s.contexts = map[string]Context{}
	}
	s.contexts[key] = c
}

// Context returns what was recorded as the context of key; false for none
// or for a damaged or foreign record.
func (s *Store) Context(key string) (Context, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c, ok := s.contexts[key]; ok {
		return c, c.Files != nil
	}
	var c Context
	if p := s.contextPath(key); p != "" {
		c = readContextFile(p, s.owner, key)
	}
	if s.contexts == nil {
		s.contexts = map[string]Context{}
	}
	s.contexts[key] = c
	return c, c.Files != nil
}

// RecordContext records c as the context of key when it differs from the
// recorded one, and leaves the directory the MaxContexts most recently
// written context files. It may be called concurrently with the other
// methods.
func (s *Store) RecordContext(key string, c Context) error {
	if c.Files == nil {
		c.Files = []string{} // recorded, and empty
	}
	if old, ok := s.Context(key); ok && old.equal(c) {
		return nil
	}
	if c.Notes != nil && len(c.Notes) != len(c.Files) {
		return errors.New("cache: a context's notes do not match its files")
	}
	c = Context{Roots: slices.Clone(c.Roots), Files: slices.Clone(c.Files), Notes: slices.Clone(c.Notes), Inputs: c.Inputs, Keep: slices.Clone(c.Keep)}
	s.mu.Lock()
	s.contexts[key] = c
	s.mu.Unlock()
	p := s.contextPath(key)
	if p == "" {
		return nil
	}
	if err := writeAtomically(p, encodeContext(s.owner, key, c)); err != nil {
		return err
	}
	return pruneContexts(filepath.Dir(p))
}

// writeAtomically replaces the file at path with data.
func writeAtomically(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".context-*.tmp")
	if err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	_, err = tmp.Write(data)
	err = errors.Join(err, tmp.Close())
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("cache: writing %s: %w", path, err)
	}
	return nil
}

// pruneContexts removes all but the MaxContexts most recently written
// context files of dir.
func pruneContexts(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("cache: %w", err)
	}
	type written struct {
		name string
		at   int64
	}
	var all []written
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), contextPrefix) {
			continue
		}
		if fi, err := e.Info(); err == nil {
			all = append(all, written{e.Name(), fi.ModTime().UnixNano()})
		}
	}
	if len(all) <= MaxContexts {
		return nil
	}
	slices.SortFunc(all, func(a, b written) int {
		if a.at != b.at {
			return int(min(max(b.at-a.at, -1), 1)) // newest first
		}
		return strings.Compare(a.name, b.name)
	})
	var errs []error
	for _, w := range all[MaxContexts:] {
		if err := os.Remove(filepath.Join(dir, w.name)); err != nil && !errors.Is(err, os.ErrNotExist) {
			errs = append(errs, fmt.Errorf("cache: %w", err))
		}
	}
	return errors.Join(errs...)
}

// encodeContext returns the encoding of c as the context of key for
// owner. c.Keep must be ascending.
func encodeContext(owner, key string, c Context) []byte {
	var b []byte
	b = append(b, contextMagic...)
	b = binary.AppendUvarint(b, contextFormat)
	b = appendString(b, owner)
	b = appendString(b, key)
	b = binary.AppendUvarint(b, uint64(len(c.Roots)))
	for _, r := range c.Roots {
		b = appendString(b, r)
	}
	b = binary.AppendUvarint(b, uint64(len(c.Files)))
	notes := c.notes()
	for i, f := range c.Files {
		b = appendString(b, f)
		b = appendString(b, notes[i])
	}
	b = append(b, c.Inputs[:]...)
	b = binary.AppendUvarint(b, uint64(len(c.Keep)))
	last := 0
	for _, i := range c.Keep {
		b = binary.AppendUvarint(b, uint64(i-last))
		last = i
	}
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, castagnoli()))
}

// decodeContext decodes an encoding made by encodeContext for owner and
// key. Any damage, another format, owner or key is an error.
func decodeContext(data []byte, owner, key string) (Context, error) {
	if len(data) < len(contextMagic)+4 || !bytes.HasPrefix(data, []byte(contextMagic)) {
		return Context{}, errCorrupt
	}
	body := data[:len(data)-4]
	if crc32.Checksum(body, castagnoli()) != binary.LittleEndian.Uint32(data[len(body):]) {
		return Context{}, errCorrupt
	}
	data = body // the strings share it
	d := &decoder{data: data, text: unsafe.String(unsafe.SliceData(data), len(data)), off: len(contextMagic)}
	if d.uvarint() != contextFormat || d.bytes(d.count(1)) != owner || d.bytes(d.count(1)) != key || d.err != nil {
		return Context{}, errCorrupt
	}
	var c Context
	if n := d.count(1); n > 0 {
		c.Roots = make([]string, n)
		for i := range c.Roots {
			c.Roots[i] = d.bytes(d.count(1))
		}
	}
	n := d.count(2)
	c.Files, c.Notes = make([]string, n), make([]string, n)
	for i := range c.Files {
		c.Files[i] = d.bytes(d.count(1))
		c.Notes[i] = d.bytes(d.count(1))
	}
	copy(c.Inputs[:], d.bytes(len(c.Inputs)))
	if n := d.count(1); n > 0 {
		c.Keep = make([]int, n)
		last := uint64(0)
		for i := range c.Keep {
			next := last + d.uvarint()
			if next < last || next > math.MaxInt32 || (i > 0 && next == last) {
				return Context{}, errCorrupt // not ascending, or no index
			}
			c.Keep[i], last = int(next), next
		}
	}
	if d.err != nil || d.off != len(d.data) {
		return Context{}, errCorrupt
	}
	return c, nil
}
