package ducklint_test

import (
	"bytes"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/ducklint/ducklint"
	"github.com/ducklint/ducklint/parser/load/gentree"
	"github.com/ducklint/ducklint/rules/ruletest"
)

// lintOne runs the command on one file of dir, in-process, with the
// context narrowed (and cached in cacheDir, "" for none) or whole.
func lintOne(t *testing.T, dir, cacheDir, file string, whole bool, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	cmd := &ducklint.Command{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, Dir: dir,
		Getenv: func(string) string { return "" }, CacheDir: cacheDir}
	if whole {
		ducklint.WholeContext(cmd)
	}
	code := cmd.Main(append(append([]string{"ducklint", "-f", "json"}, args...), file))
	return code, out.String(), errOut.String()
}

// puppetFiles lists the .pp and .epp files under dir, relative to it.
func puppetFiles(t *testing.T, dir string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && (strings.HasSuffix(p, ".pp") || strings.HasSuffix(p, ".epp")) {
			rel, _ := filepath.Rel(dir, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// assertSameAsWholeContext lints every Puppet file of dir on its own, with
// the context narrowed and with the whole context, and fails on any
// difference in exit code, output or messages.
func assertSameAsWholeContext(t *testing.T, name, dir, cacheDir string) (files, findings int) {
	t.Helper()
	for _, f := range puppetFiles(t, dir) {
		wCode, wOut, wErr := lintOne(t, dir, "", f, true)
		nCode, nOut, nErr := lintOne(t, dir, cacheDir, f, false)
		if wCode != nCode || wOut != nOut || wErr != nErr {
			t.Errorf("%s: %s: narrowed context differs from the whole context\nwhole (exit %d):\n%s%s\nnarrowed (exit %d):\n%s%s",
				name, f, wCode, wOut, wErr, nCode, nOut, nErr)
		}
		files++
		findings += strings.Count(wOut, `"rule":`)
	}
	return files, findings
}

// TestNarrowedContextMatchesWholeContext is the proof that linting a file
// with only the context model.Relevant keeps gives exactly the findings
// (and messages and exit code) of linting it with its whole environment:
// every file of every rule fixture, of the Puppet-verified fixtures and of
// a generated control repo, linted both ways.
func TestNarrowedContextMatchesWholeContext(t *testing.T) {
	var archives []string
	for _, root := range []string{"testdata/rules", "testdata/puppet-apply", "testdata/scope", "testdata/model",
		"testdata/load", "testdata/control-comments"} {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && strings.HasSuffix(p, ".txtar") {
				archives = append(archives, p)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(archives) < 80 {
		t.Fatalf("found %d fixture archives; the fixture directories moved?", len(archives))
	}
	files, findings := 0, 0
	for _, a := range archives {
		ar, err := txtar.ParseFile(a)
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		if err := ruletest.WriteArchive(ar, dir); err != nil {
			t.Fatal(err)
		}
		n, f := assertSameAsWholeContext(t, a, dir, "")
		files += n
		findings += f
	}

	dir := t.TempDir()
	if err := gentree.Generate(120, 7).Write(dir); err != nil {
		t.Fatal(err)
	}
	n, f := assertSameAsWholeContext(t, "generated tree", dir, t.TempDir())
	files += n
	findings += f
	t.Logf("%d archives, %d files, %d findings compared", len(archives), files, findings)
	if findings < 500 {
		t.Errorf("only %d findings compared: the comparison proves little", findings)
	}
}
