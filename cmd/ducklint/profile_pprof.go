//go:build pprof

package main

import (
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"runtime/trace"
)

// A binary built with -tags pprof writes a CPU profile of the whole run to
// $DUCKLINT_CPUPROFILE, an allocation profile to $DUCKLINT_MEMPROFILE and an
// execution trace to $DUCKLINT_TRACE (scripts/profile). The trace shows what
// the CPU profile cannot: when a core sits idle because the other waits on
// work done once (`go tool trace -pprof=sync`). Release builds carry none.
func init() {
	if path := os.Getenv("DUCKLINT_TRACE"); path != "" {
		f, err := os.Create(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, "trace:", err)
		} else if err := trace.Start(f); err != nil {
			fmt.Fprintln(os.Stderr, "trace:", err)
		} else {
			atExit = append(atExit, func() { trace.Stop(); _ = f.Close() })
		}
	}
	if path := os.Getenv("DUCKLINT_MEMPROFILE"); path != "" {
		runtime.MemProfileRate = 4096
		atExit = append(atExit, func() { writeProfile(path, "allocs") })
	}
	if path := os.Getenv("DUCKLINT_CPUPROFILE"); path != "" {
		f, err := os.Create(path)
		if err != nil {
			fmt.Fprintln(os.Stderr, "cpu profile:", err)
			return
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(os.Stderr, "cpu profile:", err)
			return
		}
		atExit = append(atExit, func() { pprof.StopCPUProfile(); _ = f.Close() })
	}
}

func writeProfile(path, name string) {
	runtime.GC() // publishes the allocations since the last collection
	f, err := os.Create(path)
	if err == nil {
		err = pprof.Lookup(name).WriteTo(f, 0)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, name, "profile:", err)
	}
}
