package lsp_test

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/lsp"
	"github.com/ducklint/ducklint/parser"
)

// fakeWorkspace reports the syntax errors of its files' current content
// (the overlay, else the disk), parsed by the real parser. Its snapshots
// can be held at a gate, and its findings can panic. Its snapshots'
// Dependents and Findings of chosen files can be held too, and it records
// their calls in order, and any that started while another was under way.
type fakeWorkspace struct {
	mu        sync.Mutex
	overlays  map[string][]byte
	gate      chan struct{} // nil: snapshots are not held
	started   chan struct{} // receives when a snapshot starts waiting at the gate
	canceled  int           // snapshots whose context was canceled at the gate
	panicking bool

	deps         map[string][]string // the dependents of a file
	holdDeps     bool                // hold Dependents
	holdFindings map[string]bool     // hold Findings of these files
	held         chan string         // receives what is held ("dependents A", "findings B")
	release      chan struct{}       // a send releases one held call
	busy         int                 // calls under way
	calls        []string            // "findings A: <content>", "dependents A", "canceled ..."
	overlaps     []string            // calls that started while another was under way
	widest       int                 // the most files one Findings call asked for
}

// enter records the start of a call, and whether it is to be held.
func (w *fakeWorkspace) enter(what string, hold bool) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.busy > 0 {
		w.overlaps = append(w.overlaps, what)
	}
	w.busy++
	w.calls = append(w.calls, what)
	return hold
}

func (w *fakeWorkspace) leave() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.busy--
}

// wait holds a call until it is released or its context is canceled.
func (w *fakeWorkspace) wait(ctx context.Context, what string) error {
	w.held <- what
	select {
	case <-w.release:
		return nil
	case <-ctx.Done():
		w.mu.Lock()
		w.calls = append(w.calls, "canceled "+what)
		w.mu.Unlock()
		return ctx.Err()
	}
}

func (w *fakeWorkspace) callLog() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return slices.Clone(w.calls)
}

func (w *fakeWorkspace) SetOverlay(path string, src []byte) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.overlays[path] = src
}

func (w *fakeWorkspace) RemoveOverlay(path string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	delete(w.overlays, path)
}

func (w *fakeWorkspace) Changed(...string) {}

