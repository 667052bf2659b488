package model

import "sync"

// genericTypesOnce memoises the types the program's create_resources,
// ensure_resource and ensure_resources calls name (Program.Uninstantiated).
type genericTypesOnce struct {
	once    sync.Once
	types   map[string]bool
	anyType bool
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
// Hiera-driven create_resources($type, ...)), which may be any defined
// type.
func (p *Program) Uninstantiated(s *Scope) *Definition {
	if s == nil || s.File == nil || s.File.documentation || p.TopScopeFor(s.File) == nil {
		return nil
	}
	d := s.Owner().Def
	if d == nil || d.Kind != DefineDef {
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
	if p.genericTypes.anyType || len(p.DeclarationsOf(d.Name)) > 0 || len(p.RealizersOf(d.Name)) > 0 || p.genericTypes.types[d.Name] {
		return nil
	}
	return d
}
