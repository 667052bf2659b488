package model

import (
	"sync"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules/ptype"
)

// paramTypes memoises ParamTypes and MismatchedDefaults.
type paramTypes struct {
	once   sync.Once
	reader *ptype.Reader
	// defs[i] holds the answers for Definitions[i]: found at the
	// definition's index, not hashed, by every declaration of it.
	defs []definitionTypes
}

// definitionTypes are ParamTypes' and MismatchedDefaults' answers for one
// definition, each worked out on first use.
type definitionTypes struct {
	typesOnce, mismatchedOnce sync.Once
	types                     []*ptype.Type
	mismatched                []DefaultMismatch
}

// init makes the reader of types and the definitions' slots.
func (t *paramTypes) init(p *Program) {
	t.once.Do(func() {
		t.reader = ptype.NewReader(programAliases{p})
		t.defs = make([]definitionTypes, len(p.Definitions))
	})
}

// typesSlot returns d's answers, nil when d is not the program's definition at
// its index (nowhere to keep them).
func (p *Program) typesSlot(d *Definition) *definitionTypes {
	p.paramTypes.init(p)
	if d.index >= len(p.paramTypes.defs) || p.Definitions[d.index] != d {
		return nil
	}
	return &p.paramTypes.defs[d.index]
}

// ParamTypes returns the types the parameters of definition d declare, in
// the order of d.Params (nil for a parameter without one), read once per
// definition, with the program's type aliases resolved: the same alias,
// in however many parameter types, is read once.
func (p *Program) ParamTypes(d *Definition) []*ptype.Type {
	slot := p.typesSlot(d)
	if slot == nil {
		return p.readParamTypes(d)
	}
	slot.typesOnce.Do(func() { slot.types = p.readParamTypes(d) })
	return slot.types
}

// readParamTypes works out ParamTypes.
func (p *Program) readParamTypes(d *Definition) []*ptype.Type {
	var src []byte
	if d.File != nil && d.File.Parsed != nil {
		src = d.File.Parsed.Src
	}
	types := make([]*ptype.Type, len(d.Params))
	for i, prm := range d.Params {
		if prm.Type == nil {
			continue
		}
		if s := prm.Type.Span(); s.Start.Offset >= 0 && s.Start.Offset < s.End.Offset && int(s.End.Offset) <= len(src) {
			types[i] = p.paramTypes.reader.ReadWritten(prm.Type, src[s.Start.Offset:s.End.Offset])
		} else {
			types[i] = p.paramTypes.reader.Read(prm.Type)
		}
	}
	return types
}

// defaultMismatches returns how the default value of parameter prm fails
// its type t, as Puppet describes it when it uses the default; none when
// it does not fail, or when the default is not a literal or the type
// cannot be read (t is nil).
func defaultMismatches(prm *parser.Parameter, t *ptype.Type) []ptype.Mismatch {
	if t == nil || prm.Default == nil {
		return nil
	}
	return ptype.Describe(t, ptype.FromValueExpr(prm.Default), true)
}

// DefaultMismatch is a parameter whose default value fails its type, its
// type, and how (see defaultMismatches).
type DefaultMismatch struct {
	Param      *parser.Parameter
	Type       *ptype.Type
	Mismatches []ptype.Mismatch
}

// MismatchedDefaults returns the parameters of definition d, in order,
// whose default fails their type, with how (see defaultMismatches). A class is
// declared from many places and most classes have no such parameter:
// worked out once per definition, a declaration looks at none of them.
func (p *Program) MismatchedDefaults(d *Definition) []DefaultMismatch {
	slot := p.typesSlot(d)
	if slot == nil {
		return p.mismatchedDefaults(d)
	}
	slot.mismatchedOnce.Do(func() { slot.mismatched = p.mismatchedDefaults(d) })
	return slot.mismatched
}

// mismatchedDefaults works out MismatchedDefaults.
func (p *Program) mismatchedDefaults(d *Definition) []DefaultMismatch {
	var out []DefaultMismatch
	for i, t := range p.ParamTypes(d) {
		if ms := defaultMismatches(d.Params[i], t); len(ms) > 0 {
			out = append(out, DefaultMismatch{d.Params[i], t, ms})
		}
	}
	return out
}

// programAliases finds type aliases among a program's definitions.
type programAliases struct{ p *Program }

func (a programAliases) Alias(name string) (string, parser.Expr, bool) {
	defs := a.p.Lookup(TypeAliasDef, name)
	if len(defs) != 1 {
		return "", nil, false // undefined, or defined twice: which one Puppet loads is not known
	}
	ta, ok := defs[0].Node.(*parser.TypeAlias)
	if !ok || ta.Type == nil || ta.Mapping != nil {
		return "", nil, false
	}
	return ta.Name, ta.Type, true
}
