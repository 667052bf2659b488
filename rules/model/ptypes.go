package model

import (
	"sync"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules/ptype"
)

// paramTypes memoises Program.ParameterType and MismatchedDefaults.
type paramTypes struct {
	once   sync.Once
	reader *ptype.Reader
	types  sync.Map // *parser.Parameter → *ptype.Type
	// mismatched[i] is MismatchedDefaults' answer for Definitions[i]:
	// found at the definition's index, not hashed, by every declaration
	// of it.
	mismatched []mismatchedDefaults
}

// mismatchedDefaults is MismatchedDefaults' answer for one definition,
// worked out on first use.
type mismatchedDefaults struct {
	once sync.Once
	ms   []DefaultMismatch
}

// init makes the reader of types and the slots of MismatchedDefaults.
func (t *paramTypes) init(p *Program) {
	t.once.Do(func() {
		t.reader = ptype.NewReader(programAliases{p})
		t.mismatched = make([]mismatchedDefaults, len(p.Definitions))
	})
}

// ParameterType returns the type parameter prm of a class or defined type
// declares (nil for a parameter without one), read once per program, with
// the program's type aliases resolved: the same alias, in however many
// parameter types, is read once.
func (p *Program) ParameterType(prm *parser.Parameter) *ptype.Type {
	if prm.Type == nil {
		return nil
	}
	if t, ok := p.paramTypes.types.Load(prm); ok {
		return t.(*ptype.Type)
	}
	p.paramTypes.init(p)
	t := p.paramTypes.reader.Read(prm.Type)
	actual, _ := p.paramTypes.types.LoadOrStore(prm, t)
	return actual.(*ptype.Type)
}

// DefaultMismatches returns how the default value of parameter prm fails
// the parameter's own type, as Puppet describes it when it uses the
// default; none when it does not fail, or when the default is not a
// literal or the type cannot be read. It is worked out on each call:
// MismatchedDefaults keeps a definition's.
func (p *Program) DefaultMismatches(prm *parser.Parameter) []ptype.Mismatch {
	if prm.Type == nil || prm.Default == nil {
		return nil
	}
	return ptype.Describe(p.ParameterType(prm), ptype.FromValueExpr(prm.Default), true)
}

// DefaultMismatch is a parameter whose default value fails its type, and
// how (DefaultMismatches).
type DefaultMismatch struct {
	Param      *parser.Parameter
	Mismatches []ptype.Mismatch
}

// MismatchedDefaults returns the parameters of definition d, in order,
// whose default fails their type, with how (DefaultMismatches). A class is
// declared from many places and most classes have no such parameter:
// worked out once per definition, a declaration looks at none of them.
func (p *Program) MismatchedDefaults(d *Definition) []DefaultMismatch {
	p.paramTypes.init(p)
	if d.index >= len(p.paramTypes.mismatched) || p.Definitions[d.index] != d {
		return p.mismatchedDefaults(d) // not the program's: nowhere to keep it
	}
	slot := &p.paramTypes.mismatched[d.index]
	slot.once.Do(func() { slot.ms = p.mismatchedDefaults(d) })
	return slot.ms
}

// mismatchedDefaults works out MismatchedDefaults.
func (p *Program) mismatchedDefaults(d *Definition) []DefaultMismatch {
	var out []DefaultMismatch
	for _, prm := range d.Params {
		if ms := p.DefaultMismatches(prm); len(ms) > 0 {
			out = append(out, DefaultMismatch{prm, ms})
		}
	}
	return out
}

// programAliases finds type aliases among a program's definitions.
type programAliases struct{ p *Program }

func (a programAliases) Alias(name string) (parser.Expr, bool) {
	defs := a.p.Lookup(TypeAliasDef, name)
	if len(defs) != 1 {
		return nil, false // undefined, or defined twice: which one Puppet loads is not known
	}
	ta, ok := defs[0].Node.(*parser.TypeAlias)
	if !ok || ta.Type == nil || ta.Mapping != nil {
		return nil, false
	}
	return ta.Type, true
}
