package par

import (
	"errors"
	"testing"
)

// TestPanicReachesTheCaller checks that a panic on a worker goroutine is
// re-raised by the waiting call, where a recover can catch it; on the
// worker it would end the process.
func TestPanicReachesTheCaller(t *testing.T) {
	catch := func(f func()) (r any) {
		defer func() { r = recover() }()
		f()
		return nil
	}
	boom := errors.New("boom")
	for _, jobs := range []int{1, 2, 4} {
		r := catch(func() {
			For(100, jobs, func(i int) {
				if i == 57 {
					panic(boom)
				}
			})
		})
		if r == nil {
			t.Fatalf("jobs=%d: no panic reached the caller", jobs)
		}
		if p, ok := r.(*Panic); ok {
			r = p.Value // from a worker goroutine; with one job, fn runs on the caller's
		}
		if err, ok := r.(error); !ok || !errors.Is(err, boom) {
			t.Errorf("jobs=%d: recovered %v; want boom", jobs, r)
		}
	}
	var g Group
	g.Go(func() {})
	g.Go(func() { panic("second") })
	r := catch(g.Wait)
	if p, ok := r.(*Panic); !ok || p.Value != "second" || len(p.Stack) == 0 {
		t.Errorf("Group.Wait recovered %#v; want a *Panic with its value and stack", r)
	}
	fu := Start(func() int { panic("future") })
	if r := catch(func() { fu.Get() }); r == nil {
		t.Error("Future.Get did not re-raise")
	}
	if got := Start(func() int { return 7 }).Get(); got != 7 {
		t.Errorf("Future.Get = %d", got)
	}
}
