package lsp_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"

	"github.com/ducklint/ducklint/engine"
	"github.com/ducklint/ducklint/lsp"
)

// writeTree creates files (path -> content) under a new temporary directory.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		write(t, filepath.Join(dir, filepath.FromSlash(name)), content)
	}
	return dir
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// jsonV1 decodes results as encoding/json does, as the tests' structs
// expect (field names matched without regard to case).
type jsonV1 struct{}

func (jsonV1) Marshal(v any) ([]byte, error)      { return json.Marshal(v) }
func (jsonV1) Unmarshal(data []byte, v any) error { return json.Unmarshal(data, v) }

func uri(path string) string { return "file://" + filepath.ToSlash(path) }

// diagnostic is the part of a protocol diagnostic the tests look at.
type diagnostic struct {
	Range struct {
		Start struct{ Line, Character int } `json:"start"`
		End   struct{ Line, Character int } `json:"end"`
	} `json:"range"`
	Severity        int    `json:"severity"`
	Code            string `json:"code"`
	CodeDescription struct {
		Href string `json:"href"`
	} `json:"codeDescription"`
	Source             string `json:"source"`
	Message            string `json:"message"`
	RelatedInformation []struct {
		Location struct {
			URI string `json:"uri"`
		} `json:"location"`
		Message string `json:"message"`
	} `json:"relatedInformation"`
}

type published struct {
	URI         string       `json:"uri"`
	Version     *int         `json:"version"`
	Diagnostics []diagnostic `json:"diagnostics"`
}

// client is the editor's end of an in-process connection to a server.
type client struct {
	t    testing.TB
	conn jsonrpc2.Conn
	raw  net.Conn // for writing malformed messages
	done chan error

	mu        sync.Mutex
	published []published
	logs      []string
	refreshes int
	version   int           // of the buffer changeFullOrOpen edits
	changed   chan struct{} // signalled on every notification from the server
}

// start runs a server with the real engine and connects a client to it.
func start(t *testing.T) *client {
	return startWith(t, &lsp.Server{NewWorkspace: lsp.EngineWorkspaces(engine.Options{Jobs: 2}), Debounce: time.Millisecond})
}

func startWith(t testing.TB, srv *lsp.Server) *client {
	t.Helper()
	serverEnd, clientEnd := net.Pipe()
	c := &client{t: t, raw: clientEnd, done: make(chan error, 1), changed: make(chan struct{}, 1)}
	go func() { c.done <- srv.Serve(context.Background(), serverEnd) }()
	c.conn = jsonrpc2.NewConn(jsonrpc2.NewHeaderStream(clientEnd), jsonrpc2.WithCodec(jsonV1{}))
	c.conn.Go(context.Background(), c.handle)
	t.Cleanup(func() {
		_ = clientEnd.Close()
		_ = serverEnd.Close()
		select {
		case err := <-c.done:
			_ = err // a closed connection ends Serve with an error: that is expected here
		case <-time.After(10 * time.Second):
			t.Error("the server did not stop when its connection closed")
		}
	})
	return c
}

// handle receives the server's notifications and answers its requests.
func (c *client) handle(_ context.Context, req *jsonrpc2.Request) (any, error) {
	c.mu.Lock()
	switch req.Method() {
	case "textDocument/publishDiagnostics":
		var p published
		if err := json.Unmarshal(req.Params(), &p); err != nil {
			c.t.Errorf("publishDiagnostics: %v", err)
		}
		c.published = append(c.published, p)
	case "window/logMessage", "window/showMessage":
		var p struct{ Message string }
		_ = json.Unmarshal(req.Params(), &p)
		c.logs = append(c.logs, p.Message)
	case "workspace/diagnostic/refresh":
		c.refreshes++
	}
	c.mu.Unlock()
	select {
	case c.changed <- struct{}{}:
	default:
	}
	return nil, nil
}

func (c *client) call(method string, params, result any) error {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_, err := c.conn.Call(ctx, method, params, result)
	return err
}

