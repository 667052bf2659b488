// Package benchtree gives the editor benchmarks (edit-to-findings in
// package engine, edit-to-diagnostics in package lsp) the tree they run on
// and the files they edit: a generated 5,000-file control repo by default,
// or a real tree named by the environment.
//
// DUCKLINT_BENCH_TREE is the directory of a real tree (a control repo, such
// as DIR/large of scripts/bench-trees); DUCKLINT_BENCH_FILES is then the
// comma-separated list of its files to edit, relative to it: the widely
// included ones, whose checks keep the most context (docs/performance.md
// lists them for the trees it measures).
//
// DUCKLINT_BENCH_EDIT chooses what each edit appends to the edited file:
// "comment" (the default) a comment line, which leaves the file's summary
// (what narrowing works from) as it was; "mention" a call naming a word
// no other edit names, which changes the summary (as typing code does)
// but not which files the file's findings depend on.
package benchtree

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load/gentree"
)

// The environment variables that name a real tree, its files to edit and
// the kind of edit.
const (
	TreeEnv  = "DUCKLINT_BENCH_TREE"
	FilesEnv = "DUCKLINT_BENCH_FILES"
	EditEnv  = "DUCKLINT_BENCH_EDIT"
)

// Edit returns the line the n-th edit appends (with its newline), as
// EditEnv says.
func Edit(tb testing.TB, n int) string {
	switch kind := os.Getenv(EditEnv); kind {
	case "", "comment":
		return fmt.Sprintf("# edit %d\n", n)
	case "mention":
		return fmt.Sprintf("notice('bench_edit%d')\n", n)
	default:
		tb.Fatalf("%s=%q: want comment or mention", EditEnv, kind)
		return ""
	}
}

// Tree returns the directory of the benchmark's tree (absolute) and the
// files to edit (relative to it, '/'-separated). Without TreeEnv it writes
// the generated 5,000-file tree to a temporary directory and edits each of
// ten modules' init.pp, params.pp and config.pp.
func Tree(tb testing.TB) (dir string, files []string) {
	tb.Helper()
	if real := os.Getenv(TreeEnv); real != "" {
		dir, err := filepath.Abs(real)
		if err != nil {
			tb.Fatal(err)
		}
		for f := range strings.SplitSeq(os.Getenv(FilesEnv), ",") {
			if f = strings.TrimSpace(f); f == "" {
				continue
			}
			if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
				tb.Fatalf("%s: %v", FilesEnv, err)
			}
			files = append(files, filepath.ToSlash(f))
		}
		if len(files) == 0 {
			tb.Fatalf("%s is set: %s must name the files to edit (comma-separated, relative to the tree)", TreeEnv, FilesEnv)
		}
		return dir, files
	}
	dir = tb.TempDir()
	if err := gentree.Generate(5000, 1).Write(dir); err != nil {
		tb.Fatal(err)
	}
	for m := range 10 {
		for _, f := range []string{"init.pp", "params.pp", "config.pp"} {
			files = append(files, fmt.Sprintf("modules/mod%03d/manifests/%s", m, f))
		}
	}
	return dir, files
}

// Manifests parses every manifest (.pp file) under dir, for the benchmarks
// of a pass over parsed files; a file the parser makes no program of is
// left out.
func Manifests(tb testing.TB, dir string) []*parser.File {
	tb.Helper()
	var files []*parser.File
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".pp") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if f := parser.ParseFile(path, src); f.Program != nil {
			files = append(files, f)
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return files
}
