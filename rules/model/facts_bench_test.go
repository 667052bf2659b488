//go:build unix

package model_test

import (
	"syscall"
	"testing"
	"time"

	"github.com/ducklint/ducklint/internal/benchtree"
	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules/model"
)

// BenchmarkProgramFacts measures, on the tree DUCKLINT_BENCH_TREE names
// (or the generated 5,000-file control repo, see package benchtree), the
// facts of a program that the rules ask for first and that are worked out
// once per run: the catalogs' reach, the index of resources by title, the
// static reads of every file, alone and with the guarantee of each
// qualified read, and the dynamic-scope simulations; and the building of
// the program itself (Build). Each iteration of a fact builds a new
// program, untimed. Besides the time it reports the process's CPU time
// per fact (cpu-ns/op), which other work on a shared machine stretches
// less than the time.
func BenchmarkProgramFacts(b *testing.B) {
	dir, _ := benchtree.Tree(b)
	tree, err := load.Load(load.Options{Paths: []string{"."}, Dir: dir, Jobs: 1})
	if err != nil {
		b.Fatal(err)
	}
	fact := func(name string, work func(*model.Program)) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			var cpu time.Duration
			for range b.N {
				b.StopTimer()
				prog := model.Build(tree, model.Options{Jobs: 1})
				b.StartTimer()
				start := cpuTime(b)
				work(prog)
				cpu += cpuTime(b) - start
			}
			b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
		})
	}
	b.Run("Build", func(b *testing.B) {
		b.ReportAllocs()
		var cpu time.Duration
		for range b.N {
			start := cpuTime(b)
			model.Build(tree, model.Options{Jobs: 1})
			cpu += cpuTime(b) - start
		}
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	})
	fact("Dynamic", func(prog *model.Program) { prog.Dynamic() })
	fact("Catalogs", func(prog *model.Program) { prog.Catalogs() })
	fact("ResourcesTitled", func(prog *model.Program) { prog.ResourcesTitled("file", "/") })
	fact("Reads", func(prog *model.Program) {
		st := prog.Static(fakeKnown)
		for _, f := range prog.Files {
			st.Reads(f)
		}
	})
	fact("ReadsGuarantee", func(prog *model.Program) {
		st := prog.Static(fakeKnown)
		for _, f := range prog.Files {
			for _, r := range st.Reads(f) {
				if c, _, ok := model.QualifiedTarget(r.Var); ok {
					st.Guarantee(r, c)
				}
			}
		}
	})
}

// cpuTime is the user and system CPU time the process has used.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
