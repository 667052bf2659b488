package model

import "slices"

// A language server checks the same file again and again, one keystroke
// apart, and most keystrokes (in a comment, in whitespace, in a statement
// that is no fact) change positions but nothing the dynamic-scope
// simulations look at. The simulations of a widely used class's context
// are most of its check, so a program can take over the Dynamic of an
// earlier program whose files give the simulations the same input
// (SimulatesAlike) instead of simulating again. This file is that seam: a
// reader of the model can skip it, since Program.Dynamic without a carry
// simulates.

// DynamicCarry is a program's Dynamic with every model object it names
// held by its place in the program (a scope's index in Scopes and the
// object's index in one of its lists, or a definition's index in
// Definitions) rather than by pointer. It holds nothing of the program
// it was taken from, and can be handed to a later program through
// Options.Dynamic.
//
// It is only valid for a program built from files of the same versions,
// but for files that SimulatesAlike reports alike, with the same options
// and layout: the caller vouches for that. Resolving checks only
// that every place names an object of the same kind and name, and gives
// up (the program then simulates) when one does not.
type DynamicCarry struct {
	leaks   []leakPlaces
	orders  []orderPlaces
	redecls []redeclPlaces
	dups    []dupPlaces
	misses  []missPlaces
	steps   int
	scopes  int // len(Scopes) of the program it was taken from
}

// place names a declaration, default or resource by scope and list.
type place struct {
	scope int32 // index in Program.Scopes; -1 for none
	list  uint8 // which of the scope's lists (see the list* constants)
	index int32 // in that list
	name  string
}

const (
	listDeclarations uint8 = iota
	listCalls
	listRealizes
	listFails
	listDefaults
	listResources
	listReferences
)

// defPlace names a definition by index, with its name to check it.
type defPlace struct {
	index int32
	name  string
}

type leakPlaces struct {
	def, via, res place
	target        defPlace
	attrs         []string
	shown         bool
}

type attrPlaces struct {
	attr string
	def  place
	op   int32 // index of the attribute in the default's Node.Attrs
}

type sitePlaces struct {
	decl     place
	defaults []attrPlaces
}

type orderPlaces struct {
	class defPlace
	typ   string
	a, b  sitePlaces
	sites []place
	shown bool
}

type redeclPlaces struct {
	resourceLike, other place
	apart, conditional  bool
}

type dupPlaces struct {
	res, other, instances place
	key                   string
	conditional           bool
}

type missPlaces struct {
	ref, other, otherRes            place
	title                           string // of the RefKey
	elsewhere, shown, refShown, unr bool
}

// CarryDynamic returns the program's Dynamic as places, for a later
// program of the same shape; nil when no rule asked for Dynamic, when the
// program's context was done (the simulations may be incomplete), or when
// an object it names is in no scope's lists. Call it once the rules have
// run.
func (p *Program) CarryDynamic() *DynamicCarry {
	if p.Err() != nil {
		return nil
	}
	p.dynamic.mu.Lock()
	dyn, carried := p.dynamic.dyn, p.dynamic.carried
	p.dynamic.mu.Unlock()
	if dyn == nil {
		return nil
	}
	if carried != nil {
		return carried // the same shape: the same places
	}
	pl := &placer{p: p, scopes: make(map[*Scope]int32, len(p.scopeList))}
	for i, s := range p.scopeList {
		pl.scopes[s] = int32(i)
	}
	c := &DynamicCarry{steps: dyn.Steps, scopes: len(p.scopeList)}
	for _, l := range dyn.Leaks {
		c.leaks = append(c.leaks, leakPlaces{def: pl.ofDefault(l.Default), via: pl.ofDecl(l.Via), res: pl.ofResource(l.Resource),
			target: pl.ofDef(l.Target), attrs: slices.Clone(l.Attrs), shown: l.Shown})
	}
	for _, od := range dyn.OrderDependent {
		op := orderPlaces{class: pl.ofDef(od.Class), typ: od.Type, a: pl.ofSite(od.A), b: pl.ofSite(od.B), shown: od.Shown}
		for _, s := range od.Sites {
			op.sites = append(op.sites, pl.ofDecl(s))
		}
		c.orders = append(c.orders, op)
	}
	for _, rd := range dyn.Redeclared {
		c.redecls = append(c.redecls, redeclPlaces{resourceLike: pl.ofDecl(rd.ResourceLike), other: pl.ofDecl(rd.Other),
			apart: rd.Apart, conditional: rd.Conditional})
	}
	for _, d := range dyn.Duplicates {
		c.dups = append(c.dups, dupPlaces{res: pl.ofResource(d.Resource), other: pl.ofResource(d.Other),
			instances: pl.ofDecl(d.Instances), key: d.Key, conditional: d.Conditional})
	}
	for key, m := range dyn.RefMisses {
		c.misses = append(c.misses, missPlaces{ref: pl.ofReference(m.Ref), other: pl.ofDecl(m.Other), otherRes: pl.ofResource(m.OtherRes),
			title: key.Title, elsewhere: m.Elsewhere, shown: m.Shown, refShown: m.RefShown, unr: m.Unrealized})
		if m.Ref == nil || key.Expr != m.Ref.Expr {
			pl.lost = true // a key this carry could not make again
		}
	}
	if pl.lost {
		return nil
	}
	return c
}

