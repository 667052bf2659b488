package cache

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unsafe"
)

// A context is the files a run reporting some files kept as their context
// (read and parsed), so that the next run of the same kind can start
// reading and parsing them before it has worked out which it needs. Each
// is a small file of its own beside the cache file, named by its key, so
// that recording a new one does not rewrite the summaries; the directory
// keeps the MaxContexts most recently written.

// MaxContexts bounds how many context files a cache directory keeps.
const MaxContexts = 32

// contextMagic starts a context file, which holds the format, the owner,
// the key, the files' count and paths (length and bytes each, lengths as
// varints), and a CRC-32C of all that, 4 bytes little-endian.
const contextMagic = "ducklint-ahead\x00"

// contextFormat changes whenever a context file's layout changes.
const contextFormat = 1

// contextPrefix names the context files in the cache directory.
const contextPrefix = "ahead-"

// contextPath returns the file recording the context of key, "" for an
// in-memory store.
func (s *Store) contextPath(key string) string {
	if s.path == "" {
		return ""
	}
	h := sha256.Sum256([]byte(s.path + "\x00" + key))
	return filepath.Join(filepath.Dir(s.path), contextPrefix+hex.EncodeToString(h[:12]))
}

// Context returns the files (absolute paths) recorded as the context of
// key, nil for none or for a damaged or foreign record.
func (s *Store) Context(key string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if files, ok := s.contexts[key]; ok {
		return files
	}
	var files []string
	if p := s.contextPath(key); p != "" {
		if data, err := os.ReadFile(p); err == nil {
			files, _ = decodeContext(data, s.owner, key)
		}
	}
	if s.contexts == nil {
		s.contexts = map[string][]string{}
	}
	s.contexts[key] = files
	return files
}

// RecordContext records files (absolute paths) as the context of key when
// they differ from the recorded ones, and leaves the directory the
// MaxContexts most recently written context files. It may be called
// concurrently with the other methods.
func (s *Store) RecordContext(key string, files []string) error {
	if slices.Equal(s.Context(key), files) {
		return nil
	}
	s.mu.Lock()
	s.contexts[key] = slices.Clone(files)
	s.mu.Unlock()
	p := s.contextPath(key)
	if p == "" {
		return nil
	}
	if err := writeAtomically(p, encodeContext(s.owner, key, files)); err != nil {
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

// encodeContext returns the encoding of files as the context of key for
// owner.
func encodeContext(owner, key string, files []string) []byte {
	var b []byte
	b = append(b, contextMagic...)
	b = binary.AppendUvarint(b, contextFormat)
	b = appendString(b, owner)
	b = appendString(b, key)
	b = binary.AppendUvarint(b, uint64(len(files)))
	for _, f := range files {
		b = appendString(b, f)
	}
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, castagnoli()))
}

// decodeContext decodes an encoding made by encodeContext for owner and
// key. Any damage, another format, owner or key is an error.
func decodeContext(data []byte, owner, key string) ([]string, error) {
	if len(data) < len(contextMagic)+4 || !bytes.HasPrefix(data, []byte(contextMagic)) {
		return nil, errCorrupt
	}
	body := data[:len(data)-4]
	if crc32.Checksum(body, castagnoli()) != binary.LittleEndian.Uint32(data[len(body):]) {
		return nil, errCorrupt
	}
	data = body // the strings share it
	d := &decoder{data: data, text: unsafe.String(unsafe.SliceData(data), len(data)), off: len(contextMagic)}
	if d.uvarint() != contextFormat || d.bytes(d.count(1)) != owner || d.bytes(d.count(1)) != key || d.err != nil {
		return nil, errCorrupt
	}
	files := make([]string, d.count(1))
	for i := range files {
		files[i] = d.bytes(d.count(1))
	}
	if d.err != nil || d.off != len(d.data) {
		return nil, errCorrupt
	}
	return files, nil
}
