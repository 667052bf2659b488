// Package lsp is ducklint's language server (LSP 3.17 over a byte stream,
// stdio for `ducklint lsp`). It keeps one warm workspace (package engine)
// per workspace folder, feeds it the editor's unsaved buffers, and
// publishes findings as diagnostics, or answers textDocument/diagnostic
// when the client pulls them. It also offers "suppress this rule on this
// line" code actions, definitions and hovers.
//
// The protocol loop never waits for analysis: notifications only record
// what changed and wake the folder's analysis goroutine, which debounces
// bursts of edits, cancels analysis that a newer edit makes stale, and
// republishes every open buffer whose findings the edit can change. The
// edited buffer comes first: finding and rechecking the other buffers an
// edit can change is background work, one piece at a time, that waits
// while an edit or a request is pending and yields to a newer one.
// Requests that need analysis (pull diagnostics, hover, definition, code
// actions) run on their own goroutines and honour $/cancelRequest.
package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net/url"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	protocol "github.com/tliron/glsp/protocol_3_16"
	"go.lsp.dev/jsonrpc2"

	"github.com/ducklint/ducklint/rules"
)

// Server is a language server. Its zero value is not usable: set
// NewWorkspace.
type Server struct {
	// NewWorkspace makes the workspace of a root.
	NewWorkspace NewWorkspaceFunc
	// Log receives the server's log (internal errors, failed analyses);
	// nil discards it.
	Log io.Writer
	// Debounce is how long a burst of edits must pause before the edited
	// folder is analysed again; an edit after a pause is analysed at once.
	Debounce time.Duration
	// Version is reported to the client as the server's version.
	Version string
}

// DefaultDebounce is the pause that ends a burst of edits.
const DefaultDebounce = 40 * time.Millisecond

// GCPercent is the garbage collector's GOGC for a process serving the
// protocol (cmd/ducklint sets it for `ducklint lsp`). A server keeps a
// warm workspace (every file's tree and summary, and the programs of the
// widest contexts its checks rebase on: about 110 MB on a large control
// repo), and each check allocates what it does not take over, which dies
// with it. Collecting at 100% spent a fifth of an edit's time in the
// collector and its write barriers, before checks rebased their programs;
// at 150 the heap peaks near two and a half times the warm workspace, and
// at 200 near three times with edits no faster.
const GCPercent = 150

// Serve runs the server on one connection until the client sends exit or
// the stream ends. It returns nil after a shutdown request and exit, and an
// error otherwise (the stream ended, exit without shutdown).
func (s *Server) Serve(ctx context.Context, rwc io.ReadWriteCloser) error {
	ss := newSession(s, rwc)
	return ss.run(ctx)
}

// session is the state of one connection.
type session struct {
	srv *Server
	// builtin are the built-in rules, whose documentation findings
	// link to; a policy's findings link to nothing.
	builtin *rules.Registry
	conn    jsonrpc2.Conn
	logger  *log.Logger
	ctx     context.Context // canceled when the session ends
	stop    context.CancelFunc

	inflightMu sync.Mutex
	inflight   map[string]context.CancelFunc // requests under way by id, for $/cancelRequest

	mu          sync.Mutex
	initialized bool // initialize answered
	shutdown    bool // shutdown answered
	exited      chan struct{}
	enc         encoding
	pull        bool                 // the client pulls diagnostics
	refresh     bool                 // the client accepts workspace/diagnostic/refresh
	watchReg    bool                 // the client lets us register file watchers
	roots       []*root              // workspace folders, deepest first
	loose       map[string]*root     // per buffer outside every folder, by path
	docs        map[string]*document // open buffers by path
	lastErrShow map[string]string    // the configuration error shown per root
}

// document is an open buffer.
type document struct {
	uri     string
	path    string
	version int32
	text    string
	root    *root
}

