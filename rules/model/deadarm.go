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
func ArmCannotRun(def *Definition, path []Branch) bool {
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
