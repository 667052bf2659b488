// Command tracebusy reads an execution trace of a ducklint run (a pprof
// build's DUCKLINT_TRACE, see scripts/profile) and prints, for each slice
// of time, how many goroutines were running and how many were in system
// calls on average: on a 2-core machine, a slice below 2 is a core idle.
// When the run also wrote a CPU profile (DUCKLINT_CPUPROFILE), the trace
// holds its samples, and each slice names the code most samples were in.
//
// Usage, from this directory (it is a module of its own, so that the
// trace reader is no dependency of ducklint):
//
//	go run . TRACE [SLICE_MS]
package main

import (
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/exp/trace"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: tracebusy TRACE [SLICE_MS]")
		os.Exit(2)
	}
	sliceMs := 10
	if len(os.Args) > 2 {
		n, err := strconv.Atoi(os.Args[2])
		if err != nil || n <= 0 {
			fmt.Fprintln(os.Stderr, "tracebusy: SLICE_MS must be a positive number")
			os.Exit(2)
		}
		sliceMs = n
	}
	f, err := os.Open(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "tracebusy:", err)
		os.Exit(1)
	}
	defer f.Close()
	if err := run(f, trace.Time(sliceMs)*1e6, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "tracebusy:", err)
		os.Exit(1)
	}
}

// slices accumulates time spent in a state per slice of the run.
type slices struct {
	start, width trace.Time
	spent        map[int]float64
}

func (s *slices) add(from, to trace.Time) {
	for from < to {
		k := int((from - s.start) / s.width)
		end := min(to, s.start+trace.Time(k+1)*s.width)
		s.spent[k] += float64(end - from)
		from = end
	}
}

func run(r io.Reader, width trace.Time, w io.Writer) error {
	tr, err := trace.NewReader(r)
	if err != nil {
		return err
	}
	running := &slices{width: width, spent: map[int]float64{}}
	syscall := &slices{width: width, spent: map[int]float64{}}
	since := map[trace.GoID]trace.Time{}  // running since
	inCall := map[trace.GoID]trace.Time{} // in a system call since
	samples := map[int]map[string]int{}   // CPU samples by slice and code
	regions := map[string]*regionTimes{}  // by region type
	procs := map[trace.ProcID]bool{}      // the Ps seen: GOMAXPROCS
	open := map[trace.GoID][]trace.Time{} // begun regions, innermost last
	var start, end trace.Time
	for {
		ev, err := tr.ReadEvent()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if start == 0 {
			start = ev.Time()
			running.start, syscall.start = start, start
		}
		end = ev.Time()
		switch ev.Kind() {
		case trace.EventStateTransition:
			st := ev.StateTransition()
			if st.Resource.Kind == trace.ResourceProc {
				procs[st.Resource.Proc()] = true
			}
			if st.Resource.Kind != trace.ResourceGoroutine {
				continue
			}
			id := st.Resource.Goroutine()
			from, to := st.Goroutine()
			if from == trace.GoRunning {
				if t, ok := since[id]; ok {
					running.add(t, ev.Time())
					delete(since, id)
				}
			}
			if from == trace.GoSyscall {
				if t, ok := inCall[id]; ok {
					syscall.add(t, ev.Time())
					delete(inCall, id)
				}
			}
			switch to {
			case trace.GoRunning:
				since[id] = ev.Time()
			case trace.GoSyscall:
				inCall[id] = ev.Time()
			}
		case trace.EventRegionBegin:
			open[ev.Goroutine()] = append(open[ev.Goroutine()], ev.Time())
		case trace.EventRegionEnd:
			stack := open[ev.Goroutine()]
			if len(stack) == 0 {
				continue // begun before the trace
			}
			begun := stack[len(stack)-1]
			open[ev.Goroutine()] = stack[:len(stack)-1]
			name := ev.Region().Type
			rt := regions[name]
			if rt == nil {
				rt = &regionTimes{first: begun}
				regions[name] = rt
			}
			rt.count++
			rt.total += ev.Time() - begun
			rt.first = min(rt.first, begun)
			rt.last = max(rt.last, ev.Time())
		case trace.EventStackSample:
			k := int((ev.Time() - start) / width)
			if samples[k] == nil {
				samples[k] = map[string]int{}
			}
			samples[k][where(ev.Stack())]++
		}
	}
	last := int((end - start) / width)
	fmt.Fprintf(w, "%8s %7s %7s  %s\n", "ms", "running", "syscall", "CPU samples: code (count)")
	var totalRunning, idle float64
	for k := 0; k <= last; k++ {
		totalRunning += running.spent[k]
		idle += max(0, float64(len(procs))*float64(width)-running.spent[k]-syscall.spent[k])
		fmt.Fprintf(w, "%8d %7.2f %7.2f  %s\n", k*int(width/1e6), running.spent[k]/float64(width),
			syscall.spent[k]/float64(width), top(samples[k], 2))
	}
	fmt.Fprintf(w, "running %.0f ms in %.0f ms; %d Ps idle (neither running nor in a system call) %.1f ms\n",
		totalRunning/1e6, float64(end-start)/1e6, len(procs), idle/1e6)
	if len(regions) > 0 {
		printRegions(w, regions, start, running, syscall, len(procs))
	}
	return nil
}

