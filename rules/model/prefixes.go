package model

import (
	"strings"
	"sync"
)

// declaredPrefixesOnce memoises Program.DeclaredByPattern's prefixes.
type declaredPrefixesOnce struct {
	once     sync.Once
	prefixes []string
}

// DeclaredByPattern reports whether the main manifests or a node
// definition declare classes by an interpolated name that name can be,
// as a control repository's `include "role::${trusted['extensions']['pp_role']}"`
// declares every role::* class for the nodes whose data names it. Only
// top-scope and node code counts: it is what starts each catalog (and what
// every narrowed run that asks keeps, see NeedTopScope).
func (p *Program) DeclaredByPattern(name string) bool {
	p.prefixes.once.Do(func() {
		for _, s := range p.scopeList {
			o := s.Owner()
			if o.Kind == TopScope || o.Def != nil && o.Def.Kind == NodeDef {
				p.prefixes.prefixes = append(p.prefixes.prefixes, s.DeclaredPrefixes...)
			}
		}
	})
	name = NormalizeClassName(name)
	for _, prefix := range p.prefixes.prefixes {
		if strings.HasPrefix(name, prefix) {
			return true
		}
	}
	return false
}
