package gcpolicy

import (
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"testing"
)

// The soft limit grows with the input, linearly between its bounds, and
// a machine with little memory lowers it.
func TestSoftLimit(t *testing.T) {
	const mb = 1 << 20
	for _, tc := range []struct {
		input, machine, want int64
	}{
		{0, 0, MinSoftLimit},
		{100 << 10, 0, MinSoftLimit},                     // one module
		{5 * mb, 0, MinSoftLimit},                        // a control repository: 240 MB is under the floor
		{6 * mb, 24 << 30, 6 * mb * BytesPerInputByte},   // 288 MB
		{10 * mb, 24 << 30, 10 * mb * BytesPerInputByte}, // twice the input, twice the limit
		{20 * mb, 0, 20 * mb * BytesPerInputByte},
		{30 * mb, 0, MaxSoftLimit},
		{1 << 40, 0, MaxSoftLimit},
		{10 * mb, 1 << 30, 256 * mb}, // a quarter of a 1 GiB container
		{0, 512 * mb, 128 * mb},
	} {
		if got := SoftLimit(tc.input, tc.machine); got != tc.want {
			t.Errorf("SoftLimit(%d, %d) = %d, want %d", tc.input, tc.machine, got, tc.want)
		}
	}
}

// Percent makes the runtime's next heap goal the soft limit while the
// live heap is under half of it, and is Go's default above.
func TestPercent(t *testing.T) {
	const mb = 1 << 20
	limit := int64(256 * mb)
	for _, live := range []int64{0, 1 * mb, 4 * mb, 10 * mb, 100 * mb, 127 * mb} {
		for _, roots := range []int64{0, mb / 2, 2 * mb} {
			p := int64(Percent(live, roots, limit))
			// The runtime's goal: live + (live+roots)×p/100, at least
			// minHeap×p/100.
			goal := max(live+(live+roots)*p/100, minHeap*p/100)
			if goal < limit-limit/64 || goal > limit {
				t.Errorf("Percent(%d MB, %d KB, 256 MB) = %d: the next collection is due at %.1f MB, want 252–256",
					live/mb, roots>>10, p, float64(goal)/mb)
			}
		}
	}
	for _, live := range []int64{128 * mb, 200 * mb, 1 << 30, 1 << 40} {
		if p := Percent(live, mb, limit); p != 100 {
			t.Errorf("Percent(%d MB, 1 MB, 256 MB) = %d, want 100 (a live heap past half the limit)", live/mb, p)
		}
	}
}

// A run whose live heap grows past the soft limit collects about once
// each time it allocates as much as it keeps (GOGC=100): a fixed limit
// with the collector off would collect again and again once the live heap
// reached it, as often as the runtime lets it.
func TestCollectionsGrowWithAllocation(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
	runtime.GC()
	const limit, chunk = 32 << 20, 64 << 10
	p := &Policy{limit: limit}
	p.startWith(limit)
	defer p.stop()
	before := gcCycles()
	// Keep twice the limit live, as a run keeps its model, then make
	// garbage of 16 times the limit.
	var live [][]byte
	for range 2 * limit / chunk {
		live = append(live, make([]byte, chunk))
	}
	var garbage []byte
	for range 16 * limit / chunk {
		garbage = make([]byte, chunk)
		garbage[0] = 1
	}
	runtime.KeepAlive(garbage)
	cycles := gcCycles() - before
	runtime.KeepAlive(live)
	// One cycle at the limit, one at twice it, then one for each 64 MB
	// of garbage: about 8; the cleanup that repaces runs after each,
	// so allow for a few that start before it.
	if cycles > 20 {
		t.Errorf("%d collections for 64 MB live and 512 MB of garbage, want about 8", cycles)
	}
	if cycles < 2 {
		t.Errorf("%d collections for 64 MB live and 512 MB of garbage, want about 8", cycles)
	}
}

// Before the heap reaches the soft limit, nothing is collected.
func TestNoCollectionUnderTheLimit(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	runtime.GC()
	const limit = 256 << 20
	p := &Policy{limit: limit}
	p.startWith(limit)
	defer p.stop()
	before := gcCycles()
	var live [][]byte
	for range (limit / 2) / (64 << 10) {
		live = append(live, make([]byte, 64<<10))
	}
	cycles := gcCycles() - before
	runtime.KeepAlive(live)
	if cycles != 0 {
		t.Errorf("%d collections under the soft limit, want none", cycles)
	}
}

