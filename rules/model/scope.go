package model

import (
	"sync"

	"github.com/ducklint/ducklint/parser"
)

// ScopeKind is the kind of a Puppet scope.
type ScopeKind int

// Scope kinds. If, unless, case and selectors create no scope.
const (
	TopScope ScopeKind = iota + 1
	NodeScope
	ClassScope
	DefineScope
	LambdaScope
	FunctionScope
	PlanScope
	TemplateScope
	// FileScope holds statements outside any definition in a file that is
	// not a main manifest (Puppet does not evaluate them at top scope).
	FileScope
)

func (k ScopeKind) String() string {
	switch k {
	case TopScope:
		return "top scope"
	case NodeScope:
		return "node"
	case ClassScope:
		return "class"
	case DefineScope:
		return "defined type"
	case LambdaScope:
		return "lambda"
	case FunctionScope:
		return "function"
	case PlanScope:
		return "plan"
	case TemplateScope:
		return "template"
	case FileScope:
		return "file"
	}
	return "scope"
}

// Scope is a static (lexical) scope with what happens in it, in evaluation order.
type Scope struct {
	Kind ScopeKind
	// Def is the class, define, node, function or plan owning the scope.
	Def *Definition
	// Parent is the enclosing scope of a lambda (or of a nested lambda's
	// lambda); nil for other scopes, whose lookup goes to top scope.
	Parent *Scope
	// File is the file of the scope's source (the first main manifest for
	// top scope, which spans all of them).
	File *File
	// Node is the scope's syntax node (*parser.ClassDef, *parser.Lambda,
	// *parser.Program, ...).
	Node   parser.Node
	Params []*parser.Parameter

	Assignments  []*Assignment
	Declarations []*Declaration
	Defaults     []*ResourceDefault
	Resources    []*Resource
	// Calls are the calls of namespaced functions (Kind FunctionCall), the
	// only ones Puppet code can define: a function's body runs where it is
	// called.
	Calls []*Declaration
	// Realizes are the collectors and realize() calls (Kind Realize) that
	// can realize virtual or exported resources of a type.
	Realizes []*Declaration
	// Fails are the calls of fail(): code after one on the same path does
	// not run.
	Fails []*Declaration
	// References are the references with literal titles that relationships
	// need in the catalog: relationship metaparameters and chaining arrows.
	References []*Reference
	// DeclaredPrefixes are the name prefixes of classes declared with an
	// interpolated name, `include "role::${role}"`: some class whose name
	// starts with the prefix ("role::"), decided by data.
	DeclaredPrefixes []string

	// index looks assignments and parameters up by name, so that a scope
	// with n of them answers n reads in O(n), not O(n²). Built on first
	// use, once the model is complete.
	indexOnce sync.Once
	index     *scopeIndex
	// nested are the assignments of the lambdas nested in the scope, by
	// name (Static.AssignedAnywhere), built on first use.
	nestedOnce sync.Once
	nested     map[string][]*Assignment
}

// indexMin is the size from which a scope indexes its assignments and
// parameters by name; below it a scan is as fast and allocates nothing.
const indexMin = 16

type scopeIndex struct {
	assigned map[string][]*Assignment // in order
	params   map[string]int           // the first parameter of each name
	// arms index the assignments of names assigned armsMin times or more
	// by the arms they sit on.
	arms map[string]*ArmTree
}

// armsMin is the number of assignments to one name from which the scope
// finds the first one compatible with some code in an ArmTree rather than
// by testing each.
const armsMin = 8

// lookup returns the scope's index, nil when the scope is small enough
// to scan.
func (s *Scope) lookup() *scopeIndex {
	if len(s.Assignments) < indexMin && len(s.Params) < indexMin {
		return nil
	}
	s.indexOnce.Do(func() {
		ix := &scopeIndex{assigned: make(map[string][]*Assignment, len(s.Assignments)), params: make(map[string]int, len(s.Params))}
		for _, a := range s.Assignments {
			ix.assigned[a.Name] = append(ix.assigned[a.Name], a)
		}
		for name, as := range ix.assigned {
			if len(as) >= armsMin {
				if ix.arms == nil {
					ix.arms = map[string]*ArmTree{}
				}
				ix.arms[name] = NewArmTree(as)
			}
		}
		for i, p := range s.Params {
			if _, ok := ix.params[p.Name]; !ok {
				ix.params[p.Name] = i
			}
		}
		s.index = ix
	})
	return s.index
}