func newSession(srv *Server, rwc io.ReadWriteCloser) *session {
	out := srv.Log
	if out == nil {
		out = io.Discard
	}
	ss := &session{
		srv: srv, builtin: rules.Default(), logger: log.New(out, "ducklint lsp: ", log.LstdFlags|log.Lmsgprefix),
		exited: make(chan struct{}), enc: utf16Encoding,
		loose: map[string]*root{}, docs: map[string]*document{}, lastErrShow: map[string]string{},
	}
	ss.inflight = map[string]context.CancelFunc{}
	ss.conn = jsonrpc2.NewConn(&tolerantStream{Stream: jsonrpc2.NewHeaderStream(rwc), ended: ss.streamEnded},
		jsonrpc2.WithCodec(jsonCodec{}), jsonrpc2.WithPreempter(ss))
	return ss
}

func (ss *session) run(ctx context.Context) error {
	ss.ctx, ss.stop = context.WithCancel(ctx)
	defer ss.stop()
	ss.conn.Go(ss.ctx, ss.handle)
	select {
	case <-ss.conn.Done():
	case <-ss.exited:
		// Close waits for the read loop, which may be blocked reading a
		// stream that only the process's exit ends (standard input).
		go func() { _ = ss.conn.Close() }()
	}
	ss.stopRoots()
	ss.mu.Lock()
	shutdown := ss.shutdown
	ss.mu.Unlock()
	select {
	case <-ss.exited:
		if shutdown {
			return nil
		}
		return errors.New("exit before shutdown")
	default:
	}
	if err := ss.conn.Err(); err != nil {
		return fmt.Errorf("connection: %w", err)
	}
	return errors.New("the client closed the connection without exit")
}

// streamEnded ends the session's work when the client is gone: the
// connection waits for the requests under way, which wait for analysis.
func (ss *session) streamEnded() {
	if ss.stop != nil {
		ss.stop()
	}
	ss.stopRoots()
}

// Preempt handles $/cancelRequest ahead of the queue, so that it reaches
// a request still waiting for its turn.
func (ss *session) Preempt(_ context.Context, req *jsonrpc2.Request) (any, error) {
	if req.Method() != "$/cancelRequest" {
		return nil, jsonrpc2.ErrNotHandled
	}
	var p cancelParams
	if err := json.Unmarshal(req.Params(), &p); err == nil {
		var n int64
		var s string
		key := ""
		switch {
		case json.Unmarshal(p.ID, &n) == nil:
			key = idKey(jsonrpc2.NewNumberID(n))
		case json.Unmarshal(p.ID, &s) == nil:
			key = idKey(jsonrpc2.NewStringID(s))
		}
		ss.inflightMu.Lock()
		cancel := ss.inflight[key]
		ss.inflightMu.Unlock()
		if cancel != nil {
			cancel()
		}
	}
	return struct{}{}, nil
}

// idKey tells request ids apart, numbers from strings.
func idKey(id jsonrpc2.ID) string {
	if n, ok := id.Number(); ok {
		return fmt.Sprintf("n%d", n)
	}
	s, _ := id.StringValue()
	return "s" + s
}

// background releases the read loop for a request that needs analysis and
// returns the context it runs under: canceled by $/cancelRequest or the end
// of the session. It derives from the session, not from the request's
// context, which the connection recycles once the handler returns.
func (ss *session) background(ctx context.Context, req *jsonrpc2.Request) (context.Context, func()) {
	reqCtx, cancel := context.WithCancel(ss.ctx)
	key := idKey(req.ID())
	ss.inflightMu.Lock()
	ss.inflight[key] = cancel
	ss.inflightMu.Unlock()
	// Registered before the read loop moves on, so that a $/cancelRequest
	// right behind the request finds it.
	jsonrpc2.Async(ctx)
	return reqCtx, func() {
		ss.inflightMu.Lock()
		delete(ss.inflight, key)
		ss.inflightMu.Unlock()
		cancel()
	}
}

// errRequestCancelled is LSP's RequestCancelled error.
var errRequestCancelled = jsonrpc2.NewError(-32800, "request cancelled")

// errServerNotInitialized is LSP's ServerNotInitialized error.
var errServerNotInitialized = jsonrpc2.NewError(-32002, "server not initialized")

