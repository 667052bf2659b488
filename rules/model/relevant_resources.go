package model

import (
	"slices"
	"strings"

	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules/builtin"
)

// keepMeetings keeps what decides whether a resource of a reported unit
// meets another with a key in common (Unit.Titled) in one catalog: each
// other unit declaring one of its keys, with the units on declaration
// chains down to both from the entry points that reach both (none when
// no entry point does; their simulations are where the two meet, and the
// paths from them whether that needs the node's data). It returns the
// names of the reported units whose resources can meet each other,
// wherever they are evaluated from, whose declarers the caller keeps up
// to the entry points: a unit declaring one key twice (not on different
// arms of one conditional), and a defined type declaring resources with
// constant titles (two instances declare them twice).
func (r *relevance) keepMeetings(reported []unitRef) []string {
	var needed []string
	roots := map[unitRef]map[unitRef]bool{}
	rootsOf := func(ref unitRef) map[unitRef]bool {
		if rs, ok := roots[ref]; ok {
			return rs
		}
		rs := map[unitRef]bool{}
		if name := r.name(ref); name == "" {
			rs[ref] = true // top-level code or a node definition
		} else {
			for n := range r.leadingTo([]string{name}, false) {
				declarers := r.declaredBy(n)
				if len(declarers) == 0 {
					for _, d := range r.defs(n) {
						rs[d] = true
					}
				}
				for _, c := range declarers {
					if r.name(c) == "" {
						rs[c] = true
					}
				}
			}
		}
		roots[ref] = rs
		return rs
	}
	for _, u := range reported {
		unit := r.unit(u)
		var others []unitRef
		constant := false
		for _, k := range unit.Titled {
			if strings.HasSuffix(k, "[]") || k == twiceInUnit || strings.HasSuffix(k, "["+realizedTitle+"]") {
				continue
			}
			constant = true
			for _, v := range r.titledBy(k) {
				if v != u && !slices.Contains(others, v) {
					others = append(others, v)
				}
			}
		}
		if unit.Kind == UnitDefinedType && constant || slices.Contains(unit.Titled, twiceInUnit) {
			needed = append(needed, r.name(u))
		}
		for _, v := range others {
			var common []unitRef
			for root := range rootsOf(v) {
				if rootsOf(u)[root] {
					common = append(common, root)
				}
			}
			if len(common) == 0 {
				continue // never in one catalog
			}
			r.keep(v)
			for _, root := range common {
				r.keep(root)
			}
			var names []string
			for _, ref := range []unitRef{u, v} {
				if n := r.name(ref); n != "" {
					names = append(names, n)
				}
			}
			r.keepBetween(common, names)
		}
	}
	return needed
}

// keepProviders keeps, for each key of refs (Unit.References), what
// decides whether a catalog holding the reference holds its target: the
// units declaring a resource with the key (or, for class[name], the
// class), and those realizing or collecting resources of its type; it
// returns the names whose declarers the caller keeps up to the entry
// points, so that the simulations evaluating them are those of the whole
// tree: the reported units' and the providers'. For a key no unit
// declares, it keeps what makes Program.CanProvide answer as over the
// whole tree: one unit that can declare a resource of any type
// (create_resources, a computed type or class) or one of its type with a
// computed title, a reported one when there is; or, when no unit can,
// every unit declaring a class or defined type no unit defines, which code
// outside the tree may define (whether it can is for the model to judge).
func (r *relevance) keepProviders(reported []unitRef, refs []string) []string {
	var needed []string
	for _, u := range reported {
		if len(r.unit(u).References) > 0 {
			if name := r.name(u); name != "" {
				needed = append(needed, name)
			}
		}
	}
	types := map[string]bool{}
	for _, k := range refs {
		typ, title, _ := strings.Cut(strings.TrimSuffix(k, "]"), "[")
		if typ == "class" {
			needed = append(needed, title)
			continue
		}
		holders := r.titledBy(k)
		for _, ref := range holders {
			r.keep(ref)
			if name := r.name(ref); name != "" {
				needed = append(needed, name)
			}
		}
		for _, ref := range r.titledBy(ResourceKey(typ, realizedTitle)) {
			r.keep(ref)
		}
		if len(holders) == 0 {
			types[typ] = true
		}
	}
	if len(types) == 0 {
		return needed
	}
	keepOne := func(refs []unitRef) bool {
		if len(refs) == 0 {
			return false
		}
		if i := slices.IndexFunc(refs, func(ref unitRef) bool { return r.reported[ref.file] }); i >= 0 {
			r.keep(refs[i])
		} else {
			r.keep(refs[0])
		}
		return true
	}
	if keepOne(r.titledBy(anyResource)) {
		return needed
	}
	unsettled := false
	for typ := range types {
		if !keepOne(r.titledBy(ResourceKey(typ, ""))) {
			unsettled = true
		}
	}
	if !unsettled {
		return needed
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
	return needed
}

// keepParameterTypes keeps the type aliases the reported units, and the
// classes and defined types they declare (or, for a Hiera data file,
// whose parameters its keys name), name (among their mentions),
// and transitively those the aliases name. A definition in a functions/
// or plans/ directory is no alias and is left out.
func (r *relevance) keepParameterTypes(reported []unitRef) {
	var work worklist[string]
	mentions := func(ref unitRef) {
		for _, m := range r.mentionedNames(ref) {
			work.add(m)
		}
	}
	data := r.dataClasses(reported)
	for _, ref := range reported {
		mentions(ref)
		names := r.declares(ref)
		if r.files[ref.file].Role == load.HieraData {
			names = data // the classes its values are passed to
		}
		for _, name := range names {
			for _, d := range r.defs(name) {
				if k := r.unit(d).Kind; k == UnitClass || k == UnitDefinedType {
					mentions(d)
				}
			}
		}
	}
	for name, ok := work.next(); ok; name, ok = work.next() {
		for _, d := range r.defs(name) {
			if r.unit(d).Kind != UnitDefinition {
				continue
			}
			if role := r.files[d.file].Role; role == load.ModuleFunction || role == load.ModulePlan {
				continue
			}
			r.keep(d) // perhaps kept already, for its name; what it names is still to follow
			mentions(d)
		}
	}
}

// keepCollectors keeps the units realizing or collecting resources of the
// types the reported units declare, and of the types that the definitions
// of those declare in turn: whether the arms of a defined() guard only
// export resources nothing in the tree collects (through a defined type
// of the tree, one level down) is decided by them.
func (r *relevance) keepCollectors(reported []unitRef) {
	types := map[string]bool{}
	add := func(keys []string) []string {
		var added []string
		for _, k := range keys {
			typ, _, _ := strings.Cut(k, "[")
			if typ == "" || typ == "*" || typ == "class" || types[typ] {
				continue
			}
			types[typ] = true
			added = append(added, typ)
		}
		return added
	}
	for _, ref := range reported {
		for _, typ := range add(r.unit(ref).Titled) {
			for _, d := range r.defs(typ) {
				add(r.unit(d).Titled)
			}
		}
	}
	for typ := range types {
		for _, ref := range r.titledBy(ResourceKey(typ, realizedTitle)) {
			r.keep(ref)
		}
	}
}
