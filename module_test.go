package ducklint_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestTestsReadOnlyTheModule keeps the test suite self-contained: a test
// that reads a file outside the module (as the SARIF schema once was)
// skips or fails in a bare clone, and Go's test cache then replays that
// outcome. Every relative path literal in a test file must
// stay inside the module.
func TestTestsReadOnlyTheModule(t *testing.T) {
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, "_test.go") || path == filepath.Join(root, "module_test.go") {
			return nil // this file names ".." to look for it
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		checked++
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil || (s != ".." && !strings.HasPrefix(s, "../")) {
				return true
			}
			target := filepath.Join(filepath.Dir(path), filepath.FromSlash(s))
			if rel, err := filepath.Rel(root, target); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
				rel, _ := filepath.Rel(root, path)
				t.Errorf("%s: %q points outside the module; keep what tests read under testdata/", rel, s)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked == 0 {
		t.Fatal("no test files found")
	}
}

// TestCIRunsTestsUncached: .ci/run must not pass on results the test cache
// replays from another checkout or an earlier state of the files tests
// read.
func TestCIRunsTestsUncached(t *testing.T) {
	script, err := os.ReadFile(filepath.Join(".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	goTest := regexp.MustCompile(`(?m)^\s*go (-C \S+ )?test\b.*$`)
	lines := goTest.FindAllString(string(script), -1)
	if len(lines) == 0 {
		t.Fatal(".ci/run does not run go test")
	}
	for _, l := range lines {
		if !strings.Contains(l, "-count=1") {
			t.Errorf(".ci/run: %q runs with the test cache; add -count=1", strings.TrimSpace(l))
		}
	}
}
