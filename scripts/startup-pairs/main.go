//go:build linux || darwin

// Command startup-pairs times short commands as whole processes, run in
// turn (A B C, then C B A, ...), and reports for each the medians of its
// wall time, CPU time and minor page faults, and the medians of the ratios
// to the first command taken round by round, and, with three commands or
// more, those of the last to the one before it. A start-up lasts a few
// milliseconds and the machine's speed drifts over a minute; only ratios
// taken within one round compare builds fairly.
//
// Usage:
//
//	go run ./scripts/startup-pairs [-n ROUNDS] [-w WARMUP] NAME=COMMAND ...
//
// COMMAND is split on spaces; leading VAR=VALUE words are set in its
// environment (hello=./hello 'old=DUCKLINT_CACHE_DIR=off ./old init.pp').
// Its output is discarded. scripts/bench-startup runs it.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"syscall"
	"time"
)

type command struct {
	name string
	argv []string
	env  []string
}

// sample is one run: wall and CPU time in milliseconds, minor page faults.
type sample struct {
	wall, cpu float64
	faults    int64
}

func main() {
	rounds := flag.Int("n", 30, "rounds: each command runs once a round")
	warmup := flag.Int("w", 3, "rounds run first and not counted")
	flag.Parse()
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: startup-pairs [-n ROUNDS] [-w WARMUP] NAME=COMMAND ...")
		os.Exit(2)
	}
	var cmds []command
	for _, arg := range flag.Args() {
		name, line, ok := strings.Cut(arg, "=")
		words := strings.Fields(line)
		c := command{name: name}
		for len(words) > 0 && strings.Contains(words[0], "=") && !strings.HasPrefix(words[0], "/") {
			c.env = append(c.env, words[0])
			words = words[1:]
		}
		if !ok || name == "" || len(words) == 0 {
			fmt.Fprintf(os.Stderr, "startup-pairs: %q is not NAME=COMMAND\n", arg)
			os.Exit(2)
		}
		c.argv = words
		cmds = append(cmds, c)
	}
	runs := make([][]sample, len(cmds))
	for round := range *warmup + *rounds {
		order := make([]int, len(cmds))
		for i := range order {
			order[i] = i
		}
		if round%2 == 1 {
			slices.Reverse(order)
		}
		for _, i := range order {
			s, err := run(cmds[i])
			if err != nil {
				fmt.Fprintf(os.Stderr, "startup-pairs: %s: %v\n", cmds[i].name, err)
				os.Exit(1)
			}
			if round >= *warmup {
				runs[i] = append(runs[i], s)
			}
		}
	}
	load, _ := os.ReadFile("/proc/loadavg")
	fmt.Printf("%d rounds in turn; load average %s; ratios: medians of the rounds' ratios to %s\n",
		*rounds, strings.Join(strings.Fields(string(load))[:min(3, len(strings.Fields(string(load))))], " "), cmds[0].name)
	fmt.Printf("%-12s %8s %8s %7s %8s %8s\n", "", "wall ms", "CPU ms", "faults", "wall ×", "CPU ×")
	for i, c := range cmds {
		wall := median(runs[i], func(s sample) float64 { return s.wall })
		cpu := median(runs[i], func(s sample) float64 { return s.cpu })
		faults := median(runs[i], func(s sample) float64 { return float64(s.faults) })
		var rw, rc []float64
		for r := range runs[i] {
			rw = append(rw, runs[i][r].wall/runs[0][r].wall)
			if runs[0][r].cpu > 0 {
				rc = append(rc, runs[i][r].cpu/runs[0][r].cpu)
			}
		}
		fmt.Printf("%-12s %8.2f %8.2f %7.0f %8.2f %8.2f\n", c.name, wall, cpu, faults,
			median(rw, func(x float64) float64 { return x }), median(rc, func(x float64) float64 { return x }))
	}
	if n := len(cmds); n >= 3 {
		// Two builds after a yardstick: the later against the earlier,
		// round by round too.
		var rw, rc []float64
		for r := range runs[n-1] {
			rw = append(rw, runs[n-1][r].wall/runs[n-2][r].wall)
			if runs[n-2][r].cpu > 0 {
				rc = append(rc, runs[n-1][r].cpu/runs[n-2][r].cpu)
			}
		}
		fmt.Printf("%s ÷ %s: %.2f× wall, %.2f× CPU (medians of the rounds' ratios)\n", cmds[n-1].name, cmds[n-2].name,
			median(rw, func(x float64) float64 { return x }), median(rc, func(x float64) float64 { return x }))
	}
}

// run starts c once and waits for it, with fork, exec and wait4 and no
// more: os/exec's pipes and goroutines would add their own latency to the
// wall time of a process that lasts a millisecond.
func run(c command) (sample, error) {
	path, err := exec.LookPath(c.argv[0])
	if err != nil {
		return sample{}, err
	}
	null, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		return sample{}, err
	}
	defer null.Close()
	fd := null.Fd()
	attr := &syscall.ProcAttr{Env: append(os.Environ(), c.env...), Files: []uintptr{fd, fd, fd}}
	start := time.Now()
	pid, err := syscall.ForkExec(path, c.argv, attr)
	if err != nil {
		return sample{}, err
	}
	var status syscall.WaitStatus
	var ru syscall.Rusage
	for {
		_, err = syscall.Wait4(pid, &status, 0, &ru)
		if !errors.Is(err, syscall.EINTR) {
			break
		}
	}
	wall := time.Since(start)
	if err != nil {
		return sample{}, err
	}
	cpu := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	return sample{wall: ms(wall), cpu: ms(cpu), faults: ru.Minflt}, nil
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

func median[T any](xs []T, f func(T) float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	v := make([]float64, len(xs))
	for i, x := range xs {
		v[i] = f(x)
	}
	slices.Sort(v)
	if len(v)%2 == 1 {
		return v[len(v)/2]
	}
	return (v[len(v)/2-1] + v[len(v)/2]) / 2
}