func (c *client) mustCall(method string, params, result any) {
	c.t.Helper()
	if err := c.call(method, params, result); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	if err := c.conn.Notify(context.Background(), method, params); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

// initialize runs the handshake with workspace folders dirs and the
// client capabilities caps.
func (c *client) initialize(caps map[string]any, dirs ...string) map[string]any {
	c.t.Helper()
	var folders []map[string]string
	for _, d := range dirs {
		folders = append(folders, map[string]string{"uri": uri(d), "name": filepath.Base(d)})
	}
	params := map[string]any{"processId": nil, "capabilities": caps, "workspaceFolders": folders}
	if len(dirs) > 0 {
		params["rootUri"] = uri(dirs[0])
	}
	var res map[string]any
	c.mustCall("initialize", params, &res)
	c.notify("initialized", map[string]any{})
	return res
}

func (c *client) open(path, text string, version int) {
	c.t.Helper()
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": uri(path), "languageId": "puppet", "version": version, "text": text}})
}

func (c *client) changeFull(path, text string, version int) {
	c.t.Helper()
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri(path), "version": version},
		"contentChanges": []map[string]any{{"text": text}}})
}

func (c *client) changeRange(path string, version, line, char, endLine, endChar int, text string) {
	c.t.Helper()
	c.notify("textDocument/didChange", map[string]any{
		"textDocument": map[string]any{"uri": uri(path), "version": version},
		"contentChanges": []map[string]any{{"range": map[string]any{
			"start": map[string]int{"line": line, "character": char}, "end": map[string]int{"line": endLine, "character": endChar}},
			"text": text}}})
}

// waitPublished waits for the diagnostics of path at version (any version
// when version < 0) that satisfy ok, and returns them.
func (c *client) waitPublished(path string, version int, ok func([]diagnostic) bool) []diagnostic {
	c.t.Helper()
	deadline := time.After(20 * time.Second)
	for {
		c.mu.Lock()
		for i := len(c.published) - 1; i >= 0; i-- {
			p := c.published[i]
			if p.URI != uri(path) {
				continue
			}
			if (version < 0 || (p.Version != nil && *p.Version == version)) && ok(p.Diagnostics) {
				c.mu.Unlock()
				return p.Diagnostics
			}
			break // only the latest publication of the file counts
		}
		c.mu.Unlock()
		select {
		case <-c.changed:
		case <-time.After(50 * time.Millisecond):
		case <-deadline:
			c.mu.Lock()
			defer c.mu.Unlock()
			c.t.Fatalf("no diagnostics of %s at version %d as expected; published: %+v", path, version, c.published)
			return nil
		}
	}
}

func rulesOf(ds []diagnostic) string {
	var out []string
	for _, d := range ds {
		out = append(out, fmt.Sprintf("%d:%d %s", d.Range.Start.Line, d.Range.Start.Character, d.Code))
	}
	return strings.Join(out, ", ")
}

func has(rules string) func([]diagnostic) bool {
	return func(ds []diagnostic) bool { return rulesOf(ds) == rules }
}

// shutdown ends the session as a client does and checks that Serve
// returns without error.
func (c *client) shutdown() {
	c.t.Helper()
	c.mustCall("shutdown", nil, nil)
	c.notify("exit", nil)
	select {
	case err := <-c.done:
		if err != nil {
			c.t.Errorf("Serve after shutdown and exit: %v", err)
		}
		c.done <- nil // for the cleanup
	case <-time.After(10 * time.Second):
		c.t.Fatal("the server did not stop after exit")
	}
}

func rpcCode(err error) int {
	var e *jsonrpc2.Error
	if errors.As(err, &e) {
		return int(e.Code)
	}
	return 0
}

const (
	classA = "class a {\n  $x = 1\n}\n"
	classB = "class b {\n  include a\n  notice($a::x)\n}\n"
)

func moduleTree(t *testing.T) (dir, a, b string) {
	dir = writeTree(t, map[string]string{
		"modules/a/manifests/init.pp": classA,
		"modules/b/manifests/init.pp": classB,
	})
	return dir, filepath.Join(dir, "modules/a/manifests/init.pp"), filepath.Join(dir, "modules/b/manifests/init.pp")
}

