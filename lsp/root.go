package lsp

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"reflect"
	"slices"
	"sync"
	"time"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/ducklint/ducklint/parser"
)

// root is one analysed root — a workspace folder, or a buffer outside
// every folder — with its workspace and the goroutine that analyses it.
// The protocol loop only records changes in it and wakes that goroutine.
//
// That goroutine does one piece of work at a time, in two priorities. The
// foreground is what the user waits for: bringing the workspace up to date
// with the edits and checking the edited buffers (and those a request
// waits for). The background is what an edit does to the other open
// buffers: finding which of them it can change (Snapshot.Dependents) and
// checking those again, one buffer at a time. A background piece starts
// only when no foreground work is pending, and any change cancels it (it
// is queued again, to run once the foreground is done), so the check of an
// edited buffer never waits for, nor shares the machine with, the
// rechecks of other buffers: at most one piece of work runs per root.
type root struct {
	ss    *session
	dir   string   // absolute; findings' relative paths are relative to it
	paths []string // what the workspace analyses

	wake chan struct{} // capacity 1: "there is work"
	done chan struct{}
	once sync.Once

	mu             sync.Mutex
	ws             Workspace          // nil until made, or while its configuration is broken
	buffers        map[string]overlay // the open buffers' content, by path
	pendingOverlay map[string]bool    // buffers to hand to the workspace (set or removed)
	changedOnDisk  []string           // files changed on disk since the last analysis
	dirty          map[string]bool    // files whose findings (and their dependents') must be recomputed
	all            bool               // recompute every open buffer
	lastEdit       time.Time
	prevEdit       time.Time
	cancel         context.CancelFunc // of the running piece of work
	inBackground   bool               // the running piece is background work
	results        map[string]*result // latest findings of open buffers
	published      map[string]*result // what was last pushed, by path
	// The background: lastSnap is the latest snapshot, which includes
	// every change when no foreground work is pending; depPending are the
	// changed files whose dependents among the open buffers are still to
	// find, recheck the open buffers to check again.
	lastSnap    Snapshot
	depPending  map[string]bool
	recheck     map[string]bool
	snapWaiters []*snapWaiter
	diagWaiters []*diagWaiter
}

// overlay is a buffer's content at a version.
type overlay struct {
	text    string
	version int32
}

// result is the findings of one buffer at one version.
type result struct {
	version  int32
	text     string              // the text analysed
	opts     parser.ParseOptions // how text was parsed
	findings []Finding
	diags    []protocol.Diagnostic
}

// snapWaiter is a request waiting for a snapshot that includes every
// buffer change made before it asked.
type snapWaiter struct {
	path string
	ch   chan snapResult // capacity 1
}

type snapResult struct {
	snap Snapshot
	text string // the analysed text of path
	err  error
}

// diagWaiter is a pull request waiting for a buffer's findings at a version.
type diagWaiter struct {
	path    string
	version int32
	ch      chan *result // capacity 1
	errCh   chan error   // capacity 1
}

func newRoot(ss *session, dir string, paths []string) *root {
	r := &root{
		ss: ss, dir: dir, paths: paths, wake: make(chan struct{}, 1), done: make(chan struct{}),
		buffers: map[string]overlay{}, pendingOverlay: map[string]bool{}, dirty: map[string]bool{}, recheck: map[string]bool{}, depPending: map[string]bool{},
		results: map[string]*result{}, published: map[string]*result{},
	}
	go r.loop()
	return r
}

