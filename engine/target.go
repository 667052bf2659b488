package engine

import (
	"strings"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules/model"
)

// targetKind says what kind of name a position is on.
type targetKind int

const (
	// targetClass is a class name: declared (include, require, contain,
	// class { 'x': }, a declaring function), referenced (Class['x']) or
	// inherited.
	targetClass targetKind = iota + 1
	// targetResourceType is a resource type: a defined type or a Ruby
	// type (in a resource, a resource reference, defaults, a collector).
	targetResourceType
	// targetTypeRef is a capitalised name elsewhere: a defined type or a
	// type alias.
	targetTypeRef
	// targetFunction is the name of a called function.
	targetFunction
	// targetDefinition is the name of a definition itself.
	targetDefinition
	// targetVariable is a $variable.
	targetVariable
	// targetParameter is the name of a parameter in its declaration.
	targetParameter
)

// target is the name a position is on.
type target struct {
	kind targetKind
	// name is the normalised name of a class, resource type, type or
	// function.
	name  string
	v     *parser.Variable
	param *parser.Parameter
	def   parser.Node // for targetDefinition
}

// declaringStatements are the functions whose arguments name classes.
var declaringStatements = map[string]bool{"include": true, "require": true, "contain": true}

// targetAt returns the name at byte offset off of pf, nil for none
// (whitespace, a comment, an operator, a literal that names nothing).
// declaring are the functions that declare classes by pattern.
func targetAt(pf *parser.File, off int32, declaring model.DeclaringFunctions) *target {
	// The innermost node holding off. Every node is visited: heredoc text
	// lies outside the spans of its ancestors, so none can be skipped.
	var at parser.Node
	var path []parser.Node
	parser.InspectStack(pf.Program, func(n parser.Node, stack []parser.Node) bool {
		if sp := n.Span(); sp.Start.Offset <= off && off < sp.End.Offset && (at == nil || len(stack) >= len(path)) {
			at, path = n, append(path[:0], stack...)
		}
		return true
	})
	if at == nil {
		return nil
	}
	in := func(sp parser.Span) bool { return sp.Start.Offset <= off && off < sp.End.Offset }
	switch n := at.(type) {
	case *parser.Variable:
		return &target{kind: targetVariable, v: n}
	case *parser.Parameter:
		if in(n.NameSpan) {
			return &target{kind: targetParameter, param: n}
		}
	case *parser.ClassDef:
		if in(n.NameSpan) {
			return &target{kind: targetDefinition, def: n}
		}
		if n.Parent != "" && in(n.ParentSpan) {
			return &target{kind: targetClass, name: model.NormalizeClassName(n.Parent)}
		}
	case *parser.DefineDef:
		if in(n.NameSpan) {
			return &target{kind: targetDefinition, def: n}
		}
	case *parser.FunctionDef:
		if in(n.NameSpan) {
			return &target{kind: targetDefinition, def: n}
		}
	case *parser.PlanDef:
		if in(n.NameSpan) {
			return &target{kind: targetDefinition, def: n}
		}
	case *parser.TypeAlias:
		if in(n.NameSpan) {
			return &target{kind: targetDefinition, def: n}
		}
	case *parser.MethodCall:
		if in(n.NameSpan) {
			return &target{kind: targetFunction, name: model.NormalizeClassName(n.Name)}
		}
	case *parser.Name, *parser.StringLit, *parser.TypeRef:
		return wordTarget(at, path, declaring)
	}
	return nil
}

// wordValue returns the text of a bare word, string literal or type
// reference.
func wordValue(n parser.Node) (string, bool) {
	switch n := n.(type) {
	case *parser.Name:
		return n.Value, true
	case *parser.StringLit:
		return n.Value, true
	case *parser.TypeRef:
		return n.Value, true
	}
	return "", false
}

// wordTarget returns what a bare word, string or type reference n names,
// given its ancestors (outermost first).
func wordTarget(n parser.Node, path []parser.Node, declaring model.DeclaringFunctions) *target {
	word, _ := wordValue(n)
	name := model.NormalizeClassName(word)
	if name == "" {
		return nil
	}
	class := &target{kind: targetClass, name: name}
	// An element of an array argument or title names what the array
	// does: the owner is the node the word (or its array) belongs to.
	at := func(i int) parser.Node {
		if i < 0 || i >= len(path) {
			return nil
		}
		return path[i]
	}
	k := len(path) - 1
	item := n
	if a, ok := at(k).(*parser.Array); ok {
		item = a
		k--
	}
	owner := at(k)
	switch p := owner.(type) {
	case *parser.Call:
		if p.Func == n {
			if _, ok := n.(*parser.StringLit); ok {
				return nil
			}
			if declaringStatements[name] || declaring.Pattern(name) != "" {
				return nil // a built-in; or configured, with no definition in code
			}
			return &target{kind: targetFunction, name: name}
		}
		fn := model.NormalizeClassName(p.FuncName())
		if declaringStatements[fn] {
			return class
		}
		if pattern := declaring.Pattern(fn); pattern != "" {
			return &target{kind: targetClass, name: model.ExpandClassPattern(pattern, name)}
		}
	case *parser.ResourceBody:
		if r, ok := at(k - 1).(*parser.Resource); ok && p.Title == item && r.TypeName() == "class" {
			return class
		}
	case *parser.Resource:
		if p.Type == n && name != "class" {
			return &target{kind: targetResourceType, name: name}
		}
	case *parser.Access:
		if p.Target == n {
			if name == "class" {
				return nil
			}
			return &target{kind: targetResourceType, name: name}
		}
		if t, ok := wordValue(p.Target); ok && strings.EqualFold(strings.TrimPrefix(t, "::"), "class") {
			return class
		}
	case *parser.ResourceDefaults:
		if p.Type == n && name != "class" {
			return &target{kind: targetResourceType, name: name}
		}
	case *parser.Collector:
		if p.Type == n {
			return &target{kind: targetResourceType, name: name}
		}
	}
	if _, ok := n.(*parser.TypeRef); ok && name != "class" {
		return &target{kind: targetTypeRef, name: name}
	}
	return nil
}
