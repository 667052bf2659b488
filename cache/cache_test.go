package cache

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules/model"
)

// fixture is a directory of context files and a cache directory.
type fixture struct {
	t     *testing.T
	dir   string
	cache string
	names []string
	now   time.Time // the clock runs and Saves see
}

func newFixture(t *testing.T, files map[string]string) *fixture {
	fx := &fixture{t: t, dir: t.TempDir(), cache: filepath.Join(t.TempDir(), "ducklint")}
	for name, text := range files {
		fx.write(name, text)
		fx.names = append(fx.names, name)
	}
	slices.Sort(fx.names)
	fx.now = time.Now().Add(time.Hour) // every file is long quiet
	return fx
}

func (fx *fixture) write(name, text string) {
	fx.t.Helper()
	if err := os.WriteFile(filepath.Join(fx.dir, name), []byte(text), 0o644); err != nil {
		fx.t.Fatal(err)
	}
}

// files returns the context files as loading with DeferContext leaves them.
func (fx *fixture) files() []*load.File {
	fx.t.Helper()
	var out []*load.File
	for _, name := range fx.names {
		abs := filepath.Join(fx.dir, name)
		st, err := load.StatFile(abs)
		if err != nil {
			fx.t.Fatal(err)
		}
		out = append(out, &load.File{Path: name, AbsPath: abs, Stat: st})
	}
	return out
}

// result is what one run through the store did.
type result struct {
	files  []*load.File
	sums   []*model.Summary
	read   []string // files whose content was read
	parsed []string // files parsed
}

// run opens the store, summarises the files and saves, as a workspace
// does: a file whose stat vouches for its entry is neither read nor
// parsed, one whose content hash is known is read but not parsed.
func (fx *fixture) run(owner string) result {
	fx.t.Helper()
	s := Open(Options{Dir: fx.cache, Roots: []string{fx.dir}, Owner: owner, Now: func() time.Time { return fx.now }})
	r := result{files: fx.files()}
	r.sums = summariseAll(fx.t, s, r.files, &r.read, &r.parsed)
	if err := s.Save(); err != nil {
		fx.t.Fatal(err)
	}
	return r
}

// summariseAll is a store's client: it returns every file's summary and
// appends the files it read and parsed to read and parsed.
func summariseAll(t *testing.T, s *Store, files []*load.File, read, parsed *[]string) []*model.Summary {
	t.Helper()
	sums := make([]*model.Summary, len(files))
	for i, f := range files {
		if e, ok := s.Lookup(f.AbsPath, f.Stat); ok {
			// Recorded as the stored one, which Save decodes if it writes.
			s.Record(f.AbsPath, e, nil)
			sums[i] = s.ByHash(e.Hash)
			continue
		}
		hashedAt := s.Now()
		if err := f.Read(); err != nil {
			t.Fatal(err)
		}
		*read = append(*read, f.Path)
		e := Entry{Stat: f.Stat, Hash: HashOf(f.Src), HashedAt: hashedAt.UnixNano()}
		sum := s.ByHash(e.Hash)
		if sum == nil {
			sum = model.Summarize(parser.ParseFileWithOptions(f.Path, f.Src, f.ParseOptions()))
			*parsed = append(*parsed, f.Path)
		}
		s.Record(f.AbsPath, e, sum)
		sums[i] = sum
	}
	return sums
}

// defined returns the names the summary of file name defines.
func (r result) defined(name string) []string {
	for i, f := range r.files {
		if f.Path == name {
			var out []string
			for _, u := range r.sums[i].Units[1:] {
				out = append(out, u.Name)
			}
			return out
		}
	}
	return nil
}

var twoClasses = map[string]string{
	"a.pp": "class a { include b }\n",
	"b.pp": "class b { notify { 'x': } }\n",
}

