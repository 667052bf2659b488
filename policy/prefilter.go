package policy

import (
	"cel.dev/cel-go/cel"
	"cel.dev/cel-go/common/ast"
	"cel.dev/cel-go/common/operators"
	"cel.dev/cel-go/common/types"
)

// prefilter is what a condition requires of its object's key field (a
// resource's type, a function call's name, a declaration's kind): one of
// a few strings. It is read off a condition that is a conjunction with a
// conjunct `x.type == 'package'` or `x.name in ['hiera', ...]`: an object
// whose key is not among them makes that conjunct, and so the condition,
// false, so it is not evaluated at all. Most objects of a large tree are
// ruled out so, at the cost of a string comparison.
type prefilter map[string]bool

// keyFields are the key field of each match kind.
var keyFields = map[string]string{"resource": "type", "function_call": "name", "declaration": "kind"}

// key returns obj's key field.
func key(obj any) string {
	switch o := obj.(type) {
	case *Resource:
		return o.Type
	case *FunctionCall:
		return o.Name
	case *Declaration:
		return o.Kind
	}
	return ""
}

// newPrefilter returns the prefilter of a checked condition on objects
// of kind match; nil when it has none.
func newPrefilter(match string, a *cel.Ast) prefilter {
	field, ok := keyFields[match]
	if !ok {
		return nil
	}
	var conjuncts []ast.NavigableExpr
	var flatten func(e ast.NavigableExpr)
	flatten = func(e ast.NavigableExpr) {
		if e.Kind() == ast.CallKind && e.AsCall().FunctionName() == operators.LogicalAnd {
			for _, x := range e.Children() {
				flatten(x)
			}
			return
		}
		conjuncts = append(conjuncts, e)
	}
	flatten(ast.NavigateAST(a.NativeRep()))
	isKey := func(e ast.NavigableExpr) bool {
		if e.Kind() != ast.SelectKind || e.AsSelect().IsTestOnly() || e.AsSelect().FieldName() != field {
			return false
		}
		op := e.AsSelect().Operand()
		return op.Kind() == ast.IdentKind && op.AsIdent() == match
	}
	str := func(e ast.Expr) (string, bool) {
		if e.Kind() != ast.LiteralKind {
			return "", false
		}
		s, ok := e.AsLiteral().(types.String)
		return string(s), ok
	}
	for _, c := range conjuncts {
		if c.Kind() != ast.CallKind {
			continue
		}
		args := c.AsCall().Args()
		if len(args) != 2 {
			continue
		}
		nav := c.Children()
		switch c.AsCall().FunctionName() {
		case operators.Equals:
			for i := range 2 {
				if s, ok := str(args[1-i]); ok && isKey(nav[i]) {
					return prefilter{s: true}
				}
			}
		case operators.In:
			if !isKey(nav[0]) || args[1].Kind() != ast.ListKind {
				continue
			}
			set := prefilter{}
			for _, el := range args[1].AsList().Elements() {
				s, ok := str(el)
				if !ok {
					set = nil
					break
				}
				set[s] = true
			}
			if set != nil {
				return set
			}
		}
	}
	return nil
}

// admits reports whether the condition can be true for obj.
func (f prefilter) admits(obj any) bool { return f == nil || f[key(obj)] }
