// Command ducklint lints Puppet code. See the README for usage.
package main

import (
	"os"
	"path/filepath"
	"runtime/debug"

	"github.com/ducklint/ducklint"
)

func main() {
	tuneGC()
	adviseHugePages()
	cmd := &ducklint.Command{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv}
	if dir, err := os.UserCacheDir(); err == nil {
		cmd.CacheDir = filepath.Join(dir, "ducklint")
	}
	os.Exit(cmd.Main(os.Args))
}

// tuneGC lets the heap grow to five times the live data between
// collections instead of twice, unless GOGC or GOMEMLIMIT say otherwise.
// A run builds one large, long-lived model and exits: collecting it again
// and again as it grows was 7% of a 5,000-file run (docs/performance.md).
// The memory limit keeps a very large tree from paying for that with
// gigabytes: past 1 GiB the collector runs as often as needed.
func tuneGC() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetGCPercent(400)
	debug.SetMemoryLimit(1 << 30)
}
