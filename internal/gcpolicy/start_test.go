package gcpolicy

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

// freshStartEnv makes the test binary start a policy before anything else
// runs, as a command's main does, print what it set and exit:
// TestStartBeforeAnyCollection runs it again that way.
const freshStartEnv = "GCPOLICY_TEST_FRESH_START"

func TestMain(m *testing.M) {
	if os.Getenv(freshStartEnv) != "" {
		os.Exit(freshStart())
	}
	os.Exit(m.Run())
}

// freshStart starts a policy in a process that has not collected, and
// prints the GOGC it set and the one the metrics of the last collection
// would have given.
func freshStart() int {
	if n := collections(); n != 0 {
		fmt.Printf("collected %d times before the start\n", n)
		return 1
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	p := Start(func(string) string { return "" })
	runtime.ReadMemStats(&after)
	set := debug.SetGCPercent(100)
	debug.SetGCPercent(set)
	// A run over one file then sets its input, still before any
	// collection.
	var input runtime.MemStats
	runtime.ReadMemStats(&input)
	p.SetInput(10 << 20)
	runtime.ReadMemStats(&after)
	setInput := debug.SetGCPercent(100)
	live, roots := lastCollection()
	fmt.Printf("set %d, from the metrics %d (live %d, roots %d), %d allocations; with an input set %d, from the metrics %d, %d allocations\n",
		set, Percent(live, roots, SoftLimit(0, p.machine)), live, roots, input.Mallocs-before.Mallocs,
		setInput, Percent(live, roots, p.Limit()), after.Mallocs-input.Mallocs)
	return 0
}

// maxStartAllocs bounds what Start allocates in a fresh process: the
// control group's files and the policy, 12 allocations. Scanning
// /proc/meminfo and a first read of the runtime's metrics, which builds
// their index, would make it 73.
const maxStartAllocs = 20

// maxSetInputAllocs bounds what SetInput allocates before any collection:
// the collection count's buffer. A first read of the runtime's metrics
// would make it about 60.
const maxSetInputAllocs = 5

// A policy started before any collection sets the pace without reading
// the runtime's metrics, and sets the same pace as reading them gives:
// nothing is marked yet and the globals are under minHeap. So does
// setting the input before any collection.
func TestStartBeforeAnyCollection(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), freshStartEnv+"=1", "GOGC=", "GOMEMLIMIT=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("starting a policy in a fresh process: %v\n%s", err, out)
	}
	var set, fromMetrics, live, roots, allocs, setInput, inputFromMetrics, inputAllocs int64
	if _, err := fmt.Sscanf(strings.TrimSpace(string(out)), "set %d, from the metrics %d (live %d, roots %d), %d allocations; with an input set %d, from the metrics %d, %d allocations",
		&set, &fromMetrics, &live, &roots, &allocs, &setInput, &inputFromMetrics, &inputAllocs); err != nil {
		t.Fatalf("unreadable output %q: %v", out, err)
	}
	if set != fromMetrics {
		t.Errorf("Start set GOGC=%d; from the metrics (live %d, roots %d) it is %d", set, live, roots, fromMetrics)
	}
	if setInput != inputFromMetrics {
		t.Errorf("SetInput set GOGC=%d (Start %d); from the metrics (live %d, roots %d) it is %d", setInput, set, live, roots, inputFromMetrics)
	}
	if inputAllocs > maxSetInputAllocs {
		t.Errorf("SetInput allocated %d times before any collection, more than %d", inputAllocs, maxSetInputAllocs)
	}
	if allocs > maxStartAllocs {
		t.Errorf("Start allocated %d times in a fresh process, more than %d: every run pays it, --version included",
			allocs, maxStartAllocs)
	}
}