func TestInitializeShutdownExit(t *testing.T) {
	dir, _, _ := moduleTree(t)
	c := start(t)
	if err := c.call("textDocument/hover", map[string]any{}, nil); rpcCode(err) != -32002 {
		t.Errorf("a request before initialize: got %v, want ServerNotInitialized (-32002)", err)
	}
	res := c.initialize(map[string]any{}, dir)
	caps, _ := res["capabilities"].(map[string]any)
	sync, _ := caps["textDocumentSync"].(map[string]any)
	if sync["change"] != float64(2) || sync["openClose"] != true {
		t.Errorf("textDocumentSync = %v, want incremental changes and open/close", sync)
	}
	for _, k := range []string{"hoverProvider", "definitionProvider", "codeActionProvider"} {
		if caps[k] == nil {
			t.Errorf("capability %s missing: %v", k, caps)
		}
	}
	if caps["positionEncoding"] != "utf-16" {
		t.Errorf("positionEncoding = %v, want utf-16 for a client that offers nothing else", caps["positionEncoding"])
	}
	if caps["diagnosticProvider"] != nil {
		t.Errorf("diagnosticProvider offered to a client that does not pull diagnostics")
	}
	if err := c.call("initialize", map[string]any{"capabilities": map[string]any{}}, nil); rpcCode(err) != int(jsonrpc2.InvalidRequest) {
		t.Errorf("a second initialize: got %v, want InvalidRequest", err)
	}
	c.shutdown()
}

func TestExitWithoutShutdownIsAnError(t *testing.T) {
	c := start(t)
	c.initialize(map[string]any{})
	c.notify("exit", nil)
	select {
	case err := <-c.done:
		if err == nil {
			t.Error("Serve returned nil after exit without shutdown; the protocol wants exit code 1")
		}
		c.done <- nil
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not stop after exit")
	}
}

func TestPositionEncodingUTF32WhenOffered(t *testing.T) {
	c := start(t)
	res := c.initialize(map[string]any{"general": map[string]any{"positionEncodings": []string{"utf-16", "utf-32"}}})
	if enc := res["capabilities"].(map[string]any)["positionEncoding"]; enc != "utf-32" {
		t.Errorf("positionEncoding = %v, want utf-32 (ducklint's columns) when the client offers it", enc)
	}
}

func TestDiagnosticsOnOpenAndChange(t *testing.T) {
	dir := writeTree(t, map[string]string{"modules/w/manifests/init.pp": "class w {\n}\n"})
	path := filepath.Join(dir, "modules/w/manifests/init.pp")
	c := start(t)
	c.initialize(map[string]any{}, dir)

	c.open(path, "class w {\n  notice($nope)\n}\n", 1)
	ds := c.waitPublished(path, 1, has("1:9 unknown-variable"))
	d := ds[0]
	if d.Severity != 1 || d.Source != "ducklint" || !strings.HasSuffix(d.CodeDescription.Href, "/docs/rules/unknown-variable.md") ||
		d.Range.End.Line != 1 || d.Range.End.Character != 14 || !strings.Contains(d.Message, "$nope") {
		t.Errorf("diagnostic = %+v", d)
	}

	c.changeFull(path, "class w {\n  notice('fine')\n}\n", 2)
	c.waitPublished(path, 2, has(""))

	// Incremental: turn 'fine' back into a variable read, with a character
	// outside the Basic Multilingual Plane before it (two UTF-16 units).
	c.changeRange(path, 3, 1, 9, 1, 15, "\"😀$nope\"")
	ds = c.waitPublished(path, 3, has("1:12 unknown-variable"))
	if ds[0].Range.End.Character != 17 {
		t.Errorf("range end = %d, want 17 in UTF-16 units", ds[0].Range.End.Character)
	}
}

func TestUnsavedBuffersAreAnalysed(t *testing.T) {
	dir, a, b := moduleTree(t)
	c := start(t)
	c.initialize(map[string]any{}, dir)
	// On disk class a assigns $x; the unsaved buffer of a does not, and the
	// open buffer of b reads $a::x: b's findings come from a's buffer.
	c.open(a, "class a {\n  $y = 1\n}\n", 1)
	c.open(b, classB, 1)
	ds := c.waitPublished(b, 1, has("2:9 unknown-qualified-variable"))
	if len(ds[0].RelatedInformation) == 0 || ds[0].RelatedInformation[0].Location.URI != uri(a) {
		t.Errorf("related information = %+v, want class a's location", ds[0].RelatedInformation)
	}
	if got, _ := os.ReadFile(a); string(got) != classA {
		t.Fatal("the test changed the file on disk")
	}
}

