package model

import "sync"

// genericTypesOnce memoises the types the program's create_resources,
// ensure_resource and ensure_resources calls name (Program.Uninstantiated).
type genericTypesOnce struct {
	once    sync.Once
	types   map[string]bool
	anyType bool
}

// Uninstantiated returns the defined type whose instances alone reach
// the code of scope s, when no node of s's environment can evaluate that
// code: the environment has a main manifest, so its catalogs start there
// or at classes an ENC assigns, and an ENC cannot assign a defined type;
// every entry point reaching s is a defined type nothing in the program
// instantiates (no resource of it, virtual ones included; no collector
// or realize() of it; no create_resources, ensure_resource or
// ensure_resources naming it). Nil when some node may evaluate it, when
// s's file is no environment's, and when any code outside documentation
// declares resources of a type it does not name literally (a Hiera-driven
// create_resources($type, ...)), which may be any defined type.
func (p *Program) Uninstantiated(s *Scope) *Definition {
	if s == nil || s.File == nil || s.File.documentation || p.TopScopeFor(s.File) == nil {
		return nil
	}
	p.genericTypes.once.Do(func() {
		p.genericTypes.types = map[string]bool{}
		for _, f := range p.Files {
			if f.documentation {
				continue
			}
			p.genericTypes.anyType = p.genericTypes.anyType || f.providers.anyType
			for _, t := range f.providers.generic {
				p.genericTypes.types[t] = true
			}
		}
	})
	if p.genericTypes.anyType {
		return nil
	}
	var only *Definition
	p.Catalogs().EntryDefinitions(s, func(d *Definition) bool {
		if d == nil || d.Kind != DefineDef || len(p.DeclarationsOf(d.Name)) > 0 || len(p.RealizersOf(d.Name)) > 0 ||
			p.genericTypes.types[d.Name] {
			only = nil
			return false
		}
		if only == nil {
			only = d
		}
		return true
	})
	return only
}