func (pl *placer) ofReference(r *Reference) place {
	if r == nil {
		return place{scope: -1}
	}
	if si, ok := pl.scopes[r.Scope]; ok {
		for i, x := range r.Scope.References {
			if x == r {
				return place{scope: si, list: listReferences, index: int32(i), name: r.Type + "[" + r.Title + "]"}
			}
		}
	}
	pl.lost = true
	return place{scope: -1}
}

// placer finds the places of one program's objects.
type placer struct {
	p      *Program
	scopes map[*Scope]int32
	lost   bool // an object was in no list of its scope
}

func (pl *placer) ofDecl(d *Declaration) place {
	if d == nil {
		return place{scope: -1}
	}
	si, ok := pl.scopes[d.Scope]
	if ok {
		for list, ds := range [][]*Declaration{d.Scope.Declarations, d.Scope.Calls, d.Scope.Realizes, d.Scope.Fails} {
			for i, x := range ds {
				if x == d {
					return place{scope: si, list: uint8(list), index: int32(i), name: d.Target}
				}
			}
		}
	}
	pl.lost = true
	return place{scope: -1}
}

func (pl *placer) ofDefault(d *ResourceDefault) place {
	if d == nil {
		return place{scope: -1}
	}
	if si, ok := pl.scopes[d.Scope]; ok {
		for i, x := range d.Scope.Defaults {
			if x == d {
				return place{scope: si, list: listDefaults, index: int32(i), name: d.Type}
			}
		}
	}
	pl.lost = true
	return place{scope: -1}
}

func (pl *placer) ofResource(r *Resource) place {
	if r == nil {
		return place{scope: -1}
	}
	if si, ok := pl.scopes[r.Scope]; ok {
		for i, x := range r.Scope.Resources {
			if x == r {
				return place{scope: si, list: listResources, index: int32(i), name: r.Type}
			}
		}
	}
	pl.lost = true
	return place{scope: -1}
}

func (pl *placer) ofDef(d *Definition) defPlace {
	if d == nil {
		return defPlace{index: -1}
	}
	if d.index >= len(pl.p.Definitions) || pl.p.Definitions[d.index] != d {
		pl.lost = true
		return defPlace{index: -1}
	}
	return defPlace{index: int32(d.index), name: d.Name}
}

func (pl *placer) ofSite(s SiteDefaults) sitePlaces {
	sp := sitePlaces{decl: pl.ofDecl(s.Decl)}
	for _, ad := range s.Defaults {
		op := int32(-1)
		if ad.Default != nil {
			for i, o := range ad.Default.Node.Attrs {
				if !o.Splat && o.Name == ad.Attr {
					op = int32(i)
					break
				}
			}
		}
		if op < 0 {
			pl.lost = true
		}
		sp.defaults = append(sp.defaults, attrPlaces{attr: ad.Attr, def: pl.ofDefault(ad.Default), op: op})
	}
	return sp
}

