//go:build unix

package rules_test

import (
	"syscall"
	"testing"
	"time"

	"github.com/ducklint/ducklint/internal/benchtree"
	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules"
	"github.com/ducklint/ducklint/rules/model"
)

// BenchmarkRunTree runs the default rules over the tree
// DUCKLINT_BENCH_TREE names (or the generated 5,000-file control repo, see
// package benchtree), as a whole-tree run does: each iteration builds a
// new program and runs its simulation untimed (the engine runs it before
// the rules), then times the rules, whose facts are worked out afresh.
// Besides the time it reports the process's CPU time per run of the rules
// (cpu-ns/op), which other work on a shared machine stretches less.
func BenchmarkRunTree(b *testing.B) {
	dir, _ := benchtree.Tree(b)
	tree, err := load.Load(load.Options{Paths: []string{"."}, Dir: dir})
	if err != nil {
		b.Fatal(err)
	}
	reg := rules.Default()
	active, err := rules.Select(reg, nil, nil, nil)
	if err != nil {
		b.Fatal(err)
	}
	runner := &rules.Runner{Registry: reg, Rules: active}
	b.ReportAllocs()
	var cpu time.Duration
	for range b.N {
		b.StopTimer()
		prog := model.Build(tree, model.Options{})
		prog.Dynamic()
		b.StartTimer()
		start := processCPU(b)
		runner.Run(prog)
		cpu += processCPU(b) - start
	}
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
}

// processCPU is the user and system CPU time the process has used. It is
// model's cpuTime again, not shared, because scripts/bench-rules copies
// this file alone into commits older than the benchmark: the file must
// need nothing those commits lack.
func processCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