func (w *fakeWorkspace) Snapshot(ctx context.Context) (lsp.Snapshot, error) {
	w.mu.Lock()
	gate := w.gate
	w.mu.Unlock()
	if gate != nil {
		w.started <- struct{}{}
		select {
		case <-gate:
		case <-ctx.Done():
			w.mu.Lock()
			w.canceled++
			w.mu.Unlock()
			return nil, ctx.Err()
		}
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	files := map[string][]byte{}
	for p, src := range w.overlays {
		files[p] = src
	}
	return &fakeSnapshot{ws: w, files: files, panicking: w.panicking}, nil
}

type fakeSnapshot struct {
	ws        *fakeWorkspace
	files     map[string][]byte
	panicking bool
}

func (s *fakeSnapshot) Findings(ctx context.Context, paths ...string) (map[string][]lsp.Finding, error) {
	if s.panicking {
		panic("rule exploded")
	}
	s.ws.mu.Lock()
	s.ws.widest = max(s.ws.widest, len(paths))
	s.ws.mu.Unlock()
	out := map[string][]lsp.Finding{}
	for _, p := range paths {
		src, ok := s.files[p]
		if !ok {
			src, _ = os.ReadFile(p)
		}
		what := fmt.Sprintf("findings %s: %s", filepath.Base(p), strings.TrimSpace(string(src)))
		s.ws.mu.Lock()
		hold := s.ws.holdFindings[filepath.Base(p)]
		s.ws.mu.Unlock()
		if s.ws.enter(what, hold) {
			if err := s.ws.wait(ctx, what); err != nil {
				s.ws.leave()
				return nil, err
			}
		}
		s.ws.leave()
		for _, e := range parser.ParseFile(p, src).Errors {
			out[p] = append(out[p], lsp.Finding{Rule: "syntax-error", Severity: diagnostics.Error, File: p,
				Start: e.Start, End: e.End, Message: e.Message})
		}
	}
	return out, nil
}

func (s *fakeSnapshot) Definition(string, parser.Pos) []lsp.Location { return nil }
func (s *fakeSnapshot) Hover(string, parser.Pos) (string, bool)      { return "a name", true }
func (s *fakeSnapshot) ParseOptions(p string) parser.ParseOptions    { return parser.FileOptions(p) }

func (s *fakeSnapshot) Dependents(ctx context.Context, path string, among []string) ([]string, error) {
	what := "dependents " + filepath.Base(path)
	s.ws.mu.Lock()
	hold, deps := s.ws.holdDeps, s.ws.deps[path]
	s.ws.mu.Unlock()
	defer s.ws.leave()
	if s.ws.enter(what, hold) {
		if err := s.ws.wait(ctx, what); err != nil {
			return nil, err
		}
	}
	var out []string
	for _, p := range among {
		if slices.Contains(deps, p) {
			out = append(out, p)
		}
	}
	return out, nil
}

func startFake(t *testing.T, ws *fakeWorkspace) *client {
	ws.overlays = map[string][]byte{}
	return startWith(t, &lsp.Server{Debounce: time.Millisecond,
		NewWorkspace: func(string, []string) (lsp.Workspace, error) { return ws, nil }})
}

func TestCancelRequest(t *testing.T) {
	ws := &fakeWorkspace{overlays: map[string][]byte{}, gate: make(chan struct{}), started: make(chan struct{}, 16)}
	c := startRaw(t, &lsp.Server{Debounce: time.Millisecond,
		NewWorkspace: func(string, []string) (lsp.Workspace, error) { return ws, nil }})
	dir := t.TempDir()
	path := filepath.Join(dir, "site.pp")
	c.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{},"rootUri":"` + uri(dir) + `"}}`)
	c.response("1")
	c.send(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"` + uri(path) +
		`","languageId":"puppet","version":1,"text":"notice(1)\n"}}}`)
	<-ws.started // the analysis of the open buffer is held at the gate

	// A hover waits for a snapshot, held at the gate, until it is canceled.
	hover := `{"jsonrpc":"2.0","id":%d,"method":"textDocument/hover","params":{"textDocument":{"uri":"` + uri(path) +
		`"},"position":{"line":0,"character":1}}}`
	c.send(fmt.Sprintf(hover, 2), `{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":2}}`)
	if r := c.response("2"); r.Error == nil || r.Error.Code != -32800 {
		t.Errorf("a canceled hover answered %+v, want RequestCancelled (-32800)", r)
	}
	// The protocol loop did not wait for the held analysis either.
	c.send(`{"jsonrpc":"2.0","id":3,"method":"textDocument/rename","params":{}}`)
	if r := c.response("3"); r.Error == nil || r.Error.Code != -32601 {
		t.Errorf("an unknown method while analysis is held: %+v", r)
	}
	close(ws.gate)
	c.send(fmt.Sprintf(hover, 4))
	if r := c.response("4"); r.Error != nil || !strings.Contains(string(r.Result), "a name") {
		t.Errorf("a hover once the analysis is done: %+v %s", r.Error, r.Result)
	}
}

func TestNewerVersionCancelsStaleAnalysis(t *testing.T) {
	ws := &fakeWorkspace{gate: make(chan struct{}), started: make(chan struct{}, 16)}
	c := startFake(t, ws)
	dir := t.TempDir()
	path := filepath.Join(dir, "site.pp")
	c.initialize(map[string]any{}, dir)
	c.open(path, "notice(1)\n", 1)
	<-ws.started
	c.changeFull(path, "notice(\n", 2) // stale now: the analysis of version 1 is canceled
	<-ws.started                       // and version 2 is analysed
	ws.mu.Lock()
	canceled := ws.canceled
	ws.gate = nil
	ws.mu.Unlock()
	if canceled != 1 {
		t.Errorf("%d analyses canceled, want the one of version 1", canceled)
	}
	close(ws.started)
	c.changeFull(path, "notice(2\n", 3)
	c.waitPublished(path, 3, has("0:8 syntax-error"))
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, p := range c.published {
		if p.Version != nil && *p.Version == 1 {
			t.Errorf("diagnostics of stale version 1 published: %+v", p)
		}
	}
}

func TestPanicInAnalysisIsLoggedAndTheServerGoesOn(t *testing.T) {
	ws := &fakeWorkspace{panicking: true}
	c := startFake(t, ws)
	dir := t.TempDir()
	path := filepath.Join(dir, "site.pp")
	c.initialize(map[string]any{}, dir)
	c.open(path, "notice(\n", 1)
	waitFor(t, func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		for _, l := range c.logs {
			if contains(l, "internal error") && contains(l, "rule exploded") {
				return true
			}
		}
		return false
	})
	ws.mu.Lock()
	ws.panicking = false
	ws.mu.Unlock()
	c.changeFull(path, "notice(\n", 2)
	c.waitPublished(path, 2, has("0:7 syntax-error"))
	c.shutdown()
}

