package model

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/parser"
)

// testsDefinedApart and definedNamesApart are the two answers of
// readWalker.definedTests, each worked out by a walk of its own.
func testsDefinedApart(w *readWalker, e parser.Expr) bool {
	found := false
	parser.Inspect(e, func(n parser.Node) bool {
		switch n := n.(type) {
		case *parser.Call:
			found = found || strings.TrimPrefix(n.FuncName(), "::") == "defined"
		case *parser.Variable:
			found = found || w.definedVars[n.Name]
		case *parser.Lambda:
			return false
		}
		return !found
	})
	return found
}

func definedNamesApart(w *readWalker, e parser.Expr) []string {
	var names []string
	parser.Inspect(e, func(n parser.Node) bool {
		switch n := n.(type) {
		case *parser.Binary:
			if n.Op != "==" && n.Op != "!=" {
				break
			}
			for _, pair := range [2][2]parser.Expr{{n.X, n.Y}, {n.Y, n.X}} {
				if _, undef := pair[1].(*parser.Undef); undef {
					if v := bareVariable(pair[0]); v != nil {
						names = append(names, strings.TrimPrefix(v.Name, "::"))
					}
				}
			}
		case *parser.Call:
			if strings.TrimPrefix(n.FuncName(), "::") != "defined" {
				break
			}
			for _, a := range n.Args {
				if lit, ok := a.(*parser.StringLit); ok && strings.HasPrefix(lit.Value, "$") {
					names = append(names, strings.TrimPrefix(lit.Value[1:], "::"))
				}
			}
		case *parser.Variable:
			names = append(names, w.definedVarNames[n.Name]...)
		case *parser.Lambda:
			return false
		}
		return true
	})
	return names
}

// TestDefinedTestsInOneWalk checks definedTests against the two walks it
// replaces, on every assigned value and condition of the repository's
// Puppet test files and of hand-written corners, with variables assigned
// from defined() tests known to the walker.
func TestDefinedTestsInOneWalk(t *testing.T) {
	srcs := []string{
		"$a = defined('$x') and $y == undef\nif $a { }\n",
		"if $t and $u != undef { }\n$v = [1].map |$i| { defined('$z') }\n",
		"unless defined(Class['k']) or $t { }\n$w = $t\n",
	}
	err := filepath.WalkDir(filepath.Join("..", ".."), func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir
		}
		if strings.Contains(path, "testdata") && strings.HasSuffix(path, ".pp") {
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			srcs = append(srcs, string(src))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	w := &readWalker{readScratch: &readScratch{definedVars: map[string]bool{"t": true, "a": true},
		definedVarNames: map[string][]string{"t": {"x"}, "w": {"y", "z"}}}}
	compared, testsSeen, naming := 0, 0, 0
	for _, src := range srcs {
		f := parser.ParseFile("a.pp", []byte(src))
		if f.Program == nil {
			continue
		}
		parser.Inspect(f.Program, func(n parser.Node) bool {
			var e parser.Expr
			switch n := n.(type) {
			case *parser.Assign:
				e = n.RHS
			case *parser.If:
				e = n.Cond
			case *parser.Unless:
				e = n.Cond
			case *parser.Case:
				e = n.Test
			}
			if e == nil {
				return true
			}
			tests, names := w.definedTests(e)
			wantTests, wantNames := testsDefinedApart(w, e), definedNamesApart(w, e)
			if tests != wantTests || !slices.Equal(names, wantNames) {
				t.Errorf("%s: definedTests %v %v, apart %v %v", parser.Dump(e), tests, names, wantTests, wantNames)
			}
			compared++
			if tests {
				testsSeen++
			}
			if len(names) > 0 {
				naming++
			}
			return true
		})
	}
	if compared < 1000 || testsSeen < 20 || naming < 20 {
		t.Errorf("compared %d expressions, %d testing, %d naming: too few", compared, testsSeen, naming)
	}
}
