// Command compareverdicts compares ducklint's syntax-error findings with the verdicts
// Puppet gave on the same files (recorded by scripts/record-puppet-verdicts) and prints
// every disagreement: a file Puppet's parser accepts but ducklint reports a syntax-error
// for, the reverse, or a first error on a different line (and column, with -columns).
// With -also, findings of other rules (e.g. reserved-word, which ducklint reports instead
// of syntax-error for `class and {}`) count as the error on files Puppet rejects.
// Files for which Puppet gives no line ("Syntax error at end of input") are compared only
// on accept/reject.
//
// Usage (from the directory ducklint ran in, or say where with -lint-dir):
//
//	ducklint -f json testdata/conformance > /tmp/out.json
//	go run ./scripts/compareverdicts testdata/conformance/verdicts.json /tmp/out.json
//
// The ducklint output may be "-" for standard input. Exit status: 0 when they agree,
// 1 when there is any disagreement, 2 on a usage or input error.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is main with its streams and arguments passed in; it returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("compare-verdicts", flag.ContinueOnError)
	fs.SetOutput(stderr)
	lintDir := fs.String("lint-dir", ".", "directory ducklint ran in (its file paths are relative to it)")
	useValidate := fs.Bool("validate", false, "compare with `puppet parser validate` verdicts instead of the parser-only ones")
	columns := fs.Bool("columns", false, "also report a first error in a different column")
	also := fs.String("also", "", "comma-separated rules whose findings count as the error on files Puppet rejects (e.g. reserved-word)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: compare-verdicts [-lint-dir DIR] [-validate] [-columns] [-also RULE,...] VERDICTS.json DUCKLINT.json|-")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 2 {
		fs.Usage()
		return 2
	}
	opts := options{useValidate: *useValidate, columns: *columns, also: map[string]bool{}}
	for _, r := range strings.Split(*also, ",") {
		if r = strings.TrimSpace(r); r != "" {
			opts.also[r] = true
		}
	}
	n, err := compareFiles(fs.Arg(0), fs.Arg(1), *lintDir, opts, stdin, stdout, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "compare-verdicts:", err)
		return 2
	}
	if n > 0 {
		return 1
	}
	return 0
}

// compareFiles reads both inputs, prints the disagreements and a summary, and returns
// how many disagreements it found.
func compareFiles(verdictsPath, lintPath, lintDir string, opts options, stdin io.Reader, stdout, stderr io.Writer) (int, error) {
	vf, err := os.Open(verdictsPath)
	if err != nil {
		return 0, err
	}
	defer vf.Close()
	verdicts, err := readVerdicts(vf)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", verdictsPath, err)
	}

	lintIn := stdin
	if lintPath != "-" {
		f, err := os.Open(lintPath)
		if err != nil {
			return 0, err
		}
		defer f.Close()
		lintIn = f
	}
	out, err := readLintOutput(lintIn)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", lintPath, err)
	}

	absLint, err := filepath.Abs(lintDir)
	if err != nil {
		return 0, fmt.Errorf("resolving -lint-dir: %w", err)
	}
	absVerdicts, err := filepath.Abs(filepath.Dir(verdictsPath))
	if err != nil {
		return 0, fmt.Errorf("resolving the verdicts directory: %w", err)
	}
	fe := collectFirstErrors(out.Findings, absLint, absVerdicts, opts.also)
	ds := compare(verdicts.Cases, fe, opts)
	for _, d := range ds {
		fmt.Fprintln(stdout, d)
	}

	accepted, rejected := 0, 0
	for _, d := range ds {
		if d.Puppet.OK {
			accepted++
		} else {
			rejected++
		}
	}
	fmt.Fprintf(stdout, "%d files (Puppet %s): %d disagreements, %d on files Puppet accepts, %d on files Puppet rejects\n",
		len(verdicts.Cases), verdicts.PuppetVersion, len(ds), accepted, rejected)
	if fe.outside > 0 {
		fmt.Fprintf(stderr, "note: %d syntax-error findings are outside %s (wrong -lint-dir?)\n", fe.outside, absVerdicts)
	}
	if out.Files < len(verdicts.Cases) {
		fmt.Fprintf(stderr, "note: ducklint read %d files, Puppet judged %d\n", out.Files, len(verdicts.Cases))
	}
	return len(ds), nil
}