// handle dispatches one message. It runs on the read loop, in order:
// notifications and quick requests are handled inline; requests that need
// analysis release the loop with jsonrpc2.Async first.
func (ss *session) handle(ctx context.Context, req *jsonrpc2.Request) (result any, err error) {
	method := req.Method()
	defer func() {
		if r := recover(); r != nil {
			ss.internalError(fmt.Sprintf("handling %s", method), r)
			result, err = nil, jsonrpc2.Errorf(jsonrpc2.InternalError, "internal error handling %s: %v", method, r)
		}
	}()
	params := req.Params()
	ss.mu.Lock()
	initialized, shutdown := ss.initialized, ss.shutdown
	ss.mu.Unlock()
	switch {
	case method == "exit":
		close(ss.exited)
		return nil, nil
	case method == "initialize":
		if initialized {
			return nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, "initialize sent twice")
		}
		return ss.initialize(params)
	case !initialized:
		if req.IsCall() {
			return nil, errServerNotInitialized
		}
		return nil, nil // notifications before initialize are dropped
	case shutdown && req.IsCall():
		return nil, jsonrpc2.NewError(jsonrpc2.InvalidRequest, "the server is shut down")
	}
	switch method {
	case "initialized":
		ss.registerWatchers()
		return nil, nil
	case "shutdown":
		ss.mu.Lock()
		ss.shutdown = true
		ss.mu.Unlock()
		ss.stopRoots()
		return nil, nil
	case "textDocument/didOpen":
		var p protocol.DidOpenTextDocumentParams
		if err := decode(params, &p); err != nil {
			return nil, err
		}
		ss.didOpen(p)
	case "textDocument/didChange":
		var p protocol.DidChangeTextDocumentParams
		if err := decode(params, &p); err != nil {
			return nil, err
		}
		ss.didChange(p)
	case "textDocument/didSave":
		var p protocol.DidSaveTextDocumentParams
		if err := decode(params, &p); err != nil {
			return nil, err
		}
		ss.didSave(p)
	case "textDocument/didClose":
		var p protocol.DidCloseTextDocumentParams
		if err := decode(params, &p); err != nil {
			return nil, err
		}
		ss.didClose(p)
	case "workspace/didChangeWatchedFiles":
		var p protocol.DidChangeWatchedFilesParams
		if err := decode(params, &p); err != nil {
			return nil, err
		}
		ss.didChangeWatchedFiles(p)
	case "workspace/didChangeConfiguration":
		ss.reloadConfiguration()
	case "textDocument/diagnostic":
		var p documentDiagnosticParams
		if err := decode(params, &p); err != nil {
			return nil, err
		}
		rctx, done := ss.background(ctx, req)
		defer done()
		return ss.pullDiagnostics(rctx, p)
	case "textDocument/hover":
		var p protocol.HoverParams
		if err := decode(params, &p); err != nil {
			return nil, err
		}
		rctx, done := ss.background(ctx, req)
		defer done()
		return ss.hover(rctx, p)
	case "textDocument/definition":
		var p protocol.DefinitionParams
		if err := decode(params, &p); err != nil {
			return nil, err
		}
		rctx, done := ss.background(ctx, req)
		defer done()
		return ss.definition(rctx, p)
	case "textDocument/codeAction":
		var p protocol.CodeActionParams
		if err := decode(params, &p); err != nil {
			return nil, err
		}
		rctx, done := ss.background(ctx, req)
		defer done()
		return ss.codeAction(rctx, p)
	default:
		if req.IsCall() {
			return nil, jsonrpc2.Errorf(jsonrpc2.MethodNotFound, "method not supported: %s", method)
		}
		// Unknown notifications ($/setTrace, $/progress ...) are ignored, as the protocol says.
	}
	return nil, nil
}

// decode reads a request's parameters; a mismatch is InvalidParams.
func decode(params jsonrpc2.RawMessage, v any) error {
	if len(params) == 0 {
		return jsonrpc2.NewError(jsonrpc2.InvalidParams, "missing params")
	}
	if err := json.Unmarshal(params, v); err != nil {
		return jsonrpc2.Errorf(jsonrpc2.InvalidParams, "invalid params: %v", err)
	}
	return nil
}