// poke wakes the analysis goroutine.
func (r *root) poke() {
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

func (r *root) close() {
	r.once.Do(func() {
		close(r.done)
		r.mu.Lock()
		if r.cancel != nil {
			r.cancel()
		}
		r.mu.Unlock()
	})
}

// setOverlay records a buffer's new content. Analysis under way is stale
// now: it is canceled, and the next one starts once the edits pause.
func (r *root) setOverlay(path, text string, version int32) {
	r.mu.Lock()
	r.buffers[path] = overlay{text: text, version: version}
	r.pendingOverlay[path] = true
	r.dirty[path] = true
	r.prevEdit, r.lastEdit = r.lastEdit, time.Now()
	if r.cancel != nil {
		r.cancel()
	}
	r.mu.Unlock()
	r.poke()
}

// removeOverlay makes a closed buffer's file read from disk again; the
// open buffers that depend on it are analysed again.
func (r *root) removeOverlay(path string) {
	r.mu.Lock()
	delete(r.buffers, path)
	delete(r.results, path)
	delete(r.published, path)
	r.pendingOverlay[path] = true
	r.dirty[path] = true
	r.mu.Unlock()
	r.poke()
}

// changed records files changed on disk.
func (r *root) changed(paths ...string) {
	r.mu.Lock()
	r.changedOnDisk = append(r.changedOnDisk, paths...)
	for _, p := range paths {
		r.dirty[p] = true
		if filepath.Base(p) == ".ducklint.toml" {
			r.all = true
		}
	}
	if r.cancel != nil {
		r.cancel()
	}
	r.mu.Unlock()
	r.poke()
}

// reconfigure reads the configuration again and recomputes every buffer.
func (r *root) reconfigure() { r.changed(filepath.Join(r.dir, ".ducklint.toml")) }

// snapshot returns a snapshot that includes every change recorded before
// the call, with the analysed text of path.
func (r *root) snapshot(ctx context.Context, path string) (Snapshot, string, error) {
	w := &snapWaiter{path: path, ch: make(chan snapResult, 1)}
	r.mu.Lock()
	r.snapWaiters = append(r.snapWaiters, w)
	r.yieldBackground()
	r.mu.Unlock()
	r.poke()
	select {
	case res := <-w.ch:
		return res.snap, res.text, res.err
	case <-ctx.Done():
		r.mu.Lock()
		r.snapWaiters = slices.DeleteFunc(r.snapWaiters, func(x *snapWaiter) bool { return x == w })
		r.mu.Unlock()
		return nil, "", errRequestCancelled
	case <-r.done:
		return nil, "", errors.New("the server is shutting down")
	}
}

// findings returns the findings of the buffer at path at version (or a
// later one), waiting for its analysis.
func (r *root) findings(ctx context.Context, path string, version int32) (*result, error) {
	r.mu.Lock()
	if res, ok := r.results[path]; ok && res.version >= version && !r.dirty[path] && !r.pendingOverlay[path] {
		r.mu.Unlock()
		return res, nil
	}
	w := &diagWaiter{path: path, version: version, ch: make(chan *result, 1), errCh: make(chan error, 1)}
	r.diagWaiters = append(r.diagWaiters, w)
	r.yieldBackground()
	r.mu.Unlock()
	r.poke()
	select {
	case res := <-w.ch:
		return res, nil
	case err := <-w.errCh:
		return nil, err
	case <-ctx.Done():
		r.mu.Lock()
		r.diagWaiters = slices.DeleteFunc(r.diagWaiters, func(x *diagWaiter) bool { return x == w })
		r.mu.Unlock()
		return nil, errRequestCancelled
	case <-r.done:
		return nil, errors.New("the server is shutting down")
	}
}

// yieldBackground cancels the running piece of work if it is background
// work: a request waits; r.mu is held.
func (r *root) yieldBackground() {
	if r.inBackground && r.cancel != nil {
		r.cancel()
	}
}

// loop is the analysis goroutine: it runs the foreground while there is
// some, then the background, one piece at a time, until neither is left.
func (r *root) loop() {
	for {
		select {
		case <-r.wake:
		case <-r.done:
			return
		}
		for {
			select {
			case <-r.done:
				return
			default:
			}
			r.mu.Lock()
			fg, bg := r.foregroundPending(), r.backgroundPending()
			r.mu.Unlock()
			if fg {
				if !r.debounce() {
					return
				}
				r.analyse()
			} else if bg {
				r.background()
			} else {
				break
			}
		}
	}
}

// foregroundPending reports whether an edit, a change on disk or a request
// waits to be analysed; r.mu is held.
func (r *root) foregroundPending() bool {
	return len(r.pendingOverlay) > 0 || len(r.changedOnDisk) > 0 || len(r.dirty) > 0 || r.all ||
		len(r.snapWaiters) > 0 || slices.ContainsFunc(r.diagWaiters, r.answerable)
}

// answerable reports whether analysis can answer a pull request now: not
// when it asks for a version of its buffer the client has not sent yet,
// which waits for that edit (an edit starts an analysis of its own);
// r.mu is held.
func (r *root) answerable(dw *diagWaiter) bool {
	b, open := r.buffers[dw.path]
	return !open || b.version >= dw.version
}

// backgroundPending reports whether other buffers' dependents are to find
// or rechecks to make; r.mu is held.
func (r *root) backgroundPending() bool {
	return len(r.depPending) > 0 || len(r.recheck) > 0
}

// debounce waits while edits come in a burst: until none has come for
// the server's Debounce. An edit after a pause, and a request waiting for
// an answer, are analysed at once.
func (r *root) debounce() bool {
	d := r.ss.srv.Debounce
	for {
		r.mu.Lock()
		var wait time.Duration
		if len(r.snapWaiters) == 0 && len(r.diagWaiters) == 0 && r.lastEdit.Sub(r.prevEdit) < d {
			wait = d - time.Since(r.lastEdit)
		}
		r.mu.Unlock()
		if wait <= 0 {
			return true
		}
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-r.done:
			t.Stop()
			return false
		}
	}
}

