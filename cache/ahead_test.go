package cache

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestContextsAreReadBackByTheirKeyRootsAndOwner(t *testing.T) {
	dir := t.TempDir()
	open := func(root, owner string) *Store {
		return Open(Options{Dir: dir, Roots: []string{root}, Owner: owner})
	}
	files := []string{"/t/a.pp", "/t/lib/b.pp"}
	if err := open("/t", "v1").RecordContext("k", files); err != nil {
		t.Fatal(err)
	}
	if got := open("/t", "v1").Context("k"); !slices.Equal(got, files) {
		t.Errorf("context %v, want %v", got, files)
	}
	for name, got := range map[string][]string{
		"another key":   open("/t", "v1").Context("k2"),
		"another owner": open("/t", "v2").Context("k"),
		"other roots":   open("/u", "v1").Context("k"),
	} {
		if got != nil {
			t.Errorf("%s: context %v, want none", name, got)
		}
	}
	// Recording it again unchanged does not write it again.
	path := open("/t", "v1").contextPath("k")
	old := time.Now().Add(-time.Hour).Truncate(time.Second)
	if err := os.Chtimes(path, old, old); err != nil {
		t.Fatal(err)
	}
	if err := open("/t", "v1").RecordContext("k", slices.Clone(files)); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(path); err != nil || !fi.ModTime().Equal(old) {
		t.Errorf("an unchanged context was written again (%v, %v)", fi.ModTime(), err)
	}
	// An empty context is one too.
	if err := open("/t", "v1").RecordContext("k", nil); err != nil {
		t.Fatal(err)
	}
	if got := open("/t", "v1").Context("k"); got == nil || len(got) != 0 {
		t.Errorf("empty context read back as %#v", got)
	}
}

func TestDamagedContextIsIgnored(t *testing.T) {
	dir := t.TempDir()
	s := Open(Options{Dir: dir, Roots: []string{"/t"}, Owner: "v1"})
	if err := s.RecordContext("k", []string{"/t/a.pp", "/t/b.pp"}); err != nil {
		t.Fatal(err)
	}
	path := s.contextPath("k")
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	damaged := map[string][]byte{
		"empty":     {},
		"truncated": good[:len(good)/2],
		"extended":  append(slices.Clone(good), 0),
	}
	for i := range good {
		flipped := slices.Clone(good)
		flipped[i] ^= 0x01
		damaged[fmt.Sprintf("bit 0 of byte %d flipped", i)] = flipped
	}
	for name, data := range damaged {
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		if got := Open(Options{Dir: dir, Roots: []string{"/t"}, Owner: "v1"}).Context("k"); got != nil {
			t.Errorf("%s: context %v from a damaged file", name, got)
		}
	}
}

func TestContextsAreBounded(t *testing.T) {
	dir := t.TempDir()
	start := time.Now().Add(-time.Hour)
	n := MaxContexts + 5
	for i := range n {
		s := Open(Options{Dir: dir, Roots: []string{"/t"}, Owner: "v1"})
		key := fmt.Sprintf("key %d", i)
		if err := s.RecordContext(key, []string{fmt.Sprintf("/t/%d.pp", i)}); err != nil {
			t.Fatal(err)
		}
		// Distinct times in the order written, whatever the file
		// system's timestamp resolution.
		at := start.Add(time.Duration(i) * time.Second)
		if err := os.Chtimes(s.contextPath(key), at, at); err != nil {
			t.Fatal(err)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var ahead int
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), contextPrefix) {
			ahead++
		}
	}
	if ahead != MaxContexts {
		t.Errorf("%d context files after %d were recorded, want %d", ahead, n, MaxContexts)
	}
	s := Open(Options{Dir: dir, Roots: []string{"/t"}, Owner: "v1"})
	for i := range n {
		got := s.Context(fmt.Sprintf("key %d", i))
		recent := i >= n-MaxContexts
		if recent && got == nil {
			t.Errorf("context %d of %d is gone: the %d most recent are kept", i, n, MaxContexts)
		}
		if !recent && got != nil {
			t.Errorf("context %d of %d is kept: only the %d most recent are", i, n, MaxContexts)
		}
	}
}

func FuzzDecodeContext(f *testing.F) {
	good := encodeContext("o", "k", []string{"/t/a.pp", ""})
	f.Add(good[:len(good)-4])
	f.Add([]byte(contextMagic))
	f.Fuzz(func(t *testing.T, body []byte) {
		data := binary.LittleEndian.AppendUint32(slices.Clone(body), crc32.Checksum(body, castagnoli()))
		files, err := decodeContext(data, "o", "k")
		if err != nil {
			return
		}
		again, err := decodeContext(encodeContext("o", "k", files), "o", "k")
		if err != nil || !slices.Equal(again, files) {
			t.Errorf("decoded %q, encoded and decoded again %q (error %v)", files, again, err)
		}
	})
}

// TestContextFilesSitBesideTheCache checks that a context file is in the
// cache directory and named apart from the cache files.
func TestContextFilesSitBesideTheCache(t *testing.T) {
	dir := t.TempDir()
	s := Open(Options{Dir: dir, Roots: []string{"/t"}, Owner: "v1"})
	p := s.contextPath("k")
	if filepath.Dir(p) != dir || !strings.HasPrefix(filepath.Base(p), contextPrefix) || strings.HasPrefix(filepath.Base(s.Path()), contextPrefix) {
		t.Errorf("context file %s, cache file %s", p, s.Path())
	}
}