func TestEditOfOneFileRepublishesAnother(t *testing.T) {
	dir, a, b := moduleTree(t)
	c := start(t)
	c.initialize(map[string]any{}, dir)
	c.open(a, classA, 1)
	c.open(b, classB, 1)
	c.waitPublished(b, 1, has(""))
	c.waitPublished(a, 1, has(""))

	// Remove the variable from class a: b's read of $a::x is unknown now.
	c.changeRange(a, 2, 1, 3, 1, 4, "y")
	c.waitPublished(b, 1, has("2:9 unknown-qualified-variable"))
	// And put it back.
	c.changeRange(a, 3, 1, 3, 1, 4, "x")
	c.waitPublished(b, 1, has(""))
}

func TestClosedBufferIsClearedAndItsFileReadFromDisk(t *testing.T) {
	dir, a, b := moduleTree(t)
	c := start(t)
	c.initialize(map[string]any{}, dir)
	c.open(a, "class a {\n  $y = 1\n}\n", 1)
	c.open(b, "class b {\n  include a\n  notice($a::x)\n  notice($nope)\n}\n", 1)
	c.waitPublished(b, 1, has("2:9 unknown-qualified-variable, 3:9 unknown-variable"))
	c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": uri(a)}})
	// a is read from disk again, where it assigns $x.
	c.waitPublished(b, 1, has("3:9 unknown-variable"))
	c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": uri(b)}})
	c.waitPublished(b, -1, has(""))
}

func TestWatchedFilesAndConfiguration(t *testing.T) {
	dir, a, b := moduleTree(t)
	c := start(t)
	c.initialize(map[string]any{"workspace": map[string]any{"didChangeWatchedFiles": map[string]any{"dynamicRegistration": true}}}, dir)
	c.open(b, "class b {\n  include a\n  notice($a::x)\n  notice($nope)\n}\n", 1)
	c.waitPublished(b, 1, has("3:9 unknown-variable"))

	// A checkout changes a on disk.
	write(t, a, "class a {\n  $y = 1\n}\n")
	c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []map[string]any{{"uri": uri(a), "type": 2}}})
	c.waitPublished(b, 1, has("2:9 unknown-qualified-variable, 3:9 unknown-variable"))

	// A new configuration turns a rule off.
	toml := filepath.Join(dir, ".ducklint.toml")
	write(t, toml, "[rules.unknown-variable]\nenabled = false\n")
	c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []map[string]any{{"uri": uri(toml), "type": 1}}})
	c.waitPublished(b, 1, has("2:9 unknown-qualified-variable"))

	// workspace/didChangeConfiguration reads it again too.
	write(t, toml, "[rules.unknown-qualified-variable]\nenabled = false\n")
	c.notify("workspace/didChangeConfiguration", map[string]any{"settings": nil})
	c.waitPublished(b, 1, has("3:9 unknown-variable"))

	// A broken configuration is shown to the user, and fixing it recovers.
	write(t, toml, "[rules.no-such-rule]\nenabled = false\n")
	c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []map[string]any{{"uri": uri(toml), "type": 2}}})
	waitFor(t, func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		return len(c.logs) > 0 && strings.Contains(c.logs[len(c.logs)-1], "no-such-rule")
	})
	write(t, toml, "")
	c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []map[string]any{{"uri": uri(toml), "type": 2}}})
	c.waitPublished(b, 1, has("2:9 unknown-qualified-variable, 3:9 unknown-variable"))
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatal("condition not met in time")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestTwoRootsEachWithItsConfiguration(t *testing.T) {
	src := "class w {\n  notice($nope)\n}\n"
	one := writeTree(t, map[string]string{"modules/w/manifests/init.pp": src})
	two := writeTree(t, map[string]string{"modules/w/manifests/init.pp": src,
		".ducklint.toml": "[puppet]\nversion = 7\n"})
	c := start(t)
	c.initialize(map[string]any{}, one, two)
	p1, p2 := filepath.Join(one, "modules/w/manifests/init.pp"), filepath.Join(two, "modules/w/manifests/init.pp")
	c.open(p1, src, 1)
	c.open(p2, src, 1)
	if d := c.waitPublished(p1, 1, has("1:9 unknown-variable")); d[0].Severity != 1 {
		t.Errorf("first root: severity %d, want error (1), Puppet 8's", d[0].Severity)
	}
	if d := c.waitPublished(p2, 1, has("1:9 unknown-variable")); d[0].Severity != 2 {
		t.Errorf("second root: severity %d, want warning (2) from its .ducklint.toml's [puppet] version = 7", d[0].Severity)
	}
}

