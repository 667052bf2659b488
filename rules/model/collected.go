package model

import (
	"maps"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load"
)

// A language server builds a model of the same context files at every
// keystroke. What the model collects from one parse of a file (its
// definitions, scopes and their facts; its explicit lookups) depends only
// on that parse, so a caller that keeps parses by version can keep this
// too (Options.Collected), and each program copies it instead of walking
// the tree again: a copy is one allocation per fact, a walk visits every
// node. A reader of the model can skip this file: without it, each
// program walks each tree.

// Collected is what one parse of a file contributes to any program: a
// pristine copy of its facts, which no program's merge touches, and its
// explicit lookups. It is safe for concurrent use.
type Collected struct {
	parsed    *parser.File
	kind      ScopeKind
	declaring DeclaringFunctions
	facts     *fileFacts // of a File that is no program's
	links     links
}

// Collect gathers what the parse of the Puppet file lf contributes to a
// model whose declaring functions are declaring (see
// TreeDeclaringFunctions); it walks the tree once.
func Collect(lf *load.File, parsed *parser.File, declaring DeclaringFunctions) *Collected {
	kind := outerScopeKind(lf)
	f := &File{Path: lf.Path, Parsed: parsed, Source: lf}
	c := &Collected{parsed: parsed, kind: kind, declaring: declaring, facts: collectFile(f, kind, &modelSlabs{tight: true}, declaring)}
	c.links = linksOf(c.facts)
	return c
}

// For reports whether c was collected from parsed for a file of lf's role
// with declaring functions declaring, so that a program can use it.
func (c *Collected) For(lf *load.File, parsed *parser.File, declaring DeclaringFunctions) bool {
	return c != nil && c.parsed == parsed && c.kind == outerScopeKind(lf) && maps.Equal(c.declaring, declaring)
}

// links are the pointers among a Collected's facts as indexes, so that
// instantiate maps them to the copies without a map per file.
type links struct {
	// scopeDef[i] and scopeParent[i] are the indexes of scope i's Def and
	// Parent (-1 for none); defScope[i] is that of definition i's Scope;
	// top is the outer scope's.
	scopeDef, scopeParent, defScope []int32
	top                             int32
	// refResource[i][k] is the index, among scope i's Resources, of its
	// reference k's Resource (-1 for none).
	refResource [][]int32
}

// linksOf returns the links among t's facts.
func linksOf(t *fileFacts) links {
	scopeAt := make(map[*Scope]int32, len(t.scopes))
	for i, s := range t.scopes {
		scopeAt[s] = int32(i)
	}
	defAt := make(map[*Definition]int32, len(t.defs))
	for i, d := range t.defs {
		defAt[d] = int32(i)
	}
	at := func(s *Scope) int32 {
		if i, ok := scopeAt[s]; ok && s != nil {
			return i
		}
		return -1
	}
	l := links{scopeDef: make([]int32, len(t.scopes)), scopeParent: make([]int32, len(t.scopes)),
		defScope: make([]int32, len(t.defs)), top: at(t.top), refResource: make([][]int32, len(t.scopes))}
	for i, s := range t.scopes {
		l.scopeDef[i], l.scopeParent[i] = -1, at(s.Parent)
		if k, ok := defAt[s.Def]; ok && s.Def != nil {
			l.scopeDef[i] = k
		}
		if len(s.References) == 0 {
			continue
		}
		resourceAt := make(map[*Resource]int32, len(s.Resources))
		for k, r := range s.Resources {
			resourceAt[r] = int32(k)
		}
		l.refResource[i] = make([]int32, len(s.References))
		for k, r := range s.References {
			l.refResource[i][k] = -1
			if j, ok := resourceAt[r.Resource]; ok && r.Resource != nil {
				l.refResource[i][k] = j
			}
		}
	}
	for i, d := range t.defs {
		l.defScope[i] = at(d.Scope)
	}
	return l
}

// instantiate copies the facts for program file f, allocating from alloc:
// every scope, definition and fact anew, pointing to f and to each other
// as the originals do; trees, branches and parameters are shared.
func (c *Collected) instantiate(f *File, alloc *modelSlabs) *fileFacts {
	t, l := c.facts, &c.links
	out := &fileFacts{callsEPP: t.callsEPP, scopeNodes: t.scopeNodes, providers: t.providers, resourceTypes: t.resourceTypes,
		assigners: t.assigners, called: t.called, lookupCalls: t.lookupCalls, scopes: make([]*Scope, len(t.scopes))}
	scopes := make([]Scope, len(t.scopes))
	for i, s := range t.scopes {
		scopes[i] = Scope{Kind: s.Kind, File: f, Node: s.Node, Params: s.Params, DeclaredPrefixes: s.DeclaredPrefixes}
		out.scopes[i] = &scopes[i]
	}
	scopeAt := func(i int32) *Scope {
		if i < 0 {
			return nil
		}
		return out.scopes[i]
	}
	if len(t.defs) > 0 {
		out.defs = make([]*Definition, len(t.defs))
		defs := make([]Definition, len(t.defs))
		for i, d := range t.defs {
			defs[i] = *d
			defs[i].File, defs[i].Scope = f, scopeAt(l.defScope[i])
			out.defs[i] = &defs[i]
		}
	}
	decls := func(ds []*Declaration, s *Scope) []*Declaration {
		if len(ds) == 0 {
			return nil
		}
		out := make([]*Declaration, len(ds))
		copies := make([]Declaration, len(ds))
		for i, d := range ds {
			copies[i] = *d
			copies[i].Scope, copies[i].File = s, f
			out[i] = &copies[i]
		}
		return out
	}
	for i, s := range t.scopes {
		ns := out.scopes[i]
		if k := l.scopeDef[i]; k >= 0 {
			ns.Def = out.defs[k]
		}
		ns.Parent = scopeAt(l.scopeParent[i])
		if len(s.Assignments) > 0 {
			ns.Assignments = make([]*Assignment, len(s.Assignments))
			for k, a := range s.Assignments {
				na := alloc.assignments.New()
				*na = *a
				na.Scope, na.File = ns, f
				ns.Assignments[k] = na
			}
		}
		ns.Declarations = decls(s.Declarations, ns)
		ns.Calls = decls(s.Calls, ns)
		ns.Realizes = decls(s.Realizes, ns)
		ns.Fails = decls(s.Fails, ns)
		if len(s.Defaults) > 0 {
			ns.Defaults = make([]*ResourceDefault, len(s.Defaults))
			copies := make([]ResourceDefault, len(s.Defaults))
			for k, d := range s.Defaults {
				copies[k] = *d
				copies[k].Scope, copies[k].File = ns, f
				ns.Defaults[k] = &copies[k]
			}
		}
		if len(s.Resources) > 0 {
			ns.Resources = make([]*Resource, len(s.Resources))
			for k, r := range s.Resources {
				nr := alloc.resources.New()
				*nr = *r
				nr.Scope, nr.File = ns, f
				ns.Resources[k] = nr
			}
		}
		if len(s.References) > 0 {
			ns.References = make([]*Reference, len(s.References))
			copies := make([]Reference, len(s.References))
			for k, r := range s.References {
				copies[k] = *r
				copies[k].Scope, copies[k].File = ns, f
				copies[k].Resource = nil
				if j := l.refResource[i][k]; j >= 0 {
					copies[k].Resource = ns.Resources[j]
				}
				ns.References[k] = &copies[k]
			}
		}
	}
	out.top = scopeAt(l.top)
	return out
}
