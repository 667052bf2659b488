// Package par runs loops over indexes on several goroutines.
package par

import (
	"runtime"
	"sync/atomic"
)

// For calls fn(i) for every i in [0, n) on at most jobs goroutines
// (jobs <= 0 means GOMAXPROCS) and returns when all calls have returned.
// Workers take the next index from a shared counter: handing each index
// over a channel cost a goroutine switch per item, as much as a small
// item's work when thousands of files are stat'ed or looked up.
func For(n, jobs int, fn func(i int)) {
	ForWorkers(n, jobs, func(_, i int) { fn(i) })
}

// Workers returns how many goroutines For and ForWorkers use for n items.
func Workers(n, jobs int) int {
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	return max(1, min(jobs, n))
}

// ForWorkers is For, also passing fn the number of the goroutine calling
// it, in [0, Workers(n, jobs)): calls with the same number never run at
// once, so they can share that goroutine's scratch state.
func ForWorkers(n, jobs int, fn func(worker, i int)) {
	workers := Workers(n, jobs)
	if workers <= 1 {
		for i := range n {
			fn(0, i)
		}
		return
	}
	var next atomic.Int64
	var g Group // a panic in fn reaches the caller
	for w := range workers {
		g.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				fn(w, i)
			}
		})
	}
	g.Wait()
}

// ForChunks is For over runs of chunk consecutive indexes: for items of a
// few hundred nanoseconds each, taking every index from a counter both
// cores write costs as much as the work.
func ForChunks(n, chunk, jobs int, fn func(i int)) {
	For((n+chunk-1)/chunk, jobs, func(c int) {
		for i := c * chunk; i < min(n, (c+1)*chunk); i++ {
			fn(i)
		}
	})
}
