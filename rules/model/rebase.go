package model

import (
	"context"
	"maps"
	"slices"

	"github.com/ducklint/ducklint/parser/load"
)

// An editor checks the same files again after each keystroke, and most
// keystrokes change one file in a way that changes no fact but their
// positions (model.SimulatesAlike). Building the program again copies and
// merges every context file's facts; Rebase instead takes the previous
// program's and replaces the changed files' facts position by position.
// Facts point to other files' facts only through the program's indexes (a
// scope's definition and parent, a definition's scope, a reference's
// resource and a defined-type instance's resource all lie in the scope's
// own file), so every other file's facts are shared, and only the index
// lists that held the changed files' facts are copied: the previous
// program is left as it was. A reader can skip this file: without it,
// each check builds its program.

// Retained returns the part of p a later check can rebase on: its files,
// facts and indexes, without the analyses worked out on them (which a
// rebased program works out again, and which can be large).
func (p *Program) Retained() *Program {
	return &Program{Files: p.Files, Tree: p.Tree, KnownVariables: p.KnownVariables, Definitions: p.Definitions,
		TopScopes: p.TopScopes, byName: p.byName, declarations: p.declarations, topByEnv: p.topByEnv,
		scopeList: p.scopeList, jobs: p.jobs, nodeEnvs: p.nodeEnvs, collected: p.collected, declaring: p.declaring,
		funcCalls: p.funcCalls, realizers: p.realizers}
}

// Rebase returns the program of tree, whose files are prev's (a program
// built, or rebased, with Options.Collected) but for those at changed
// (indexes into both): their facts are taken from opts.Collected and must
// give the simulations the same input as prev's (SimulatesAlike), as a
// carry requires. opts are BuildContext's. ok is false when the files
// cannot be rebased (the declaring functions differ from prev's, a
// changed file is a main manifest, a Hiera file, or not collected, or its
// facts are not laid out as prev's); the caller then builds the program.
// prev is not modified.
func Rebase(ctx context.Context, prev *Program, tree *load.Tree, changed []int, opts Options) (p *Program, ok bool) {
	if prev == nil || opts.Collected == nil || len(tree.Files) != len(prev.Files) || len(prev.collected) != len(prev.Files) {
		return nil, false
	}
	declaring := TreeDeclaringFunctions(tree, opts.DeclaringFunctions)
	if !maps.Equal(declaring, prev.declaring) {
		return nil, false // every file's facts may differ
	}
	jobs := prev.jobs
	if opts.Jobs > 0 {
		jobs = opts.Jobs
	}
	t := *tree
	t.Files = slices.Clone(prev.Tree.Files)
	p = &Program{Files: slices.Clone(prev.Files), Tree: &t, KnownVariables: opts.KnownVariables,
		Definitions: slices.Clone(prev.Definitions), TopScopes: prev.TopScopes, byName: prev.byName,
		declarations: prev.declarations, topByEnv: prev.topByEnv, scopeList: slices.Clone(prev.scopeList),
		jobs: jobs, nodeEnvs: prev.nodeEnvs, collected: slices.Clone(prev.collected),
		funcCalls: prev.funcCalls, realizers: prev.realizers, declaring: declaring, ctx: ctx}
	p.dynamic.from = opts.Dynamic
	r := &rebase{p: p}
	var slabs modelSlabs
	replaced := map[*Scope]*Scope{}
	for _, k := range changed {
		if k < 0 || k >= len(tree.Files) {
			return nil, false
		}
		lf, old := tree.Files[k], prev.Files[k]
		parsed := opts.Parsed[lf]
		if lf.Role.IsHiera() || parsed == nil || old.Hiera != nil || old.Scope == nil || old.Scope.Kind == TopScope ||
			old.Path != lf.Path {
			return nil, false
		}
		c := opts.Collected(lf, parsed, declaring)
		if !c.For(lf, parsed, declaring) {
			return nil, false
		}
		f := newFile(lf, parsed, k)
		f.take(c.instantiate(f, &slabs))
		if !r.replaceFile(old, f, replaced) {
			return nil, false
		}
		t.Files[k], p.Files[k], p.collected[k] = lf, f, c
	}
	for i, s := range p.scopeList {
		if n, ok := replaced[s]; ok {
			p.scopeList[i] = n
		}
	}
	return p, r.sorted()
}

