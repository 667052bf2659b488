// Package gcpolicy paces the garbage collector of a run that lints a tree
// and exits: no collection while the heap is small for the input, then
// Go's default pacing.
//
// Most of what a run allocates stays live to its end (the parsed files,
// the model, the findings), so collections while the heap is small find
// little to free and cost a mark worker on one of few cores. Past a soft
// limit that grows with the input (SoftLimit), the run holds more than
// such a model needs, and the collector runs as GOGC=100 paces it: a
// cycle each time the heap doubles over what the last one kept. The next
// collection is thus due at the larger of the soft limit and twice the
// live heap (Percent), so the collector's work grows with what the run
// allocates and never more: no fixed limit the live heap can approach and
// make the collector run back to back.
//
// A run may also say where much of what it allocated has just become
// garbage (Collect): a collection there, while the live heap is small,
// lets the rest of the run reuse that memory instead of growing the heap.
package gcpolicy

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

const (
	// MinSoftLimit is the soft limit of a small input, and of a run before
	// it knows its input: a whole control repository (wikimedia's
	// operations/puppet, 6.4 MB of manifests) allocates about 170 MB.
	MinSoftLimit = 256 << 20
	// MaxSoftLimit bounds the soft limit of a large input: past it every
	// input is paced as GOGC=100 paces it.
	MaxSoftLimit = 1 << 30
	// BytesPerInputByte scales the soft limit to the input: a run
	// allocates 25–35 bytes for each byte of source it reads (more with a
	// style preset and many findings).
	BytesPerInputByte = 48
	// collectShare sets the growth at which Collect collects: a
	// collectShare-th of the soft limit, about 6 bytes for each byte of
	// source of a large input and 32 MB for a small one. Below it the run
	// is small and ends soon, and a mark buys little. A whole tree grows by
	// 12–13 bytes a byte of source before its simulation's garbage is
	// collected (wikimedia's operations/puppet: 80 MB); the threshold sits
	// at half of that, so that allocating less before that point does not
	// skip the collection and raise the peak by what the rules then take
	// fresh (a quarter of the limit, as before, was 76 MB there).
	collectShare = 8
	// minHeap is the Go runtime's smallest heap goal at GOGC=100 (4 MiB):
	// GOGC scales it, as it scales the growth over the live heap.
	minHeap = 4 << 20
)

// SoftLimit returns the heap size a run that reads input bytes of source
// reaches before its first collection: BytesPerInputByte for each byte,
// within [MinSoftLimit, MaxSoftLimit], and at most a quarter of the
// machine's memory when that is known (machine > 0).
func SoftLimit(input, machine int64) int64 {
	limit := int64(MinSoftLimit)
	if input > 0 && input < MaxSoftLimit/BytesPerInputByte {
		limit = max(limit, input*BytesPerInputByte)
	} else if input > 0 {
		limit = MaxSoftLimit
	}
	limit = min(limit, MaxSoftLimit)
	if machine > 0 {
		limit = min(limit, machine/4)
	}
	return limit
}

// Percent returns the GOGC that makes the next collection due when the
// heap reaches limit, given the live heap the last collection left (0
// before any) and the bytes of stacks and globals it scanned (roots):
// the heap may grow to limit before a collection, and once it holds half
// of it, GOGC=100, Go's default, paces the collector.
func Percent(live, roots, limit int64) int {
	live, roots = max(live, 0), max(roots, 0)
	if limit <= 2*live {
		return 100
	}
	// The runtime's goal is the larger of live + (live+roots)×GOGC/100
	// and minHeap×GOGC/100; dividing by the larger of live+roots and
	// minHeap makes the larger of the two limit.
	p := (limit - live) * 100 / max(live+roots, minHeap)
	return int(min(p, 1<<24))
}

// Policy paces the collector of one process; Start makes it.
type Policy struct {
	mu      sync.Mutex
	machine int64 // bytes of memory the process may use; 0 when unknown
	limit   int64 // the soft limit
	stopped bool  // set by stop: the policy no longer paces
	// collected is set once the policy knows a collection has run (its
	// hook ran, Collect collected, or Start found one done).
	collected bool
}