// regionTimes is what the trace recorded of the regions of one type
// (runtime/trace.StartRegion): how many, their summed length, and the
// first begin and last end of any.
type regionTimes struct {
	count       int
	total       trace.Time
	first, last trace.Time
}

// printRegions lists the regions by their first begin: the span from it
// to the last end, the regions' summed length, how many goroutines were
// running on average over the span (below the cores: some idle), and the
// time Ps spent idle over it, neither running a goroutine nor in a system
// call (procs is GOMAXPROCS).
func printRegions(w io.Writer, regions map[string]*regionTimes, start trace.Time, running, syscall *slices, procs int) {
	names := make([]string, 0, len(regions))
	for n := range regions {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		a, b := regions[names[i]], regions[names[j]]
		if a.first != b.first {
			return a.first < b.first
		}
		return names[i] < names[j]
	})
	fmt.Fprintf(w, "\n%-34s %6s %8s %8s %8s %8s %7s %7s\n", "region", "count", "from ms", "to ms", "span", "summed", "running", "idle ms")
	for _, n := range names {
		r := regions[n]
		run, sys := running.average(r.first, r.last), syscall.average(r.first, r.last)
		idle := max(0, float64(procs)-run-sys) * float64(r.last-r.first) / 1e6
		fmt.Fprintf(w, "%-34s %6d %8.1f %8.1f %8.1f %8.1f %7.2f %7.1f\n", n, r.count, float64(r.first-start)/1e6,
			float64(r.last-start)/1e6, float64(r.last-r.first)/1e6, float64(r.total)/1e6, run, idle)
	}
}

// average is the mean of the slices' time spent from from to to, the
// slices it covers weighted by how much of each it covers.
func (s *slices) average(from, to trace.Time) float64 {
	if to <= from {
		return 0
	}
	var sum float64
	for t := from; t < to; {
		k := int((t - s.start) / s.width)
		end := min(to, s.start+trace.Time(k+1)*s.width)
		sum += s.spent[k] / float64(s.width) * float64(end-t)
		t = end
	}
	return sum / float64(to-from)
}

// wrappers are frames that say nothing about which work a sample is.
var wrappers = regexp.MustCompile(`internal/par\.|^sync\.|^runtime\.|\.func[0-9]+$`)

// where names the code of a CPU sample: its outermost ducklint frames
// below the goroutine's start, or GC for the collector's workers.
func where(st trace.Stack) string {
	var frames []string
	for f := range st.Frames() {
		frames = append(frames, f.Func)
	}
	var out []string
	for i := len(frames) - 1; i >= 0 && len(out) < 2; i-- {
		fn := frames[i]
		if strings.HasPrefix(fn, "runtime.gcBgMarkWorker") || strings.HasPrefix(fn, "runtime.bgsweep") {
			return "GC"
		}
		if !strings.Contains(fn, "ducklint/") || wrappers.MatchString(fn) {
			continue
		}
		out = append(out, fn[strings.LastIndex(fn, "/")+1:])
	}
	if len(out) == 0 && len(frames) > 0 {
		return frames[0]
	}
	return strings.Join(out, " > ")
}

// top lists the n codes with the most samples.
func top(counts map[string]int, n int) string {
	type entry struct {
		code  string
		count int
	}
	var es []entry
	for c, k := range counts {
		es = append(es, entry{c, k})
	}
	sort.Slice(es, func(i, j int) bool {
		if es[i].count != es[j].count {
			return es[i].count > es[j].count
		}
		return es[i].code < es[j].code
	})
	var parts []string
	for i := 0; i < len(es) && i < n; i++ {
		parts = append(parts, fmt.Sprintf("%s (%d)", es[i].code, es[i].count))
	}
	return strings.Join(parts, "; ")
}
