package engine_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/ducklint/ducklint/engine"
	"github.com/ducklint/ducklint/parser/load/gentree"
)

// BenchmarkEditToFindings measures what an editor waits for after an edit
// on a warm workspace of a generated 5,000-file control repo: a new
// overlay, the snapshot, and the findings of the edited file. The files
// edited are the widely included ones (each module's main class and its
// parameters, the base profile), whose checks keep the most context. It
// reports the median and 99th percentile over 100 edits.
func BenchmarkEditToFindings(b *testing.B) {
	dir := b.TempDir()
	if err := gentree.Generate(5000, 1).Write(dir); err != nil {
		b.Fatal(err)
	}
	var files []string
	for m := range 10 {
		for _, f := range []string{"init.pp", "params.pp", "config.pp"} {
			files = append(files, fmt.Sprintf("modules/mod%03d/manifests/%s", m, f))
		}
	}
	srcs := map[string][]byte{}
	for _, f := range files {
		src, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			b.Fatal(err)
		}
		srcs[f] = src
	}
	ctx := context.Background()
	w, err := engine.New(engine.Options{Roots: []string{"."}, Dir: dir})
	if err != nil {
		b.Fatal(err)
	}
	snap, err := w.Snapshot(ctx)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := snap.Findings(ctx, files...); err != nil { // every file's content read and parsed
		b.Fatal(err)
	}
	var lat []time.Duration
	edit := 0
	for b.Loop() {
		lat = lat[:0]
		for range 100 {
			f := files[edit%len(files)]
			edit++
			src := append(slices.Clone(srcs[f]), fmt.Sprintf("\n# edit %d\n", edit)...)
			start := time.Now()
			w.SetOverlay(f, src)
			snap, err := w.Snapshot(ctx)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := snap.Findings(ctx, f); err != nil {
				b.Fatal(err)
			}
			lat = append(lat, time.Since(start))
		}
	}
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
	b.ReportMetric(0, "ns/op")
}
