package parser

import (
	"reflect"
	"strconv"
	"strings"
)

// sexpr renders an expression compactly, without positions, for tests of
// tree shape such as precedence: (+ 1 (* 2 3)).
func sexpr(n Node) string {
	var b strings.Builder
	writeSexpr(&b, n)
	return b.String()
}

func writeSexpr(b *strings.Builder, n Node) {
	list := func(head string, parts ...Node) {
		b.WriteString("(" + head)
		for _, p := range parts {
			b.WriteByte(' ')
			writeSexpr(b, p)
		}
		b.WriteByte(')')
	}
	exprs := func(es []Expr) []Node {
		out := make([]Node, 0, len(es))
		for _, e := range es {
			out = append(out, e)
		}
		return out
	}
	switch n := n.(type) {
	case nil:
		b.WriteString("nil")
	case *Program:
		writeSexpr(b, n.Body)
	case *Block:
		list("block", exprs(n.Stmts)...)
	case *Number:
		b.WriteString(n.Raw)
	case *StringLit:
		b.WriteString(strconv.Quote(n.Value))
	case *InterpolatedString:
		list("concat", exprs(n.Parts)...)
	case *Heredoc:
		list("heredoc:"+n.Tag, n.Text)
	case *Bool:
		b.WriteString(strconv.FormatBool(n.Value))
	case *Undef:
		b.WriteString("undef")
	case *Default:
		b.WriteString("default")
	case *Regex:
		b.WriteString("/" + n.Pattern + "/")
	case *Name:
		b.WriteString(n.Value)
	case *TypeRef:
		b.WriteString(n.Value)
	case *Reserved:
		b.WriteString("reserved:" + n.Word)
	case *Variable:
		b.WriteString("$" + n.Name)
	case *Array:
		list("array", exprs(n.Elems)...)
	case *Hash:
		var parts []Node
		for _, e := range n.Entries {
			parts = append(parts, e)
		}
		list("hash", parts...)
	case *HashEntry:
		list("=>", n.Key, n.Value)
	case *Access:
		list("access", append([]Node{n.Target}, exprs(n.Keys)...)...)
	case *Unary:
		list(n.Op, n.X)
	case *Binary:
		list(n.Op, n.X, n.Y)
	case *Paren:
		list("paren", n.X)
	case *Selector:
		parts := []Node{n.X}
		for _, c := range n.Cases {
			parts = append(parts, c)
		}
		list("?", parts...)
	case *SelectorCase:
		list("=>", n.Match, n.Value)
	case *Assign:
		list(n.Op, n.LHS, n.RHS)
	case *Relationship:
		list(n.Op, n.Left, n.Right)
	case *Call:
		head := "call"
		if n.Statement {
			head = "scall"
		}
		parts := append([]Node{n.Func}, exprs(n.Args)...)
		if n.Lambda != nil {
			parts = append(parts, n.Lambda)
		}
		list(head, parts...)
	case *MethodCall:
		parts := append([]Node{n.Receiver}, exprs(n.Args)...)
		if n.Lambda != nil {
			parts = append(parts, n.Lambda)
		}
		list("."+n.Name, parts...)
	case *Lambda:
		var parts []Node
		for _, p := range n.Params {
			parts = append(parts, p)
		}
		parts = append(parts, n.Body)
		list("lambda", parts...)
	case *Parameter:
		s := "$" + n.Name
		if n.CapturesRest {
			s = "*" + s
		}
		b.WriteString(s)
	case *If:
		list("if", n.Cond, n.Then, n.Else)
	case *Unless:
		list("unless", n.Cond, n.Then, n.Else)
	case *Case:
		parts := []Node{n.Test}
		for _, o := range n.Options {
			parts = append(parts, o)
		}
		list("case", parts...)
	case *CaseOption:
		list("when", append(exprs(n.Values), n.Body)...)
	case *Resource:
		parts := []Node{n.Type}
		for _, bd := range n.Bodies {
			parts = append(parts, bd)
		}
		list("resource"+n.Form, parts...)
	case *ResourceBody:
		parts := []Node{n.Title}
		for _, a := range n.Attrs {
			parts = append(parts, a)
		}
		list("body", parts...)
	case *AttributeOp:
		op := "=>"
		if n.Append {
			op = "+>"
		}
		list(op+" "+n.Name, n.Value)
	case *ResourceDefaults:
		parts := []Node{n.Type}
		for _, a := range n.Attrs {
			parts = append(parts, a)
		}
		list("defaults", parts...)
	case *ResourceOverride:
		parts := []Node{n.Target}
		for _, a := range n.Attrs {
			parts = append(parts, a)
		}
		list("override", parts...)
	case *Collector:
		var t Node = n.Type
		if n.Type == nil {
			t = n.Other
		}
		parts := []Node{t, n.Query}
		for _, a := range n.Attrs {
			parts = append(parts, a)
		}
		list("collect", parts...)
	default:
		b.WriteString("<" + reflect.TypeOf(n).Elem().Name() + ">")
	}
}