func (ss *session) initialize(params jsonrpc2.RawMessage) (any, error) {
	var p protocol.InitializeParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	var c clientCapabilities317
	_ = json.Unmarshal(params, &c) // decoded above: this cannot fail where it matters
	ss.mu.Lock()
	defer ss.mu.Unlock()
	ss.enc = utf16Encoding
	if slices.Contains(c.Capabilities.General.PositionEncodings, string(utf32Encoding)) {
		ss.enc = utf32Encoding // how ducklint counts columns
	} else if slices.Contains(c.Capabilities.General.PositionEncodings, string(utf8Encoding)) {
		ss.enc = utf8Encoding
	}
	ss.pull = c.Capabilities.TextDocument.Diagnostic != nil
	ss.refresh = c.Capabilities.Workspace.Diagnostics.RefreshSupport
	ss.watchReg = c.Capabilities.Workspace.DidChangeWatchedFiles.DynamicRegistration

	var dirs []string
	for _, f := range p.WorkspaceFolders {
		if dir, err := uriToPath(f.URI); err == nil {
			dirs = append(dirs, dir)
		}
	}
	if len(dirs) == 0 && p.RootURI != nil {
		if dir, err := uriToPath(*p.RootURI); err == nil {
			dirs = append(dirs, dir)
		}
	}
	for _, dir := range dirs {
		if !slices.ContainsFunc(ss.roots, func(r *root) bool { return r.dir == dir }) {
			ss.roots = append(ss.roots, newRoot(ss, dir, []string{dir}))
		}
	}
	// Deepest first: a buffer belongs to the innermost folder holding it.
	slices.SortFunc(ss.roots, func(a, b *root) int { return len(b.dir) - len(a.dir) })
	ss.initialized = true

	incremental := protocol.TextDocumentSyncKindIncremental
	yes := true
	caps := serverCapabilities{
		ServerCapabilities: protocol.ServerCapabilities{
			TextDocumentSync: protocol.TextDocumentSyncOptions{
				OpenClose: &yes, Change: &incremental, Save: protocol.SaveOptions{IncludeText: &yes},
			},
			HoverProvider:      true,
			DefinitionProvider: true,
			CodeActionProvider: protocol.CodeActionOptions{CodeActionKinds: []protocol.CodeActionKind{protocol.CodeActionKindQuickFix}},
		},
		PositionEncoding: string(ss.enc),
	}
	if ss.pull {
		caps.DiagnosticProvider = &diagnosticOptions{Identifier: "ducklint", InterFileDependencies: true}
	}
	version := ss.srv.Version
	return initializeResult{Capabilities: caps, ServerInfo: &protocol.InitializeResultServerInfo{Name: "ducklint", Version: &version}}, nil
}

// registerWatchers asks the client to report changes to the files that
// can change findings, when it lets servers register watchers.
func (ss *session) registerWatchers() {
	ss.mu.Lock()
	ok := ss.watchReg
	ss.mu.Unlock()
	if !ok {
		return
	}
	var watchers []protocol.FileSystemWatcher
	for _, g := range []string{"**/*.pp", "**/*.epp", "**/.ducklint.toml", "**/metadata.json", "**/environment.conf", "**/.gitignore", "**/lib/puppet/**/*.rb"} {
		watchers = append(watchers, protocol.FileSystemWatcher{GlobPattern: g})
	}
	params := protocol.RegistrationParams{Registrations: []protocol.Registration{{
		ID: "ducklint-watched-files", Method: "workspace/didChangeWatchedFiles",
		RegisterOptions: protocol.DidChangeWatchedFilesRegistrationOptions{Watchers: watchers},
	}}}
	// A call waits for the client's answer, which the read loop reads:
	// it must not be made from the read loop.
	go func() {
		if _, err := ss.conn.Call(ss.ctx, "client/registerCapability", params, nil); err != nil && ss.ctx.Err() == nil {
			ss.logger.Printf("registering file watchers: %v", err)
		}
	}()
}

