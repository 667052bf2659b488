package ducklint_test

import (
	"fmt"
	"strings"
	"testing"
)

// frames joins LSP messages with their headers, as a client writes them.
func frames(msgs ...string) string {
	var b strings.Builder
	for _, m := range msgs {
		fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n%s", len(m), m)
	}
	return b.String()
}

func TestLSPSubcommandServesStdio(t *testing.T) {
	dir := writeTree(t, map[string]string{"site.pp": "notice(1)\n"})
	stdin := frames(
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{},"rootUri":"file://`+dir+`"}}`,
		`{"jsonrpc":"2.0","method":"initialized","params":{}}`,
		`{"jsonrpc":"2.0","id":2,"method":"shutdown"}`,
		`{"jsonrpc":"2.0","method":"exit"}`,
	)
	code, out, errOut := run(t, dir, stdin, "lsp")
	if code != 0 {
		t.Fatalf("exit code %d after shutdown and exit; stderr:\n%s", code, errOut)
	}
	if !strings.Contains(out, `"id":1,"result":{"capabilities":`) || !strings.Contains(out, `"id":2,"result":null`) {
		t.Errorf("stdout is not the server's answers:\n%s", out)
	}
}

func TestLSPSubcommandWithoutShutdownExitsOne(t *testing.T) {
	dir := t.TempDir()
	code, _, _ := run(t, dir, frames(`{"jsonrpc":"2.0","method":"exit"}`), "lsp")
	if code != 1 {
		t.Errorf("exit code %d for exit without shutdown, want 1", code)
	}
	if code, _, errOut := run(t, dir, "", "lsp", "stray"); code != 2 || !strings.Contains(errOut, `unexpected argument "stray"`) {
		t.Errorf("ducklint lsp stray: exit %d, stderr %q; want a usage error", code, errOut)
	}
	if code, _, errOut := run(t, dir, "", "lsp", "--baseline-findings", "grey"); code != 2 || !strings.Contains(errOut, "want hint, hide or show") {
		t.Errorf("ducklint lsp --baseline-findings grey: exit %d, stderr %q; want a usage error", code, errOut)
	}
}

func TestDirectoryNamedLSPIsLintedAsAPath(t *testing.T) {
	dir := writeTree(t, map[string]string{"lsp/site.pp": "notice($nope)\n"})
	for _, args := range [][]string{{"./lsp"}, {"--format", "text", "lsp"}, {"--", "lsp"}} {
		code, out, errOut := run(t, dir, "", args...)
		if code != 1 || !strings.Contains(out, "unknown-variable") {
			t.Errorf("ducklint %s: exit %d, stdout %q, stderr %q; want the directory linted", strings.Join(args, " "), code, out, errOut)
		}
	}
}
