package model

import (
	"cmp"
	"slices"
	"strings"

	"github.com/ducklint/ducklint/parser"
)

// IsPrivate reports whether a class or defined type says it is internal to
// its module: its doc comment has the puppet-strings tag `@api private`, or
// its body calls assert_private() outside any conditional (stdlib's function
// that fails the catalog when the declaring code is in another module).
func IsPrivate(d *Definition) bool {
	var body *parser.Block
	switch n := d.Node.(type) {
	case *parser.ClassDef:
		body = n.Body
	case *parser.DefineDef:
		body = n.Body
	default:
		return false
	}
	if body != nil && slices.ContainsFunc(body.Stmts, isAssertPrivate) {
		return true
	}
	return slices.ContainsFunc(docComment(d), func(c *parser.Comment) bool {
		return strings.Contains(c.Text, "@api private")
	})
}

// isAssertPrivate reports whether statement st is a call of assert_private.
func isAssertPrivate(st parser.Expr) bool {
	call, ok := st.(*parser.Call)
	return ok && strings.TrimPrefix(call.FuncName(), "::") == "assert_private"
}

// docComment returns the comments directly above d, one per line up to the
// line before it, as puppet-strings reads a doc comment.
func docComment(d *Definition) []*parser.Comment {
	if d.File == nil {
		return nil
	}
	return docCommentOf(d.File.Parsed, d.Node)
}

// docCommentOf returns the comments directly above node n of file f, as
// docComment does.
func docCommentOf(f *parser.File, n parser.Node) []*parser.Comment {
	if f == nil {
		return nil
	}
	cs := f.Comments
	start := n.Span().Start
	i, _ := slices.BinarySearchFunc(cs, start.Offset, func(c *parser.Comment, off int32) int {
		return cmp.Compare(c.Start.Offset, off)
	})
	line := start.Line
	j := i
	for j > 0 && cs[j-1].OwnLine && cs[j-1].End.Line == line-1 {
		j--
		line = cs[j].Start.Line
	}
	return cs[j:i]
}

// ModuleOf returns the module a class or defined type name belongs to, its
// first segment: "apache" for "apache::mod::ssl".
func ModuleOf(name string) string {
	mod, _, _ := strings.Cut(name, "::")
	return mod
}