func TestBufferOutsideEveryFolder(t *testing.T) {
	dir, _, _ := moduleTree(t)
	other := writeTree(t, map[string]string{"site.pp": "notice($nope)\n"})
	c := start(t)
	c.initialize(map[string]any{}, dir)
	path := filepath.Join(other, "site.pp")
	c.open(path, "notice($nope)\n", 1)
	c.waitPublished(path, 1, has("0:7 unknown-variable"))
}

func TestPullDiagnostics(t *testing.T) {
	dir, a, b := moduleTree(t)
	c := start(t)
	res := c.initialize(map[string]any{
		"textDocument": map[string]any{"diagnostic": map[string]any{}},
		"workspace":    map[string]any{"diagnostics": map[string]any{"refreshSupport": true}},
	}, dir)
	if dp, _ := res["capabilities"].(map[string]any)["diagnosticProvider"].(map[string]any); dp["interFileDependencies"] != true {
		t.Fatalf("diagnosticProvider = %v, want one with inter-file dependencies", dp)
	}
	c.open(a, classA, 1)
	c.open(b, classB, 1)
	var report struct {
		Kind     string       `json:"kind"`
		ResultID string       `json:"resultId"`
		Items    []diagnostic `json:"items"`
	}
	c.mustCall("textDocument/diagnostic", map[string]any{"textDocument": map[string]any{"uri": uri(b)}}, &report)
	if report.Kind != "full" || len(report.Items) != 0 {
		t.Errorf("report of b = %+v, want a full report of nothing", report)
	}
	c.changeRange(a, 2, 1, 3, 1, 4, "y")
	// The edit of a changes b's findings: the client is asked to pull again.
	waitFor(t, func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		return c.refreshes > 0
	})
	c.mustCall("textDocument/diagnostic", map[string]any{"textDocument": map[string]any{"uri": uri(b)}, "previousResultId": report.ResultID}, &report)
	if report.Kind != "full" || rulesOf(report.Items) != "2:9 unknown-qualified-variable" {
		t.Errorf("report of b after the edit of a = %+v", report)
	}
	var again struct {
		Kind     string `json:"kind"`
		ResultID string `json:"resultId"`
	}
	c.mustCall("textDocument/diagnostic", map[string]any{"textDocument": map[string]any{"uri": uri(b)}, "previousResultId": report.ResultID}, &again)
	if again.Kind != "unchanged" || again.ResultID != report.ResultID {
		t.Errorf("a pull with nothing changed = %+v, want unchanged %s", again, report.ResultID)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.published) > 0 {
		t.Errorf("diagnostics pushed to a client that pulls them: %+v", c.published)
	}
}

