// Command parse-throughput measures the parser alone on a real tree: it
// reads every .pp and .epp file under DIR into memory, then parses them all
// PASSES times on one goroutine, one parser.Arena per pass as the engine's
// workers keep one per run, and prints the best pass's time and throughput
// and the process's CPU time per pass (collector included), which a busy
// machine disturbs less than elapsed time, and what a pass allocates.
//
// Usage:
//
//	go run ./scripts/parse-throughput [-passes N] [-cpuprofile FILE] [-memprofile FILE] DIR
//
// Run it with GOMAXPROCS=1 for a figure per core. The profiles cover every
// pass and nothing but parsing.
package main

import (
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strings"
	"time"

	"github.com/ducklint/ducklint/parser"
)

func main() {
	passes := flag.Int("passes", 10, "how many times to parse the tree")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the passes to `file`")
	memProfile := flag.String("memprofile", "", "write an allocation profile of the passes to `file`")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: parse-throughput [-passes N] [-cpuprofile FILE] [-memprofile FILE] DIR")
		os.Exit(2)
	}
	if err := run(flag.Arg(0), *passes, *cpuProfile, *memProfile); err != nil {
		fmt.Fprintln(os.Stderr, "parse-throughput:", err)
		os.Exit(1)
	}
}

type source struct {
	path string
	src  []byte
}

func run(dir string, passes int, cpuProfile, memProfile string) error {
	var files []source
	total := 0
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir
		}
		if d.Type().IsRegular() && (strings.HasSuffix(path, ".pp") || strings.HasSuffix(path, ".epp")) {
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			files = append(files, source{path, src})
			total += len(src)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if memProfile != "" {
		runtime.MemProfileRate = 4096
	}
	if cpuProfile != "" {
		f, err := os.Create(cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	var mem0, mem1 runtime.MemStats
	runtime.ReadMemStats(&mem0)
	cpu0 := cpuTime()
	best := time.Duration(1<<63 - 1)
	errs := 0
	for range passes {
		var arena parser.Arena
		start := time.Now()
		errs = 0
		for _, f := range files {
			if len(arena.ParseFile(f.path, f.src).Errors) > 0 {
				errs++
			}
		}
		best = min(best, time.Since(start))
	}
	cpu := (cpuTime() - cpu0) / time.Duration(passes)
	runtime.ReadMemStats(&mem1)
	if memProfile != "" {
		f, err := os.Create(memProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
			return err
		}
	}
	fmt.Printf("%d files, %.2f MB, %d with syntax errors: best of %d passes %.1f ms, %.1f MB/s; CPU per pass %.1f ms; allocated per pass %.1f MB in %d objects\n",
		len(files), float64(total)/1e6, errs, passes, float64(best.Microseconds())/1e3,
		float64(total)/1e6/best.Seconds(), float64(cpu.Microseconds())/1e3,
		float64(mem1.TotalAlloc-mem0.TotalAlloc)/1e6/float64(passes), (mem1.Mallocs-mem0.Mallocs)/uint64(passes))
	return nil
}
