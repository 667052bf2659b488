package par

import (
	"fmt"
	"runtime/debug"
	"sync"
)

// Group runs functions on their own goroutines and waits for them, like
// sync.WaitGroup, but a panic in one of them does not end the process: Wait
// re-raises the first one on the goroutine that waits, where the command's
// recover turns it into an internal error (exit 3, one line). A panic left
// on another goroutine would print every goroutine's stack and exit 2.
// The zero Group is ready to use.
type Group struct {
	wg    sync.WaitGroup
	mu    sync.Mutex
	first *Panic
}

// Panic is a panic raised on a Group's goroutine, re-raised by Wait.
type Panic struct {
	Value any
	Stack []byte // the stack of the goroutine that panicked
}

func (p *Panic) Error() string { return fmt.Sprint(p.Value) }

// Go runs f on a new goroutine.
func (g *Group) Go(f func()) {
	g.wg.Go(func() {
		defer g.recover()
		f()
	})
}

func (g *Group) recover() {
	r := recover()
	if r == nil {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.first == nil {
		p, ok := r.(*Panic)
		if !ok {
			p = &Panic{Value: r, Stack: debug.Stack()}
		}
		g.first = p
	}
}

// Wait waits for every function started with Go, then re-raises the first
// panic one of them raised, as a *Panic.
func (g *Group) Wait() {
	g.wg.Wait()
	g.mu.Lock()
	p := g.first
	g.mu.Unlock()
	if p != nil {
		panic(p)
	}
}

// Future is a value computed on its own goroutine.
type Future[T any] struct {
	g     Group
	value T
}

// Start computes f() on a new goroutine.
func Start[T any](f func() T) *Future[T] {
	fu := &Future[T]{}
	fu.g.Go(func() { fu.value = f() })
	return fu
}

// Get waits for the value and returns it, re-raising f's panic, if any.
func (fu *Future[T]) Get() T {
	fu.g.Wait()
	return fu.value
}
