// Package par runs loops over indexes on several goroutines.
package par

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// For calls fn(i) for every i in [0, n) on at most jobs goroutines
// (jobs <= 0 means GOMAXPROCS) and returns when all calls have returned.
// Workers take the next index from a shared counter: handing each index
// over a channel cost a goroutine switch per item, as much as a small
// item's work when thousands of files are stat'ed or looked up.
func For(n, jobs int, fn func(i int)) {
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	workers := min(jobs, n)
	if workers <= 1 {
		for i := range n {
			fn(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				fn(i)
			}
		})
	}
	wg.Wait()
}