// rootFor returns the root a buffer at path belongs to, making a root of
// its own for a buffer outside every folder.
func (ss *session) rootFor(path string) *root {
	for _, r := range ss.roots {
		if within(path, r.dir) {
			return r
		}
	}
	if r, ok := ss.loose[path]; ok {
		return r
	}
	r := newRoot(ss, filepath.Dir(path), []string{path})
	ss.loose[path] = r
	return r
}

// within reports whether path is dir or below it.
func within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

func (ss *session) didOpen(p protocol.DidOpenTextDocumentParams) {
	path, err := uriToPath(p.TextDocument.URI)
	if err != nil {
		ss.logger.Printf("didOpen: %v", err)
		return
	}
	ss.mu.Lock()
	r := ss.rootFor(path)
	d := &document{uri: p.TextDocument.URI, path: path, version: p.TextDocument.Version, text: p.TextDocument.Text, root: r}
	ss.docs[path] = d
	ss.mu.Unlock()
	r.setOverlay(path, d.text, d.version)
}

func (ss *session) didChange(p protocol.DidChangeTextDocumentParams) {
	path, err := uriToPath(p.TextDocument.URI)
	if err != nil {
		ss.logger.Printf("didChange: %v", err)
		return
	}
	ss.mu.Lock()
	d, ok := ss.docs[path]
	if !ok {
		ss.mu.Unlock()
		ss.logger.Printf("didChange of %s, which is not open", p.TextDocument.URI)
		return
	}
	text, err := applyChanges(d.text, p.ContentChanges, ss.enc)
	if err != nil {
		ss.mu.Unlock()
		ss.logger.Printf("didChange of %s: %v", p.TextDocument.URI, err)
		return
	}
	d.text, d.version = text, p.TextDocument.Version
	r := d.root
	ss.mu.Unlock()
	r.setOverlay(path, text, p.TextDocument.Version)
}

func (ss *session) didSave(p protocol.DidSaveTextDocumentParams) {
	path, err := uriToPath(p.TextDocument.URI)
	if err != nil {
		return
	}
	ss.mu.Lock()
	d, ok := ss.docs[path]
	if !ok || p.Text == nil || *p.Text == d.text {
		ss.mu.Unlock()
		return // the buffer that was saved is the one analysed already
	}
	d.text = *p.Text
	r, version := d.root, d.version
	ss.mu.Unlock()
	r.setOverlay(path, *p.Text, version)
}

func (ss *session) didClose(p protocol.DidCloseTextDocumentParams) {
	path, err := uriToPath(p.TextDocument.URI)
	if err != nil {
		return
	}
	ss.mu.Lock()
	d, ok := ss.docs[path]
	if !ok {
		ss.mu.Unlock()
		return
	}
	delete(ss.docs, path)
	loose := ss.loose[path]
	delete(ss.loose, path)
	pull := ss.pull
	ss.mu.Unlock()
	if loose != nil {
		loose.close()
	} else {
		d.root.removeOverlay(path)
	}
	if !pull {
		// The findings of a closed buffer are no longer kept up to date: clear them.
		ss.notify("textDocument/publishDiagnostics", protocol.PublishDiagnosticsParams{URI: d.uri, Diagnostics: []protocol.Diagnostic{}})
	}
}

func (ss *session) didChangeWatchedFiles(p protocol.DidChangeWatchedFilesParams) {
	ss.mu.Lock()
	roots := ss.allRoots()
	ss.mu.Unlock()
	byRoot := map[*root][]string{}
	for _, c := range p.Changes {
		path, err := uriToPath(c.URI)
		if err != nil {
			continue
		}
		for _, r := range roots {
			// A configuration file applies to the roots below its directory.
			if within(path, r.dir) || (filepath.Base(path) == ".ducklint.toml" && within(r.dir, filepath.Dir(path))) {
				byRoot[r] = append(byRoot[r], path)
			}
		}
	}
	for r, paths := range byRoot {
		r.changed(paths...)
	}
}

