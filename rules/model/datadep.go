package model

import (
	"slices"
	"strings"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules/builtin"
)

// dependsOnData reports whether the test of a conditional reads what the
// node's data decides: a class or define parameter or local variable
// (most come from Hiera), or a lookup. Tests of facts, trusted data and
// built-in variables, of literals and of defined() are properties of a
// node or of evaluation order: some node this tree can produce takes any
// arm that they allow.
func dependsOnData(cond parser.Node) bool {
	var test parser.Node
	switch n := cond.(type) {
	case *parser.If:
		test = n.Cond
	case *parser.Unless:
		test = n.Cond
	case *parser.Case:
		test = n.Test
	case *parser.Selector:
		test = n.X
	default:
		return true
	}
	data := false
	parser.Inspect(test, func(n parser.Node) bool {
		switch n := n.(type) {
		case *parser.Variable:
			name := strings.TrimPrefix(n.Name, "::")
			if !(name == "facts" || name == "trusted" || name == "server_facts" || builtin.IsKnownTopScopeVariable(name)) {
				data = true
			}
		case *parser.Call:
			switch strings.TrimPrefix(n.FuncName(), "::") {
			case "lookup", "hiera", "hiera_array", "hiera_hash", "hiera_include":
				data = true
			}
		}
		return !data
	})
	return data
}

// PathDependsOnData reports whether any arm of a path of conditional arms
// is taken on a test of the node's data (see dependsOnData).
func PathDependsOnData(path []Branch) bool {
	return slices.ContainsFunc(path, func(b Branch) bool { return dependsOnData(b.Cond) })
}
