package lsp_test

import (
	"bytes"
	"cmp"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ducklint/ducklint/engine"
	"github.com/ducklint/ducklint/internal/benchtree"
	"github.com/ducklint/ducklint/lsp"
)

// BenchmarkEditToDiagnostics measures what an editor user waits for: from
// a didChange to the publishDiagnostics of that version, on a warm server
// over a generated 5,000-file control repo (or the real tree
// DUCKLINT_BENCH_TREE names, see package benchtree), with every edited
// file open. The files edited are the widely included ones (each module's
// main class and its parameters and config classes), whose checks keep
// the most context. Edits come 100 ms apart, a typist's pace, so each is
// analysed at once rather than debounced. Each iteration makes 100 edits;
// it reports the median and the 99th percentile (nearest rank) over the
// edits of all iterations, so that -benchtime 5x gives a 99th percentile
// of 500 edits rather than the slowest of 100, the heap the server holds (live, after a
// collection), the memory the process obtained from the system (an upper
// bound of its peak), and the median of ten cold
// `ducklint --stdin-filename FILE -` processes on the same files (with
// the summary cache warm), what an editor plugin runs on save.
func BenchmarkEditToDiagnostics(b *testing.B) {
	dir, rel := benchtree.Tree(b)
	var files []string
	for _, f := range rel {
		files = append(files, filepath.Join(dir, f))
	}
	texts := map[string]string{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		texts[f] = string(src)
	}

	// The collector as `ducklint lsp` sets it.
	defer debug.SetGCPercent(debug.SetGCPercent(lsp.GCPercent))
	c := startWith(b, &lsp.Server{NewWorkspace: lsp.EngineWorkspaces(engine.Options{}), Debounce: lsp.DefaultDebounce})
	c.initialize(map[string]any{}, dir)
	for _, f := range files {
		c.open(f, texts[f], 1)
	}
	for _, f := range files {
		c.waitPublished(f, 1, func([]diagnostic) bool { return true })
	}
	versions := map[string]int{}
	lines := map[string]int{}
	for _, f := range files {
		versions[f], lines[f] = 1, strings.Count(texts[f], "\n")
	}
	var lat []time.Duration
	type timed struct {
		d    time.Duration
		file string
	}
	var byEdit []timed
	edit := 0
	for b.Loop() {
		for range 100 {
			f := files[edit%len(files)]
			edit++
			versions[f]++
			time.Sleep(100 * time.Millisecond)
			start := time.Now()
			c.changeRange(f, versions[f], lines[f], 0, lines[f], 0, benchtree.Edit(b, edit))
			lines[f]++
			c.waitPublished(f, versions[f], func([]diagnostic) bool { return true })
			lat = append(lat, time.Since(start))
			byEdit = append(byEdit, timed{lat[len(lat)-1], f})
		}
	}
	slices.Sort(lat)
	// The slowest edits say which files make the tail (shown with -v).
	slices.SortFunc(byEdit, func(a, b timed) int { return cmp.Compare(b.d, a.d) })
	for _, e := range byEdit[:min(10, len(byEdit))] {
		rel, _ := filepath.Rel(dir, e.file)
		b.Logf("%6.1f ms  %s", float64(e.d.Microseconds())/1000, rel)
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(percentile(lat, 50).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(percentile(lat, 99).Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(ms.HeapInuse)/(1<<20), "heap-MB")
	b.ReportMetric(float64(ms.Sys)/(1<<20), "sys-MB")

	// The same files, each linted by a fresh process reading it on stdin.
	bin := filepath.Join(b.TempDir(), "ducklint")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/ducklint/ducklint/cmd/ducklint").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	cache := b.TempDir()
	var cold []time.Duration
	for i := range 11 {
		f := files[i%len(files)]
		rel, _ := filepath.Rel(dir, f)
		cmd := exec.Command(bin, "--stdin-filename", rel, "-")
		cmd.Dir, cmd.Stdin = dir, strings.NewReader(texts[f])
		cmd.Env = append(os.Environ(), "DUCKLINT_CACHE_DIR="+cache)
		var out bytes.Buffer
		cmd.Stdout = &out
		start := time.Now()
		if err := cmd.Run(); err != nil && cmd.ProcessState.ExitCode() > 1 {
			b.Fatalf("ducklint -: %v\n%s", err, out.String())
		}
		if i > 0 { // the first run fills the summary cache
			cold = append(cold, time.Since(start))
		}
	}
	slices.Sort(cold)
	b.ReportMetric(float64(cold[len(cold)/2].Microseconds())/1000, "cold-stdin-p50-ms")
	b.ReportMetric(0, "ns/op")
}

// percentile returns the p-th percentile of sorted by nearest rank: the
// smallest value at least p per cent of the values are at or below. Of
// 100 values the 99th is the second largest, not the largest.
func percentile(sorted []time.Duration, p int) time.Duration {
	rank := (p*len(sorted) + 99) / 100 // ceil(p/100 * n)
	return sorted[max(rank, 1)-1]
}

func TestPercentileIsNearestRank(t *testing.T) {
	values := func(n int) []time.Duration {
		var v []time.Duration
		for i := 1; i <= n; i++ {
			v = append(v, time.Duration(i))
		}
		return v
	}
	for _, c := range []struct {
		n, p int
		want time.Duration
	}{
		{100, 99, 99}, // the second largest of 100, not the largest
		{100, 50, 50},
		{100, 100, 100},
		{500, 99, 495}, // the sixth largest of 500
		{1, 99, 1},
	} {
		if got := percentile(values(c.n), c.p); got != c.want {
			t.Errorf("percentile of 1..%d at %d = %d, want %d", c.n, c.p, got, c.want)
		}
	}
}
