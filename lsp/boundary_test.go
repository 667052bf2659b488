package lsp_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// The language server applies the run's boundary to its workspace
// folders: links in a folder leading outside it are not followed, so what
// they lead to is neither read as context nor shown.
func TestWorkspaceFolderBoundary(t *testing.T) {
	const secret = "SECRET_TOKEN=abc123supersecret"
	base := writeTree(t, map[string]string{
		"repo/.git/HEAD":                   "ref: refs/heads/main\n",
		"repo/environment.conf":            "",
		"repo/manifests/site.pp":           "include w\n",
		"repo/modules/w/manifests/init.pp": "class w {\n}\n",
		"outside/leak.pp":                  "class w::leak { notice('" + secret + "') }\n" + secret + "\n",
		"outside/ext/manifests/init.pp":    "class ext { notice('" + secret + "') }\n",
	})
	repo, outside := filepath.Join(base, "repo"), filepath.Join(base, "outside")
	for link, target := range map[string]string{
		"modules/w/manifests/leak.pp": filepath.Join(outside, "leak.pp"),
		"modules/ext":                 filepath.Join(outside, "ext"),
		"manifests/zero.pp":           "/dev/zero",
		"manifests/fifo.pp":           filepath.Join(outside, "fifo.pp"),
	} {
		if err := os.Symlink(target, filepath.Join(repo, filepath.FromSlash(link))); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(outside, "fifo.pp"), 0o644); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(filepath.Join(outside, "leak.pp"))
	if err != nil {
		t.Fatal(err)
	}

	c := start(t)
	c.initialize(map[string]any{}, repo)
	path := filepath.Join(repo, "modules/w/manifests/init.pp")
	c.open(path, "class w {\n  include w::leak\n  include ext\n}\n", 1)
	// w::leak is unknown: the file defining it is outside. (ext is a
	// module the tree does not hold, which may be installed.)
	c.waitPublished(path, 1, has("1:10 unknown-class"))

	site := filepath.Join(repo, "manifests/site.pp")
	c.open(site, "include w\n", 1)
	c.waitPublished(site, 1, has(""))

	c.mu.Lock()
	all, err := json.Marshal(struct {
		Published any
		Logs      []string
	}{c.published, c.logs})
	c.mu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	for _, leak := range []string{secret, "abc123", "outside/"} {
		if strings.Contains(string(all), leak) {
			t.Errorf("the server showed %q: %s", leak, all)
		}
	}
	after, err := os.Stat(filepath.Join(outside, "leak.pp"))
	if err != nil || !after.ModTime().Equal(fi.ModTime()) || after.Size() != fi.Size() {
		t.Errorf("the file outside changed: %v", err)
	}
	c.shutdown()
}
