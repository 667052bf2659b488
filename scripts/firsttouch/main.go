//go:build linux

// Command firsttouch measures what the first touch of fresh anonymous
// memory costs, in 4 KB pages and in transparent huge pages: it maps
// MIB megabytes for each, advises huge pages (MADV_HUGEPAGE) or not
// (MADV_NOHUGEPAGE), writes one byte in each 4 KB page, and prints the
// time and system time per MiB, the page faults, and the median and
// slowest time of one 2 MiB block.
//
// usage: firsttouch [-mib MIB] [-idle DURATION] [-rounds N]
//
// With -idle, each measurement first sleeps that long. In a virtual
// machine whose kernel reports free memory to the hypervisor (a virtio
// balloon with free page reporting), huge pages are then likely to be
// memory the host has taken back and must fault in again 4 KB at a time;
// measurements back to back are given the memory the previous one freed,
// which the host still backs.
package main

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"syscall"
	"time"
	"unsafe"
)

const block = 2 << 20 // a huge page on amd64 and arm64 with 4 KB pages

func main() {
	mib := flag.Int("mib", 128, "megabytes to touch for each page size (a multiple of 2)")
	idle := flag.Duration("idle", 0, "sleep before each measurement")
	rounds := flag.Int("rounds", 3, "rounds, each measuring 4 KB pages, then huge pages")
	flag.Parse()
	if *mib < 2 || *mib%2 != 0 {
		fmt.Fprintln(os.Stderr, "firsttouch: -mib must be a positive multiple of 2")
		os.Exit(2)
	}
	for r := 1; r <= *rounds; r++ {
		for _, huge := range []bool{false, true} {
			time.Sleep(*idle)
			m, err := touch(*mib, huge)
			if err != nil {
				fmt.Fprintln(os.Stderr, "firsttouch:", err)
				os.Exit(1)
			}
			kind := "4 KB pages"
			if huge {
				kind = "huge pages"
			}
			fmt.Printf("round %d, %s: %.2f ms/MiB, system %.2f ms/MiB, %d faults; a 2 MiB block: median %.2f ms, slowest %.2f ms\n",
				r, kind, ms(m.wall)/float64(*mib), ms(m.sys)/float64(*mib), m.faults, ms(m.median), ms(m.slowest))
		}
	}
}

type measurement struct {
	wall, sys       time.Duration
	faults          int64
	median, slowest time.Duration
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// touch maps mib megabytes aligned to 2 MiB, advises them, writes a byte in
// each 4 KB page and unmaps them.
func touch(mib int, huge bool) (measurement, error) {
	var m measurement
	mapped, err := syscall.Mmap(-1, 0, mib<<20+block, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return m, err
	}
	defer func() { _ = syscall.Munmap(mapped) }()
	skip := (block - int(uintptr(unsafe.Pointer(&mapped[0]))%block)) % block
	b := mapped[skip : skip+mib<<20]
	advice := syscall.MADV_NOHUGEPAGE
	if huge {
		advice = syscall.MADV_HUGEPAGE
	}
	if err := syscall.Madvise(b, advice); err != nil {
		return m, err
	}
	var before, after syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &before)
	blocks := make([]time.Duration, 0, len(b)/block)
	start := time.Now()
	for off := 0; off < len(b); off += block {
		t := time.Now()
		for i := off; i < off+block; i += 4096 {
			b[i] = 1
		}
		blocks = append(blocks, time.Since(t))
	}
	m.wall = time.Since(start)
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &after)
	m.sys = time.Duration(after.Stime.Nano() - before.Stime.Nano())
	m.faults = after.Minflt - before.Minflt
	slices.Sort(blocks)
	m.median, m.slowest = blocks[len(blocks)/2], blocks[len(blocks)-1]
	return m, nil
}
