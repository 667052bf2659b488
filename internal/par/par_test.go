package par

import (
	"sync/atomic"
	"testing"
)

func TestForCallsEveryIndexOnce(t *testing.T) {
	for _, tc := range []struct{ n, jobs int }{{0, 4}, {1, 4}, {7, 1}, {1000, 3}, {5, 0}, {3, 16}} {
		counts := make([]atomic.Int32, tc.n)
		For(tc.n, tc.jobs, func(i int) { counts[i].Add(1) })
		for i := range counts {
			if c := counts[i].Load(); c != 1 {
				t.Errorf("n=%d jobs=%d: index %d called %d times", tc.n, tc.jobs, i, c)
			}
		}
	}
}

func TestForBoundsConcurrency(t *testing.T) {
	var running, peak atomic.Int32
	For(200, 3, func(int) {
		r := running.Add(1)
		for {
			p := peak.Load()
			if r <= p || peak.CompareAndSwap(p, r) {
				break
			}
		}
		for range 1000 {
			_ = running.Load()
		}
		running.Add(-1)
	})
	if p := peak.Load(); p > 3 {
		t.Errorf("%d calls ran at once, want at most 3", p)
	}
}

func TestForWorkersNeverSharesAWorker(t *testing.T) {
	for _, tc := range []struct{ n, jobs int }{{0, 2}, {1, 4}, {50, 1}, {500, 3}, {20, 0}} {
		workers := Workers(tc.n, tc.jobs)
		busy := make([]atomic.Int32, workers)
		var calls atomic.Int32
		ForWorkers(tc.n, tc.jobs, func(w, i int) {
			if w < 0 || w >= workers {
				t.Errorf("n=%d jobs=%d: worker %d out of [0, %d)", tc.n, tc.jobs, w, workers)
				return
			}
			if busy[w].Add(1) != 1 {
				t.Errorf("n=%d jobs=%d: worker %d called twice at once", tc.n, tc.jobs, w)
			}
			for range 100 {
				_ = busy[w].Load()
			}
			busy[w].Add(-1)
			calls.Add(1)
		})
		if int(calls.Load()) != tc.n {
			t.Errorf("n=%d jobs=%d: %d calls", tc.n, tc.jobs, calls.Load())
		}
	}
}

func TestForChunksCallsEveryIndexOnce(t *testing.T) {
	for _, tc := range []struct{ n, chunk, jobs int }{{0, 64, 2}, {1, 64, 2}, {63, 64, 2}, {64, 64, 2}, {65, 64, 2}, {1000, 7, 3}, {10, 1, 0}} {
		counts := make([]atomic.Int32, tc.n)
		ForChunks(tc.n, tc.chunk, tc.jobs, func(i int) { counts[i].Add(1) })
		for i := range counts {
			if c := counts[i].Load(); c != 1 {
				t.Errorf("n=%d chunk=%d jobs=%d: index %d called %d times", tc.n, tc.chunk, tc.jobs, i, c)
			}
		}
	}
}
