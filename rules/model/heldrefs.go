package model

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ducklint/ducklint/parser"
)

// RefMiss is a reference (Scope.References) that no catalog holding it
// can hold its target: every simulation evaluating the reference lacks
// the resource or class it names, or has it only on arms the reference's
// arms exclude. Puppet fails such a catalog with "Could not find resource
// 'T[x]' in parameter 'require'" (or, for a virtual resource nothing
// realizes, "Could not find dependency").
type RefMiss struct {
	Ref *Reference
	// Elsewhere is set when the tree declares the target in catalogs
	// that do not hold the reference (another node's, another arm's, or
	// a class only an ENC declares); Other is one such declaration.
	Elsewhere bool
	Other     *Declaration
	OtherRes  *Resource
	// Shown is set when one of those catalogs is one the tree shows (a
	// node's or the main manifests'), not only one an ENC could make.
	Shown bool
	// RefShown is set when a catalog the tree shows holds the reference;
	// otherwise only classes or defined types nothing in the tree
	// declares reach it.
	RefShown bool
	// Unrealized is set when the target is declared only as a virtual
	// resource that nothing realizes, or an exported one nothing
	// collects.
	Unrealized bool
}

// RefKey identifies one title of a reference expression.
type RefKey struct {
	Expr  parser.Expr
	Title string
}

// refTracker is what the simulations record for references: the
// evaluations of the references that the tree's literal declarations
// decide, and of what can provide their targets, as numbered items.
type refTracker struct {
	items int32
	// site is the item of each tracked reference, target its target.
	site   map[*Reference]int32
	refs   []*Reference
	target map[*Reference]*refTarget
	// provider are the items of resources providing a tracked target.
	provider map[*Resource]int32
	// ofResource are the items a resource's event records: its own as a
	// provider and those of its references.
	ofResource map[*Resource][]int32
	// class are 1 + the item of each class (by definition index) that
	// Class['x'] references name; 0 for the others.
	class []int32
	// multi marks the classes (by definition index) whose body's
	// evaluation path is the first of several declarations' (see
	// reliable).
	multi []bool
}

// refTarget is what a tracked reference names and what can provide it.
type refTarget struct {
	items      []int32 // the providers' items
	resources  []*Resource
	class      *Definition
	unrealized bool // only unrealized virtual or uncollected exported resources
}

// trackReferences finds the references whose verdict the simulations
// decide: to a class of the tree, or to a resource of a known type whose
// only providers are resources with literal keys (no computed title of
// its type, nothing declaring any resource or class the code computes, no
// code outside the tree: otherwise CanProvide answers). References in documentation and of virtual or
// exported resources are left out, as is a class's reference to itself.
func (a *dynamicAnalysis) trackReferences() {
	p := a.p
	t := &refTracker{site: map[*Reference]int32{}, target: map[*Reference]*refTarget{}, provider: map[*Resource]int32{},
		ofResource: map[*Resource][]int32{}, class: make([]int32, len(p.Definitions)), multi: make([]bool, len(p.Definitions))}
	a.refs = t
	byKey := map[string]*refTarget{}
	var wanted []*Reference
	if !slices.ContainsFunc(p.Scopes(), func(s *Scope) bool { return len(s.References) > 0 }) {
		return
	}
	for _, s := range p.Scopes() {
		if s.File == nil || s.File.documentation {
			continue
		}
		for _, ref := range s.References {
			if ref.Resource != nil && ref.Resource.Node.Form != "" {
				continue
			}
			if p.providers().anything {
				continue // code the simulations cannot follow may provide it
			}
			if ref.Type == "class" {
				def := p.Class(ref.Title)
				if def == nil || def.Scope == nil || p.DeclaredByPattern(ref.Title) || s.Owner().Def == def {
					continue
				}
				if t.class[def.index] == 0 {
					t.class[def.index] = t.items + 1
					byKey["class["+def.Name+"]"] = &refTarget{items: []int32{t.items}, class: def}
					t.items++
				}
				t.target[ref] = byKey["class["+def.Name+"]"]
				wanted = append(wanted, ref)
				continue
			}
			if !p.IsKnownResourceType(ref.Type) || !p.CanProvide(ref.Type, ref.Title) || p.providers().computed[ref.Type] {
				continue
			}
			key := ResourceKey(ref.Type, ref.Title)
			if byKey[key] == nil {
				byKey[key] = &refTarget{}
			}
			t.target[ref] = byKey[key]
			wanted = append(wanted, ref)
		}
	}
	if len(wanted) == 0 {
		return
	}
	// The providers: resources with a wanted key. One in documentation,
	// or an exported one something collects (from any node), could be
	// anywhere: its references are left undecided.
	realized, collected := realizedKeys(p)
	undecided := map[*refTarget]bool{}
	for k, tg := range byKey {
		if tg.class != nil {
			continue
		}
		for _, r := range p.providerKeys()[k] {
			switch {
			case r.File.documentation || r.Node.Form == "exported" && (collected[r.Type] || collected[k]):
				undecided[tg] = true
			case r.Node.Form == "exported" || r.Node.Form != "" && !realized[r.Type] && !realized[k]:
				tg.unrealized = true
			default:
				if _, ok := t.provider[r]; !ok {
					t.provider[r] = t.items
					t.ofResource[r] = append(t.ofResource[r], t.items)
					t.items++
				}
				tg.resources = append(tg.resources, r)
				tg.items = append(tg.items, t.provider[r])
			}
		}
	}
	for _, ref := range wanted {
		if undecided[t.target[ref]] {
			delete(t.target, ref)
			continue
		}
		t.site[ref] = t.items
		t.refs = append(t.refs, ref)
		if ref.Resource != nil {
			t.ofResource[ref.Resource] = append(t.ofResource[ref.Resource], t.items)
		}
		t.items++
	}
	for _, d := range p.Definitions {
		if d.Kind != ClassDef {
			continue
		}
		n := 0
		for _, decl := range p.DeclarationsOf(d.Name) {
			if decl.Kind == Inherits {
				continue
			}
			n++
			if owner := decl.Scope.Owner(); owner.Kind == DefineScope {
				n++ // each instance of the defined type declares it again
			}
		}
		t.multi[d.index] = n > 1
	}
}

