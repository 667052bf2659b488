package gcpolicy

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readSmall reads what a control group's limit file holds, and refuses a
// file longer than such a limit or one that is missing.
func TestReadSmall(t *testing.T) {
	dir := t.TempDir()
	limit := filepath.Join(dir, "memory.max")
	if err := os.WriteFile(limit, []byte("9223372036854771712\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := readSmall(limit); err != nil || string(b) != "9223372036854771712\n" {
		t.Errorf("readSmall(memory.max) = %q, %v", b, err)
	}
	long := filepath.Join(dir, "long")
	if err := os.WriteFile(long, []byte(strings.Repeat("1", 100)), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := readSmall(long); err == nil {
		t.Errorf("readSmall of 100 bytes = %q, want an error", b)
	}
	if _, err := readSmall(filepath.Join(dir, "missing")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("readSmall of a missing file: %v, want fs.ErrNotExist", err)
	}
}
