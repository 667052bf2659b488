package lsp_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
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
// can be held at a gate, and its findings can panic.
type fakeWorkspace struct {
	mu        sync.Mutex
	overlays  map[string][]byte
	gate      chan struct{} // nil: snapshots are not held
	started   chan struct{} // receives when a snapshot starts waiting at the gate
	canceled  int           // snapshots whose context was canceled at the gate
	panicking bool
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
	return &fakeSnapshot{files: files, panicking: w.panicking}, nil
}

type fakeSnapshot struct {
	files     map[string][]byte
	panicking bool
}

func (s *fakeSnapshot) Findings(_ context.Context, paths ...string) (map[string][]lsp.Finding, error) {
	if s.panicking {
		panic("rule exploded")
	}
	out := map[string][]lsp.Finding{}
	for _, p := range paths {
		src, ok := s.files[p]
		if !ok {
			src, _ = os.ReadFile(p)
		}
		for _, e := range parser.ParseFile(p, src).Errors {
			out[p] = append(out[p], lsp.Finding{Rule: "syntax-error", Severity: diagnostics.Error, File: p,
				Start: e.Start, End: e.End, Message: e.Message})
		}
	}
	return out, nil
}

func (s *fakeSnapshot) Definition(string, parser.Pos) []lsp.Location { return nil }
func (s *fakeSnapshot) Hover(string, parser.Pos) (string, bool)      { return "a name", true }
func (s *fakeSnapshot) Dependents(string, []string) []string         { return nil }

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
