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
		test, runsWhenTrue, ok := ArmTest(b)
		if !ok || !definesClass(test, d.Target) {
			continue
		}
		// While the class is undeclared, defined(...) is false, so the arm
		// runs only then when it runs on a false test.
		if !runsWhenTrue {
			return true
		}
	}
	return false
}

// ArmTest returns the test of an if or unless arm with parentheses and '!'
// stripped, and whether the arm runs when that stripped test is true. ok is
// false for case and selector arms.
func ArmTest(b Branch) (test parser.Expr, runsWhenTrue, ok bool) {
	switch n := b.Cond.(type) {
	case *parser.If:
		test, runsWhenTrue = n.Cond, b.Arm == 0
	case *parser.Unless:
		test, runsWhenTrue = n.Cond, b.Arm != 0
	default:
		return nil, false, false
	}
	for {
		switch n := test.(type) {
		case *parser.Paren:
			test = n.X
			continue
		case *parser.Unary:
			if n.Op == "!" {
				test, runsWhenTrue = n.X, !runsWhenTrue
				continue
			}
		}
		return test, runsWhenTrue, true
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
		var failArm *parser.Block
		switch n := st.(type) {
		case *parser.If:
			failArm = n.Then
		case *parser.Unless:
			failArm = n.Then
		default:
			continue
		}
		test, runsWhenTrue, _ := ArmTest(Branch{Cond: st, Arm: 0})
		if runsWhenTrue || !callsFail(failArm) {
			continue // the fail arm must run exactly when defined() is false
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