// rebase is the state of one Rebase.
type rebase struct {
	p *Program
	// copied are, for each of the declarations, calls and realizers
	// indexes, the targets whose lists were copied (nil: the map itself
	// is not copied yet), with the place of each entry; they are checked
	// still sorted at the end.
	copied [3]map[string]map[*Declaration]int
	// byName are, by kind, the names whose definitions were copied (nil:
	// the kind's map is not copied yet), with the place of each.
	byName [PlanDef + 1]map[string]map[*Definition]int
}

// The indexes replaceAll changes, by their place in rebase.copied.
const (
	declarationsIndex = iota
	callsIndex
	realizersIndex
)

// index returns the map of index which.
func (r *rebase) index(which int) *map[string][]*Declaration {
	switch which {
	case declarationsIndex:
		return &r.p.declarations
	case callsIndex:
		return &r.p.funcCalls
	}
	return &r.p.realizers
}

// replaceFile puts new's definitions and facts in the places of old's,
// noting in replaced each old scope's new one. It reports false when new's
// facts are not laid out as old's.
func (r *rebase) replaceFile(old, new *File, replaced map[*Scope]*Scope) bool {
	p := r.p
	if len(old.scopes) != len(new.scopes) || len(old.Definitions) != len(new.Definitions) {
		return false
	}
	for j, nd := range new.Definitions {
		od := old.Definitions[j]
		if nd.Kind != od.Kind || nd.Name != od.Name || od.index >= len(p.Definitions) || p.Definitions[od.index] != od {
			return false
		}
		nd.index = od.index
		p.Definitions[od.index] = nd
		name := nd.Key()
		if r.byName[nd.Kind] == nil {
			p.byName[nd.Kind] = maps.Clone(p.byName[nd.Kind])
			r.byName[nd.Kind] = map[string]map[*Definition]int{}
		}
		defs := p.byName[nd.Kind][name]
		places := r.byName[nd.Kind][name]
		if places == nil {
			defs = slices.Clone(defs)
			p.byName[nd.Kind][name] = defs
			places = make(map[*Definition]int, len(defs))
			for k, d := range defs {
				places[d] = k
			}
			r.byName[nd.Kind][name] = places
		}
		at, ok := places[od]
		if !ok {
			return false
		}
		defs[at] = nd
	}
	for j, ns := range new.scopes {
		os := old.scopes[j]
		if ns.Kind != os.Kind || len(ns.Calls) != len(os.Calls) || len(ns.Realizes) != len(os.Realizes) {
			return false
		}
		replaced[os] = ns
		// The defined-type instances the merge adds; the program defines
		// the same types as prev (the changed files define the same).
		for _, res := range ns.Resources {
			if p.Define(res.Type) == nil || isExprDefault(res) {
				continue
			}
			ns.Declarations = append(ns.Declarations, instanceDeclaration(res, ns))
		}
		slices.SortStableFunc(ns.Declarations, func(a, b *Declaration) int { return cmpOrder(a.Order, b.Order) })
		if len(ns.Declarations) != len(os.Declarations) {
			return false
		}
		if new.documentation {
			// Examples and tests declare, call and realize nothing of the
			// code's: their facts are in no index.
			continue
		}
		if !r.replaceAll(os.Declarations, ns.Declarations, declarationsIndex) ||
			!r.replaceAll(os.Calls, ns.Calls, callsIndex) || !r.replaceAll(os.Realizes, ns.Realizes, realizersIndex) {
			return false
		}
	}
	return true
}

// replaceAll puts each of news in the place of the old declaration at the
// same position in index which, copying the map once and each list it
// changes once.
func (r *rebase) replaceAll(olds, news []*Declaration, which int) bool {
	index := r.index(which)
	for i, nd := range news {
		od := olds[i]
		if nd.Kind != od.Kind || nd.Target != od.Target {
			return false
		}
		if r.copied[which] == nil {
			*index = maps.Clone(*index)
			r.copied[which] = map[string]map[*Declaration]int{}
		}
		list := (*index)[od.Target]
		places := r.copied[which][od.Target]
		if places == nil {
			list = slices.Clone(list)
			(*index)[od.Target] = list
			places = make(map[*Declaration]int, len(list))
			for k, d := range list {
				places[d] = k
			}
			r.copied[which][od.Target] = places
		}
		at, ok := places[od]
		if !ok {
			return false
		}
		list[at] = nd
	}
	return true
}

// sorted reports whether the index lists it changed are still in the
// order the merge sorts them in: a changed file's declarations keep their
// places only when their order among the file's others is the same.
func (r *rebase) sorted() bool {
	for which, targets := range r.copied {
		index := *r.index(which)
		for target := range targets {
			if !slices.IsSortedFunc(index[target], cmpPlace) {
				return false
			}
		}
	}
	return true
}
