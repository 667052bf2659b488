//go:build unix

package engine_test

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/engine"
	"github.com/ducklint/ducklint/parser/load/gentree"
)

// A file the last run kept as context may since have become a named pipe
// or a link to a device. Reading it ahead must neither wait for a writer
// nor read without end: the run ends, and finds what a run without the
// cache finds.
func TestReadAheadSkipsWhatIsNoLongerAFile(t *testing.T) {
	for _, replace := range []struct {
		name string
		make func(path string) error
	}{
		{"named pipe", func(path string) error { return syscall.Mkfifo(path, 0o644) }},
		{"link to /dev/zero", func(path string) error { return os.Symlink("/dev/zero", path) }},
	} {
		t.Run(replace.name, func(t *testing.T) {
			dir := writeTree(t, gentree.Tree{
				"environment.conf":              "modulepath = site:modules\n",
				"manifests/site.pp":             "node default {\n  include profile::app\n}\n",
				"site/profile/manifests/app.pp": "class profile::app {\n  class { 'app': port => 80 }\n}\n",
				"modules/app/manifests/init.pp": "class app (Integer $port = 8080) {\n  notify { 'app': }\n}\n",
			})
			const file = "site/profile/manifests/app.pp"
			cacheDir := t.TempDir()
			later := func() time.Time { return time.Now().Add(time.Hour) }
			opts := engine.Options{Roots: []string{file}, Dir: dir, Jobs: 2, CacheDir: cacheDir, CacheOwner: "test", Now: later}
			checkOnce(t, opts) // records the context, the module's class among it

			context := filepath.Join(dir, "modules/app/manifests/init.pp")
			if err := os.Remove(context); err != nil {
				t.Fatal(err)
			}
			if err := replace.make(context); err != nil {
				t.Fatal(err)
			}
			s, cached := checkOnce(t, opts)
			if engine.Updated(s).Predicted == 0 {
				t.Fatal("nothing was read ahead: the test no longer reaches the read-ahead")
			}
			opts.CacheDir = ""
			_, fresh := checkOnce(t, opts)
			if got, want := outcome(cached), outcome(fresh); got != want {
				t.Errorf("with the context read ahead:\n%s\nwithout the cache:\n%s", got, want)
			}
		})
	}
}

// outcome is a result's findings and errors, as text to compare.
func outcome(res *engine.Result) string {
	return show(diagnostics.Values(res.Findings)) + fmt.Sprint(res.Errors)
}
