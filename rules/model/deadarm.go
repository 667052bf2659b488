package model

import (
	"strings"

	"github.com/ducklint/ducklint/parser"
)

// ArmCannotRun reports whether a case or selector arm on the path can
// never be taken: its subject is a parameter of def whose declared type
// admits no string (Array, Hash, Boolean, Integer, Float, Numeric, with
// or without type arguments, not Optional), and every option of the arm
// is a string literal. Puppet compares such a value with a string as
// unequal (Puppet 7: an Array parameter never takes an empty-string arm), so code
// there never runs.
//
// An if or unless arm can never be taken either when its condition has a
// constant value whatever the data (see constantTruth).
func ArmCannotRun(def *Definition, path []Branch) bool {
	for _, b := range path {
		if constantArmCannotRun(b) {
			return true
		}
	}
	if def == nil {
		return false
	}
	for _, b := range path {
		var subject parser.Expr
		var options []parser.Expr
		switch n := b.Cond.(type) {
		case *parser.Case:
			if b.Arm < 0 || b.Arm >= len(n.Options) {
				continue
			}
			subject, options = n.Test, n.Options[b.Arm].Values
		case *parser.Selector:
			if b.Arm < 0 || b.Arm >= len(n.Cases) {
				continue
			}
			subject, options = n.X, []parser.Expr{n.Cases[b.Arm].Match}
		default:
			continue
		}
		v := bareVariable(subject)
		if v == nil || len(options) == 0 {
			continue
		}
		p := findParam(def.Params, v.Name)
		if p == nil || !admitsNoString(p.Type) {
			continue
		}
		allStrings := true
		for _, o := range options {
			if _, ok := o.(*parser.StringLit); !ok {
				allStrings = false
			}
		}
		if allStrings {
			return true
		}
	}
	return false
}

// admitsNoString reports whether a parameter type expression is one of the
// core types no string is an instance of.
func admitsNoString(t parser.Expr) bool {
	if a, ok := t.(*parser.Access); ok {
		t = a.Target
	}
	ref, ok := t.(*parser.TypeRef)
	if !ok {
		return false
	}
	switch strings.TrimPrefix(ref.Value, "::") {
	case "Array", "Hash", "Boolean", "Integer", "Float", "Numeric":
		return true
	}
	return false
}

// constantArmCannotRun reports whether b is the arm of an if or unless
// that its condition's constant value never takes.
func constantArmCannotRun(b Branch) bool {
	var cond parser.Expr
	unless := false
	switch n := b.Cond.(type) {
	case *parser.If:
		cond = n.Cond
	case *parser.Unless:
		cond, unless = n.Cond, true
	default:
		return false
	}
	v, known := constantTruth(cond)
	if !known {
		return false
	}
	taken := v != unless // the arm 0 (then) runs when taken
	return (b.Arm == 0) != taken
}

// constantTruth returns the truth of a condition that has the same value
// whatever the data, and whether it has one. It knows one shape real code
// gets wrong: `!$x == 'RedHat'` parses as `(!$x) == 'RedHat'`, a Boolean
// compared with a string or number, which Puppet evaluates as false (and
// `!=` as true); and `and`, `or`, `!` and parentheses around such parts.
func constantTruth(e parser.Expr) (value, known bool) {
	switch n := e.(type) {
	case *parser.Paren:
		return constantTruth(n.X)
	case *parser.Unary:
		if n.Op == "!" {
			v, ok := constantTruth(n.X)
			return !v, ok
		}
	case *parser.Binary:
		switch n.Op {
		case "==", "!=":
			if isNegation(n.X) && isNonBooleanLiteral(n.Y) || isNegation(n.Y) && isNonBooleanLiteral(n.X) {
				return n.Op == "!=", true
			}
		case "and":
			x, xok := constantTruth(n.X)
			y, yok := constantTruth(n.Y)
			if xok && !x || yok && !y {
				return false, true
			}
			return x && y, xok && yok
		case "or":
			x, xok := constantTruth(n.X)
			y, yok := constantTruth(n.Y)
			if xok && x || yok && y {
				return true, true
			}
			return x || y, xok && yok
		}
	}
	return false, false
}

// isNegation reports whether e is a `!` expression: its value is a Boolean.
func isNegation(e parser.Expr) bool {
	u, ok := e.(*parser.Unary)
	return ok && u.Op == "!"
}

// isNonBooleanLiteral reports whether e is a string or number literal,
// which no Boolean equals.
func isNonBooleanLiteral(e parser.Expr) bool {
	switch e.(type) {
	case *parser.StringLit, *parser.Number:
		return true
	}
	return false
}
