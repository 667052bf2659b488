//go:build unix

package load

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestReadDirEntriesMatchesOSReadDir compares the listing with os.ReadDir's
// on a directory of every entry type and on one too large for a single
// getdents buffer.
func TestReadDirEntriesMatchesOSReadDir(t *testing.T) {
	mixed := t.TempDir()
	mustWrite(t, filepath.Join(mixed, "init.pp"), "class a {}\n")
	mustWrite(t, filepath.Join(mixed, ".hidden"), "")
	if err := os.Mkdir(filepath.Join(mixed, "manifests"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("init.pp", filepath.Join(mixed, "link.pp")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("nowhere", filepath.Join(mixed, "dangling")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(mixed, "fifo.pp"), 0o644); err != nil {
		t.Fatal(err)
	}

	large := t.TempDir()
	for i := range 1500 {
		// About 60 bytes per entry: 90 KB of entries, several reads.
		mustWrite(t, filepath.Join(large, fmt.Sprintf("%04d_%s.pp", i, strings.Repeat("x", 40))), "")
	}

	for _, dir := range []string{mixed, large, t.TempDir()} {
		got, err := readDirEntries(dir)
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Fatalf("%s: %d entries, os.ReadDir has %d", dir, len(got), len(want))
		}
		for i := range want {
			if got[i].Name != want[i].Name() || got[i].Type != want[i].Type() {
				t.Errorf("%s: entry %d is %q %v, os.ReadDir has %q %v", dir, i, got[i].Name, got[i].Type, want[i].Name(), want[i].Type())
			}
		}
	}
}

func TestReadDirEntriesErrors(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "f.pp")
	mustWrite(t, file, "")
	for _, path := range []string{filepath.Join(dir, "missing"), file} {
		_, err := readDirEntries(path)
		var pe *os.PathError
		if err == nil || !errors.As(err, &pe) || pe.Path != path {
			t.Errorf("readDirEntries(%s) = %v, want a *os.PathError for the path", path, err)
		}
	}
}

func mustWrite(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
