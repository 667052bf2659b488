// Command ducklint lints Puppet code. See the README for usage.
package main

import (
	"os"
	"path/filepath"
	"runtime/debug"

	"github.com/ducklint/ducklint"
	"github.com/ducklint/ducklint/internal/gcpolicy"
	"github.com/ducklint/ducklint/lsp"
)

// The release build (.goreleaser.yaml) sets these with -ldflags -X: the
// tag, its full commit and the commit's date. A `go build` or `go install`
// leaves them empty, and --version reports what Go recorded.
var (
	version string
	commit  string
	date    string
)

func main() {
	cmd := &ducklint.Command{Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr, Getenv: os.Getenv,
		BuildInfo: ducklint.ReleaseBuildInfo(version, commit, date)}
	if len(os.Args) > 1 && os.Args[1] == "lsp" {
		tuneServerGC()
	} else {
		// A run's collector waits until the heap is large for the input
		// (package gcpolicy), unless GOGC or GOMEMLIMIT say otherwise,
		// and collects where a phase's working data has just died.
		policy := gcpolicy.Start(os.Getenv)
		cmd.Loaded, cmd.Collectable = policy.SetInput, policy.Collect
	}
	if len(os.Args) > 1 && subcommands[os.Args[1]] {
		adviseHugePages(false)
	} else {
		// Advised only once the command knows it will lint: --version and
		// --help then start as fast as a program that prints a line.
		cmd.BeforeLint = adviseHugePages
	}
	if dir, err := os.UserCacheDir(); err == nil {
		cmd.CacheDir = filepath.Join(dir, "ducklint")
	}
	code := cmd.Main(os.Args)
	for _, f := range atExit {
		f()
	}
	os.Exit(code)
}

// subcommands are the first arguments Command.Main runs as a subcommand;
// each of them may read a whole tree.
var subcommands = map[string]bool{"lsp": true, "policy": true, "init": true, "layout": true, "baseline": true}

// atExit runs before the process exits; profiling builds (-tags pprof) add
// to it.
var atExit []func()

// tuneServerGC sets the collector for `ducklint lsp`, unless GOGC or
// GOMEMLIMIT say otherwise: a server lives on, and what each check
// allocates dies with it, so it collects as it goes (see lsp.GCPercent).
func tuneServerGC() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetGCPercent(lsp.GCPercent)
}
