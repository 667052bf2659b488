package engine

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ducklint/ducklint/cache"
	"github.com/ducklint/ducklint/parser/load"
)

// TestReadAheadIsTakenOnlyAsTheWalkSawIt reads a recorded context file
// ahead, then checks what a version of it takes: the content and parse
// read ahead when the walk's stat is the one taken with them (the file
// deleted since shows nothing is read again); the file's content now when
// it was written after being read ahead; content read ahead but a parse of
// its own when the layout parses it with another path or other options.
func TestReadAheadIsTakenOnlyAsTheWalkSawIt(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) (string, load.Stat) {
		t.Helper()
		abs := filepath.Join(dir, name)
		if err := os.WriteFile(abs, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		st, err := load.StatFile(abs)
		if err != nil {
			t.Fatal(err)
		}
		return abs, st
	}
	file := func(abs, path string) *load.File {
		return &load.File{AbsPath: abs, Path: path, Role: load.ModuleManifest}
	}
	// read starts a read-ahead of the files at abs, as recorded for f, and
	// waits until it has read them.
	read := func(fs ...*load.File) *readAhead {
		t.Helper()
		var c cache.Context
		for _, f := range fs {
			c.Files = append(c.Files, f.AbsPath)
			c.Notes = append(c.Notes, aheadNote(f))
		}
		r := newReadAhead(c)
		r.start()
		r.wg.Wait()
		return r
	}
	content := func(v *version, f *load.File) string {
		t.Helper()
		src, parsed, err := v.content(f)
		if err != nil {
			t.Fatal(err)
		}
		if parsed == nil || parsed.Path != f.Path {
			t.Fatalf("%s: parsed as %v", f.Path, parsed)
		}
		return string(src)
	}

	t.Run("unchanged", func(t *testing.T) {
		abs, st := write("a.pp", "class a {}\n")
		f := file(abs, "a.pp")
		r := read(f)
		if err := os.Remove(abs); err != nil {
			t.Fatal(err)
		}
		v := &version{stat: st, unread: true, ahead: r.files[0]}
		if got := content(v, f); got != "class a {}\n" {
			t.Errorf("content %q", got)
		}
		if v.parsed != r.files[0].parsed || r.taken.Load() != 1 {
			t.Errorf("the parse read ahead was not taken (%d taken)", r.taken.Load())
		}
	})
	t.Run("written since", func(t *testing.T) {
		abs, _ := write("b.pp", "class b {}\n")
		f := file(abs, "b.pp")
		r := read(f)
		write("b.pp", "class b { notify { 'x': } }\n")
		later := time.Now().Add(time.Minute)
		if err := os.Chtimes(abs, later, later); err != nil {
			t.Fatal(err)
		}
		st, err := load.StatFile(abs)
		if err != nil {
			t.Fatal(err)
		}
		v := &version{stat: st, unread: true, ahead: r.files[0]}
		if got := content(v, f); got != "class b { notify { 'x': } }\n" {
			t.Errorf("content %q, want the file's as written since", got)
		}
		if r.taken.Load() != 0 {
			t.Errorf("%d files taken as read ahead, want none", r.taken.Load())
		}
	})
	t.Run("parsed otherwise", func(t *testing.T) {
		abs, st := write("c.pp", "class c {}\n")
		r := read(file(abs, "old/c.pp"), file(abs, "c.pp"))
		now := file(abs, "c.pp")
		v := &version{stat: st, unread: true, ahead: r.files[0]}
		if got := content(v, now); got != "class c {}\n" {
			t.Errorf("content %q", got)
		}
		if v.parsed == r.files[0].parsed {
			t.Error("a parse with another path was taken")
		}
		plan := &load.File{AbsPath: abs, Path: "c.pp", Role: load.ModulePlan}
		v = &version{stat: st, unread: true, ahead: r.files[1]}
		if _, parsed, _ := v.content(plan); parsed == r.files[1].parsed || !parsed.Tasks {
			t.Error("a parse without tasks mode was taken for a plan")
		}
	})
}

// A read-ahead finished before it is started (its store opened after the
// check, for roots the layout no longer has) reads nothing.
func TestReadAheadFinishedBeforeItStarts(t *testing.T) {
	abs := filepath.Join(t.TempDir(), "a.pp")
	if err := os.WriteFile(abs, []byte("class a {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := newReadAhead(cache.Context{Files: []string{abs}, Notes: []string{""}})
	r.finish()
	r.start()
	r.wg.Wait()
	if it := r.files[0]; it.src != nil || it.err != nil {
		t.Errorf("read %q (%v) after finishing", it.src, it.err)
	}
}
