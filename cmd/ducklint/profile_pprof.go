//go:build pprof

package main

import (
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
)

// A binary built with -tags pprof writes a CPU profile of the whole run to
// $DUCKLINT_CPUPROFILE and an allocation profile to $DUCKLINT_MEMPROFILE
// (scripts/profile). Release builds carry neither.
func init() {
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
