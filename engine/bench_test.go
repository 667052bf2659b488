package engine_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/ducklint/ducklint/engine"
	"github.com/ducklint/ducklint/internal/benchtree"
	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load/gentree"
)

// BenchmarkEditToFindings measures what an editor waits for after an edit
// on a warm workspace of a generated 5,000-file control repo (or the real
// tree DUCKLINT_BENCH_TREE names, see package benchtree): a new overlay,
// the snapshot, and the findings of the edited file. The files edited are
// the widely included ones (each module's main class and its parameters
// and config classes), whose checks keep the most context. It reports the
// median and 99th percentile over 100 edits, and the heap the warm
// workspace holds.
func BenchmarkEditToFindings(b *testing.B) {
	dir, files := benchtree.Tree(b)
	srcs := map[string][]byte{}
	for _, f := range files {
		src, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			b.Fatal(err)
		}
		srcs[f] = src
	}
	ctx := context.Background()
	w, err := engine.New(engine.Options{Roots: []string{"."}, Dir: dir, Editor: true})
	if err != nil {
		b.Fatal(err)
	}
	snap, err := w.Snapshot(ctx)
	if err != nil {
		b.Fatal(err)
	}
	// Each file checked alone, as a language server checks a buffer it
	// opens.
	for _, f := range files {
		if _, err := snap.Findings(ctx, f); err != nil {
			b.Fatal(err)
		}
	}
	var lat []time.Duration
	edit := 0
	for b.Loop() {
		lat = lat[:0]
		for range 100 {
			f := files[edit%len(files)]
			edit++
			src := append(slices.Clone(srcs[f]), "\n"+benchtree.Edit(b, edit)...)
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
	// What the warm workspace holds: every file's tree and summary.
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	runtime.KeepAlive(w)
	b.ReportMetric(float64(ms.HeapAlloc>>20), "heap-MB")
	b.ReportMetric(0, "ns/op")
}

// BenchmarkNavigate measures Definition and Hover on a warm workspace of
// a generated 5,000-file control repo: on a class name, a qualified
// variable and a parameter read in the widely included classes.
func BenchmarkNavigate(b *testing.B) {
	dir := b.TempDir()
	if err := gentree.Generate(5000, 1).Write(dir); err != nil {
		b.Fatal(err)
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
	type spot struct {
		file string
		pos  parser.Pos
	}
	var spots []spot
	for m := range 10 {
		f := fmt.Sprintf("modules/mod%03d/manifests/init.pp", m)
		src, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			b.Fatal(err)
		}
		for _, needle := range []string{"inherits ", "$", "include "} {
			if i := bytes.Index(src, []byte(needle)); i >= 0 {
				spots = append(spots, spot{f, parser.Pos{Offset: int32(i + len(needle))}})
			}
		}
	}
	if _, err := snap.Findings(ctx); err != nil { // every file read, parsed and summarised
		b.Fatal(err)
	}
	var lat []time.Duration
	found := 0
	for b.Loop() {
		lat = lat[:0]
		for k := range 100 {
			s := spots[k%len(spots)]
			start := time.Now()
			if len(snap.Definition(s.file, s.pos)) > 0 {
				found++
			}
			if _, ok := snap.Hover(s.file, s.pos); ok {
				found++
			}
			lat = append(lat, time.Since(start))
		}
	}
	if found == 0 {
		b.Fatal("nothing found at any spot")
	}
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
	b.ReportMetric(0, "ns/op")
}
