package rules

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules/model"
)

// TestNodeParentsMatchInspectStack checks Pass.Nodes and Pass.NodeParents
// against parser.InspectStack on the parser's golden inputs and the rule fixtures: the same nodes
// in the same order, each with its innermost ancestor as parent.
func TestNodeParentsMatchInspectStack(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("..", "testdata", "parse", "*.pp"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no parser inputs: %v", err)
	}
	fixtures, err := filepath.Glob(filepath.Join("..", "testdata", "rules", "*", "*.pp"))
	if err != nil {
		t.Fatal(err)
	}
	paths = append(paths, fixtures...)
	nodes := &fileNodes{}
	total := 0
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		parsed := parser.ParseFile(path, src)
		if parsed.Program == nil {
			continue
		}
		var want []parser.Node
		var wantParents []int32
		index := map[parser.Node]int32{}
		parser.InspectStack(parsed.Program, func(n parser.Node, stack []parser.Node) bool {
			index[n] = int32(len(want))
			want = append(want, n)
			parent := int32(-1)
			if len(stack) > 0 {
				parent = index[stack[len(stack)-1]]
			}
			wantParents = append(wantParents, parent)
			return true
		})
		// One recycled list for all files, as the runner does.
		p := &Pass{File: &model.File{Path: path, Parsed: parsed}, nodes: nodes}
		if got := p.Nodes(); !slices.Equal(got, want) {
			t.Errorf("%s: Nodes gives %d nodes, InspectStack %d or in another order", path, len(got), len(want))
		}
		if got := p.NodeParents(); !slices.Equal(got, wantParents) {
			t.Errorf("%s: NodeParents differs from InspectStack's stacks", path)
		}
		total += len(want)
		nodes.reset()
	}
	if total < 1000 {
		t.Errorf("only %d nodes in the inputs", total)
	}
}
