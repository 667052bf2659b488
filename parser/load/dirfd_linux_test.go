package load

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestDirHandleReadsAsPathsDo checks that listing a directory and reading
// its files through an open handle give what reading them by path gives,
// errors included, and that a directory that cannot be opened gives noDir.
func TestDirHandleReadsAsPathsDo(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{"d/a.pp": "class a {}\n", "d/sub/b.pp": "class b {}\n", "d/empty.pp": ""})
	symlink(t, "a.pp", filepath.Join(root, "d/link.pp"))
	d := filepath.Join(root, "d")
	top := openDirAt(noDir, d, d)
	if top == noDir {
		t.Fatal("cannot open d")
	}
	defer top.close()
	sub := openDirAt(top, "sub", filepath.Join(d, "sub"))
	if sub == noDir {
		t.Fatal("cannot open d/sub relative to d")
	}
	defer sub.close()
	for _, c := range []struct {
		h    dirHandle
		path string
	}{{top, d}, {sub, filepath.Join(d, "sub")}} {
		got, err := c.h.list(c.path)
		if err != nil {
			t.Fatal(err)
		}
		want, err := readDirEntries(c.path)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: handle lists %v, path %v", c.path, got, want)
		}
	}
	for _, name := range []string{"a.pp", "link.pp", "empty.pp", "missing.pp", "sub"} {
		path := filepath.Join(d, name)
		got, gotErr := top.readFile(name, path)
		want, wantErr := readFile(path)
		if !bytes.Equal(got, want) || (gotErr == nil) != (wantErr == nil) ||
			gotErr != nil && gotErr.Error() != wantErr.Error() {
			t.Errorf("%s: handle reads %q, %v; path %q, %v", name, got, gotErr, want, wantErr)
		}
	}
	if _, err := top.readFile("missing.pp", filepath.Join(d, "missing.pp")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v, want not exist", err)
	}
	if h := openDirAt(top, "a.pp", filepath.Join(d, "a.pp")); h != noDir {
		h.close()
		t.Error("a file opened as a directory")
	}
	if h := openDirAt(top, "nowhere", filepath.Join(d, "nowhere")); h != noDir {
		h.close()
		t.Error("a missing directory opened")
	}
}