func TestCodeActionSuppressesOnTheLine(t *testing.T) {
	dir := writeTree(t, map[string]string{"modules/w/manifests/init.pp": "class w {\n}\n"})
	path := filepath.Join(dir, "modules/w/manifests/init.pp")
	c := start(t)
	c.initialize(map[string]any{}, dir)
	for _, tc := range []struct{ line, want string }{
		{"  notice($nope)", "  notice($nope)  # lint:ignore:unknown-variable"},
		{"  notice($nope) # ENC sets it", "  notice($nope) # lint:ignore:unknown-variable ENC sets it"},
		{"  notice($nope) #no space", "  notice($nope) # lint:ignore:unknown-variable no space"},
		{"  notice($nope) # lint:ignore:140chars why", "  notice($nope) # lint:ignore:140chars lint:ignore:unknown-variable why"},
	} {
		text := "class w {\n" + tc.line + "\n}\n"
		c.changeFullOrOpen(path, text)
		c.waitPublished(path, c.version, func(ds []diagnostic) bool { return len(ds) > 0 })
		var actions []struct {
			Title string `json:"title"`
			Kind  string `json:"kind"`
			Edit  struct {
				Changes map[string][]struct {
					Range struct {
						Start struct{ Line, Character int } `json:"start"`
						End   struct{ Line, Character int } `json:"end"`
					} `json:"range"`
					NewText string `json:"newText"`
				} `json:"changes"`
			} `json:"edit"`
		}
		c.mustCall("textDocument/codeAction", map[string]any{
			"textDocument": map[string]any{"uri": uri(path)},
			"range":        map[string]any{"start": map[string]int{"line": 1, "character": 0}, "end": map[string]int{"line": 1, "character": 0}},
			"context":      map[string]any{"diagnostics": []any{}},
		}, &actions)
		var got string
		for _, a := range actions {
			if a.Title != "Suppress unknown-variable on this line" || a.Kind != "quickfix" {
				continue
			}
			edits := a.Edit.Changes[uri(path)]
			if len(edits) != 1 || edits[0].Range.Start.Line != 1 {
				t.Fatalf("%q: edits %+v", tc.line, edits)
			}
			e := edits[0]
			line := tc.line
			got = line[:e.Range.Start.Character] + e.NewText + line[e.Range.End.Character:]
		}
		if got != tc.want {
			t.Errorf("%q: suppressed line %q, want %q (actions %+v)", tc.line, got, tc.want, actions)
			continue
		}
		// The edited buffer has no unknown-variable finding on the line left.
		c.changeFullOrOpen(path, "class w {\n"+got+"\n}\n")
		c.waitPublished(path, c.version, func(ds []diagnostic) bool { return !strings.Contains(rulesOf(ds), "unknown-variable") })
	}
}

// changeFullOrOpen opens path the first time, and replaces its text after.
func (c *client) changeFullOrOpen(path, text string) {
	c.version++
	if c.version == 1 {
		c.open(path, text, 1)
		return
	}
	c.changeFull(path, text, c.version)
}

func TestMalformedAndUnknownRequests(t *testing.T) {
	c := start(t)
	c.initialize(map[string]any{})
	if err := c.call("textDocument/hover", "not an object", nil); rpcCode(err) != int(jsonrpc2.InvalidParams) {
		t.Errorf("hover with a string for params: got %v, want InvalidParams", err)
	}
	if err := c.call("textDocument/definition", nil, nil); rpcCode(err) != int(jsonrpc2.InvalidParams) {
		t.Errorf("definition without params: got %v, want InvalidParams", err)
	}
	if err := c.call("textDocument/rename", map[string]any{}, nil); rpcCode(err) != int(jsonrpc2.MethodNotFound) {
		t.Errorf("an unknown method: got %v, want MethodNotFound", err)
	}
	if err := c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": "file:///not/open.pp"},
		"position": map[string]int{"line": 0, "character": 0}}, nil); err == nil {
		t.Error("hover in a buffer that is not open: no error")
	}
	c.shutdown()
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }

type rawResponse struct {
	ID     any             `json:"id"`
	Method string          `json:"method"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// rawClient speaks to a server frame by frame, for what a well-behaved
// client library cannot send: malformed messages, cancellations.
type rawClient struct {
	t    testing.TB
	conn net.Conn
	r    *bufio.Reader
}

func startRaw(t *testing.T, srv *lsp.Server) *rawClient {
	t.Helper()
	serverEnd, clientEnd := net.Pipe()
	done := make(chan struct{})
	go func() {
		_ = srv.Serve(context.Background(), serverEnd)
		close(done)
	}()
	t.Cleanup(func() {
		_ = clientEnd.Close()
		_ = serverEnd.Close()
		<-done
	})
	return &rawClient{t: t, conn: clientEnd, r: bufio.NewReader(clientEnd)}
}

func (c *rawClient) send(frames ...string) {
	c.t.Helper()
	for _, f := range frames {
		if _, err := fmt.Fprintf(c.conn, "Content-Length: %d\r\n\r\n%s", len(f), f); err != nil {
			c.t.Fatal(err)
		}
	}
}

// response reads messages until the response with id (a JSON value),
// answering the server's own requests with null on the way.
func (c *rawClient) response(id string) rawResponse {
	c.t.Helper()
	_ = c.conn.SetReadDeadline(time.Now().Add(20 * time.Second))
	for {
		n := 0
		for {
			line, err := c.r.ReadString('\n')
			if err != nil {
				c.t.Fatalf("reading a header: %v", err)
			}
			line = strings.TrimSpace(line)
			if line == "" {
				break
			}
			if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
				n, _ = strconv.Atoi(v)
			}
		}
		body := make([]byte, n)
		if _, err := io.ReadFull(c.r, body); err != nil {
			c.t.Fatal(err)
		}
		var m rawResponse
		if err := json.Unmarshal(body, &m); err != nil {
			c.t.Fatalf("the server sent %q: %v", body, err)
		}
		got, _ := json.Marshal(m.ID)
		if m.Method == "" && string(got) == id {
			return m
		}
	}
}

func TestMalformedMessagesGetErrorsAndTheSessionGoesOn(t *testing.T) {
	c := startRaw(t, &lsp.Server{NewWorkspace: lsp.EngineWorkspaces(engine.Options{}), Debounce: time.Millisecond})
	c.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`)
	if r := c.response("1"); r.Error != nil {
		t.Fatalf("initialize: %+v", r.Error)
	}
	c.send(`{"jsonrpc":"2.0","id":2,"method":`) // not JSON
	if r := c.response("null"); r.Error == nil || r.Error.Code != -32700 {
		t.Errorf("a message that is not JSON: %+v, want a parse error (-32700) with a null id", r)
	}
	c.send(`{"jsonrpc":"2.0","id":3}`) // neither a request nor a response
	if r := c.response("null"); r.Error == nil || r.Error.Code != -32600 {
		t.Errorf("a message that is no request: %+v, want an invalid request error (-32600)", r)
	}
	c.send(`{"jsonrpc":"2.0","id":4,"method":"textDocument/didOpen_typo","params":{}}`)
	if r := c.response("4"); r.Error == nil || r.Error.Code != -32601 {
		t.Errorf("an unknown method: %+v, want method not found (-32601)", r)
	}
	c.send(`{"jsonrpc":"2.0","id":5,"method":"shutdown"}`)
	if r := c.response("5"); r.Error != nil {
		t.Errorf("shutdown after malformed messages: %+v", r.Error)
	}
}

func TestDefinitionAndHover(t *testing.T) {
	dir, a, b := moduleTree(t)
	c := start(t)
	c.initialize(map[string]any{}, dir)
	c.open(b, classB+"notice($nope)\n", 1)
	at := func(line, char int) map[string]any {
		return map[string]any{"textDocument": map[string]any{"uri": uri(b)}, "position": map[string]int{"line": line, "character": char}}
	}
	var locs []struct {
		URI   string `json:"uri"`
		Range struct {
			Start struct{ Line, Character int } `json:"start"`
		} `json:"range"`
	}
	c.mustCall("textDocument/definition", at(1, 10), &locs) // include a
	if len(locs) != 1 || locs[0].URI != uri(a) || locs[0].Range.Start.Line != 0 {
		t.Errorf("definition of class a = %+v, want its definition in %s", locs, a)
	}
	c.mustCall("textDocument/definition", at(2, 12), &locs) // $a::x
	if len(locs) != 1 || locs[0].URI != uri(a) || locs[0].Range.Start.Line != 1 {
		t.Errorf("definition of $a::x = %+v, want its assignment on line 2 of %s", locs, a)
	}
	var hover struct {
		Contents struct {
			Kind  string `json:"kind"`
			Value string `json:"value"`
		} `json:"contents"`
	}
	c.mustCall("textDocument/hover", at(1, 10), &hover)
	if hover.Contents.Kind != "markdown" || !strings.Contains(hover.Contents.Value, "a") {
		t.Errorf("hover on class a = %+v", hover)
	}
	// On a finding, the hover explains it with its detail.
	c.waitPublished(b, 1, has("4:7 unknown-variable"))
	c.mustCall("textDocument/hover", at(4, 9), &hover)
	if !strings.Contains(hover.Contents.Value, "unknown-variable") || !strings.Contains(hover.Contents.Value, "$nope") {
		t.Errorf("hover on a finding = %q, want the finding explained", hover.Contents.Value)
	}
}

