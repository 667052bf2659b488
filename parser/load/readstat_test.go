package load_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ducklint/ducklint/parser/load"
)

// ReadWithStat gives a file's content with the stat a walk then takes of
// it; after the file is written again, the walk's stat differs from the
// one returned with the old content. A binary file or a missing one is an
// error.
func TestReadWithStat(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.pp")
	if err := os.WriteFile(path, []byte("class a {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	src, st, err := load.ReadWithStat(path)
	if err != nil {
		t.Fatal(err)
	}
	walked, err := load.StatFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(src) != "class a {}\n" || st != walked {
		t.Errorf("read %q with stat %+v; the walk's stat %+v", src, st, walked)
	}
	// Written again with the same length: only the times tell.
	if err := os.WriteFile(path, []byte("class b {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Unix(0, st.ModTime).Add(time.Second)
	if err := os.Chtimes(path, later, later); err != nil {
		t.Fatal(err)
	}
	if walked, err := load.StatFile(path); err != nil || walked == st {
		t.Errorf("the walk's stat after a write %+v equals the stat read with the old content (%v)", walked, err)
	}
	if err := os.WriteFile(path, []byte("class a {\x00}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := load.ReadWithStat(path); err == nil {
		t.Error("a binary file was read")
	}
	if _, _, err := load.ReadWithStat(filepath.Join(dir, "missing.pp")); err == nil {
		t.Error("a missing file was read")
	}
}