// resolve makes the Dynamic c describes out of p's objects; nil when a
// place does not name an object of the kind and name it had.
func (c *DynamicCarry) resolve(p *Program) *Dynamic {
	if c.scopes != len(p.scopeList) {
		return nil
	}
	r := &resolver{p: p}
	dyn := &Dynamic{Steps: c.steps}
	for _, l := range c.leaks {
		dyn.Leaks = append(dyn.Leaks, &Leak{Default: r.def(l.def), Via: r.decl(l.via), Resource: r.res(l.res),
			Target: r.definition(l.target), Attrs: slices.Clone(l.attrs), Shown: l.shown})
	}
	for _, op := range c.orders {
		od := &OrderDependence{Class: r.definition(op.class), Type: op.typ, A: r.site(op.a), B: r.site(op.b), Shown: op.shown}
		for _, s := range op.sites {
			od.Sites = append(od.Sites, r.decl(s))
		}
		dyn.OrderDependent = append(dyn.OrderDependent, od)
	}
	for _, rp := range c.redecls {
		dyn.Redeclared = append(dyn.Redeclared, &Redeclaration{ResourceLike: r.decl(rp.resourceLike), Other: r.decl(rp.other),
			Apart: rp.apart, Conditional: rp.conditional})
	}
	for _, dp := range c.dups {
		dyn.Duplicates = append(dyn.Duplicates, &Duplicate{Resource: r.res(dp.res), Other: r.res(dp.other),
			Instances: r.decl(dp.instances), Key: dp.key, Conditional: dp.conditional})
	}
	if len(c.misses) > 0 {
		dyn.RefMisses = make(map[RefKey]*RefMiss, len(c.misses))
	}
	for _, mp := range c.misses {
		ref := r.reference(mp.ref)
		if ref == nil {
			r.lost = true
			break
		}
		dyn.RefMisses[RefKey{Expr: ref.Expr, Title: mp.title}] = &RefMiss{Ref: ref, Elsewhere: mp.elsewhere, Other: r.decl(mp.other),
			OtherRes: r.res(mp.otherRes), Shown: mp.shown, RefShown: mp.refShown, Unrealized: mp.unr}
	}
	if r.lost {
		return nil
	}
	return dyn
}

func (r *resolver) reference(pl place) *Reference {
	if pl.scope == -1 {
		return nil
	}
	s := r.scope(pl)
	if s == nil || pl.list != listReferences || int(pl.index) >= len(s.References) ||
		s.References[pl.index].Type+"["+s.References[pl.index].Title+"]" != pl.name {
		r.lost = true
		return nil
	}
	return s.References[pl.index]
}

// resolver finds the objects at places of one program.
type resolver struct {
	p    *Program
	lost bool
}

func (r *resolver) scope(pl place) *Scope {
	if pl.scope < 0 || int(pl.scope) >= len(r.p.scopeList) {
		r.lost = true
		return nil
	}
	return r.p.scopeList[pl.scope]
}

func (r *resolver) decl(pl place) *Declaration {
	if pl.scope == -1 {
		return nil
	}
	s := r.scope(pl)
	if s == nil {
		return nil
	}
	var ds []*Declaration
	switch pl.list {
	case listDeclarations:
		ds = s.Declarations
	case listCalls:
		ds = s.Calls
	case listRealizes:
		ds = s.Realizes
	case listFails:
		ds = s.Fails
	}
	if int(pl.index) >= len(ds) || ds[pl.index].Target != pl.name {
		r.lost = true
		return nil
	}
	return ds[pl.index]
}

func (r *resolver) def(pl place) *ResourceDefault {
	if pl.scope == -1 {
		return nil
	}
	s := r.scope(pl)
	if s == nil || pl.list != listDefaults || int(pl.index) >= len(s.Defaults) || s.Defaults[pl.index].Type != pl.name {
		r.lost = true
		return nil
	}
	return s.Defaults[pl.index]
}

func (r *resolver) res(pl place) *Resource {
	if pl.scope == -1 {
		return nil
	}
	s := r.scope(pl)
	if s == nil || pl.list != listResources || int(pl.index) >= len(s.Resources) || s.Resources[pl.index].Type != pl.name {
		r.lost = true
		return nil
	}
	return s.Resources[pl.index]
}

func (r *resolver) definition(dp defPlace) *Definition {
	if dp.index == -1 {
		return nil
	}
	if int(dp.index) >= len(r.p.Definitions) || r.p.Definitions[dp.index].Name != dp.name {
		r.lost = true
		return nil
	}
	return r.p.Definitions[dp.index]
}

// site resolves the defaults at a declaration; their values are read from
// the new program's source, whose whitespace may differ.
func (r *resolver) site(sp sitePlaces) SiteDefaults {
	s := SiteDefaults{Decl: r.decl(sp.decl)}
	for _, ap := range sp.defaults {
		d := r.def(ap.def)
		if d == nil || int(ap.op) >= len(d.Node.Attrs) || d.Node.Attrs[ap.op].Name != ap.attr {
			r.lost = true
			continue
		}
		s.Defaults = append(s.Defaults, AttrDefault{Attr: ap.attr, Default: d, Value: sourceText(d.File, d.Node.Attrs[ap.op].Value)})
	}
	return s
}
