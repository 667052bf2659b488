package lsp_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ducklint/ducklint"
	"github.com/ducklint/ducklint/engine"
	"github.com/ducklint/ducklint/lsp"
)

// TestBaselinedFindings: the findings a baseline file accepts are hints,
// or not shown, by the server's setting; new ones are shown as usual, in
// unsaved buffers too.
func TestBaselinedFindings(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"modules/w/manifests/init.pp": "class w {\n  notice($nope)\n}\n",
	})
	cmd := &ducklint.Command{Stdout: new(discard), Stderr: new(discard), Dir: dir, Getenv: func(string) string { return "" }}
	if code := cmd.Main([]string{"ducklint", "baseline"}); code != 0 {
		t.Fatalf("ducklint baseline: exit %d", code)
	}
	if _, err := os.Stat(filepath.Join(dir, ".ducklint-baseline.json")); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "modules/w/manifests/init.pp")
	edited := "# moved down\nclass w {\n  notice($nope)\n  notice($fresh)\n}\n"

	for _, tt := range []struct {
		mode lsp.BaselineMode
		want string
	}{
		{lsp.BaselineHint, "2:9 unknown-variable, 3:9 unknown-variable"},
		{lsp.BaselineHide, "3:9 unknown-variable"},
		{lsp.BaselineShow, "2:9 unknown-variable, 3:9 unknown-variable"},
	} {
		t.Run(string(tt.mode), func(t *testing.T) {
			c := startWith(t, &lsp.Server{NewWorkspace: lsp.EngineWorkspacesWithBaseline(engine.Options{Jobs: 2}, tt.mode), Debounce: time.Millisecond})
			c.initialize(map[string]any{}, dir)
			c.open(path, edited, 1)
			ds := c.waitPublished(path, 1, has(tt.want))
			const hint, errorSeverity = 4, 1
			for _, d := range ds {
				baselined := d.Range.Start.Line == 2
				if want := errorSeverity; baselined && tt.mode == lsp.BaselineHint {
					want = hint
					if d.Severity != want {
						t.Errorf("%s: severity %d, want a hint", d.Message, d.Severity)
					}
				} else if d.Severity != want {
					t.Errorf("%s: severity %d, want %d", d.Message, d.Severity, want)
				}
			}
		})
	}
}

type discard struct{}

func (*discard) Write(p []byte) (int, error) { return len(p), nil }
