//go:build linux && (amd64 || arm64)

package main

import (
	"io"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
)

// adviseHugePages asks the kernel to back the first 256 MB of
// the Go heap with transparent huge pages, where the system leaves that to
// each program (transparent_hugepage=madvise, the common default), and
// collects what walking the tree left behind before its files are placed
// and parsed.
//
// A run builds its whole model in fresh memory, and a page fault per 4 KB
// page was most of its system time. The Go runtime does not advise its
// heap, so the range is advised here: one large allocation maps the heap
// range without touching it, madvise marks it, and the collection right
// after frees it for the objects of the run, which the page allocator
// places lowest address first. The mark stays with the mapping when the
// runtime later releases pages. Where huge pages are off or always on,
// nothing changes; a failing madvise is ignored.
//
// In a virtual machine whose kernel reports free memory to the hypervisor
// (freePagesReported), the advice is not given: there a huge page is
// almost always memory the host has taken back, and its first touch costs
// the host a fault for each 4 KB of it, five times what the guest's own
// 4 KB faults cost.
//
// loaded is set when the walk has found a large tree's files (or a tree
// found otherwise is loaded), before they are placed and parsed: the
// walk's garbage is collected then, reservation or not, as it would
// otherwise raise the run's peak. Called before the walk of a tree's
// context (an editor's run), with nothing reserved there is nothing to
// collect, and the collection would only stop the run for 1-8 ms of wall
// time on a busy machine (waking the other processor's worker, sweeping).
func adviseHugePages(loaded bool) { adviseHugePagesUnder(sysfsRoot, loaded) }

// adviseHugePagesUnder is adviseHugePages with sysfs mounted at sysfs.
func adviseHugePagesUnder(sysfs string, loaded bool) {
	reserve := !freePagesReported(sysfs)
	if reserve {
		adviseHeapRange(256 << 20)
	}
	if reserve || loaded {
		runtime.GC() // frees the reservation, and the walk's garbage, for the run's own objects
	}
}

// adviseHeapRange maps n bytes of heap without touching them and advises
// huge pages for them; the allocation is garbage when it returns.
func adviseHeapRange(n int) {
	b := make([]byte, n)
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
}

// sysfsRoot is where Linux mounts sysfs.
const sysfsRoot = "/sys"

// balloonReporting is the feature bit of free page reporting in a virtio
// balloon device (VIRTIO_BALLOON_F_REPORTING, virtio 1.2 §5.5.3).
const balloonReporting = 5

// freePagesReported reports whether the kernel hands free memory back to a
// hypervisor: a virtio balloon device under sysfs (a directory laid out as
// /sys) negotiated free page reporting. The kernel then reports free
// blocks of huge-page size and larger (page_reporting_order), the host
// discards what backs them, and they come back one host page fault at a
// time; smaller free blocks, which 4 KB faults are served from first, stay
// backed. Only virtio balloons are looked for: Hyper-V's balloon driver
// (hv_balloon) reports free pages too, and a guest of Hyper-V still gets
// the advice. The features file holds one '0' or '1' per feature bit, bit
// 0 first.
func freePagesReported(sysfs string) bool {
	devices, err := filepath.Glob(filepath.Join(sysfs, "bus/virtio/drivers/virtio_balloon/virtio*/features"))
	if err != nil {
		return false
	}
	for _, path := range devices {
		if featureBit(path, balloonReporting) {
			return true
		}
	}
	return false
}

// featureBit reports whether the virtio features file at path sets bit
// bit. It reads no more than the bits up to that one, so a path that is
// not the kernel's small file (a directory, a device that never ends)
// costs no more than a failed read.
func featureBit(path string, bit int) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	b := make([]byte, bit+1)
	if _, err := io.ReadFull(f, b); err != nil {
		return false
	}
	return b[bit] == '1'
}