// Start sets the collector's pace for a run of unknown input (the soft
// limit of an empty input) and keeps it set after every collection, until
// the process exits. It returns nil and changes nothing when the user set
// GOGC or GOMEMLIMIT (getenv reads the environment).
func Start(getenv func(string) string) *Policy {
	if getenv("GOGC") != "" || getenv("GOMEMLIMIT") != "" {
		return nil
	}
	machine := MachineMemory()
	p := &Policy{machine: machine, limit: SoftLimit(0, machine)}
	if collections() == 0 {
		// Nothing is marked yet and the globals, which the runtime's
		// goal counts, are far under minHeap (the command's test
		// TestGlobalsDoNotPace checks it): the pace is the limit's alone,
		// and the start need not read the runtime's metrics, whose first
		// read builds their index.
		debug.SetGCPercent(Percent(0, 0, p.limit))
		p.arm()
		return p
	}
	p.startWith(p.limit)
	return p
}

// collections returns how many collections the process has run.
func collections() int64 {
	var st debug.GCStats
	debug.ReadGCStats(&st)
	return st.NumGC
}

// startWith sets the pace for limit and arms the hook that sets it again
// after each collection.
func (p *Policy) startWith(limit int64) {
	p.mu.Lock()
	p.limit = limit
	p.mu.Unlock()
	p.repace(true) // Start found a collection done
	p.arm()
}

// SetInput scales the soft limit to a run that reads input bytes of
// source. A nil Policy (the user's GOGC or GOMEMLIMIT rules) ignores it.
func (p *Policy) SetInput(input int64) {
	if p == nil {
		return
	}
	p.mu.Lock()
	p.limit = SoftLimit(input, p.machine)
	collected := p.collected
	p.mu.Unlock()
	// A collection may have run whose hook has not yet: the count tells.
	p.repace(collected || collections() > 0)
}

// Collect is called where much of what the run allocated has just become
// unreachable (a phase's working data, once its results are taken). It
// collects when the heap has grown by at least an eighth of the soft
// limit since the last collection (collectShare): the collection then
// costs a mark of the live heap, on cores the caller leaves idle while it
// waits, and saves the fresh memory the rest of the run would take
// instead of reusing. A nil Policy does nothing.
func (p *Policy) Collect() {
	if p == nil {
		return
	}
	p.mu.Lock()
	limit, stopped := p.limit, p.stopped
	p.mu.Unlock()
	if stopped || heapGrowth() < limit/collectShare {
		return
	}
	runtime.GC()
	p.repace(true)
}

// heapGrowth returns the bytes of heap objects beyond those the last
// collection found live: what the run allocated since, and may since
// have dropped.
func heapGrowth() int64 {
	n := readBytes("/memory/classes/heap/objects:bytes", "/gc/heap/live:bytes")
	return n[0] - n[1]
}

// Limit returns the soft limit in force.
func (p *Policy) Limit() int64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.limit
}

// stop ends the policy: its hook no longer sets GOGC or arms again. The
// tests that start policies stop them.
func (p *Policy) stop() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.stopped = true
}

// repace sets GOGC for the live heap of the last collection, and reports
// whether the policy still paces. Its caller says whether a collection
// has run: before any the pace is the limit's alone, as at Start, and a
// run over one file that sets its input then need not build the metrics'
// index to learn it; after a collection, the hook that runs after each
// need not read the collection count.
func (p *Policy) repace(collected bool) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stopped {
		return false
	}
	p.collected = p.collected || collected
	var live, roots int64
	if p.collected {
		live, roots = lastCollection()
	}
	debug.SetGCPercent(Percent(live, roots, p.limit))
	return true
}

// arm registers a cleanup of a fresh object: it runs after the first
// collection that finds the object unreachable, that is after the next
// collection, repaces and arms again.
func (p *Policy) arm() {
	sentinel := new(sentinel)
	runtime.AddCleanup(sentinel, (*Policy).afterCollection, p)
}

// afterCollection is the hook that runs after each collection: it
// repaces and arms again.
func (p *Policy) afterCollection() {
	if p.repace(true) {
		p.arm()
	}
}

// sentinel is large enough not to share the runtime's combined small
// allocations, whose cleanups may never run.
type sentinel [16]byte

// lastCollection returns the bytes of heap objects the last collection
// marked live, and of the stacks and globals it scanned; 0 before any.
func lastCollection() (live, roots int64) {
	n := readBytes("/gc/heap/live:bytes", "/gc/scan/stack:bytes", "/gc/scan/globals:bytes")
	return n[0], n[1] + n[2]
}

// readBytes reads the runtime metrics named, each a byte count; one the
// runtime does not have reads as 0.
func readBytes(names ...string) []int64 {
	s := make([]metrics.Sample, len(names))
	for i, name := range names {
		s[i].Name = name
	}
	metrics.Read(s)
	n := make([]int64, len(s))
	for i, x := range s {
		if x.Value.Kind() == metrics.KindUint64 {
			n[i] = int64(x.Value.Uint64())
		}
	}
	return n
}
