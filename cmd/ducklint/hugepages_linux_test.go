//go:build linux && (amd64 || arm64)

package main

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// thpEligible reports what /proc/self/smaps says of the mapping holding
// addr: whether the kernel may back it with transparent huge pages.
func thpEligible(t *testing.T, addr uintptr) bool {
	t.Helper()
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skipf("no smaps: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	inside := false
	for sc.Scan() {
		line := sc.Text()
		if fields := strings.Fields(line); len(fields) > 0 && strings.Contains(fields[0], "-") && !strings.HasSuffix(fields[0], ":") {
			lo, hi, _ := strings.Cut(fields[0], "-")
			start, err1 := strconv.ParseUint(lo, 16, 64)
			end, err2 := strconv.ParseUint(hi, 16, 64)
			inside = err1 == nil && err2 == nil && uint64(addr) >= start && uint64(addr) < end
			continue
		}
		if v, ok := strings.CutPrefix(line, "THPeligible:"); ok && inside {
			return strings.TrimSpace(v) == "1"
		}
	}
	t.Skip("smaps has no THPeligible line for the heap (kernel before 5.x?)")
	return false
}

// TestHeapGetsHugePages checks that after adviseHugePages the objects a
// run allocates sit in memory the kernel may back with huge pages, on a
// system that grants them when asked (transparent_hugepage "madvise", the
// usual default, or "always").
func TestHeapGetsHugePages(t *testing.T) {
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || strings.Contains(string(mode), "[never]") {
		t.Skipf("transparent huge pages unavailable here (%q, %v)", mode, err)
	}
	adviseHugePagesUnder(t.TempDir(), false) // a system without a balloon that reports free pages
	// Many small objects, as parsing makes: the last ones are well into
	// the range freed for the run.
	var keep []*[64]byte
	for range 1 << 18 {
		keep = append(keep, &[64]byte{1})
	}
	last := keep[len(keep)-1]
	if !thpEligible(t, uintptr(unsafe.Pointer(last))) {
		t.Errorf("the heap object at %p is in a mapping not eligible for huge pages", last)
	}
}

// A virtio balloon that negotiated free page reporting (feature bit 5) is
// found under any virtio device number; one without it, another bit set,
// or no balloon at all, is not.
func TestFreePagesReported(t *testing.T) {
	for _, tc := range []struct {
		name     string
		features map[string]string // device directory → its features file
		want     bool
	}{
		{"no balloon", nil, false},
		{"reporting", map[string]string{"virtio0": "0110010100000000000000000000000010000000\n"}, true},
		{"no reporting", map[string]string{"virtio2": "0110000100000000000000000000000010000000\n"}, false},
		{"second device reports", map[string]string{"virtio1": "01100001\n", "virtio3": "00000100\n"}, true},
		{"short file", map[string]string{"virtio0": "011\n"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			for dev, features := range tc.features {
				dir := filepath.Join(root, "bus/virtio/drivers/virtio_balloon", dev)
				if err := os.MkdirAll(dir, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, "features"), []byte(features), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if got := freePagesReported(root); got != tc.want {
				t.Errorf("freePagesReported = %v, want %v", got, tc.want)
			}
		})
	}
}

// A features path that is not the kernel's small file is read no
// further than the bit looked at: a directory is no balloon, and a file
// of a gigabyte or a pipe that never ends is read for its first bytes.
func TestFreePagesReportedReadsLittle(t *testing.T) {
	device := func(t *testing.T) (root, features string) {
		root = t.TempDir()
		dir := filepath.Join(root, "bus/virtio/drivers/virtio_balloon/virtio0")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		return root, filepath.Join(dir, "features")
	}
	t.Run("directory", func(t *testing.T) {
		root, features := device(t)
		if err := os.Mkdir(features, 0o755); err != nil {
			t.Fatal(err)
		}
		if freePagesReported(root) {
			t.Error("freePagesReported = true for a directory named features")
		}
	})
	t.Run("large file", func(t *testing.T) {
		root, features := device(t)
		f, err := os.Create(features)
		if err != nil {
			t.Fatal(err)
		}
		_, err = f.WriteString("000001")
		if err == nil {
			err = f.Truncate(1 << 30) // sparse: no disk behind the zeros
		}
		if err := errors.Join(err, f.Close()); err != nil {
			t.Fatal(err)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		got := freePagesReported(root)
		runtime.ReadMemStats(&after)
		if !got {
			t.Error("freePagesReported = false, want true")
		}
		if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
			t.Errorf("freePagesReported allocated %d bytes reading a 1 GB features file", n)
		}
	})
	t.Run("endless pipe", func(t *testing.T) {
		root, features := device(t)
		if err := syscall.Mkfifo(features, 0o644); err != nil {
			t.Fatal(err)
		}
		go func() {
			w, err := os.OpenFile(features, os.O_WRONLY, 0)
			if err != nil {
				return
			}
			defer w.Close()
			line := []byte(strings.Repeat("0000011", 512))
			for {
				if _, err := w.Write(line); err != nil {
					return // the reader is done
				}
			}
		}()
		if !freePagesReported(root) {
			t.Error("freePagesReported = false, want true")
		}
	})
}

// Where free pages are reported no range is reserved, and nothing is
// collected before the walk has found a large tree's files: the collection
// is there to free the reservation and the walk's garbage. Elsewhere the
// advice ends with one.
func TestCollectsOnlyAReservation(t *testing.T) {
	reporting := t.TempDir()
	dir := filepath.Join(reporting, "bus/virtio/drivers/virtio_balloon/virtio0")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "features"), []byte("0110010100000000\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	collections := func() uint32 {
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.NumGC
	}
	for _, tc := range []struct {
		name    string
		sysfs   string
		loaded  bool
		collect bool
	}{
		{"free pages reported, before the walk", reporting, false, false},
		{"free pages reported, after the walk", reporting, true, true},
		{"not reported, before the walk", t.TempDir(), false, true},
		{"not reported, after the walk", t.TempDir(), true, true},
	} {
		before := collections()
		adviseHugePagesUnder(tc.sysfs, tc.loaded)
		if n := collections() - before; (n > 0) != tc.collect {
			t.Errorf("%s: %d collections, want one: %v", tc.name, n, tc.collect)
		}
	}
}
