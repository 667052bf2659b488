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

// TestContextsAreReadBackByTheirKeyAndOwner records a context and reads
// it back by its key and owner; the roots of the store it is read through
// do not name it (the run reading it may not know its roots yet), it
// records the roots of the store that recorded it.
func TestContextsAreReadBackByTheirKeyAndOwner(t *testing.T) {
	dir := t.TempDir()
	open := func(root, owner string) *Store {
		return Open(Options{Dir: dir, Roots: []string{root}, Owner: owner})
	}
	want := Context{Roots: []string{"/t"}, Files: []string{"/t/a.pp", "/t/lib/b.pp"}, Notes: []string{"note a", ""}, Inputs: HashOf([]byte("inputs")), Keep: []int{0, 3, 4, 130}}
	if err := open("/t", "v1").RecordContext("k", want); err != nil {
		t.Fatal(err)
	}
	for _, root := range []string{"/t", "/u"} {
		if got, ok := open(root, "v1").Context("k"); !ok || !got.equal(want) {
			t.Errorf("store of %s: context %+v (%v), want %+v", root, got, ok, want)
		}
	}
	for name, s := range map[string]*Store{
		"another key":   open("/t", "v1"),
		"another owner": open("/t", "v2"),
	} {
		key := "k"
		if name == "another key" {
			key = "k2"
		}
		if got, ok := s.Context(key); ok || got.Files != nil || got.Keep != nil || got.Inputs != (Hash{}) {
			t.Errorf("%s: context %+v, want none", name, got)
		}
	}
	// Recording it again unchanged does not write it again; a change of
	// any part does.
	path := open("/t", "v1").contextPath("k")
	old := time.Now().Add(-time.Hour).Truncate(time.Second)
	written := func() bool {
		t.Helper()
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		return !fi.ModTime().Equal(old)
	}
	record := func(c Context) {
		t.Helper()
		if err := os.Chtimes(path, old, old); err != nil {
			t.Fatal(err)
		}
		if err := open("/t", "v1").RecordContext("k", c); err != nil {
			t.Fatal(err)
		}
	}
	record(Context{Roots: slices.Clone(want.Roots), Files: slices.Clone(want.Files), Notes: slices.Clone(want.Notes), Inputs: want.Inputs, Keep: slices.Clone(want.Keep)})
	if written() {
		t.Errorf("an unchanged context was written again")
	}
	changes := map[string]Context{
		"roots":  {Roots: []string{"/t", "/u"}, Files: want.Files, Notes: want.Notes, Inputs: want.Inputs, Keep: want.Keep},
		"files":  {Roots: want.Roots, Files: want.Files[:1], Notes: want.Notes[:1], Inputs: want.Inputs, Keep: want.Keep},
		"notes":  {Roots: want.Roots, Files: want.Files, Notes: []string{"note a", "note b"}, Inputs: want.Inputs, Keep: want.Keep},
		"inputs": {Roots: want.Roots, Files: want.Files, Notes: want.Notes, Inputs: HashOf([]byte("other inputs")), Keep: want.Keep},
		"kept":   {Roots: want.Roots, Files: want.Files, Notes: want.Notes, Inputs: want.Inputs, Keep: []int{0, 3, 4}},
	}
	for name, c := range changes {
		record(c)
		if !written() {
			t.Errorf("a context with other %s was not written", name)
		}
		if got, _ := open("/t", "v1").Context("k"); !got.equal(c) {
			t.Errorf("other %s: read back %+v, want %+v", name, got, c)
		}
	}
	// Notes that do not match the files are refused.
	if err := open("/t", "v1").RecordContext("k", Context{Files: want.Files, Notes: []string{"one"}}); err == nil {
		t.Error("a context with one note for two files was recorded")
	}
	// An empty context is one too.
	if err := open("/t", "v1").RecordContext("k", Context{}); err != nil {
		t.Fatal(err)
	}
	if got, ok := open("/t", "v1").Context("k"); !ok || got.Files == nil || len(got.Files) != 0 || got.Keep != nil {
		t.Errorf("empty context read back as %#v (%v)", got, ok)
	}
}