// realizedKeys returns what the program's collectors and realize() calls
// can realize: the keys (ResourceKey) of realize()'s literal references and
// of collectors whose query is `title == 'x'`, and the types of other
// collectors; collected are those of exported resources (<<| |>>), which
// realize others' exports too.
func realizedKeys(p *Program) (realized, collected map[string]bool) {
	realized, collected = map[string]bool{}, map[string]bool{}
	for _, s := range p.Scopes() {
		for _, r := range s.Realizes {
			switch n := r.Node.(type) {
			case *parser.Call:
				for _, arg := range n.Args {
					for _, el := range TitleElems(arg) {
						ref, ok := RefOf(el)
						if !ok {
							realized[r.Target] = true
							continue
						}
						for _, t := range ref.Titles {
							if k, lit, ok := TitleKey(ref.Type, t); ok && lit {
								realized[ResourceKey(ref.Type, NormalizeTitle(ref.Type, k))] = true
							} else {
								realized[ref.Type] = true
							}
						}
					}
				}
			case *parser.Collector:
				key := r.Target
				if title, ok := titleQuery(n.Query); ok {
					key = ResourceKey(r.Target, NormalizeTitle(r.Target, title))
				}
				if n.Exported {
					collected[key] = true
				}
				realized[key] = true
			default:
				realized[r.Target] = true
			}
		}
	}
	return realized, collected
}

// titleQuery returns the title a collector's query `title == 'x'` selects.
func titleQuery(q parser.Expr) (string, bool) {
	b, ok := q.(*parser.Binary)
	if !ok || b.Op != "==" {
		return "", false
	}
	if n, ok := b.X.(*parser.Name); !ok || n.Value != "title" {
		return "", false
	}
	if s, ok := b.Y.(*parser.StringLit); ok {
		return s.Value, true
	}
	return "", false
}

// resourceItems returns the items r's event records (see ofResource).
func (t *refTracker) resourceItems(r *Resource) []int32 { return t.ofResource[r] }

// refEval is one evaluation of a reference item in a simulation.
type refEval struct {
	item int32
	declEval
}

// reliable returns the part of path (the arms from the simulation's start
// to code evaluated in inst) that holds in every catalog the simulation
// stands for: a class's body is evaluated once, on the path of its first
// declaration, while a catalog taking another declaration's arms holds it
// too. So the path is cut below the nearest class on inst's chain that is
// declared more than once.
func (t *refTracker) reliable(inst *instance, path []Branch) []Branch {
	for at := inst; at != nil; at = at.parent {
		if at.def != nil && at.def.Kind == ClassDef && t.multi[at.def.index] {
			if len(at.path) <= len(path) {
				return path[len(at.path):]
			}
			return nil
		}
	}
	return path
}

// recordRefs notes an evaluation of items on path (see reliable).
func (sm *simulation) recordRefs(items []int32, path []Branch) {
	for _, it := range items {
		sm.w.refEvals.add(refEval{it, newDeclEval(sm.id, sm.clock, path)})
	}
}

// classItem is the item of class def, or -1 when no reference names it.
func (t *refTracker) classItem(def *Definition) int32 {
	if t == nil || len(t.class) <= def.index || t.class[def.index] == 0 {
		return -1
	}
	return t.class[def.index] - 1
}

// branch is r's branch; nil for no resource.
func (r *Resource) branch() []Branch {
	if r == nil {
		return nil
	}
	return r.Branch
}

