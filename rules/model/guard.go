package model

import (
	"strings"

	"github.com/ducklint/ducklint/parser"
)

// GuardedByDefined reports whether declaration d runs only while its class
// is not declared yet: it sits on the then-arm of `unless
// defined(Class['x'])` or `if !defined(Class['x'])`, or on the else-arm of
// `if defined(Class['x'])`. Such a declaration can never fail with
// "Duplicate declaration" (the defined-function rule reports the guard,
// whose answer depends on evaluation order).
func GuardedByDefined(d *Declaration) bool {
	for _, b := range d.Branch {
		var cond parser.Expr
		runsWhenTrue := b.Arm == 0 // the arm runs when the test is true
		switch n := b.Cond.(type) {
		case *parser.If:
			cond = n.Cond
		case *parser.Unless:
			cond, runsWhenTrue = n.Cond, b.Arm != 0
		default:
			continue
		}
		negated, test := unwrapNot(cond)
		if !definesClass(test, d.Target) {
			continue
		}
		// While the class is undeclared, defined(...) is false and the
		// test is true exactly when it is negated.
		if runsWhenTrue == negated {
			return true
		}
	}
	return false
}

// unwrapNot strips parentheses and '!' operators, saying whether an odd
// number of them negated e.
func unwrapNot(e parser.Expr) (negated bool, inner parser.Expr) {
	for {
		switch n := e.(type) {
		case *parser.Paren:
			e = n.X
		case *parser.Unary:
			if n.Op != "!" {
				return negated, e
			}
			negated, e = !negated, n.X
		default:
			return negated, e
		}
	}
}

// definesClass reports whether e is defined(Class['name']) for the class name.
func definesClass(e parser.Expr, name string) bool {
	call, ok := e.(*parser.Call)
	if !ok || strings.TrimPrefix(call.FuncName(), "::") != "defined" {
		return false
	}
	for _, arg := range call.Args {
		for _, t := range classRefTargets(arg) {
			if t == name {
				return true
			}
		}
	}
	return false
}

// classRefTargets returns the class names of a Class['name'] reference.
func classRefTargets(e parser.Expr) []string {
	acc, ok := e.(*parser.Access)
	if !ok {
		return nil
	}
	if t, ok := acc.Target.(*parser.TypeRef); !ok || !strings.EqualFold(strings.TrimPrefix(t.Value, "::"), "class") {
		return nil
	}
	var out []string
	for _, k := range acc.Keys {
		for _, t := range classTargets(k) {
			out = append(out, t.name)
		}
	}
	return out
}

// FailsWithout returns the classes a class or defined type refuses to run
// without: its body has, outside any conditional, `if !defined(Class['x'])
// { fail(...) }` or `unless defined(Class['x']) { fail(...) }`. In every
// catalog that compiles, such a class was declared before the body ran.
func FailsWithout(def *Definition) []string {
	var body *parser.Block
	switch n := def.Node.(type) {
	case *parser.ClassDef:
		body = n.Body
	case *parser.DefineDef:
		body = n.Body
	}
	if body == nil {
		return nil
	}
	var out []string
	for _, st := range body.Stmts {
		var cond parser.Expr
		var failArm *parser.Block
		switch n := st.(type) {
		case *parser.If:
			cond, failArm = n.Cond, n.Then
		case *parser.Unless:
			cond, failArm = n.Cond, n.Then
		default:
			continue
		}
		negated, test := unwrapNot(cond)
		if _, isUnless := st.(*parser.Unless); isUnless == negated || !callsFail(failArm) {
			continue // the fail arm must run exactly when the class is undeclared
		}
		if call, ok := test.(*parser.Call); ok && strings.TrimPrefix(call.FuncName(), "::") == "defined" && len(call.Args) == 1 {
			out = append(out, classRefTargets(call.Args[0])...)
		}
	}
	return out
}

// callsFail reports whether block b calls fail() as one of its statements.
func callsFail(b *parser.Block) bool {
	if b == nil {
		return false
	}
	for _, st := range b.Stmts {
		if call, ok := st.(*parser.Call); ok && strings.TrimPrefix(call.FuncName(), "::") == "fail" {
			return true
		}
	}
	return false
}
