package engine

import (
	"sort"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules/model"
)

// definitionSpan is one definition of a file: its byte range, its name
// ("class ntp::config") and the index of the definition it is nested in
// (-1 for none).
type definitionSpan struct {
	start, end int32
	name       string
	parent     int
}

// enclosingDefinitions returns a Report.Enclosing for the reported files
// of progs. A file's definitions are indexed the first time it is asked
// about, so only the formats that ask (SARIF) pay for it; it is not safe
// for concurrent use.
func enclosingDefinitions(progs []*model.Program) func(path string, p parser.Pos) string {
	files := map[string]*parser.File{}
	for _, prog := range progs {
		for _, f := range prog.Files {
			if f.Reported && f.Parsed != nil {
				files[f.Path] = f.Parsed
			}
		}
	}
	indexes := map[string][]definitionSpan{}
	return func(path string, p parser.Pos) string {
		defs, ok := indexes[path]
		if !ok {
			if f := files[path]; f != nil {
				defs = fileDefinitions(f)
			}
			indexes[path] = defs
		}
		return innermost(defs, p.Offset)
	}
}

// fileDefinitions lists the classes, defined types, nodes, functions and
// plans of f in source order, each with the definition it is nested in.
// Puppet allows definitions only at top level and in class bodies, so
// those are all it looks at. The walk keeps its own stack: nesting depth
// comes from the file, which may be hostile.
func fileDefinitions(f *parser.File) []definitionSpan {
	if f.Program == nil || f.Program.Body == nil {
		return nil
	}
	type level struct {
		stmts  []parser.Expr
		parent int
	}
	var defs []definitionSpan
	stack := []level{{f.Program.Body.Stmts, -1}}
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if len(top.stmts) == 0 {
			stack = stack[:len(stack)-1]
			continue
		}
		stmt := top.stmts[0]
		top.stmts = top.stmts[1:]
		name, body := definitionOf(f.Src, stmt)
		if name == "" {
			continue
		}
		span := stmt.Span()
		defs = append(defs, definitionSpan{start: span.Start.Offset, end: span.End.Offset, name: name, parent: top.parent})
		if body != nil {
			stack = append(stack, level{body.Stmts, len(defs) - 1})
		}
	}
	return defs
}

// definitionOf names stmt when it is a definition ("class x", "node
// 'web01', /db/"), and returns the body that may hold nested definitions:
// a class's.
func definitionOf(src []byte, stmt parser.Expr) (name string, body *parser.Block) {
	switch d := stmt.(type) {
	case *parser.ClassDef:
		return "class " + d.Name, d.Body
	case *parser.DefineDef:
		return "define " + d.Name, nil
	case *parser.FunctionDef:
		return "function " + d.Name, nil
	case *parser.PlanDef:
		return "plan " + d.Name, nil
	case *parser.NodeDef:
		if len(d.Matchers) == 0 {
			return "node", nil
		}
		from, to := d.Matchers[0].Span().Start.Offset, d.Matchers[len(d.Matchers)-1].Span().End.Offset
		if from < 0 || to < from || int(to) > len(src) {
			return "node", nil
		}
		return "node " + string(src[from:to]), nil
	}
	return "", nil
}

// innermost names the innermost definition of defs (in source order)
// whose range holds off, "" for none: the last one starting at or before
// off, or the nearest of its ancestors that still holds off.
func innermost(defs []definitionSpan, off int32) string {
	i := sort.Search(len(defs), func(i int) bool { return defs[i].start > off })
	for i--; i >= 0; i = defs[i].parent {
		if off <= defs[i].end {
			return defs[i].name
		}
	}
	return ""
}