// heldReferences decides, for each tracked reference, whether some
// catalog holding it holds its target: a simulation evaluating both on
// arms that can run together, or two an ENC could combine.
func (a *dynamicAnalysis) heldReferences() map[RefKey]*RefMiss {
	t := a.refs
	if t == nil || len(t.refs) == 0 {
		return nil
	}
	evals := bucket(int(t.items), func(put func(int, refEval)) {
		for _, f := range a.found {
			for _, seg := range f.refEvals {
				for _, e := range seg {
					put(int(e.item), e)
				}
			}
		}
	})
	w := a.workers[0]
	byTarget := map[*refTarget][]refEval{}
	out := map[RefKey]*RefMiss{}
	for _, ref := range t.refs {
		mine := evals.of(int(t.site[ref]))
		if len(mine) == 0 {
			continue
		}
		tg := t.target[ref]
		theirs, ok := byTarget[tg]
		if !ok {
			for _, it := range tg.items {
				theirs = append(theirs, evals.of(int(it))...)
			}
			slices.SortStableFunc(theirs, func(x, y refEval) int { return cmp.Compare(x.sim, y.sim) })
			byTarget[tg] = theirs
		}
		if a.held(w, mine, theirs) {
			continue
		}
		miss := &RefMiss{Ref: ref, Elsewhere: len(theirs) > 0, Unrealized: len(theirs) == 0 && tg.unrealized}
		miss.Shown = slices.ContainsFunc(theirs, func(f refEval) bool { return !a.rootSim[f.sim] })
		miss.RefShown = slices.ContainsFunc(mine, func(e refEval) bool { return !a.rootSim[e.sim] })
		if tg.class != nil {
			if decls := a.p.DeclarationsOf(tg.class.Name); len(decls) > 0 {
				miss.Other = decls[0]
			}
		} else if len(tg.resources) > 0 {
			miss.OtherRes = tg.resources[0]
		}
		out[RefKey{ref.Expr, ref.Title}] = miss
	}
	return out
}

// held reports whether one of the reference's evaluations mine meets one
// of its target's, theirs (sorted by simulation): in the same simulation,
// or in two an ENC could combine, on arms that can run together. Each
// side is first reduced to its distinct (simulation, arms) pairs, and the
// target's root evaluations to their distinct arms, so that a reference and
// a target evaluated many times (a defined type's instances, a class many
// roots reach) cost what their distinct paths do, not the product of
// their evaluations.
func (a *dynamicAnalysis) held(w *simWorker, mine, theirs []refEval) bool {
	mine, theirs = distinctEvals(mine), distinctEvals(theirs)
	// The target's root evaluations by arms, with up to two simulations
	// of each kind (role or not): enough to find one other than the
	// reference's that an ENC can combine with it.
	type group struct {
		path         []Branch
		roles, plain []int32
	}
	var groups []*group
	index := map[string]*group{}
	for _, f := range theirs {
		if !a.rootSim[f.sim] {
			continue
		}
		k := pathKey(f.path())
		g := index[k]
		if g == nil {
			g = &group{path: f.path()}
			index[k] = g
			groups = append(groups, g)
		}
		if a.roleSim[f.sim] {
			if len(g.roles) < 2 {
				g.roles = append(g.roles, f.sim)
			}
		} else if len(g.plain) < 2 {
			g.plain = append(g.plain, f.sim)
		}
	}
	other := func(sims []int32, not int32) bool {
		return slices.ContainsFunc(sims, func(s int32) bool { return s != not })
	}
	for _, e := range mine {
		i, _ := slices.BinarySearchFunc(theirs, e.sim, func(x refEval, sim int32) int { return cmp.Compare(x.sim, sim) })
		for ; i < len(theirs) && theirs[i].sim == e.sim; i++ {
			if !w.exclusive(e.path(), theirs[i].path()) {
				return true
			}
		}
		if !a.rootSim[e.sim] {
			continue
		}
		for _, g := range groups {
			// Two roots an ENC can combine: any two but two roles.
			if (other(g.plain, e.sim) || !a.roleSim[e.sim] && other(g.roles, e.sim)) && !w.exclusive(e.path(), g.path) {
				return true
			}
		}
	}
	return false
}

// distinctEvals returns evs (sorted by simulation) without the evaluations
// whose simulation and arms an earlier one has, in the same order.
func distinctEvals(evs []refEval) []refEval {
	if len(evs) < 2 {
		return evs
	}
	seen := map[string]bool{}
	out := make([]refEval, 0, len(evs))
	for _, e := range evs {
		k := strconv.Itoa(int(e.sim)) + pathKey(e.path())
		if !seen[k] {
			seen[k] = true
			out = append(out, e)
		}
	}
	return out
}

// pathKey identifies a path of arms by its conditionals and arms.
func pathKey(path []Branch) string {
	var b strings.Builder
	for _, br := range path {
		fmt.Fprintf(&b, "|%p:%d", br.Cond, br.Arm)
	}
	return b.String()
}