// TestFindingDependentsYieldsToAnEdit checks that working out which open
// buffers an edit can change waits while an edited buffer is checked: a
// newer edit cancels it, the edited buffer is checked and published with
// it still held, and it runs again afterwards. No call of the workspace
// ever overlaps another.
func TestFindingDependentsYieldsToAnEdit(t *testing.T) {
	ws := &fakeWorkspace{holdDeps: true, held: make(chan string, 16), release: make(chan struct{})}
	c := startFake(t, ws)
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.pp"), filepath.Join(dir, "b.pp")
	ws.deps = map[string][]string{a: {b}}
	c.initialize(map[string]any{}, dir)
	openTogether(c, ws, map[string]string{a: "notice(1)\n", b: "notice(1)\n"})
	if got := <-ws.held; got != "dependents a.pp" {
		t.Fatalf("held %q, want the dependents of a's opening", got)
	}
	// While the dependents of the openings are held, a is edited: its
	// check must not wait for them, nor run beside them.
	c.changeFull(a, "notice(\n", 2)
	c.waitPublished(a, 2, has("0:7 syntax-error"))
	if got := <-ws.held; got != "dependents a.pp" {
		t.Fatalf("held %q, want the dependents of a's edit", got)
	}
	ws.mu.Lock()
	ws.holdDeps = false
	ws.mu.Unlock()
	ws.release <- struct{}{}
	// a's edit can change b: b is checked again once the dependents are known.
	waitFor(t, func() bool {
		return slices.Contains(ws.callLog(), "findings b.pp: notice(1)") && countCalls(ws, "findings b.pp") == 2
	})
	log := ws.callLog()
	want := []string{"findings a.pp: notice(1)", "findings b.pp: notice(1)", "dependents a.pp", "canceled dependents a.pp",
		"findings a.pp: notice(", "dependents a.pp", "dependents b.pp", "findings b.pp: notice(1)"}
	if !slices.Equal(log, want) {
		t.Errorf("calls:\n%s\nwant\n%s", strings.Join(log, "\n"), strings.Join(want, "\n"))
	}
	ws.mu.Lock()
	defer ws.mu.Unlock()
	if len(ws.overlaps) > 0 {
		t.Errorf("calls started while another was under way: %q", ws.overlaps)
	}
	// The buffers opened together were checked one at a time, as their
	// edits are.
	if ws.widest != 1 {
		t.Errorf("a check of %d buffers at once", ws.widest)
	}
}

// TestEditedBufferIsCheckedBeforeADependent checks that a recheck of
// another buffer, under way or queued, waits for the check of an edited
// buffer: the edit cancels it, the edited buffer's diagnostics are
// published while it is still held, and it runs again afterwards.
func TestEditedBufferIsCheckedBeforeADependent(t *testing.T) {
	ws := &fakeWorkspace{holdDeps: true, held: make(chan string, 16), release: make(chan struct{})}
	c := startFake(t, ws)
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.pp"), filepath.Join(dir, "b.pp")
	ws.deps = map[string][]string{a: {b}}
	c.initialize(map[string]any{}, dir)
	openTogether(c, ws, map[string]string{a: "notice(1)\n", b: "notice(\n"})
	<-ws.held // the dependents of a's opening: nothing else runs now
	ws.mu.Lock()
	ws.holdDeps, ws.holdFindings = false, map[string]bool{"b.pp": true}
	ws.mu.Unlock()
	ws.release <- struct{}{}
	// a's opening can change b: b is checked again, held.
	if got := <-ws.held; got != "findings b.pp: notice(" {
		t.Fatalf("held %q, want the recheck of b", got)
	}
	ws.release <- struct{}{}

	c.changeFull(a, "notice(2)\n", 2)
	c.waitPublished(a, 2, has(""))
	if got := <-ws.held; got != "findings b.pp: notice(" {
		t.Fatalf("held %q, want the recheck of b", got)
	}
	// b's recheck is under way; a is edited again.
	c.changeFull(a, "notice(3\n", 3)
	c.waitPublished(a, 3, has("0:8 syntax-error"))
	if got := <-ws.held; got != "findings b.pp: notice(" {
		t.Fatalf("held %q, want b's recheck again", got)
	}
	ws.release <- struct{}{}
	waitFor(t, func() bool { return countCalls(ws, "findings b.pp") == 4 && !ws.isBusy() })
	log := ws.callLog()
	want := []string{"findings a.pp: notice(1)", "findings b.pp: notice(", "dependents a.pp", "dependents b.pp",
		"findings b.pp: notice(", "findings a.pp: notice(2)", "dependents a.pp", "findings b.pp: notice(", "canceled findings b.pp: notice(",
		"findings a.pp: notice(3", "dependents a.pp", "findings b.pp: notice("}
	if !slices.Equal(log, want) {
		t.Errorf("calls:\n%s\nwant\n%s", strings.Join(log, "\n"), strings.Join(want, "\n"))
	}
	ws.mu.Lock()
	defer ws.mu.Unlock()
	if len(ws.overlaps) > 0 {
		t.Errorf("calls started while another was under way: %q", ws.overlaps)
	}
}

