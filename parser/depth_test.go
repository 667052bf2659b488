package parser

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// treeDepth returns the depth of the deepest node under n (n counts 1),
// without recursion.
func treeDepth(n Node) int {
	type frame struct {
		n     Node
		depth int
	}
	deepest := 0
	stack := []frame{{n, 1}}
	for len(stack) > 0 {
		fr := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		deepest = max(deepest, fr.depth)
		EachChild(fr.n, func(c Node) { stack = append(stack, frame{c, fr.depth + 1}) })
	}
	return deepest
}

// TestDeepChainsMatchPuppet checks operator, access, relationship, method
// and elsif chains, and nested brackets, blocks and interpolations, on both
// sides of the depth bounds against what Puppet 7 did with them
// (testdata/parse/deep/verdicts.json, recorded with
// scripts/record-puppet-verdicts): `puppet parser validate` accepts chains
// of 1,800 links and 1,000 to 1,900 nested levels, and fails with "stack
// level too deep" on 5,500 and 6,000. ducklint accepts the first and
// reports the second as a syntax error, and no tree it keeps is deeper than
// MaxTreeDepth.
func TestDeepChainsMatchPuppet(t *testing.T) {
	dir := filepath.Join("..", "testdata", "parse", "deep")
	data, err := os.ReadFile(filepath.Join(dir, "verdicts.json"))
	if err != nil {
		t.Fatal(err)
	}
	var recorded struct {
		Cases []struct {
			File     string        `json:"file"`
			Validate puppetVerdict `json:"validate"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(data, &recorded); err != nil {
		t.Fatal(err)
	}
	if len(recorded.Cases) < 10 {
		t.Fatalf("verdicts.json has %d cases", len(recorded.Cases))
	}
	for _, c := range recorded.Cases {
		t.Run(c.File, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join(dir, c.File))
			if err != nil {
				t.Fatal(err)
			}
			f := ParseFile(c.File, src)
			if d := treeDepth(f.Program); d > MaxTreeDepth {
				t.Errorf("tree kept is %d deep, over the bound %d", d, MaxTreeDepth)
			}
			if c.Validate.OK {
				if len(f.Errors) > 0 {
					t.Errorf("got %v; Puppet accepts the file", f.Errors[0])
				}
				return
			}
			if len(f.Errors) == 0 || !strings.HasPrefix(f.Errors[0].Message, "Expression nesting too deep") {
				t.Fatalf("errors %v; want 'Expression nesting too deep' first (Puppet: %s)", f.Errors, c.Validate.Message)
			}
			// Each chain is a statement of its own at the start of a line.
			if e := f.Errors[0]; e.Start.Column != 1 && !strings.HasPrefix(c.File, "nested-") {
				t.Errorf("error at %d:%d; want where the statement starts, column 1", e.Start.Line, e.Start.Column)
			}
		})
	}
}

// TestTooDeepStatementIsDroppedAlone checks that only the statement holding
// the too-deep chain leaves the tree: the rest of the file is still
// analysed.
func TestTooDeepStatementIsDroppedAlone(t *testing.T) {
	src := "class before { }\nclass holder {\n  $ok = 1\n  $x = 1" + strings.Repeat(" + 1", 6000) + "\n  notice($ok)\n}\nclass after { }\n"
	f := ParseFile("deep.pp", []byte(src))
	if len(f.Errors) != 1 {
		t.Fatalf("errors %v; want one", f.Errors)
	}
	if e := f.Errors[0]; e.Start.Line != 4 || e.Start.Column != 3 {
		t.Errorf("error at %d:%d; want 4:3, where `$x = …` starts", e.Start.Line, e.Start.Column)
	}
	stmts := f.Program.Body.Stmts
	if len(stmts) != 3 {
		t.Fatalf("%d top-level statements; want the three classes", len(stmts))
	}
	holder, ok := stmts[1].(*ClassDef)
	if !ok {
		t.Fatalf("second statement is %T", stmts[1])
	}
	if got := len(holder.Body.Stmts); got != 2 {
		t.Errorf("holder keeps %d statements; want 2 ($ok = 1 and notice)", got)
	}
	if d := treeDepth(f.Program); d > MaxTreeDepth {
		t.Errorf("tree is %d deep", d)
	}
}

// TestDeepInputShapes parses the shapes that exhausted the stack, each 200k
// links long, and checks that the tree is bounded. The walks after parsing
// (the model, every rule) recurse over the tree, so this bound is what keeps
// them off the stack limit; the command-level test runs them too.
func TestDeepInputShapes(t *testing.T) {
	const n = 200_000
	shapes := map[string]string{
		"plus":   "$x = 1" + strings.Repeat(" + 1", n),
		"index":  "$x = [1]" + strings.Repeat("[0]", n),
		"and":    "$x = true" + strings.Repeat(" and true", n),
		"then":   "$x = 1" + strings.Repeat(".then |$v| { $v }", n),
		"type":   "$x = Integer" + strings.Repeat("[1]", n),
		"arrow":  "notify { a: }\nNotify[a]" + strings.Repeat(" -> Notify[a]", n),
		"elsif":  "if $a { }" + strings.Repeat(" elsif $b { }", n),
		"unless": "$x = " + strings.Repeat("!", n) + "true",
	}
	for name, src := range shapes {
		t.Run(name, func(t *testing.T) {
			f := ParseFile(name+".pp", []byte(src+"\n"))
			if len(f.Errors) != 1 || !strings.HasPrefix(f.Errors[0].Message, "Expression nesting too deep") {
				t.Errorf("errors %v; want one about nesting", f.Errors)
			}
			if d := treeDepth(f.Program); d > MaxTreeDepth {
				t.Errorf("tree kept is %d deep", d)
			}
		})
	}
}

// nodesMadeAndReached parses src with a fresh arena and returns how many
// nodes the parse counted (the Program and its Body included) and how many
// distinct nodes its tree holds.
func nodesMadeAndReached(src []byte, opts ParseOptions) (made, reached int) {
	var a Arena
	f := a.ParseFileWithOptions("counted.pp", src, opts)
	seen := map[Node]bool{}
	stack := []Node{f.Program}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[n] {
			continue
		}
		seen[n] = true
		EachChild(n, func(c Node) { stack = append(stack, c) })
	}
	return 2 + a.nodes.made, len(seen)
}

// TestNodesMadeBoundTheTree checks what lets a parse skip boundDepth: the
// nodes it counts are at least the tree's nodes, so no tree of a parse
// that counted MaxTreeDepth nodes or fewer is deeper than that. It runs on
// every manifest and template of the repository's test data, which between
// them make every kind of node, and on chains just under the bound.
func TestNodesMadeBoundTheTree(t *testing.T) {
	var files []string
	err := filepath.WalkDir(filepath.Join("..", "testdata"), func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(path, ".pp") || strings.HasSuffix(path, ".epp")) {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 1000 {
		t.Fatalf("only %d test files found", len(files))
	}
	check := func(name string, src []byte, opts ParseOptions) {
		t.Helper()
		t.Run(name, func(t *testing.T) { checkNodesMade(t, src, opts) })
	}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		check(file, src, FileOptions(file))
		check(file+" (tasks)", src, ParseOptions{Tasks: true, EPP: strings.HasSuffix(file, ".epp")})
	}
	const n = 2400 // two nodes a link: under the bound
	shapes := map[string]string{
		"plus":  "$x = 1" + strings.Repeat(" + 1", n),
		"index": "$x = [1]" + strings.Repeat("[0]", n),
		"then":  "$x = 1" + strings.Repeat(".then |$v| { $v }", n/4),
		"arrow": "notify { a: }\nNotify[a]" + strings.Repeat(" -> Notify[a]", n/4),
		"elsif": "if $a { }" + strings.Repeat(" elsif $b { }", n/2),
		"not":   "$x = " + strings.Repeat("!", n) + "true",
	}
	for name, src := range shapes {
		check(name, []byte(src+"\n"), ParseOptions{})
		f := ParseFile(name+".pp", []byte(src+"\n"))
		if len(f.Errors) > 0 {
			t.Errorf("%s: %v", name, f.Errors[0])
		}
	}
}
