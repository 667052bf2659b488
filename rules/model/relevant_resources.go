package model

import (
	"slices"
	"strings"

	"github.com/ducklint/ducklint/rules/builtin"
)

// keepTitling keeps the units declaring a resource with one of keys
// (Unit.Titled) and returns their names.
func (r *relevance) keepTitling(keys []string) []string {
	var out []string
	for _, k := range keys {
		for _, ref := range r.titledBy(k) {
			if r.keep(ref) {
				out = append(out, r.unit(ref).Name)
			}
		}
	}
	return out
}

// sharedTitles returns the keys of titled, the reported units' resource
// keys, that two or more units declare.
func (r *relevance) sharedTitles(titled []string) []string {
	var out []string
	for _, k := range titled {
		if !strings.HasSuffix(k, "[]") && k != twiceInUnit && len(r.titledBy(k)) > 1 {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// duplicatesWithin reports whether a reported unit declares one resource
// key twice, or is a defined type declaring resources with constant
// titles (each instance declares them again): whether those meet depends
// on where the unit is evaluated from.
func (r *relevance) duplicatesWithin(reported []unitRef) bool {
	for _, ref := range reported {
		u := r.unit(ref)
		if slices.Contains(u.Titled, twiceInUnit) {
			return true
		}
		if u.Kind == UnitDefinedType && slices.ContainsFunc(u.Titled, func(k string) bool { return !strings.HasSuffix(k, "[]") }) {
			return true
		}
	}
	return false
}

// keepProviders keeps, for each resource key of refs (Unit.References),
// the units declaring a resource with it; for a key no unit declares, the
// units that could declare it (see Program.CanProvide): those declaring a
// resource of its type with a computed title, those declaring resources
// of any type (create_resources, a computed type or class), and those
// declaring a class or defined type no unit defines, which code outside
// the tree may define.
func (r *relevance) keepProviders(refs []string) {
	types := map[string]bool{}
	for _, k := range refs {
		holders := r.titledBy(k)
		for _, ref := range holders {
			r.keep(ref)
		}
		if typ, _, ok := strings.Cut(k, "["); ok && len(holders) == 0 {
			types[typ] = true
		}
	}
	if len(types) == 0 {
		return
	}
	for typ := range types {
		for _, ref := range r.titledBy(ResourceKey(typ, "")) {
			r.keep(ref)
		}
	}
	for _, ref := range r.titledBy(anyResource) {
		r.keep(ref)
	}
	r.undefinedDeclared(func(name string) {
		if builtin.IsResourceType(name) || builtin.IsCoreModuleResourceType(name) || isCallEntry(name) ||
			strings.HasSuffix(name, ".epp") {
			return
		}
		for _, ref := range r.declarers(name) {
			r.keep(ref)
		}
	})
}