// A policy's findings are diagnostics like a built-in rule's, with its
// id as the code; they link to no rule page, as a policy has none.
func TestPolicyDiagnostics(t *testing.T) {
	dir := writeTree(t, map[string]string{
		".ducklint.toml": "[[policy]]\nid = \"no-latest\"\nmatch = \"resource\"\n" +
			"condition = \"resource.type == 'package' && 'ensure' in resource.attributes && resource.attributes.ensure == 'latest'\"\n" +
			"message = \"'{{resource.title}}': pin a version\"\n",
		"modules/w/manifests/init.pp": "class w {\n}\n",
	})
	path := filepath.Join(dir, "modules/w/manifests/init.pp")
	c := start(t)
	c.initialize(map[string]any{}, dir)
	c.open(path, "class w {\n  package { 'git': ensure => latest }\n}\n", 1)
	ds := c.waitPublished(path, 1, has("1:12 no-latest"))
	if d := ds[0]; d.Code != "no-latest" || d.Message != "'git': pin a version" || d.CodeDescription.Href != "" || d.Severity != 2 {
		t.Errorf("diagnostic = %+v", d)
	}
	// Hovering shows the finding, without a link to a rule page.
	var hover struct {
		Contents struct {
			Value string `json:"value"`
		} `json:"contents"`
	}
	c.mustCall("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri(path)},
		"position": map[string]any{"line": 1, "character": 14}}, &hover)
	if !strings.Contains(hover.Contents.Value, "**warning** (no-latest): 'git': pin a version") {
		t.Errorf("hover = %q", hover.Contents.Value)
	}
}

// TestModuleNamedByItsCode opens a module cloned without metadata.json
// into puppet-nginx/ as the workspace folder: it is named by its code
// (class nginx), so its files are where they belong, its clone directory
// is not reported as its name, and a misplaced class is checked against
// nginx, not puppet_nginx or ".".
func TestModuleNamedByItsCode(t *testing.T) {
	root := writeTree(t, map[string]string{
		"puppet-nginx/manifests/init.pp":   "class nginx {\n  include nginx::config\n}\n",
		"puppet-nginx/manifests/config.pp": "class nginx::config {\n}\n",
		"puppet-nginx/manifests/params.pp": "class nginx::param {\n}\n",
	})
	dir := filepath.Join(root, "puppet-nginx")
	c := start(t)
	c.initialize(map[string]any{}, dir)
	init := filepath.Join(dir, "manifests/init.pp")
	c.open(init, "class nginx {\n  include nginx::config\n}\n", 1)
	c.waitPublished(init, 1, has(""))
	params := filepath.Join(dir, "manifests/params.pp")
	c.open(params, "class nginx::param {\n}\n", 1)
	ds := c.waitPublished(params, 1, has("0:6 autoload-layout"))
	if !strings.Contains(ds[0].Message, "must define 'nginx::params'") {
		t.Errorf("autoload-layout message %q, want it to ask for nginx::params", ds[0].Message)
	}
}

// TestWorkspaceFolderHoldingSeveralRepositories: a folder that is the
// parent of repositories cloned side by side checks each as its own
// program, as `ducklint .` inside it does: app passes mysql::server a
// parameter it lacks, but mysql is not installed for app, so nothing is
// known of its parameters; tools includes mysql::server without mysql
// anywhere on its own modulepath.
func TestWorkspaceFolderHoldingSeveralRepositories(t *testing.T) {
	const app = "class app {\n  class { 'mysql::server':\n    root_pw => 'x',\n  }\n}\n"
	const tools = "class tools {\n  include mysql::server\n}\n"
	dir := writeTree(t, map[string]string{
		"mysql/metadata.json":       `{"name": "acme-mysql", "version": "1.0.0", "dependencies": []}`,
		"mysql/manifests/server.pp": "class mysql::server (String $root_password = 'x') {\n}\n",
		"app/metadata.json":         `{"name": "acme-app", "version": "1.0.0", "dependencies": [{"name": "acme-mysql"}]}`,
		"app/manifests/init.pp":     app,
		"tools/metadata.json":       `{"name": "acme-tools", "version": "1.0.0", "dependencies": []}`,
		"tools/manifests/init.pp":   tools,
	})
	c := start(t)
	c.initialize(map[string]any{}, dir)
	appInit := filepath.Join(dir, "app/manifests/init.pp")
	c.open(appInit, app, 1)
	c.waitPublished(appInit, 1, has(""))
	toolsInit := filepath.Join(dir, "tools/manifests/init.pp")
	c.open(toolsInit, tools, 1)
	c.waitPublished(toolsInit, 1, has("1:10 unknown-class"))
}