// Collect collects once the heap has grown by an eighth of the soft limit
// since the last collection, and the memory it frees is reused: the heap
// holds the live part and not the garbage. Below that growth, and for a
// nil Policy, it does nothing.
func TestCollectAtAPhaseBoundary(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	runtime.GC()
	const limit, chunk = 256 << 20, 64 << 10
	p := &Policy{limit: limit}
	p.startWith(limit)
	defer p.stop()
	var nilPolicy *Policy
	nilPolicy.Collect()

	// A phase's working data: a sixteenth of the limit, then dropped.
	work := make([][]byte, 0, limit/16/chunk)
	for range cap(work) {
		work = append(work, make([]byte, chunk))
	}
	work = nil
	before := forcedCycles()
	p.Collect()
	if n := forcedCycles() - before; n != 0 {
		t.Errorf("Collect after %d MB: %d collections, want none under an eighth of the limit", limit/16>>20, n)
	}

	// A sixth of the limit more, of which a small part stays live: the
	// heap has grown by less than a quarter of the limit and more than an
	// eighth, as a whole tree's has at its simulation's end.
	var kept [][]byte
	for i := range limit / 6 / chunk {
		b := make([]byte, chunk)
		if i%16 == 0 {
			kept = append(kept, b)
		}
	}
	before = forcedCycles()
	p.Collect()
	if n := forcedCycles() - before; n != 1 {
		t.Fatalf("Collect after %d MB: %d collections, want 1", (limit/16+limit/6)>>20, n)
	}
	if g := heapGrowth(); g > limit/64 {
		t.Errorf("after Collect the heap holds %d MB more than the live heap, want the garbage freed", g>>20)
	}
	runtime.KeepAlive(kept)
	runtime.KeepAlive(work)
}

func forcedCycles() uint64 {
	s := []metrics.Sample{{Name: "/gc/cycles/forced:gc-cycles"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

func gcCycles() uint64 {
	s := []metrics.Sample{{Name: "/gc/cycles/automatic:gc-cycles"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

func TestMachineMemory(t *testing.T) {
	if m := MachineMemory(); m < 0 {
		t.Errorf("MachineMemory() = %d", m)
	}
}

// GOGC or GOMEMLIMIT set by the user leave the collector as they say.
func TestStartRespectsTheUser(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	for _, env := range []map[string]string{{"GOGC": "50"}, {"GOMEMLIMIT": "1GiB"}, {"GOGC": "off", "GOMEMLIMIT": "2GiB"}} {
		debug.SetGCPercent(77)
		p := Start(func(k string) string { return env[k] })
		if p != nil {
			t.Errorf("%v: Start made a policy", env)
		}
		p.SetInput(10 << 20) // a nil policy ignores the input
		if got := debug.SetGCPercent(77); got != 77 {
			t.Errorf("%v: GOGC is %d, want the process's own 77", env, got)
		}
	}
	p := Start(func(string) string { return "" })
	if p == nil {
		t.Fatal("Start without GOGC or GOMEMLIMIT made no policy")
	}
	defer p.stop()
	p.SetInput(20 << 20)
	if got, want := p.Limit(), SoftLimit(20<<20, MachineMemory()); got != want {
		t.Errorf("soft limit %d after a 20 MB input, want %d", got, want)
	}
}

// maxHookBytes bounds what the hook that runs after each collection
// allocates: the metrics read and the next sentinel. Reading the
// collection count as well (debug.ReadGCStats) takes 4 KB more.
const maxHookBytes = 1 << 10

// The hook knows a collection has run: it paces by the metrics of the
// last one without reading the collection count.
func TestHookAfterACollection(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(100))
	runtime.GC()
	const limit = MinSoftLimit
	p := &Policy{limit: limit}
	defer p.stop()
	p.afterCollection() // the metrics' index is built on their first read
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	p.afterCollection()
	runtime.ReadMemStats(&after)
	if n := after.TotalAlloc - before.TotalAlloc; n > maxHookBytes {
		t.Errorf("the hook allocated %d bytes, more than %d", n, maxHookBytes)
	}
	live, roots := lastCollection()
	if got, want := debug.SetGCPercent(100), Percent(live, roots, limit); got != want {
		t.Errorf("the hook set GOGC=%d; for live %d, roots %d it is %d", got, live, roots, want)
	}
}