func TestUnchangedFilesAreNeitherReadNorParsed(t *testing.T) {
	fx := newFixture(t, twoClasses)
	first := fx.run("v1")
	if !reflect.DeepEqual(first.parsed, []string{"a.pp", "b.pp"}) {
		t.Fatalf("first run parsed %v, want every file", first.parsed)
	}
	second := fx.run("v1")
	if len(second.read) != 0 || len(second.parsed) != 0 {
		t.Errorf("second run read %v and parsed %v, want nothing", second.read, second.parsed)
	}
	if !reflect.DeepEqual(first.sums, second.sums) {
		t.Errorf("cached summaries differ from the parsed ones:\n%+v\n%+v", first.sums, second.sums)
	}
}

func TestRecentlyModifiedFileIsHashedAgain(t *testing.T) {
	fx := newFixture(t, twoClasses)
	fx.now = time.Now() // the files were written within a timestamp tick
	fx.run("v1")
	second := fx.run("v1")
	if !reflect.DeepEqual(second.read, []string{"a.pp", "b.pp"}) || len(second.parsed) != 0 {
		t.Errorf("read %v and parsed %v; want both read (not trusted by stat yet) and none parsed (known by hash)",
			second.read, second.parsed)
	}
	fx.now = time.Now().Add(time.Hour) // hashed again long after the change: trusted from now on
	fx.run("v1")
	if third := fx.run("v1"); len(third.read) != 0 {
		t.Errorf("read %v after the files were quiet, want nothing", third.read)
	}
}

func TestSameSizeRewriteWithOldModTimeIsNoticed(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the change time that reveals this rewrite is read on Linux only")
	}
	fx := newFixture(t, twoClasses)
	fx.run("v1")
	abs := filepath.Join(fx.dir, "b.pp")
	before, err := os.Stat(abs)
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(10 * time.Millisecond) // let the change time move on
	fx.write("b.pp", "class c { notify { 'x': } }\n")
	if err := os.Chtimes(abs, before.ModTime(), before.ModTime()); err != nil {
		t.Fatal(err)
	}
	fx.now = time.Now().Add(time.Hour)
	r := fx.run("v1")
	if got := r.defined("b.pp"); !reflect.DeepEqual(got, []string{"c"}) {
		t.Errorf("b.pp defines %v after the rewrite, want [c]", got)
	}
}

func TestEditedFileIsParsedAgainAndRevertedOneIsNot(t *testing.T) {
	fx := newFixture(t, twoClasses)
	fx.run("v1")
	fx.write("b.pp", "class b2 { }\n")
	r := fx.run("v1")
	if !reflect.DeepEqual(r.parsed, []string{"b.pp"}) || !reflect.DeepEqual(r.defined("b.pp"), []string{"b2"}) {
		t.Fatalf("after an edit: parsed %v, b.pp defines %v; want b.pp parsed, defining b2", r.parsed, r.defined("b.pp"))
	}
	fx.write("b.pp", twoClasses["b.pp"])
	r = fx.run("v1")
	if len(r.parsed) != 0 || !reflect.DeepEqual(r.defined("b.pp"), []string{"b"}) {
		t.Errorf("after reverting: parsed %v, b.pp defines %v; want nothing parsed (summary known by hash), defining b",
			r.parsed, r.defined("b.pp"))
	}
}

