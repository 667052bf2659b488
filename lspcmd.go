package ducklint

import (
	"context"
	"flag"
	"fmt"
	"io"
	"runtime"

	"github.com/ducklint/ducklint/engine"
	"github.com/ducklint/ducklint/lsp"
)

const lspUsageText = `usage: ducklint lsp [flags]

Runs ducklint as a language server (LSP 3.17) on standard input and output,
for editors; see the README's "Editors" section. "lsp" is the subcommand only
as the first argument: "ducklint ./lsp" lints a directory named lsp.

Flags:
      --enable RULE,...   enable rules
      --disable RULE,...  disable rules
      --jobs N            files processed at once (default %d)
      --baseline-findings hint|hide|show
                          the findings the baseline file accepts (.ducklint-baseline.json, or
                          baseline = "..." in the configuration): hints (default), hidden, or
                          shown as any other finding
`

// serveLSP runs `ducklint lsp`: the language server on the command's
// standard streams, logging to its standard error. It returns 0 after the
// client's shutdown and exit, 1 when the client exits without shutdown or
// the stream ends (as the protocol says), 2 for a usage error.
func (c *Command) serveLSP(args []string) int {
	var enable, disable []string
	jobs := runtime.GOMAXPROCS(0)
	fs := flag.NewFlagSet("ducklint lsp", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Var(listFlag{&enable}, "enable", "")
	fs.Var(listFlag{&disable}, "disable", "")
	fs.IntVar(&jobs, "jobs", jobs, "")
	baselineFindings := string(lsp.BaselineHint)
	fs.StringVar(&baselineFindings, "baseline-findings", baselineFindings, "")
	help := false
	fs.BoolVar(&help, "h", false, "")
	fs.BoolVar(&help, "help", false, "")
	if err := fs.Parse(args); err != nil {
		fmt.Fprintf(c.Stderr, "ducklint lsp: %s (see --help)\n", documentedFlagSpelling(err.Error()))
		return ExitUsage
	}
	if help {
		fmt.Fprintf(c.Stdout, lspUsageText, runtime.GOMAXPROCS(0))
		return ExitClean
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(c.Stderr, "ducklint lsp: unexpected argument %q (the server takes its folders from the editor)\n", fs.Arg(0))
		return ExitUsage
	}
	if jobs < 1 {
		fmt.Fprintf(c.Stderr, "ducklint lsp: --jobs must be at least 1, got %d\n", jobs)
		return ExitUsage
	}
	mode, ok := lsp.ParseBaselineMode(baselineFindings)
	if !ok {
		fmt.Fprintf(c.Stderr, "ducklint lsp: --baseline-findings %q: want hint, hide or show\n", baselineFindings)
		return ExitUsage
	}
	version := c.build().reportVersion()
	cacheDir, cacheOwner := c.cache()
	srv := &lsp.Server{
		NewWorkspace: lsp.EngineWorkspacesWithBaseline(engine.Options{Enable: enable, Disable: disable, Jobs: jobs,
			CacheDir: cacheDir, CacheOwner: cacheOwner, Now: c.now}, mode),
		Log: c.Stderr, Debounce: lsp.DefaultDebounce, Version: version,
	}
	if err := srv.Serve(context.Background(), stdio{c.Stdin, c.Stdout}); err != nil {
		fmt.Fprintf(c.Stderr, "ducklint lsp: %v\n", err)
		return 1
	}
	return ExitClean
}

// stdio is the server's connection: standard input and output.
type stdio struct {
	io.Reader
	io.Writer
}

// Close closes neither stream: they are the process's, and it is about to exit.
func (stdio) Close() error { return nil }