// work is what one analysis does, taken from the root under its lock.
type work struct {
	overlays    map[string]*overlay // nil: remove the overlay
	changed     []string
	dirty       map[string]bool
	all         bool
	snapWaiters []*snapWaiter
	diagWaiters []*diagWaiter
}

func (r *root) take() *work {
	r.mu.Lock()
	defer r.mu.Unlock()
	w := &work{overlays: map[string]*overlay{}, changed: r.changedOnDisk, dirty: r.dirty, all: r.all,
		snapWaiters: r.snapWaiters, diagWaiters: r.diagWaiters}
	for p := range r.pendingOverlay {
		if b, ok := r.buffers[p]; ok {
			w.overlays[p] = &b
		} else {
			w.overlays[p] = nil
		}
	}
	r.pendingOverlay, r.changedOnDisk, r.dirty, r.all = map[string]bool{}, nil, map[string]bool{}, false
	r.snapWaiters, r.diagWaiters = nil, nil
	return w
}

// putBack returns the unfinished part of canceled work to the root.
func (r *root) putBack(w *work) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for p := range w.dirty {
		r.dirty[p] = true
	}
	r.all = r.all || w.all
	r.snapWaiters = append(w.snapWaiters, r.snapWaiters...)
	r.diagWaiters = append(w.diagWaiters, r.diagWaiters...)
}

// analyse runs the foreground. A panic in it is an internal error: it is
// logged, the requests waiting on it get an error, and the server goes on.
func (r *root) analyse() {
	w := r.take()
	ctx, cancel := context.WithCancel(r.ss.ctx)
	r.mu.Lock()
	r.cancel = cancel
	r.mu.Unlock()
	defer func() {
		cancel()
		r.mu.Lock()
		r.cancel = nil
		r.mu.Unlock()
	}()
	var (
		finished bool
		err      error
	)
	func() {
		defer func() {
			if p := recover(); p != nil {
				r.ss.internalError("analysing "+r.dir, p)
				finished, err = true, fmt.Errorf("internal error: %v", p)
			}
		}()
		finished, err = r.run(ctx, w)
	}()
	switch {
	case !finished:
		r.putBack(w)
		r.poke()
	case err != nil:
		for _, sw := range w.snapWaiters {
			sw.ch <- snapResult{err: err}
		}
		for _, dw := range w.diagWaiters {
			dw.errCh <- err
		}
	}
}

// workspace returns the root's workspace, making it (and handing it every
// open buffer) when there is none.
func (r *root) workspace(w *work) (Workspace, error) {
	r.mu.Lock()
	ws := r.ws
	r.mu.Unlock()
	if ws != nil {
		return ws, nil
	}
	ws, err := r.ss.srv.NewWorkspace(r.dir, r.paths)
	if err != nil {
		return nil, err
	}
	r.mu.Lock()
	r.ws = ws
	for p, b := range r.buffers {
		w.overlays[p] = &b
		w.dirty[p] = true
	}
	r.mu.Unlock()
	return ws, nil
}