// Owner returns the nearest enclosing scope that is not a lambda.
func (s *Scope) Owner() *Scope {
	for s.Kind == LambdaScope && s.Parent != nil {
		s = s.Parent
	}
	return s
}

// AssignedBefore returns the first assignment to name in this scope (not in
// nested lambdas) that completes before order, or nil.
func (s *Scope) AssignedBefore(name string, order int64) *Assignment {
	for _, a := range s.Assigned(name) {
		if a.Order >= order {
			break
		}
		if a.Name == name {
			return a
		}
	}
	return nil
}

// Assigned returns every assignment to name in this scope, in order. The
// slice may be shared: callers must not modify it.
func (s *Scope) Assigned(name string) []*Assignment {
	out, _ := s.assigned(name)
	return out
}

// assigned is Assigned, and how many assignments it looked at.
func (s *Scope) assigned(name string) (out []*Assignment, looked int) {
	if ix := s.lookup(); ix != nil {
		return ix.assigned[name], len(ix.assigned[name])
	}
	for _, a := range s.Assignments {
		if a.Name == name {
			out = append(out, a)
		}
	}
	return out, len(s.Assignments)
}

// FirstCompatible returns the first assignment to name in this scope (not
// in nested lambdas), in order, that is not on another arm of a
// conditional path is on (Exclusive) and for which ok holds (nil: any).
func (s *Scope) FirstCompatible(name string, path []Branch, ok func(*Assignment) bool) *Assignment {
	a, _ := s.firstCompatible(name, path, ok)
	return a
}

// firstCompatible is FirstCompatible, and how many assignments and arms
// it looked at.
func (s *Scope) firstCompatible(name string, path []Branch, ok func(*Assignment) bool) (*Assignment, int) {
	if ix := s.lookup(); ix != nil {
		if t := ix.arms[name]; t != nil {
			search := &ArmSearch{Path: path}
			if ok != nil {
				search.Item = func(i int) bool { return ok(t.Item(i)) }
			}
			i := t.Search(search)
			if i < 0 {
				return nil, search.Looked
			}
			return t.Item(i), search.Looked
		}
		as := ix.assigned[name]
		for _, a := range as {
			if !Exclusive(a.Branch, path) && (ok == nil || ok(a)) {
				return a, len(as)
			}
		}
		return nil, len(as)
	}
	// A scope too small for an index is searched in place, where
	// assigned would copy the matches first.
	for _, a := range s.Assignments {
		if a.Name == name && !Exclusive(a.Branch, path) && (ok == nil || ok(a)) {
			return a, len(s.Assignments)
		}
	}
	return nil, len(s.Assignments)
}

// EachName calls yield with the name of each parameter and assignment of
// the scope (not of nested lambdas), in no particular order; a name may
// repeat.
func (s *Scope) EachName(yield func(string)) {
	if ix := s.lookup(); ix != nil {
		for name := range ix.params {
			yield(name)
		}
		for name := range ix.assigned {
			yield(name)
		}
		return
	}
	for _, p := range s.Params {
		yield(p.Name)
	}
	for _, a := range s.Assignments {
		yield(a.Name)
	}
}

// HasParam reports whether the scope has a parameter named name.
func (s *Scope) HasParam(name string) bool { return s.ParamIndex(name) >= 0 }

// ParamIndex returns the index of the first parameter named name, -1 when
// there is none.
func (s *Scope) ParamIndex(name string) int {
	if ix := s.lookup(); ix != nil {
		if i, ok := ix.params[name]; ok {
			return i
		}
		return -1
	}
	for i, p := range s.Params {
		if p.Name == name {
			return i
		}
	}
	return -1
}

// Branch identifies one arm of a conditional (if/unless/case/selector):
// declarations on different arms of the same conditional never both run.
type Branch struct {
	Cond parser.Node // identity of the conditional
	Arm  int
}

