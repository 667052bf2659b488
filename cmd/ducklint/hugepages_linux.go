//go:build linux && (amd64 || arm64)

package main

import (
	"runtime"
	"syscall"
)

// adviseHugePages asks the kernel to back the first 256 MB of
// the Go heap with transparent huge pages, where the system leaves that to
// each program (transparent_hugepage=madvise, the common default).
//
// A run builds its whole model in fresh memory, and a page fault per 4 KB
// page was most of its system time. The Go runtime does not advise its
// heap, so the range is advised here: one large allocation maps the heap
// range without touching it, madvise marks it, and the collection right
// after frees it for the objects of the run, which the page allocator
// places lowest address first. The mark stays with the mapping when the
// runtime later releases pages. Where huge pages are off or always on,
// nothing changes; a failing madvise is ignored.
func adviseHugePages() {
	adviseHeapRange(256 << 20)
	runtime.GC() // frees the reservation for the run's own objects
}

// adviseHeapRange maps n bytes of heap without touching them and advises
// huge pages for them; the allocation is garbage when it returns.
func adviseHeapRange(n int) {
	b := make([]byte, n)
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
}