// run brings the workspace up to date, answers the waiting requests and
// publishes the findings that can have changed. It reports false when ctx
// was canceled before it finished.
func (r *root) run(ctx context.Context, w *work) (bool, error) {
	ws, err := r.workspace(w)
	if err != nil {
		r.ss.showError(r, err.Error())
		return true, err
	}
	for p, o := range w.overlays {
		if o == nil {
			ws.RemoveOverlay(p)
		} else {
			ws.SetOverlay(p, []byte(o.text))
		}
	}
	if len(w.changed) > 0 {
		ws.Changed(w.changed...)
	}
	// What was handed to the workspace is in it now, canceled or not.
	w.overlays, w.changed = map[string]*overlay{}, nil

	snap, err := ws.Snapshot(ctx)
	if canceled(ctx) {
		return false, nil
	}
	if err != nil {
		r.mu.Lock()
		r.ws = nil // a broken configuration: make the workspace again once it changes
		r.lastSnap = nil
		r.mu.Unlock()
		r.ss.showError(r, err.Error())
		return true, err
	}
	r.ss.showError(r, "")

	open := r.ss.openIn(r)
	analysed := map[string]overlay{}
	r.mu.Lock()
	for p := range open {
		if b, ok := r.buffers[p]; ok {
			analysed[p] = b
		}
	}
	r.mu.Unlock()
	for _, sw := range w.snapWaiters {
		sw.ch <- snapResult{snap: snap, text: analysed[sw.path].text}
	}
	w.snapWaiters = nil

	// The buffers a request waits for, then the edited ones: what the
	// user looks at. Each is checked alone, as its later edits will be
	// (so that those find its context and simulations worked out), and
	// published as soon as it is known. What the edits do to the other
	// open buffers is left to the background.
	var first []string
	for _, dw := range w.diagWaiters {
		if _, ok := analysed[dw.path]; ok && !slices.Contains(first, dw.path) {
			first = append(first, dw.path)
		}
	}
	for _, p := range slices.Sorted(maps.Keys(w.dirty)) {
		if _, ok := analysed[p]; ok && !slices.Contains(first, p) {
			first = append(first, p)
		}
	}
	r.mu.Lock()
	r.lastSnap = snap
	r.mu.Unlock()
	for _, p := range first {
		if finished, err := r.check(ctx, w.dirty, snap, analysed, map[string]bool{p: true}); !finished || err != nil {
			return finished, err
		}
		r.answerReady(w)
		r.mu.Lock()
		delete(r.recheck, p) // checked on this snapshot
		if w.dirty[p] {
			// Done with: a cancellation of the rest does not check it again.
			delete(w.dirty, p)
			if !w.all {
				r.depPending[p] = true
			}
		}
		r.mu.Unlock()
	}
	r.answerDiagWaiters(w)
	r.mu.Lock()
	if w.all {
		// Every buffer is checked again: no need to find which.
		for p := range analysed {
			if !slices.Contains(first, p) {
				r.recheck[p] = true
			}
		}
	} else {
		for p := range w.dirty {
			r.depPending[p] = true
		}
	}
	r.mu.Unlock()
	return true, nil
}

// background runs one piece of the background on the latest snapshot,
// unless foreground work is pending: finding the dependents of the changed
// files, else checking one buffer again. Any change cancels it; what it
// did not finish is queued again.
func (r *root) background() {
	r.mu.Lock()
	if r.foregroundPending() || !r.backgroundPending() {
		r.mu.Unlock()
		return
	}
	snap := r.lastSnap
	if snap == nil {
		// No usable workspace (a broken configuration): the next
		// snapshot's edits queue what is needed again.
		clear(r.depPending)
		clear(r.recheck)
		r.mu.Unlock()
		return
	}
	ctx, cancel := context.WithCancel(r.ss.ctx)
	r.cancel, r.inBackground = cancel, true
	var pending map[string]bool
	var among []string
	var next string
	var analysed map[string]overlay
	if len(r.depPending) > 0 {
		pending, r.depPending = r.depPending, map[string]bool{}
		among = slices.Sorted(maps.Keys(r.buffers))
	} else {
		for _, p := range slices.Sorted(maps.Keys(r.recheck)) {
			delete(r.recheck, p)
			if b, ok := r.buffers[p]; ok {
				next, analysed = p, map[string]overlay{p: b}
				break
			}
		}
	}
	r.mu.Unlock()
	defer func() {
		cancel()
		r.mu.Lock()
		r.cancel, r.inBackground = nil, false
		r.mu.Unlock()
	}()
	defer func() {
		if p := recover(); p != nil {
			r.ss.internalError("rechecking the buffers an edit in "+r.dir+" can change", p)
		}
	}()
	switch {
	case pending != nil:
		deps, finished := r.dependents(ctx, snap, pending, among)
		r.mu.Lock()
		for d := range deps {
			r.recheck[d] = true
		}
		if !finished {
			for p := range pending {
				r.depPending[p] = true
			}
		}
		r.mu.Unlock()
	case next != "":
		if finished, err := r.check(ctx, nil, snap, analysed, map[string]bool{next: true}); !finished {
			r.mu.Lock()
			r.recheck[next] = true
			r.mu.Unlock()
		} else if err != nil {
			r.ss.logger.Printf("rechecking %s: %v", next, err)
		}
	}
}

// dependents returns the open buffers (among) whose findings changes of
// the files at changed can change, a buffer at a time so that a change
// cancels the work soon; finished is false when ctx was canceled first.
func (r *root) dependents(ctx context.Context, snap Snapshot, changed map[string]bool, among []string) (deps map[string]bool, finished bool) {
	deps = map[string]bool{}
	for _, p := range slices.Sorted(maps.Keys(changed)) {
		for _, b := range among {
			// The changed buffer itself was checked on this change already.
			if b == p || deps[b] {
				continue
			}
			found, err := snap.Dependents(ctx, p, []string{b})
			if err != nil {
				return deps, false
			}
			for _, d := range found {
				deps[r.abs(d)] = true
			}
		}
	}
	return deps, true
}