// Exclusive reports whether two branch paths are on different arms of a
// common conditional, so that code on them never runs together.
func Exclusive(a, b []Branch) bool {
	for _, x := range a {
		for _, y := range b {
			if x.Cond == y.Cond && x.Arm != y.Arm {
				return true
			}
		}
	}
	return false
}

// Assignment is an assignment to a local variable.
type Assignment struct {
	// Name is the variable name without '$' as written (may be qualified
	// or numeric, which validation rejects; rules report those).
	Name  string
	Var   *parser.Variable
	Scope *Scope
	File  *File
	// Order is when the assignment completes, comparable with the Order
	// of other events in the same scope.
	Order  int64
	Branch []Branch
	// Value is the assigned expression of `$x = value` (nil when the
	// variable is one target of a destructuring assignment).
	Value parser.Expr
}

// DeclKind is how a class or defined type is declared.
type DeclKind int

// Declaration kinds.
const (
	Include DeclKind = iota + 1
	Require
	Contain
	ResourceLike // class { 'x': }
	Inherits     // class a inherits b: a declares its base class b
	DefineInstance
	// FunctionCall, Realize and Fail are events of a scope that are not
	// declarations: they are listed in Scope.Calls, Scope.Realizes and
	// Scope.Fails only, never in Scope.Declarations.
	FunctionCall
	Realize
	Fail
)

func (k DeclKind) String() string {
	switch k {
	case Include:
		return "include"
	case Require:
		return "require"
	case Contain:
		return "contain"
	case ResourceLike:
		return "resource-like class declaration"
	case Inherits:
		return "inherits"
	case DefineInstance:
		return "defined type instance"
	case FunctionCall:
		return "function call"
	case Realize:
		return "realization"
	case Fail:
		return "fail"
	}
	return "declaration"
}

// Declaration is an edge of the declaration graph: a scope declaring a class
// (or instantiating a defined type).
type Declaration struct {
	Kind DeclKind
	// Target is the normalised class or defined type name.
	Target string
	Scope  *Scope
	File   *File
	// Node is the call, resource or class definition that declares.
	Node parser.Node
	// Span is the target's name in the source.
	Span   parser.Span
	Order  int64
	Branch []Branch
	// Virtual is set for virtual and exported defined-type resources,
	// which are realized later if at all, and for the collectors of
	// exported resources (<<| |>>).
	Virtual bool
	// Resource is the resource declaring a defined-type instance.
	Resource *Resource
}

// Exported reports whether d is an exported defined-type resource (@@) or
// a collector of exported resources (<<| |>>).
func (d *Declaration) Exported() bool {
	switch n := d.Node.(type) {
	case *parser.Resource:
		return n.Form == "exported"
	case *parser.Collector:
		return n.Exported
	}
	return false
}

// ResourceDefault is a resource default statement `Type { ... }`.
type ResourceDefault struct {
	// Type is the lower-cased resource type name.
	Type   string
	Node   *parser.ResourceDefaults
	Scope  *Scope
	File   *File
	Order  int64
	Branch []Branch
}

// Reference is one title of a reference that a relationship needs in the
// catalog: of a relationship metaparameter (require => Package['git']) or
// of a side of a chaining arrow (->, ~>, <-, <~). Puppet fails the catalog
// when the resource (or class) is not in it.
type Reference struct {
	// Type is the lower-case type name, "class" for classes.
	Type string
	// Title is the literal title as TitleKey renders it (a class name
	// normalised, a file path without trailing slashes).
	Title string
	// Expr is the reference (Type['a', 'b'] holds two titles).
	Expr parser.Expr
	// Param is the metaparameter, "" for a chaining arrow.
	Param string
	// Resource is the resource whose metaparameter it is; nil for a
	// class's and for an arrow.
	Resource *Resource
	Scope    *Scope
	File     *File
	Order    int64
	Branch   []Branch
}

// Resource is a resource declaration of a non-class type.
type Resource struct {
	// Type is the lower-cased type name ("file", "apache::vhost").
	Type   string
	Node   *parser.Resource
	Body   *parser.ResourceBody
	Scope  *Scope
	File   *File
	Order  int64
	Branch []Branch
	// typeAt is 1 + the index of Type among its file's resource types
	// when the file's facts were kept (Collected.resourceTypes), else 0.
	typeAt int32
}
