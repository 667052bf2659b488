package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"runtime/metrics"
	"strconv"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/internal/gcpolicy"
)

// initOnlyEnv makes the test binary exit as soon as every package is
// initialised: TestInitAllocations runs it again that way to read the
// runtime's trace of the initialisers, which are those of the command.
const initOnlyEnv = "DUCKLINT_TEST_INIT_ONLY"

func TestMain(m *testing.M) {
	if os.Getenv(initOnlyEnv) != "" {
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// maxInitAllocs bounds the allocations of each of ducklint's package
// initialisers. Every run pays them, --version included, so tables,
// regular expressions and indexes are built on first use (sync.OnceValue);
// what is left are map literals and lazy sets (rules/style 61, rules/builtin
// 58). A package-level regexp.MustCompile costs 30–100 allocations, an index
// or a table built at init hundreds (rules/builtin's legacy facts' table
// alone: 159).
const maxInitAllocs = 100

// maxTotalInitAllocs bounds the allocations of all of ducklint's
// initialisers together (218 in this test binary, 286 in a release build):
// each allocation at start also costs the fresh heap page it lands on, and
// small ones add up.
const maxTotalInitAllocs = 350

// TestInitAllocations checks, from GODEBUG=inittrace=1, that no package of
// ducklint builds more at start-up than maxInitAllocs allocations' worth,
// and all of them together no more than maxTotalInitAllocs.
// It counts allocations, which do not depend on the machine's speed.
func TestInitAllocations(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1", initOnlyEnv+"=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("running the initialisers: %v\n%s", err, stderr.String())
	}
	trace := stderr.String()
	seen, total := 0, 0
	sc := bufio.NewScanner(strings.NewReader(trace))
	for sc.Scan() {
		// init github.com/ducklint/ducklint/rules @4.6 ms, 0.025 ms clock, 8408 bytes, 38 allocs
		fields := strings.Fields(sc.Text())
		if len(fields) != 11 || fields[0] != "init" || fields[10] != "allocs" {
			continue
		}
		pkg := fields[1]
		if pkg != "github.com/ducklint/ducklint" && !strings.HasPrefix(pkg, "github.com/ducklint/ducklint/") {
			continue
		}
		seen++
		allocs, err := strconv.Atoi(fields[9])
		if err != nil {
			t.Fatalf("unreadable trace line %q", sc.Text())
		}
		total += allocs
		if allocs > maxInitAllocs {
			t.Errorf("%s allocates %d times (%s bytes) when initialised, more than %d: build its tables on first use",
				pkg, allocs, fields[7], maxInitAllocs)
		}
	}
	if seen < 5 {
		t.Fatalf("the trace names %d of ducklint's packages; the format may have changed:\n%s", seen, trace)
	}
	if total > maxTotalInitAllocs {
		t.Errorf("ducklint's initialisers allocate %d times in all, more than %d: build tables on first use", total, maxTotalInitAllocs)
	}
}

// TestGlobalsDoNotPace checks what gcpolicy.Start relies on to pace the
// collector without reading the runtime's metrics: before the first
// collection the program's globals, which the runtime counts in the heap
// goal, are too few to change the pace.
func TestGlobalsDoNotPace(t *testing.T) {
	s := []metrics.Sample{{Name: "/gc/scan/globals:bytes"}}
	metrics.Read(s)
	globals := int64(s[0].Value.Uint64())
	if globals == 0 {
		t.Fatal("the runtime reports no globals")
	}
	if with, without := gcpolicy.Percent(0, globals, gcpolicy.MinSoftLimit), gcpolicy.Percent(0, 0, gcpolicy.MinSoftLimit); with != without {
		t.Errorf("%d bytes of globals change the pace before the first collection (GOGC %d, not %d)", globals, with, without)
	}
}