// check computes the findings of the buffers in set, answers the pull
// requests waiting for them and publishes them.
// dirty are the buffers edited since their last check: a change of the
// others' findings is one a pulling client is told to pull again.
func (r *root) check(ctx context.Context, dirty map[string]bool, snap Snapshot, analysed map[string]overlay, set map[string]bool) (bool, error) {
	if len(set) == 0 {
		return true, nil
	}
	paths := make([]string, 0, len(set))
	for p := range set {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	found, err := snap.Findings(ctx, paths...)
	if canceled(ctx) {
		return false, nil
	}
	if err != nil {
		return true, err
	}
	byPath := map[string][]Finding{}
	for p, fs := range found {
		byPath[r.abs(p)] = append(byPath[r.abs(p)], fs...)
	}
	texts := &textCache{r: r, analysed: analysed}
	enc := r.ss.encoding()
	var changedOthers bool
	r.mu.Lock()
	for _, p := range paths {
		b := analysed[p]
		res := &result{version: b.version, text: b.text, opts: snap.ParseOptions(p), findings: byPath[p]}
		res.diags = make([]protocol.Diagnostic, 0, len(res.findings))
		m := newMapper(b.text, enc)
		for _, f := range res.findings {
			d := r.toLSP(f, m, texts, enc)
			if a, ok := snap.(acceptingSnapshot); ok && a.Accepted(f) {
				asHint(&d)
			}
			res.diags = append(res.diags, d)
		}
		if old, ok := r.results[p]; ok && !dirty[p] && !reflect.DeepEqual(old.diags, res.diags) {
			changedOthers = true
		}
		r.results[p] = res
	}
	r.mu.Unlock()
	r.publish(paths)
	if changedOthers {
		r.ss.refreshDiagnostics()
	}
	return true, nil
}

// answerDiagWaiters answers the pull requests whose buffer has findings
// now, and keeps waiting the others (a newer version is coming).
// answerReady answers the pull requests whose buffer has findings at
// their version now, and leaves the others in w.
func (r *root) answerReady(w *work) {
	r.mu.Lock()
	defer r.mu.Unlock()
	w.diagWaiters = slices.DeleteFunc(w.diagWaiters, func(dw *diagWaiter) bool {
		res, ok := r.results[dw.path]
		if ok && res.version >= dw.version {
			dw.ch <- res
			return true
		}
		return false
	})
}

func (r *root) answerDiagWaiters(w *work) {
	r.mu.Lock()
	requeued := false
	defer func() {
		r.mu.Unlock()
		if requeued {
			r.poke()
		}
	}()
	for _, dw := range w.diagWaiters {
		res, ok := r.results[dw.path]
		switch {
		case ok && res.version >= dw.version:
			dw.ch <- res
		case !ok && !r.isOpen(dw.path):
			dw.errCh <- fmt.Errorf("%s is not open", dw.path)
		default:
			r.diagWaiters = append(r.diagWaiters, dw)
			requeued = requeued || r.answerable(dw)
		}
	}
	w.diagWaiters = nil
}

// publish pushes the findings of paths that changed since last pushed,
// unless the client pulls them.
func (r *root) publish(paths []string) {
	r.ss.mu.Lock()
	pull := r.ss.pull
	uris := map[string]string{}
	for _, p := range paths {
		if d, ok := r.ss.docs[p]; ok {
			uris[p] = d.uri
		}
	}
	r.ss.mu.Unlock()
	if pull {
		return
	}
	for _, p := range paths {
		uri, ok := uris[p]
		if !ok {
			continue
		}
		r.mu.Lock()
		res := r.results[p]
		old := r.published[p]
		fresh := res != nil && (old == nil || old.version != res.version || !reflect.DeepEqual(old.diags, res.diags))
		if fresh {
			r.published[p] = res
		}
		r.mu.Unlock()
		if !fresh {
			continue
		}
		version := protocol.UInteger(res.version)
		r.ss.notify("textDocument/publishDiagnostics", protocol.PublishDiagnosticsParams{URI: uri, Version: &version, Diagnostics: res.diags})
	}
}

// abs resolves a path the workspace returned.
func (r *root) abs(p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(r.dir, filepath.FromSlash(p))
}

// isOpen reports whether path is an open buffer of the root; r.mu is held.
func (r *root) isOpen(path string) bool {
	_, ok := r.buffers[path]
	return ok
}

// canceled reports whether a newer change made the analysis under ctx
// stale: its error is that, not a failure.
func canceled(ctx context.Context) bool { return ctx.Err() != nil }
