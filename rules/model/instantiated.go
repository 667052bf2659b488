package model

import (
	"slices"
	"sync"
)

// genericTypesOnce memoises the types the program's create_resources,
// ensure_resource and ensure_resources calls name (Program.Uninstantiated).
type genericTypesOnce struct {
	once    sync.Once
	types   map[string]bool
	anyType bool
	// fromData are the classes whose create_resources-like calls take
	// their type from a parameter no declaration passes: Hiera data or an
	// ENC decides it, sorted.
	fromData []string
}

// Uninstantiated returns the defined type whose body holds scope s
// when no node of s's environment can evaluate it: the environment has a
// main manifest, so its catalogs start there or at classes an ENC
// assigns, an ENC cannot assign a defined type, and nothing in the
// program instantiates it (no resource of it, virtual ones included; no
// collector or realize() of it; no create_resources, ensure_resource or
// ensure_resources naming it). Nil when s is not in a defined type, when
// its file is no environment's, and when any code outside documentation
// declares resources of a type it does not name literally (a
// create_resources($type, ...) over data), which may be any defined type.
// A type taken from a function's parameter is what the function's calls
// pass; from a class's or defined type's parameter, what its declarations
// pass, and when none passes it (Hiera data or an ENC decides it), the
// defined type counts as uninstantiated, and DataTypeDeclarers names those
// classes.
func (p *Program) Uninstantiated(s *Scope) *Definition {
	if s == nil || s.File == nil || s.File.documentation || p.TopScopeFor(s.File) == nil {
		return nil
	}
	d := s.Owner().Def
	if d == nil || d.Kind != DefineDef {
		return nil
	}
	g := p.genericTypesOf()
	if g.anyType || len(p.DeclarationsOf(d.Name)) > 0 || len(p.RealizersOf(d.Name)) > 0 || g.types[d.Name] {
		return nil
	}
	return d
}

// genericTypesOf returns the types the program's create_resources,
// ensure_resource and ensure_resources calls can declare, computed on
// first use.
func (p *Program) genericTypesOf() *genericTypesOnce {
	g := &p.genericTypes
	g.once.Do(func() {
		g.types = map[string]bool{}
		var params []paramType
		for _, f := range p.Files {
			if f.documentation {
				continue
			}
			g.anyType = g.anyType || f.providers.anyType
			for _, t := range f.providers.generic {
				g.types[t] = true
			}
			params = append(params, f.providers.paramTypes...)
		}
		seen := map[paramType]bool{}
		for _, pt := range params {
			if !g.anyType && !seen[pt] {
				seen[pt] = true
				p.resolveParamTypes(pt, g)
			}
		}
		slices.Sort(g.fromData)
		g.fromData = slices.Compact(g.fromData)
	})
	return g
}

// DataTypeDeclarers returns the classes whose create_resources-like calls
// declare resources of types only Hiera data or an ENC names (see
// Uninstantiated), sorted.
func (p *Program) DataTypeDeclarers() []string {
	return p.genericTypesOf().fromData
}