// reloadConfiguration reads every root's configuration again.
func (ss *session) reloadConfiguration() {
	ss.mu.Lock()
	roots := ss.allRoots()
	ss.mu.Unlock()
	for _, r := range roots {
		r.reconfigure()
	}
}

// allRoots returns the folders and the roots of loose buffers; ss.mu is held.
func (ss *session) allRoots() []*root {
	out := slices.Clone(ss.roots)
	for _, r := range ss.loose {
		out = append(out, r)
	}
	return out
}

func (ss *session) stopRoots() {
	ss.mu.Lock()
	roots := ss.allRoots()
	ss.mu.Unlock()
	for _, r := range roots {
		r.close()
	}
}

// openIn returns the open buffers of root r by path; they are copies.
func (ss *session) openIn(r *root) map[string]document {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	out := map[string]document{}
	for p, d := range ss.docs {
		if d.root == r {
			out[p] = *d
		}
	}
	return out
}

// doc returns a copy of the open buffer with uri.
func (ss *session) doc(uri string) (document, bool) {
	path, err := uriToPath(uri)
	if err != nil {
		return document{}, false
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	d, ok := ss.docs[path]
	if !ok {
		return document{}, false
	}
	return *d, true
}

func (ss *session) encoding() encoding {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return ss.enc
}

func (ss *session) notify(method string, params any) {
	if err := ss.conn.Notify(ss.ctx, method, params); err != nil && ss.ctx.Err() == nil {
		ss.logger.Printf("sending %s: %v", method, err)
	}
}

// internalError logs a recovered panic and tells the client's log: the
// server keeps running.
func (ss *session) internalError(what string, r any) {
	ss.logger.Printf("internal error %s: %v\n%s", what, r, debug.Stack())
	ss.notify("window/logMessage", protocol.LogMessageParams{Type: protocol.MessageTypeError,
		Message: fmt.Sprintf("ducklint: internal error %s: %v", what, r)})
}

// showError tells the user about a problem of a root (a configuration
// error), once per distinct message.
func (ss *session) showError(r *root, msg string) {
	ss.mu.Lock()
	same := ss.lastErrShow[r.dir] == msg
	ss.lastErrShow[r.dir] = msg
	ss.mu.Unlock()
	ss.logger.Print(msg)
	if !same && msg != "" {
		ss.notify("window/showMessage", protocol.ShowMessageParams{Type: protocol.MessageTypeError, Message: "ducklint: " + msg})
	}
}

// uriToPath returns the file path of a file: URI.
func uriToPath(uri string) (string, error) {
	u, err := url.Parse(uri)
	if err != nil {
		return "", fmt.Errorf("invalid URI %q: %w", uri, err)
	}
	if u.Scheme != "file" {
		return "", fmt.Errorf("not a file URI: %q", uri)
	}
	p := filepath.FromSlash(u.Path)
	if !filepath.IsAbs(p) {
		return "", fmt.Errorf("not an absolute file URI: %q", uri)
	}
	return filepath.Clean(p), nil
}

// pathToURI returns the file: URI of an absolute path.
func pathToURI(path string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String()
}

// tolerantStream answers a message that is not JSON, or not a JSON-RPC
// message, with an error response and reads on: one bad message must not
// end the session. The header framing has consumed the whole message by
// then, so the next one starts at its header.
type tolerantStream struct {
	jsonrpc2.Stream
	ended func() // called when reading fails for good
}

func (s *tolerantStream) Read(ctx context.Context) (jsonrpc2.Message, int64, error) {
	for {
		msg, n, err := s.Stream.Read(ctx)
		var rpcErr *jsonrpc2.Error
		if err == nil {
			return msg, n, nil
		}
		if !errors.As(err, &rpcErr) {
			s.ended()
			return msg, n, err
		}
		if _, werr := s.Write(ctx, jsonrpc2.NewResponse(jsonrpc2.ID{}, nil, rpcErr)); werr != nil {
			return nil, 0, werr
		}
	}
}

// readFile reads a file's content for positions in files that are not open.
func readFile(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	return string(b)
}
