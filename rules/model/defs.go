package model

import (
	"strings"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules/builtin"
)

// DefKind is the kind of a named definition.
type DefKind int

// Definition kinds.
const (
	ClassDef DefKind = iota + 1
	DefineDef
	NodeDef
	FunctionDef
	TypeAliasDef
	PlanDef
)

func (k DefKind) String() string {
	switch k {
	case ClassDef:
		return "class"
	case DefineDef:
		return "defined type"
	case NodeDef:
		return "node"
	case FunctionDef:
		return "function"
	case TypeAliasDef:
		return "type alias"
	case PlanDef:
		return "plan"
	}
	return "definition"
}

// Definition is a class, defined type, node, function, type alias or plan
// defined in Puppet code.
type Definition struct {
	Kind DefKind
	// Name is the fully qualified name: nested classes and defines are
	// prefixed with their enclosing class, a leading "::" is dropped, and
	// class, define and function names are lower-cased as Puppet does.
	// Type aliases keep their case. Nodes are named by their first matcher.
	Name string
	// Written is the name as written in the source.
	Written string
	File    *File
	// Node is the *parser.ClassDef, *parser.DefineDef, *parser.NodeDef,
	// *parser.FunctionDef, *parser.TypeAlias or *parser.PlanDef.
	Node     parser.Node
	NameSpan parser.Span
	Params   []*parser.Parameter
	// Parent is the normalised name of the inherited class ("" if none).
	Parent     string
	ParentSpan parser.Span
	// Scope is the definition's body scope (nil for type aliases).
	Scope *Scope
	// Nested is true when the definition sits inside a class body.
	Nested bool
	// index is the definition's position in Program.Definitions.
	index int
	// aliasKey is a type alias's Key, lower-cased once where the
	// definition is collected.
	aliasKey string
}

// Key returns the name the program indexes d by (see Program.Lookup):
// Name, lower-cased for a type alias as NormalizeClassName does.
func (d *Definition) Key() string {
	if d.Kind != TypeAliasDef {
		return d.Name
	}
	if d.aliasKey == "" {
		return NormalizeClassName(d.Name)
	}
	return d.aliasKey
}

// HasParam reports whether the definition has a parameter named name.
func (d *Definition) HasParam(name string) bool { return d.Param(name) != nil }

// Param returns the definition's parameter named name (the first, if
// written twice), nil when it has none. A class's or defined type's body
// scope holds the same parameters and indexes them when there are many,
// so looking up every attribute of a declaration, or every Hiera key of a
// class, stays linear however many parameters the class has.
func (d *Definition) Param(name string) *parser.Parameter {
	if i := d.ParamIndex(name); i >= 0 {
		return d.Params[i]
	}
	return nil
}

// ParamIndex returns the index in d.Params of the parameter Param returns,
// -1 when it has none.
func (d *Definition) ParamIndex(name string) int {
	if s := d.Scope; s != nil && len(s.Params) == len(d.Params) && (len(d.Params) == 0 || &s.Params[0] == &d.Params[0]) {
		return s.ParamIndex(name)
	}
	for i, p := range d.Params {
		if p.Name == name {
			return i
		}
	}
	return -1
}

// NormalizeClassName lower-cases a class or define reference and drops a
// leading "::", so `::Apache::Mod` and `apache::mod` compare equal.
func NormalizeClassName(name string) string {
	return strings.ToLower(strings.TrimPrefix(name, "::"))
}

// normalizeTypeRef is NormalizeClassName of the name of a type reference
// (File['x'], File { ... }, File <| |>): a built-in type written as a
// reference writes it is looked up rather than lower-cased, which saves
// the most common references' new strings.
func normalizeTypeRef(name string) string {
	if n, ok := builtin.ResourceTypeOfRef(name); ok {
		return n
	}
	return NormalizeClassName(name)
}
