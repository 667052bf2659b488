package model

import (
	"sync"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules/ptype"
)

// paramTypes memoises Program.ParameterType.
type paramTypes struct {
	once   sync.Once
	reader *ptype.Reader
	types  sync.Map // *parser.Parameter → *ptype.Type
	// defaults are DefaultMismatches' answers.
	defaults sync.Map // *parser.Parameter → []ptype.Mismatch
	// mismatched are MismatchedDefaults' answers.
	mismatched sync.Map // *Definition → []*parser.Parameter
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
	p.paramTypes.once.Do(func() { p.paramTypes.reader = ptype.NewReader(programAliases{p}) })
	t := p.paramTypes.reader.Read(prm.Type)
	actual, _ := p.paramTypes.types.LoadOrStore(prm, t)
	return actual.(*ptype.Type)
}

// DefaultMismatches returns how the default value of parameter prm fails
// the parameter's own type, as Puppet describes it when it uses the
// default; none when it does not fail, or when the default is not a
// literal or the type cannot be read. Worked out once per parameter.
func (p *Program) DefaultMismatches(prm *parser.Parameter) []ptype.Mismatch {
	if prm.Type == nil || prm.Default == nil {
		return nil
	}
	if ms, ok := p.paramTypes.defaults.Load(prm); ok {
		return ms.([]ptype.Mismatch)
	}
	ms := ptype.Describe(p.ParameterType(prm), ptype.FromValueExpr(prm.Default), true)
	actual, _ := p.paramTypes.defaults.LoadOrStore(prm, ms)
	return actual.([]ptype.Mismatch)
}

// MismatchedDefaults returns the parameters of definition d, in order,
// whose default fails their type (see DefaultMismatches). A class is
// declared from many places and most classes have no such parameter:
// worked out once per definition, a declaration looks at none of them.
func (p *Program) MismatchedDefaults(d *Definition) []*parser.Parameter {
	if ps, ok := p.paramTypes.mismatched.Load(d); ok {
		return ps.([]*parser.Parameter)
	}
	var ps []*parser.Parameter
	for _, prm := range d.Params {
		if len(p.DefaultMismatches(prm)) > 0 {
			ps = append(ps, prm)
		}
	}
	actual, _ := p.paramTypes.mismatched.LoadOrStore(d, ps)
	return actual.([]*parser.Parameter)
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