func TestDamagedContextIsIgnored(t *testing.T) {
	dir := t.TempDir()
	s := Open(Options{Dir: dir, Roots: []string{"/t"}, Owner: "v1"})
	if err := s.RecordContext("k", Context{Files: []string{"/t/a.pp", "/t/b.pp"}, Inputs: HashOf(nil), Keep: []int{1, 7}}); err != nil {
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
		if got, ok := Open(Options{Dir: dir, Roots: []string{"/t"}, Owner: "v1"}).Context("k"); ok || got.Files != nil || got.Keep != nil {
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
		if err := s.RecordContext(key, Context{Files: []string{fmt.Sprintf("/t/%d.pp", i)}}); err != nil {
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
		_, got := s.Context(fmt.Sprintf("key %d", i))
		recent := i >= n-MaxContexts
		if recent && !got {
			t.Errorf("context %d of %d is gone: the %d most recent are kept", i, n, MaxContexts)
		}
		if !recent && got {
			t.Errorf("context %d of %d is kept: only the %d most recent are", i, n, MaxContexts)
		}
	}
}

func FuzzDecodeContext(f *testing.F) {
	good := encodeContext("o", "k", Context{Roots: []string{"/t"}, Files: []string{"/t/a.pp", ""}, Notes: []string{"n", ""}, Inputs: HashOf([]byte("x")), Keep: []int{0, 2, 9}})
	f.Add(good[:len(good)-4])
	empty := encodeContext("o", "k", Context{Files: []string{}})
	f.Add(empty[:len(empty)-4])
	f.Add([]byte(contextMagic))
	f.Fuzz(func(t *testing.T, body []byte) {
		data := binary.LittleEndian.AppendUint32(slices.Clone(body), crc32.Checksum(body, castagnoli()))
		c, err := decodeContext(data, "o", "k")
		if err != nil {
			return
		}
		if !slices.IsSorted(c.Keep) || len(slices.Compact(slices.Clone(c.Keep))) != len(c.Keep) || slices.ContainsFunc(c.Keep, func(i int) bool { return i < 0 }) {
			t.Errorf("decoded kept indexes %v: not ascending", c.Keep)
		}
		again, err := decodeContext(encodeContext("o", "k", c), "o", "k")
		if err != nil || !again.equal(c) {
			t.Errorf("decoded %+v, encoded and decoded again %+v (error %v)", c, again, err)
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

// TestContextIsReadWithoutAStore checks that ReadContext gives the context
// a store recorded, by its key and owner alone, with the roots it was
// recorded with, and that a store told of it does not read it again.
func TestContextIsReadWithoutAStore(t *testing.T) {
	dir := t.TempDir()
	opts := Options{Dir: dir, Roots: []string{"/t", "/u"}, Owner: "v1"}
	want := Context{Roots: opts.Roots, Files: []string{"/t/a.pp"}, Notes: []string{"n"}, Inputs: HashOf([]byte("in"))}
	if err := Open(opts).RecordContext("k", want); err != nil {
		t.Fatal(err)
	}
	if got, ok := ReadContext(Options{Dir: dir, Owner: "v1"}, "k"); !ok || !got.equal(want) {
		t.Errorf("context %+v (%v), want %+v", got, ok, want)
	}
	for name, o := range map[string]Options{
		"another owner": {Dir: dir, Owner: "v2"},
		"no directory":  {Owner: "v1"},
	} {
		if got, ok := ReadContext(o, "k"); ok || got.Files != nil {
			t.Errorf("%s: context %+v, want none", name, got)
		}
	}
	if _, ok := ReadContext(Options{Dir: dir, Owner: "v1"}, "k2"); ok {
		t.Error("another key: a context")
	}
	s := Open(opts)
	known := Context{Roots: opts.Roots, Files: []string{"/t/b.pp"}}
	s.KnowContext("k", known)
	if got, ok := s.Context("k"); !ok || !got.equal(known) {
		t.Errorf("the store read %+v again, not the context it was told of", got)
	}
}
