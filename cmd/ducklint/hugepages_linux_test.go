//go:build linux && (amd64 || arm64)

package main

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// anonHugeKB reads how much of the process's anonymous memory is in huge
// pages.
func anonHugeKB(t *testing.T) int {
	t.Helper()
	f, err := os.Open("/proc/self/smaps_rollup")
	if err != nil {
		t.Skipf("no smaps_rollup: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "AnonHugePages:"); ok {
			n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
	}
	t.Fatal("no AnonHugePages line")
	return 0
}

// TestHeapGetsHugePages checks that after adviseHugePages the objects a
// run allocates land in huge pages, on a system that grants them when
// asked (transparent_hugepage "madvise", the usual default, or "always").
func TestHeapGetsHugePages(t *testing.T) {
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || strings.Contains(string(mode), "[never]") {
		t.Skipf("transparent huge pages unavailable here (%q, %v)", mode, err)
	}
	adviseHugePages()
	before := anonHugeKB(t)
	// Many small objects, as parsing makes, touched as they are made.
	var keep [][]*[64]byte
	for range 64 {
		chunk := make([]*[64]byte, 0, 8192)
		for range 8192 {
			chunk = append(chunk, &[64]byte{1})
		}
		keep = append(keep, chunk)
	}
	after := anonHugeKB(t)
	if after <= before {
		t.Errorf("AnonHugePages %d kB before and %d kB after allocating %d MB of objects: the heap did not get huge pages",
			before, after, len(keep)*8192*(64+8)>>20)
	}
}