func TestReplacedFileIsNoticed(t *testing.T) {
	fx := newFixture(t, twoClasses)
	fx.run("v1")
	// Editors save by writing a new file and renaming it over the old.
	tmp := filepath.Join(fx.dir, ".b.pp.swp")
	if err := os.WriteFile(tmp, []byte("class z { }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, filepath.Join(fx.dir, "b.pp")); err != nil {
		t.Fatal(err)
	}
	if r := fx.run("v1"); !reflect.DeepEqual(r.defined("b.pp"), []string{"z"}) {
		t.Errorf("b.pp defines %v after being replaced, want [z]", r.defined("b.pp"))
	}
}

func TestGoneFilesLeaveTheCache(t *testing.T) {
	fx := newFixture(t, twoClasses)
	fx.run("v1")
	fx.names = []string{"a.pp"}
	fx.run("v1")
	data, err := os.ReadFile(Open(Options{Dir: fx.cache, Roots: []string{fx.dir}}).Path())
	if err != nil {
		t.Fatal(err)
	}
	snap, err := decode(data, "v1")
	if err != nil {
		t.Fatal(err)
	}
	if len(snap.Files) != 1 || len(snap.Summary) != 1 {
		t.Errorf("cache holds %d files and %d summaries after b.pp went, want 1 and 1", len(snap.Files), len(snap.Summary))
	}
}

func TestAnotherOwnersCacheIsNotTrusted(t *testing.T) {
	fx := newFixture(t, twoClasses)
	fx.run("v1")
	if r := fx.run("v2"); len(r.parsed) != 2 {
		t.Errorf("a build with another summariser parsed %v, want every file", r.parsed)
	}
}

func TestDamagedCacheFileIsIgnored(t *testing.T) {
	fx := newFixture(t, twoClasses)
	fx.run("v1")
	path := Open(Options{Dir: fx.cache, Roots: []string{fx.dir}}).Path()
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	damaged := map[string][]byte{
		"empty":     {},
		"truncated": good[:len(good)/2],
		"extended":  append(slices.Clone(good), 0),
		"not ours":  []byte("{\"files\": []}\n"),
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
		r := fx.run("v1")
		if !reflect.DeepEqual(r.defined("a.pp"), []string{"a"}) || !reflect.DeepEqual(r.defined("b.pp"), []string{"b"}) {
			t.Errorf("%s: wrong summaries from a damaged cache: a.pp %v, b.pp %v", name, r.defined("a.pp"), r.defined("b.pp"))
		}
	}
}

func TestUnwritableCacheDirOnlyCostsTime(t *testing.T) {
	fx := newFixture(t, twoClasses)
	// A regular file where the cache directory should be.
	if err := os.WriteFile(filepath.Join(filepath.Dir(fx.cache), "blocker"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	fx.cache = filepath.Join(filepath.Dir(fx.cache), "blocker", "ducklint")
	s := Open(Options{Dir: fx.cache, Roots: []string{fx.dir}, Owner: "v1"})
	var read, parsed []string
	if sums := summariseAll(t, s, fx.files(), &read, &parsed); len(sums) != 2 || sums[0] == nil || sums[1] == nil {
		t.Fatalf("summaries %v", sums)
	}
	if err := s.Save(); err == nil {
		t.Error("Save into a path below a regular file succeeded")
	}
}

func TestEncodeDecodeRoundTrip(t *testing.T) {
	sum := &model.Summary{Units: []model.Unit{
		{Kind: model.UnitTop, Mentions: []string{"x"}},
		{Kind: model.UnitDefinition, Name: "a", Mentions: []string{"b", "x"}, ResourceLike: []string{"b"},
			Declares: []string{"b", "file"}, Parent: "p", ReadsFrom: []string{"b::params"}, Defaults: []string{"file"},
			Titled: []string{"file[/a]"}, Tested: []string{"class[b]", "file[/a]"}},
		{Kind: model.UnitNode},
	}}
	snap := snapshot{
		Files: map[string]Entry{
			"/t/a.pp": {Stat: load.Stat{Size: 10, ModTime: -5, ChangeTime: 1 << 62, Inode: 7, Device: 1 << 63}, Hash: Hash{1, 2}, HashedAt: 99},
			"/t/b.pp": {Stat: load.Stat{Size: 10}, Hash: Hash{1, 2}, HashedAt: 100},
		},
		Summary: map[Hash]*model.Summary{{1, 2}: sum},
		Dirs: map[string]Listing{
			"/t":       {Stat: load.Stat{Size: 4096, ModTime: 3, ChangeTime: 4, Inode: 5, Device: 6}, ListedAt: 7, Entries: []load.DirEntry{{Name: "a.pp"}, {Name: "b.pp"}, {Name: "lib", Type: fs.ModeDir}, {Name: "x", Type: fs.ModeSymlink}}},
			"/t/lib":   {Stat: load.Stat{Size: 4096}, ListedAt: -1, Entries: []load.DirEntry{{Name: "a.pp", Type: fs.ModeNamedPipe}}},
			"/t/empty": {Stat: load.Stat{Size: 4096}, ListedAt: 1, Entries: []load.DirEntry{}},
		},
		Derived: map[string]Derived{
			"function\x00/t/lib/f.rb": {Stat: load.Stat{Size: 30, ModTime: 1, ChangeTime: 2, Inode: 3, Device: 4}, At: 5, Data: "\x01\x02x"},
			"facts\x00/t/lib/g.rb":    {Stat: load.Stat{Size: 1}, At: 6, Data: ""},
		},
	}
	got, err := decode(encode(&snap, "owner"), "owner")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, snap) {
		t.Errorf("round trip:\n got %+v\nwant %+v", got, snap)
	}
}

func FuzzDecode(f *testing.F) {
	snap := snapshot{
		Files:   map[string]Entry{"/t/a.pp": {Stat: load.Stat{Size: 3}, Hash: Hash{9}}},
		Summary: map[Hash]*model.Summary{{9}: {Units: []model.Unit{{Mentions: []string{"m"}}, {Kind: model.UnitDefinition, Name: "a"}}}},
		Dirs:    map[string]Listing{"/t": {Stat: load.Stat{Size: 1}, ListedAt: 2, Entries: []load.DirEntry{{Name: "a.pp"}, {Name: "m", Type: fs.ModeDir}}}},
		Derived: map[string]Derived{"/t/f.rb": {Stat: load.Stat{Size: 2}, At: 3, Data: "d"}},
	}
	// The fuzzer varies what the checksum covers and the checksum is added
	// to it, so that inputs get past the checksum into the decoder.
	withChecksum := func(body []byte) []byte {
		return binary.LittleEndian.AppendUint32(slices.Clone(body), crc32.Checksum(body, castagnoli()))
	}
	good := encode(&snap, "o")
	f.Add(good[:len(good)-4])
	f.Add([]byte(magic))
	f.Fuzz(func(t *testing.T, body []byte) {
		if _, err := decode(body, "o"); err == nil && len(body) > 0 {
			t.Errorf("decoded %q without a valid checksum", body)
		}
		data := withChecksum(body)
		got, err := decode(data, "o")
		if err != nil {
			return
		}
		// Whatever decodes must survive encoding and decoding again.
		again, err := decode(encode(&got, "o"), "o")
		if err != nil || !reflect.DeepEqual(again, got) {
			t.Errorf("decoded %+v, encoded and decoded again %+v (error %v)", got, again, err)
		}
	})
}

// listOnce opens the store at the fixture's clock, asks for the listing of
// the fixture's directory with its current stat, records one when there is
// none (what the loader does), saves, and reports whether the listing came
// from the cache.
func (fx *fixture) listOnce(entries []load.DirEntry) ([]load.DirEntry, bool) {
	fx.t.Helper()
	s := Open(Options{Dir: fx.cache, Roots: []string{fx.dir}, Owner: "v1", Now: func() time.Time { return fx.now }})
	at := s.Now().UnixNano()
	st, err := load.StatFile(fx.dir)
	if err != nil {
		fx.t.Fatal(err)
	}
	got, ok := s.Listing(fx.dir, st)
	if !ok {
		s.RecordListing(fx.dir, st, at, entries)
		got = entries
	}
	if err := s.Save(); err != nil {
		fx.t.Fatal(err)
	}
	return got, ok
}

func TestListingIsKeptWhileItsDirectoryIsUnchanged(t *testing.T) {
	fx := newFixture(t, twoClasses)
	first := []load.DirEntry{{Name: "a.pp"}, {Name: "b.pp"}}
	if _, ok := fx.listOnce(first); ok {
		t.Fatal("a listing came from an empty cache")
	}
	got, ok := fx.listOnce(nil)
	if !ok || !reflect.DeepEqual(got, first) {
		t.Fatalf("unchanged directory: listing %v from the cache %v, want %v from it", got, ok, first)
	}
	// Kept by the run that used it: still there for the next.
	if _, ok := fx.listOnce(nil); !ok {
		t.Fatal("a listing used by a run was not kept for the next")
	}
}

func TestListingOfChangedDirectoryIsNotTrusted(t *testing.T) {
	for _, change := range []struct {
		name string
		do   func(fx *fixture) error
	}{
		{"file added", func(fx *fixture) error { return os.WriteFile(filepath.Join(fx.dir, "c.pp"), nil, 0o644) }},
		{"file removed", func(fx *fixture) error { return os.Remove(filepath.Join(fx.dir, "b.pp")) }},
		{"file renamed", func(fx *fixture) error {
			return os.Rename(filepath.Join(fx.dir, "b.pp"), filepath.Join(fx.dir, "c.pp"))
		}},
		{"directory added", func(fx *fixture) error { return os.Mkdir(filepath.Join(fx.dir, "sub"), 0o755) }},
	} {
		fx := newFixture(t, twoClasses)
		// Listed long after its last change: trusted from then on.
		fx.listOnce([]load.DirEntry{{Name: "a.pp"}, {Name: "b.pp"}})
		if _, ok := fx.listOnce(nil); !ok {
			t.Fatalf("%s: unchanged directory not served from the cache", change.name)
		}
		if err := change.do(fx); err != nil {
			t.Fatal(err)
		}
		if _, ok := fx.listOnce(nil); ok {
			t.Errorf("%s: the old listing was trusted", change.name)
		}
	}
}

func TestRecentlyChangedDirectoryIsListedAgain(t *testing.T) {
	fx := newFixture(t, twoClasses)
	fx.now = time.Now() // the directory was just written
	fx.listOnce([]load.DirEntry{{Name: "a.pp"}, {Name: "b.pp"}})
	if _, ok := fx.listOnce(nil); ok {
		t.Fatal("a listing made within a timestamp tick of the directory's change was trusted")
	}
	// Listed again once the directory has been quiet: trusted.
	fx.now = time.Now().Add(time.Hour)
	fx.listOnce([]load.DirEntry{{Name: "a.pp"}, {Name: "b.pp"}})
	if _, ok := fx.listOnce(nil); !ok {
		t.Fatal("a listing of a quiet directory was not trusted")
	}
}

func TestDerivedDataFollowsItsFile(t *testing.T) {
	fx := newFixture(t, twoClasses)
	path := filepath.Join(fx.dir, "a.pp")
	derive := func() ([]byte, bool) {
		t.Helper()
		s := Open(Options{Dir: fx.cache, Roots: []string{fx.dir}, Owner: "v1", Now: func() time.Time { return fx.now }})
		at := s.Now().UnixNano()
		st, err := load.StatFile(path)
		if err != nil {
			t.Fatal(err)
		}
		data, ok := s.Derived("copy", path, st)
		if !ok {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			data = src
			s.RecordDerived("copy", path, st, at, data)
		}
		if err := s.Save(); err != nil {
			t.Fatal(err)
		}
		return data, ok
	}
	if _, ok := derive(); ok {
		t.Fatal("derived data came from an empty cache")
	}
	if data, ok := derive(); !ok || string(data) != twoClasses["a.pp"] {
		t.Fatalf("unchanged file: %q from the cache %v", data, ok)
	}
	fx.write("a.pp", "class a { include c }\n") // same size, in place
	if data, ok := derive(); ok || string(data) != "class a { include c }\n" {
		t.Errorf("edited file: %q from the cache %v, want the new content read", data, ok)
	}
	fx.now = time.Now() // recorded within a tick of the change
	fx.write("a.pp", "class a { include d }\n")
	derive()
	if _, ok := derive(); ok {
		t.Error("data derived within a timestamp tick of the file's change was trusted")
	}
}

// TestSummariesAreDecodedWhenUsed checks that a run decodes only the
// summaries it asks for, and that those it records as stored without
// decoding them are written in full when the cache is saved.
func TestSummariesAreDecodedWhenUsed(t *testing.T) {
	fx := newFixture(t, twoClasses)
	first := fx.run("v1")
	open := func() *Store {
		return Open(Options{Dir: fx.cache, Roots: []string{fx.dir}, Owner: "v1", Now: func() time.Time { return fx.now }})
	}
	s := open()
	files := fx.files()
	var entries []Entry
	for _, f := range files {
		e, ok := s.Lookup(f.AbsPath, f.Stat)
		if !ok {
			t.Fatalf("%s not found by its stat", f.Path)
		}
		entries = append(entries, e)
		s.Record(f.AbsPath, e, nil)
	}
	decoded := func() int {
		n := 0
		for i := range s.oldSums.entries {
			if s.oldSums.entries[i].sum != nil {
				n++
			}
		}
		return n
	}
	if n := decoded(); n != 0 {
		t.Errorf("%d summaries decoded by looking files up, want none", n)
	}
	if got := s.ByHash(entries[0].Hash); !reflect.DeepEqual(got, first.sums[0]) {
		t.Errorf("summary of %s: %+v, want %+v", files[0].Path, got, first.sums[0])
	}
	if n := decoded(); n != 1 {
		t.Errorf("%d summaries decoded after one was asked for, want 1", n)
	}
	// A file more makes the cache be written, with the summaries recorded
	// as stored decoded in full.
	fx.write("c.pp", "class c { }\n")
	fx.names = append(fx.names, "c.pp")
	c := fx.files()[2]
	if err := c.Read(); err != nil {
		t.Fatal(err)
	}
	sumC := model.Summarize(parser.ParseFileWithOptions(c.Path, c.Src, c.ParseOptions()))
	s.Record(c.AbsPath, Entry{Stat: c.Stat, Hash: HashOf(c.Src), HashedAt: fx.now.UnixNano()}, sumC)
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(s.Path())
	if err != nil {
		t.Fatal(err)
	}
	snap, err := decode(data, "v1")
	if err != nil {
		t.Fatal(err)
	}
	for i, e := range entries {
		if got := snap.Summary[e.Hash]; !reflect.DeepEqual(got, first.sums[i]) {
			t.Errorf("saved summary of %s: %+v, want %+v", files[i].Path, got, first.sums[i])
		}
	}
	if got := snap.Summary[HashOf(c.Src)]; !reflect.DeepEqual(got, sumC) {
		t.Errorf("saved summary of c.pp: %+v, want %+v", got, sumC)
	}
}

// TestStoredSummariesDecodeAsEncoded checks that each summary of a cache
// file, decoded on its own, equals the summary encoded.
func TestStoredSummariesDecodeAsEncoded(t *testing.T) {
	snap := snapshot{
		Files: map[string]Entry{"/t/a.pp": {Hash: Hash{1}}, "/t/b.pp": {Hash: Hash{2}}, "/t/c.pp": {Hash: Hash{3}}},
		Summary: map[Hash]*model.Summary{
			{1}: {Units: []model.Unit{{Kind: model.UnitTop, Mentions: []string{"x", "y"}, Declares: []string{"x"}}}},
			{2}: {Units: []model.Unit{{Kind: model.UnitTop}, {Kind: model.UnitDefinition, Name: "b", Parent: "p",
				Mentions: []string{"y"}, Titled: []string{"file[/b]"}, Lookups: []string{"b::k"}}}},
			{3}: {Units: []model.Unit{}},
		},
		Dirs:    map[string]Listing{},
		Derived: map[string]Derived{},
	}
	data := encode(&snap, "o")
	h, err := decodeHead(data, "o")
	if err != nil {
		t.Fatal(err)
	}
	_, stored, err := h.rest()
	if err != nil {
		t.Fatal(err)
	}
	for hash, want := range snap.Summary {
		if !stored.has(hash) {
			t.Errorf("summary %x not stored", hash[:2])
		}
		if got := stored.get(hash); !reflect.DeepEqual(got, want) {
			t.Errorf("summary %x on its own: %+v, want %+v", hash[:2], got, want)
		}
	}
	if stored.has(Hash{4}) || stored.get(Hash{4}) != nil {
		t.Errorf("a summary for a hash never stored")
	}
}

// damageSummary rewrites the cache file at path with the stored summary
// for hash damaged (its unit count past the end of its entry) and the
// checksum made right, so that only that summary fails to decode.
func damageSummary(t *testing.T, path, owner string, hash Hash) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	h, err := decodeHead(data, owner)
	if err != nil {
		t.Fatal(err)
	}
	_, stored, err := h.rest()
	if err != nil {
		t.Fatal(err)
	}
	i, ok := stored.at[hash]
	if !ok {
		t.Fatalf("no summary stored for %x", hash[:4])
	}
	d := &decoder{data: data, off: stored.entries[i].off}
	d.uvarint() // the entry's length
	d.uvarint() // its names' count
	if data[d.off] >= 0x80 {
		t.Fatal("a unit count of more than one byte")
	}
	data[d.off] = 0x7f
	body := data[:len(data)-4]
	binary.LittleEndian.PutUint32(data[len(body):], crc32.Checksum(body, castagnoli()))
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestDamagedSummaryIsRepaired checks that a summary stored in a sound
// cache file that does not decode does not stay: asking for it makes the
// next Save write the cache again, without it, or with the summary its
// client made instead from the file's content.
func TestDamagedSummaryIsRepaired(t *testing.T) {
	for _, remade := range []bool{false, true} {
		fx := newFixture(t, twoClasses)
		first := fx.run("v1")
		open := func() *Store {
			return Open(Options{Dir: fx.cache, Roots: []string{fx.dir}, Owner: "v1", Now: func() time.Time { return fx.now }})
		}
		files := fx.files()
		e0, ok := open().Lookup(files[0].AbsPath, files[0].Stat)
		if !ok {
			t.Fatalf("%s not cached", files[0].Path)
		}
		damageSummary(t, open().Path(), "v1", e0.Hash)

		// A run that finds every file unchanged, as a single run's
		// update does, saves before it uses the summaries.
		s := open()
		for _, f := range files {
			e, ok := s.Lookup(f.AbsPath, f.Stat)
			if !ok {
				t.Fatalf("%s not found by its stat", f.Path)
			}
			s.Record(f.AbsPath, e, nil)
		}
		if err := s.Save(); err != nil {
			t.Fatal(err)
		}
		if s.ByHash(e0.Hash) != nil {
			t.Fatal("the damaged summary decodes")
		}
		if remade {
			s.Record(files[0].AbsPath, e0, first.sums[0])
		}
		if err := s.Save(); err != nil {
			t.Fatal(err)
		}

		s = open()
		e, ok := s.Lookup(files[0].AbsPath, files[0].Stat)
		switch {
		case remade && (!ok || !reflect.DeepEqual(s.ByHash(e.Hash), first.sums[0])):
			t.Errorf("the summary made afresh is not stored: found %v, %+v", ok, s.ByHash(e.Hash))
		case !remade && ok:
			t.Errorf("the damaged summary is still stored")
		}
		if e, ok := s.Lookup(files[1].AbsPath, files[1].Stat); !ok || !reflect.DeepEqual(s.ByHash(e.Hash), first.sums[1]) {
			t.Errorf("the sound summary of %s is lost", files[1].Path)
		}
	}
}