// TestConfigurationChangeRechecksAfterTheEditedBuffer checks that when an
// edit and a recheck of every buffer (a configuration change) are queued
// together, the edited buffer is checked first.
func TestConfigurationChangeRechecksAfterTheEditedBuffer(t *testing.T) {
	ws := &fakeWorkspace{held: make(chan string, 16), release: make(chan struct{})}
	c := startFake(t, ws)
	dir := t.TempDir()
	a, b, z := filepath.Join(dir, "a.pp"), filepath.Join(dir, "b.pp"), filepath.Join(dir, "z.pp")
	c.initialize(map[string]any{}, dir)
	for _, p := range []string{a, b, z} {
		c.open(p, "notice(1)\n", 1)
		c.waitPublished(p, 1, has(""))
	}
	waitFor(t, func() bool { return !ws.isBusy() })
	// Hold the next snapshot until the edit and the configuration change are both queued.
	ws.mu.Lock()
	ws.gate, ws.started, ws.holdFindings = make(chan struct{}), make(chan struct{}, 16), map[string]bool{"a.pp": true}
	ws.mu.Unlock()
	c.notify("workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{}})
	<-ws.started
	c.changeFull(z, "notice(\n", 2)
	<-ws.started
	ws.mu.Lock()
	ws.calls = nil
	close(ws.gate)
	ws.mu.Unlock()
	// a, the first of the buffers to recheck, is held: z is published by then.
	if got := <-ws.held; got != "findings a.pp: notice(1)" {
		t.Fatalf("held %q, want the recheck of a", got)
	}
	c.waitPublished(z, 2, has("0:7 syntax-error"))
	ws.release <- struct{}{}
	waitFor(t, func() bool { return countCalls(ws, "findings b.pp") == 1 && !ws.isBusy() })
	log := ws.callLog()
	if len(log) == 0 || log[0] != "findings z.pp: notice(" || slices.Index(log, "findings a.pp: notice(1)") > slices.Index(log, "findings b.pp: notice(1)") {
		t.Errorf("calls after the configuration change and the edit:\n%s\nwant z's check first, then a's and b's", strings.Join(log, "\n"))
	}
}

// TestRequestIsAnsweredBeforeBackgroundWork checks that a request (a
// hover, which needs a snapshot) does not wait for background work under
// way: it cancels it, and the work runs again afterwards.
func TestRequestIsAnsweredBeforeBackgroundWork(t *testing.T) {
	ws := &fakeWorkspace{holdDeps: true, held: make(chan string, 16), release: make(chan struct{})}
	c := startFake(t, ws)
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.pp"), filepath.Join(dir, "b.pp")
	c.initialize(map[string]any{}, dir)
	openTogether(c, ws, map[string]string{a: "notice(1)\n", b: "notice(1)\n"})
	if got := <-ws.held; got != "dependents a.pp" {
		t.Fatalf("held %q, want the dependents of a's opening", got)
	}
	var hover struct{ Contents any }
	c.mustCall("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri(a)},
		"position": map[string]int{"line": 0, "character": 1}}, &hover)
	if hover.Contents == nil {
		t.Errorf("hover answered nothing")
	}
	if got := <-ws.held; got != "dependents a.pp" {
		t.Fatalf("held %q, want the dependents of a's opening again", got)
	}
	if log := ws.callLog(); !slices.Contains(log, "canceled dependents a.pp") {
		t.Errorf("calls:\n%s\nwant the held dependents canceled by the hover", strings.Join(log, "\n"))
	}
	ws.mu.Lock()
	ws.holdDeps = false
	ws.mu.Unlock()
	ws.release <- struct{}{}
}

// openTogether opens files in one analysis: the first snapshot is held
// until every one of them is open.
func openTogether(c *client, ws *fakeWorkspace, files map[string]string) {
	ws.mu.Lock()
	ws.gate, ws.started = make(chan struct{}), make(chan struct{}, 16)
	ws.mu.Unlock()
	for _, p := range slices.Sorted(maps.Keys(files)) {
		c.open(p, files[p], 1)
		<-ws.started // each opening cancels the held snapshot, and the next is held
	}
	ws.mu.Lock()
	close(ws.gate)
	ws.gate = nil
	ws.mu.Unlock()
	for p := range files {
		c.waitPublished(p, 1, func([]diagnostic) bool { return true })
	}
}

func countCalls(ws *fakeWorkspace, prefix string) int {
	n := 0
	for _, c := range ws.callLog() {
		if strings.HasPrefix(c, prefix) {
			n++
		}
	}
	return n
}

func (w *fakeWorkspace) isBusy() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.busy > 0
}
