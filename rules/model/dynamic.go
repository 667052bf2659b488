package model

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/ducklint/ducklint/internal/par"
	"github.com/ducklint/ducklint/parser"
)

// Dynamic is what a simulation of Puppet's evaluation order finds about
// dynamic scope: which scope first declares each class (its parent for
// resource defaults), and so which resource defaults reach which resources.
//
// Puppet evaluates the main manifests, then the matching node definition,
// then the queue of defined-type instances, in order. A class body runs
// where it is first declared; later declarations change nothing. A derived
// class's parent is its base class, and an undeclared base class is declared
// in the scope declaring the derived one. Defined-type bodies run lazily,
// after the current class body. A resource gets the defaults in effect in
// its scope and its dynamic ancestors when its statement is evaluated.
//
// The simulation runs once per node definition of each environment (once
// for the top scope when there are no nodes), and once for every class or
// defined type no simulation reached, declared from top scope as an ENC
// would. Conditionals are not decided: both arms run, and findings on
// exclusive arms are dropped.
type Dynamic struct {
	// Leaks are resource defaults in class or defined-type bodies that
	// reach resources in other classes or defined types, one per default,
	// sorted by position.
	Leaks []*Leak
	// OrderDependent are classes whose resources get different defaults
	// depending on which declaration Puppet evaluates first, sorted by
	// position of the class.
	OrderDependent []*OrderDependence
	// Redeclared are resource-like class declarations that meet another
	// declaration of the same class in one catalog where the other one can
	// come first, sorted by position.
	Redeclared []*Redeclaration
	// Duplicates are resources one catalog can hold twice, one per
	// resource, sorted by position.
	Duplicates []*Duplicate
	// RefMisses are the references (Scope.References) whose targets no
	// catalog holding them holds, by expression and title. A reference
	// the simulations did not decide (its target's providers include
	// code they cannot follow, or nothing evaluated it) is not there.
	RefMisses map[RefKey]*RefMiss
	// Steps is what the simulations cost: instances evaluated, steps up
	// dynamic chains and defaults applied to resources. Tests use it to
	// check that the cost is linear.
	Steps int
}

// Leak is a resource default reaching a resource outside its own scope.
type Leak struct {
	Default *ResourceDefault
	// Via is the declaration in the default's scope (or a scope inserted
	// below it) through which the default reaches Resource.
	Via *Declaration
	// Resource is one affected resource, in Target's body.
	Resource *Resource
	// Target is the class or defined type whose body declares Resource.
	Target *Definition
	// Attrs are the default's attributes that Resource gets and that can
	// change it.
	Attrs []string
	// Shown is set when a catalog the tree itself produces shows the leak:
	// a node's (or the main manifests'), or any that evaluates the
	// default's scope, when each step from there down to Resource is one
	// no other code can take first. Otherwise the leak takes a combination
	// of classes only an ENC could choose.
	Shown bool
}

// OrderDependence is a class declared from scopes with differing defaults.
type OrderDependence struct {
	Class *Definition
	// Type is a resource type (lower case) the class declares resources of.
	Type string
	// A and B are two declarations that can meet in one catalog and carry
	// different defaults for Type.
	A, B SiteDefaults
	// Sites are every declaration of the class in the tree.
	Sites []*Declaration
	// Shown is set when A and B meet in a catalog the tree itself
	// produces (one simulation); otherwise only an ENC's choice of
	// classes brings them together.
	Shown bool
}

// SiteDefaults are the defaults for one type in effect at a declaration.
type SiteDefaults struct {
	Decl *Declaration
	// Defaults are the effective defaults by attribute, sorted by attribute.
	Defaults []AttrDefault
}

// AttrDefault is the default that provides one attribute.
type AttrDefault struct {
	Attr    string
	Default *ResourceDefault
	// Value is the attribute's value as written.
	Value string
}

// Redeclaration is a resource-like class declaration that another
// declaration of the same class can precede in one catalog.
type Redeclaration struct {
	ResourceLike *Declaration
	// Other is the declaration that can come first; nil when the
	// resource-like declaration itself is evaluated twice (from a defined
	// type instantiated more than once).
	Other *Declaration
	// Apart is set when no one entry point of the tree reaches both
	// declarations: they meet only if an ENC (or Hiera) assigns two
	// classes the tree never combines to one node.
	Apart bool
	// Conditional is set when the declarations meet in one entry point's
	// catalog only on conditional arms whose tests read the node's data
	// (parameters, lookups): data the tree does not show decides whether
	// one node takes them.
	Conditional bool
}

// dynamicOnce memoises Program.Dynamic.
type dynamicOnce struct {
	once sync.Once
	mu   sync.Mutex // guards dyn and carried for CarryDynamic
	dyn  *Dynamic
	// from is Options.Dynamic; carried is set when dyn was resolved
	// from it rather than simulated.
	from, carried *DynamicCarry
}

// Dynamic simulates evaluation order over the declaration graph once per
// program and returns the result; later calls return the same value. A
// program given Options.Dynamic takes that over instead, when its places
// resolve (see DynamicCarry).
func (p *Program) Dynamic() *Dynamic {
	p.dynamic.once.Do(func() {
		var dyn *Dynamic
		var carried *DynamicCarry
		if c := p.dynamic.from; c != nil {
			if dyn = c.resolve(p); dyn != nil {
				carried = c
			}
		}
		if dyn == nil {
			dyn = newDynamicAnalysis(p).run()
		}
		p.dynamic.mu.Lock()
		p.dynamic.dyn, p.dynamic.carried = dyn, carried
		p.dynamic.mu.Unlock()
	})
	return p.dynamic.dyn
}

// Simulated reports whether Dynamic has run, or taken a carry over,
// already: a call to it then returns at once.
func (p *Program) Simulated() bool {
	p.dynamic.mu.Lock()
	defer p.dynamic.mu.Unlock()
	return p.dynamic.dyn != nil
}

// dynamicAnalysis holds what all simulations share and what they found.
type dynamicAnalysis struct {
	p       *Program
	lambdas map[*Scope][]*Scope
	// tracked are the declarations whose evaluations redeclaration
	// compares, numbered: those of classes something declares
	// resource-like. Only their evaluations are recorded.
	tracked map[*Declaration]int32
	// res are the resources whose evaluations duplicate detection pairs.
	res *resTracker
	// refs are the references whose targets the simulations look for.
	refs *refTracker
	// bodies are what the simulations need of each definition's body, by
	// index (see hasBody).
	bodies []body
	// defaulted are the resource types some scope has a default for,
	// each with its bit in type masks (see typeBit).
	defaulted map[string]uint64
	// workers are the memo tables and scratch space of each goroutine
	// simulating, and then of assemble's.
	workers []*simWorker

	// What the simulations found, merged in simulation order.
	leaks    map[*ResourceDefault]*Leak
	leakRank map[*ResourceDefault]leakRank
	found    []*simFindings
	rootSim  []bool
	roleSim  []bool // root simulations of role classes
	lazySim  []bool // root simulations of a defined type nothing declares
	// reached are the definitions (by index) a merged simulation evaluated.
	reached []bool
}

func newDynamicAnalysis(p *Program) *dynamicAnalysis {
	a := &dynamicAnalysis{p: p, lambdas: map[*Scope][]*Scope{}, tracked: map[*Declaration]int32{},
		leaks: map[*ResourceDefault]*Leak{}, leakRank: map[*ResourceDefault]leakRank{}, reached: make([]bool, len(p.Definitions))}
	a.workers = []*simWorker{a.newWorker()}
	// The three parts of the set-up read only the program and each fills
	// its own fields: they run side by side, where one after another they
	// kept a core idle before every simulation.
	par.For(3, p.jobs, func(part int) {
		switch part {
		case 0:
			a.trackResources()
		case 1:
			a.trackReferences()
		case 2:
			a.trackDeclarations()
		}
	})
	a.bodies = make([]body, len(p.Definitions))
	par.For(len(p.Definitions), p.jobs, func(i int) {
		if d := p.Definitions[i]; hasBody(d) {
			a.bodies[i] = a.bodyOf(d)
		}
	})
	return a
}

// trackDeclarations numbers the declarations redeclaration compares (see
// tracked) and notes each scope's lambdas and the resource types some
// scope has a default for.
func (a *dynamicAnalysis) trackDeclarations() {
	p := a.p
	for _, d := range p.Definitions {
		if d.Kind != ClassDef {
			continue
		}
		for _, rl := range p.DeclarationsOf(d.Name) {
			if rl.Kind == ResourceLike {
				a.track(rl)
				for _, other := range p.DeclarationsOf(rl.Target) {
					a.track(other)
				}
			}
		}
	}
	a.defaulted = map[string]uint64{}
	for _, s := range p.Scopes() {
		if s.Kind == LambdaScope {
			owner := s.Owner()
			a.lambdas[owner] = append(a.lambdas[owner], s)
		}
		for _, d := range s.Defaults {
			if a.defaulted[d.Type] == 0 {
				a.defaulted[d.Type] = typeBit(len(a.defaulted))
			}
		}
	}
}

// run performs every simulation and assembles the findings.
func (a *dynamicAnalysis) run() *Dynamic {
	p := a.p
	var jobs []simJob
	for _, top := range p.TopScopes {
		n := len(jobs)
		simulated := map[string]bool{}
		for _, d := range p.Definitions {
			if d.Kind == NodeDef && p.scopeOfFile(d.File) == top {
				if sig := a.nodeSignature(d); sig != "" {
					if simulated[sig] {
						continue // the same catalog as an earlier node's
					}
					simulated[sig] = true
				}
				jobs = append(jobs, simJob{top: top, node: d})
			}
		}
		if len(jobs) == n {
			jobs = append(jobs, simJob{top: top})
		}
	}
	a.simulateAll(jobs)
	// Classes and defined types no environment reaches are declared from
	// top scope, as an ENC would: first those nothing declares, then any
	// still unreached (declared only from unreached code), by name. The
	// first run in parallel: nothing declares them (`inherits` declares a
	// base class too), so no such simulation can reach another's root.
	jobs = jobs[:0]
	for _, d := range p.Definitions {
		if a.unreachedRoot(d) && len(p.DeclarationsOf(d.Name)) == 0 {
			jobs = append(jobs, simJob{top: p.TopScopeFor(d.File), root: d})
		}
	}
	a.simulateAll(jobs)
	for _, d := range a.declarersFirst() {
		if a.unreachedRoot(d) {
			a.simulateAll([]simJob{{top: p.TopScopeFor(d.File), root: d}})
		}
	}
	return a.assemble()
}

// declarersFirst lists the definitions still unreached so that one
// declaring another (from its own body) comes before it, cycles aside: a
// simulation of the declarer then reaches the other, as Puppet would
// evaluate it, and the other needs no simulation of its own. In definition
// order instead, a chain of n classes, each inheriting or including the
// next one's base, took n simulations of up to n classes each.
func (a *dynamicAnalysis) declarersFirst() []*Definition {
	p := a.p
	var defs []*Definition
	for _, d := range p.Definitions {
		if a.unreachedRoot(d) {
			defs = append(defs, d)
		}
	}
	if len(defs) < 2 {
		return defs
	}
	// declares[i] are the indexes in defs of what defs[i] declares.
	at := make(map[*Definition]int, len(defs))
	for i, d := range defs {
		at[d] = i
	}
	declares := make([][]int, len(defs))
	for i, d := range defs {
		for _, decl := range p.DeclarationsOf(d.Name) {
			if decl.Scope == nil {
				continue
			}
			if from, ok := at[decl.Scope.Owner().Def]; ok && from != i {
				declares[from] = append(declares[from], i)
			}
		}
	}
	// Reverse postorder of a depth-first search, with an explicit stack:
	// a declaration chain may be as long as the tree is large.
	type frame struct{ node, next int }
	visited := make([]bool, len(defs))
	post := make([]*Definition, 0, len(defs))
	var stack []frame
	for start := range defs {
		if visited[start] {
			continue
		}
		visited[start] = true
		stack = append(stack, frame{node: start})
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			if top.next < len(declares[top.node]) {
				next := declares[top.node][top.next]
				top.next++
				if !visited[next] {
					visited[next] = true
					stack = append(stack, frame{node: next})
				}
				continue
			}
			post = append(post, defs[top.node])
			stack = stack[:len(stack)-1]
		}
	}
	slices.Reverse(post)
	return post
}

// nodeSignature names what a node definition's body does when all it does
// is declare classes unconditionally (`role(x)`, `include a, b`): nodes
// with the same signature evaluate the same catalog, so one simulation
// stands for all of them (a control repo has hundreds of nodes and a few
// dozen roles). It is "" for any other body, and for bodies with a
// declaration redeclaration tracks, whose own evaluations are findings.
func (a *dynamicAnalysis) nodeSignature(d *Definition) string {
	sc := d.Scope
	if sc == nil || len(sc.Assignments) > 0 || len(sc.Defaults) > 0 || len(sc.Resources) > 0 || len(sc.Calls) > 0 ||
		len(sc.References) > 0 ||
		len(sc.Realizes) > 0 || len(sc.Fails) > 0 || len(a.lambdas[sc]) > 0 {
		return ""
	}
	var b strings.Builder
	for _, decl := range sc.Declarations {
		if _, tracked := a.tracked[decl]; tracked || len(decl.Branch) > 0 || decl.Virtual || decl.Kind == DefineInstance {
			return ""
		}
		fmt.Fprintf(&b, "%d %s\n", decl.Kind, decl.Target)
	}
	return b.String()
}

// unreachedRoot reports whether d is a class or defined type no merged
// simulation reached, and the one of its name Puppet uses.
func (a *dynamicAnalysis) unreachedRoot(d *Definition) bool {
	return (d.Kind == ClassDef || d.Kind == DefineDef) && !a.reached[d.index] && d.Scope != nil &&
		a.p.Lookup(d.Kind, d.Name)[0] == d
}

// simulateAll runs the simulations of jobs in parallel and merges what
// they found in the order of jobs, as if they had run one after another:
// the simulation of a root an earlier one reached is dropped. Nothing else
// a simulation does depends on another.
func (a *dynamicAnalysis) simulateAll(jobs []simJob) {
	first := len(a.rootSim)
	for _, j := range jobs {
		root := j.root != nil
		a.rootSim = append(a.rootSim, root)
		a.roleSim = append(a.roleSim, root && isRole(j.root))
		a.lazySim = append(a.lazySim, root && j.root.Kind == DefineDef)
	}
	for len(a.workers) < par.Workers(len(jobs), a.p.jobs) {
		a.workers = append(a.workers, a.newWorker())
	}
	found := make([]*simFindings, len(jobs))
	par.ForWorkers(len(jobs), a.p.jobs, func(w, i int) {
		if a.p.Err() == nil {
			found[i] = a.workers[w].simulate(first+i, jobs[i])
		}
	})
	for i, f := range found {
		if f == nil {
			continue // not simulated: the program's context is done
		}
		if r := jobs[i].root; r != nil && a.reached[r.index] {
			continue
		}
		a.commit(f)
	}
}

// commit merges what one simulation found.
func (a *dynamicAnalysis) commit(f *simFindings) {
	// Keep one example per default, the first of the best rank.
	for d, l := range f.leaks {
		if prev, seen := a.leakRank[d]; !seen || f.leakRank[d].better(prev) {
			a.leaks[d], a.leakRank[d] = l, f.leakRank[d]
		}
	}
	for _, d := range f.reached {
		a.reached[d] = true
	}
	f.leaks, f.leakRank, f.reached = nil, nil, nil
	a.found = append(a.found, f)
}

// track notes that the evaluations of decl are to be recorded.
func (a *dynamicAnalysis) track(decl *Declaration) {
	if _, ok := a.tracked[decl]; !ok {
		a.tracked[decl] = int32(len(a.tracked))
	}
}

// scopeOfFile returns the environment top scope a main manifest belongs to.
func (p *Program) scopeOfFile(f *File) *Scope {
	if f == nil || f.Scope == nil || f.Scope.Kind != TopScope {
		return nil
	}
	return f.Scope
}

// assemble turns what the simulations recorded into sorted findings.
func (a *dynamicAnalysis) assemble() *Dynamic {
	dyn := &Dynamic{}
	// Each class's records and each declaration's and resource's
	// evaluations, in simulation order. The evaluations, which only the
	// redeclarations and duplicates below read, are grouped beside the
	// records and the order checks, which do not need them, so that their
	// grouping does not lengthen the serial part of the analysis.
	type grouped struct {
		decls buckets[declEval]
		res   resEvals
	}
	group := func() grouped {
		decls := bucket(len(a.tracked), func(put func(int, declEval)) {
			for _, f := range a.found {
				for _, seg := range f.evals {
					for _, e := range seg {
						put(int(e.tracked), e.declEval)
					}
				}
			}
		})
		return grouped{decls, a.resourceEvals()}
	}
	var groupedLater *par.Future[grouped]
	if a.p.jobs > 1 {
		groupedLater = par.Start(group)
	}
	for _, l := range a.leaks {
		dyn.Leaks = append(dyn.Leaks, l)
	}
	slices.SortFunc(dyn.Leaks, func(x, y *Leak) int { return cmpPos(x.Default.File, x.Default.Node, y.Default.File, y.Default.Node) })
	sites := bucket(len(a.p.Definitions), func(put func(int, *siteRecord)) {
		for _, f := range a.found {
			for _, seg := range f.sites {
				for i := range seg {
					put(int(seg[i].def), &seg[i])
				}
			}
		}
	})
	// Classes are checked in parallel, each goroutine with a worker's memo
	// tables, and the findings listed in definition order: checked one by
	// one they were a single-core tail of an editor's run.
	defs := a.p.Definitions
	for len(a.workers) < par.Workers(len(defs), a.p.jobs) {
		a.workers = append(a.workers, a.newWorker())
	}
	ods := make([]*OrderDependence, len(defs))
	par.ForWorkers(len(defs), a.p.jobs, func(w, i int) {
		if recs := sites.of(defs[i].index); len(recs) > 0 {
			ods[i] = a.orderDependence(a.workers[w], defs[i], recs)
		}
	})
	for _, od := range ods {
		if od != nil {
			dyn.OrderDependent = append(dyn.OrderDependent, od)
		}
	}
	slices.SortFunc(dyn.OrderDependent, func(x, y *OrderDependence) int {
		return cmpPos(x.Class.File, x.Class.Node, y.Class.File, y.Class.Node)
	})

	var resourceLike []*Declaration
	for _, d := range defs {
		if d.Kind != ClassDef {
			continue
		}
		for _, rl := range a.p.DeclarationsOf(d.Name) {
			if rl.Kind == ResourceLike {
				resourceLike = append(resourceLike, rl)
			}
		}
	}
	var g grouped
	if groupedLater != nil {
		g = groupedLater.Get()
	} else {
		g = group()
	}
	evals := g.decls
	rds := make([]*Redeclaration, len(resourceLike))
	par.ForWorkers(len(resourceLike), a.p.jobs, func(w, i int) {
		rds[i] = a.redeclaration(a.workers[w], resourceLike[i], evals)
	})
	for _, rd := range rds {
		if rd != nil {
			dyn.Redeclared = append(dyn.Redeclared, rd)
		}
	}
	slices.SortFunc(dyn.Redeclared, func(x, y *Redeclaration) int {
		return cmpPos(x.ResourceLike.File, x.ResourceLike.Node, y.ResourceLike.File, y.ResourceLike.Node)
	})
	dyn.Redeclared = slices.CompactFunc(dyn.Redeclared, func(x, y *Redeclaration) bool { return x.ResourceLike == y.ResourceLike })
	dyn.Duplicates = a.allDuplicates(g.res)
	dyn.RefMisses = a.heldReferences()
	for _, w := range a.workers {
		dyn.Steps += w.steps
	}
	return dyn
}

// allDuplicates pairs the tracked resources' evaluations (see duplicates).
func (a *dynamicAnalysis) allDuplicates(evs resEvals) []*Duplicate {
	t := a.res
	if len(t.list) == 0 {
		return nil
	}
	evals, byKey := evs.evals, evs.byKey
	for len(a.workers) < par.Workers(len(t.list), a.p.jobs) {
		a.workers = append(a.workers, a.newWorker())
	}
	found := make([]*Duplicate, len(t.list))
	par.ForWorkers(len(t.list), a.p.jobs, func(w, i int) { found[i] = a.duplicates(a.workers[w], i, evals, byKey) })
	var out []*Duplicate
	for _, d := range found {
		if d != nil {
			out = append(out, d)
		}
	}
	slices.SortFunc(out, func(x, y *Duplicate) int {
		if c := cmpPos(x.Resource.File, x.Resource.Body, y.Resource.File, y.Resource.Body); c != 0 {
			return c
		}
		return strings.Compare(x.Key, y.Key)
	})
	return out
}

// resEvals are the tracked resources' evaluations, grouped by resource,
// and for each key of a resource's title the indexes of its evaluations
// in simulation order.
type resEvals struct {
	evals buckets[resEval]
	byKey map[string][]int32
}

// resourceEvals groups the tracked resources' evaluations for
// allDuplicates. It reads only what the simulations found, and runs
// after the declarations' grouping, beside the order checks.
func (a *dynamicAnalysis) resourceEvals() resEvals {
	t := a.res
	if len(t.list) == 0 {
		return resEvals{}
	}
	evals := bucket(len(t.list), func(put func(int, resEval)) {
		for _, f := range a.found {
			for _, seg := range f.resEvals {
				for _, e := range seg {
					put(int(e.tracked), e)
				}
			}
		}
	})
	// Each key's evaluations, as indexes into evals.items (an evaluation
	// is 56 bytes), by simulation.
	byKey := map[string][]int32{}
	for i := range t.list {
		for _, k := range t.keys[i] {
			for j := evals.start[i]; j < evals.start[i+1]; j++ {
				byKey[k] = append(byKey[k], j)
			}
		}
	}
	for _, group := range byKey {
		slices.SortStableFunc(group, func(x, y int32) int { return cmp.Compare(evals.items[x].sim, evals.items[y].sim) })
	}
	return resEvals{evals: evals, byKey: byKey}
}

// buckets are items grouped by a key in [0, n), each group in the order
// the items came in.
type buckets[T any] struct {
	start []int32 // the items of key k are items[start[k]:start[k+1]]
	items []T
}

// bucket groups the items each passes to put by their keys: one pass to
// count and one to place, into one allocation, without maps. A large
// control repo's simulations record hundreds of thousands of items.
func bucket[T any](n int, each func(put func(key int, v T))) buckets[T] {
	b := buckets[T]{start: make([]int32, n+1)}
	each(func(k int, _ T) { b.start[k+1]++ })
	for k := range n {
		b.start[k+1] += b.start[k]
	}
	b.items = make([]T, b.start[n])
	next := slices.Clone(b.start[:n])
	each(func(k int, v T) {
		b.items[next[k]] = v
		next[k]++
	})
	return b
}

// of returns the items of key k.
func (b buckets[T]) of(k int) []T { return b.items[b.start[k]:b.start[k+1]] }

// orderDependence finds two declarations of def that can meet in one
// catalog and carry different defaults for a type def uses.
func (a *dynamicAnalysis) orderDependence(w *simWorker, def *Definition, recs []*siteRecord) *OrderDependence {
	// Records carrying the same defaults nearly always share a slice of
	// them (see defInfo.lastSigs; one per simulating goroutine): when every
	// slice carries what the first does, no type can differ. Each slice is
	// compared once, not once per record and type.
	same := true
	checked := []*[]typeDefaults{recs[0].sigs} // slices carrying the first's defaults
	for _, r := range recs[1:] {
		if slices.Contains(checked, r.sigs) {
			continue
		}
		if !sameSigs(*r.sigs, *recs[0].sigs) {
			same = false
			break
		}
		checked = append(checked, r.sigs)
	}
	if same {
		return nil
	}
	// Group each type's records by the defaults they carry; only records
	// of different groups need comparing. Nearly always there is one
	// group: records share their defaults' slices, so a record carrying
	// the same slice as the first is in the first group.
	type typeGroups struct {
		typ    string
		groups [][]int32 // record indexes: a class is declared thousands of times over all simulations
	}
	var byType []typeGroups
	for _, u := range a.typeUses(def) {
		typ := u.typ
		first := recs[0].sigsFor(typ).Defaults
		if !slices.ContainsFunc(recs[1:], func(r *siteRecord) bool { return !sameDefaults(r.sigsFor(typ).Defaults, first) }) {
			continue
		}
		var groups [][]int32
		index := map[string]int{}
		var prev []AttrDefault
		g := -1
		for i := range recs {
			ds := recs[i].sigsFor(typ).Defaults
			// Runs of records share their defaults' slice: only a new
			// slice needs its key.
			if g < 0 || !sameSlice(ds, prev) {
				k := defaultsKey(ds)
				var ok bool
				if g, ok = index[k]; !ok {
					g = len(groups)
					index[k] = g
					groups = append(groups, nil)
				}
				prev = ds
			}
			groups[g] = append(groups[g], int32(i))
		}
		byType = append(byType, typeGroups{typ, groups})
	}
	// Two declarations in one simulation first: a catalog the tree shows
	// has both; then two that only an ENC's choice of classes brings
	// together.
	for _, sameSim := range []bool{true, false} {
		for _, tg := range byType {
			for i, gx := range tg.groups {
				for _, gy := range tg.groups[i+1:] {
					if x, y := a.meetingPair(w, def, recs, gx, gy, tg.typ, sameSim); x != nil {
						return &OrderDependence{Class: def, Type: tg.typ, A: x.sigsFor(tg.typ), B: y.sigsFor(tg.typ),
							Sites: a.p.DeclarationsOf(def.Name), Shown: x.sim == y.sim}
					}
				}
			}
		}
	}
	return nil
}

// meetingPair returns the first pair of records, x of group gx and y of
// gy (indexes into recs, in that order), that can meet in one catalog with
// their defaults for typ differing because of which comes first; with
// sameSim, only a pair of one simulation.
//
// Records of different simulations (classes an ENC declares in either
// order) can meet only as first declarations of the same laziness: Puppet
// evaluates the bodies of all ENC classes before any defined type, so a
// lazy first declaration never precedes an eager one. So each x is
// compared with the records of its own simulation and, if it is a first
// declaration, with the first declarations like it; comparing every pair
// of a class declared in hundreds of simulations was most of the
// simulations' cost on a large tree.
func (a *dynamicAnalysis) meetingPair(w *simWorker, def *Definition, recs []*siteRecord, gx, gy []int32, typ string, sameSim bool) (x, y *siteRecord) {
	bySim := map[int32][]int32{} // positions in gy, ascending
	var firsts [2][]int32        // positions in gy of first declarations, eager and lazy
	for pos, yi := range gy {
		r := recs[yi]
		bySim[r.sim] = append(bySim[r.sim], int32(pos))
		if r.first {
			firsts[laziness(r)] = append(firsts[laziness(r)], int32(pos))
		}
	}
	for _, xi := range gx {
		x := recs[xi]
		same := bySim[x.sim]
		var others []int32
		if x.first && !sameSim {
			others = firsts[laziness(x)]
		}
		// Both lists in gy's order, merged: the pair found is the first
		// in that order, whatever the lists.
		for len(same) > 0 || len(others) > 0 {
			var pos int32
			if len(others) == 0 || len(same) > 0 && same[0] <= others[0] {
				pos, same = same[0], same[1:]
				if len(others) > 0 && others[0] == pos {
					others = others[1:]
				}
			} else {
				pos, others = others[0], others[1:]
			}
			y := recs[gy[pos]]
			// Chains sharing a class came from different parents of it,
			// which one catalog cannot have.
			apart := x.sim != y.sim && !(x.first && y.first && x.lazy == y.lazy && disjointChains(x, y))
			if x.decl == y.decl || apart || settledFirst(x, y) || settledFirst(y, x) ||
				!a.canMeet(x.sim, y.sim) || w.exclusive(x.path(), y.path()) ||
				!a.differOutsideCommonScopes(def, x, y, typ) {
				continue
			}
			return x, y
		}
	}
	return nil, nil
}

// laziness is 1 for a record made while defined types were evaluated.
func laziness(r *siteRecord) int {
	if r.lazy {
		return 1
	}
	return 0
}

// settledFirst reports whether declaration x always comes before y in
// their simulation: x declared the class unconditionally before any defined
// type's body ran, and y runs in one. Which is first is then not a matter
// of evaluation order.
func settledFirst(x, y *siteRecord) bool {
	return x.sim == y.sim && x.first && !x.lazy && x.narms == 0 && y.lazy
}

// disjointChains reports whether two declarations have no class or
// defined type among their dynamic ancestors in common.
func disjointChains(x, y *siteRecord) bool {
	for at := x.from; at != nil; at = at.parent {
		if sc := at.scope; sc != nil && (sc.Kind == ClassScope || sc.Kind == DefineScope) && inChain(y.from, sc) {
			return false
		}
	}
	return true
}

// inChain reports whether sc is the scope of link or of one of its
// ancestors. Chains are a few instances deep: walking one is cheaper than
// the set per declaration it replaced.
func inChain(link *chainLink, sc *Scope) bool {
	for at := link; at != nil; at = at.parent {
		if at.scope == sc {
			return true
		}
	}
	return false
}

// differOutsideCommonScopes reports whether two declarations of class def
// carry different defaults for typ because of a default in a scope that
// only one of them descends from. A difference caused only by a common
// ancestor's default set between the two declarations is fixed by that
// ancestor's body order, not by which declaration comes first. A default
// resetting an attribute to undef is no default. Nor does a difference
// count when def is private to its module and every default making it is
// in that module: the module's own plumbing.
func (a *dynamicAnalysis) differOutsideCommonScopes(def *Definition, x, y *siteRecord, typ string) bool {
	byAttr := func(ds []AttrDefault) map[string]AttrDefault {
		m := map[string]AttrDefault{}
		for _, d := range ds {
			if !isUndefValue(d) {
				m[d.Attr] = d
			}
		}
		return m
	}
	internal := func(d AttrDefault, ok bool) bool {
		if !ok {
			return true
		}
		owner := d.Default.Scope.Owner().Def
		return owner != nil && ModuleOf(owner.Name) == ModuleOf(def.Name)
	}
	private := a.bodies[def.index].private
	mx, my := byAttr(x.sigsFor(typ).Defaults), byAttr(y.sigsFor(typ).Defaults)
	onlyOne := func(d AttrDefault, ok bool) bool {
		if !ok {
			return false
		}
		sc := d.Default.Scope.Owner()
		return !(inChain(x.from, sc) && inChain(y.from, sc))
	}
	check := func(attr string) bool {
		dx, okx := mx[attr]
		dy, oky := my[attr]
		if okx && oky && dx.Value == dy.Value || private && internal(dx, okx) && internal(dy, oky) {
			return false
		}
		return onlyOne(dx, okx) || onlyOne(dy, oky)
	}
	for attr := range mx {
		if check(attr) {
			return true
		}
	}
	for attr := range my {
		if check(attr) {
			return true
		}
	}
	return false
}

// sameDefaults reports whether x and y have the same defaultsKey.
func sameDefaults(x, y []AttrDefault) bool {
	if len(x) != len(y) {
		return false
	}
	if len(x) == 0 || &x[0] == &y[0] {
		return true
	}
	return slices.EqualFunc(x, y, func(dx, dy AttrDefault) bool { return dx.Attr == dy.Attr && dx.Value == dy.Value })
}

// sameSlice reports whether x and y are the same slice (the same elements
// in memory, not merely equal ones) or both empty.
func sameSlice[T any](x, y []T) bool {
	return len(x) == len(y) && (len(x) == 0 || &x[0] == &y[0])
}

// defaultsKey identifies effective defaults by attribute and value text.
func defaultsKey(ds []AttrDefault) string {
	var b strings.Builder
	for _, d := range ds {
		b.WriteString(d.Attr)
		b.WriteByte(0)
		b.WriteString(d.Value)
		b.WriteByte(0)
	}
	return b.String()
}

// canMeet reports whether what two simulations evaluated can be in one
// catalog: the same simulation, or two classes an ENC could both declare
// (but not two role classes).
func (a *dynamicAnalysis) canMeet(s1, s2 int32) bool {
	return s1 == s2 || (a.rootSim[s1] && a.rootSim[s2] && !(a.roleSim[s1] && a.roleSim[s2]))
}

// redeclaration checks whether another declaration of the same class can
// come before the resource-like declaration rl in one catalog.
func (a *dynamicAnalysis) redeclaration(m *simWorker, rl *Declaration, evals buckets[declEval]) *Redeclaration {
	of := func(d *Declaration) []declEval { return evals.of(int(a.tracked[d])) }
	mine := of(rl)
	if len(mine) == 0 || GuardedByDefined(rl) {
		return nil
	}
	// A meeting in one simulation (one entry point) on paths that no data
	// decides (unconditional, or conditional on facts) is reported over one
	// that needs arms taken on the node's data, and that over one that
	// needs two roots an ENC combines.
	var weaker *Redeclaration
	meet := func(other *Declaration, e, f declEval) *Redeclaration {
		if !PathDependsOnData(e.path()) && !PathDependsOnData(f.path()) {
			return &Redeclaration{ResourceLike: rl, Other: other}
		}
		if weaker == nil || weaker.Apart {
			weaker = &Redeclaration{ResourceLike: rl, Other: other, Conditional: true}
		}
		return nil
	}
	// Evaluations are in simulation order: those of one simulation are
	// adjacent.
	for i, e := range mine {
		for _, f := range mine[i+1:] {
			if f.sim != e.sim {
				break
			}
			if !m.exclusive(e.path(), f.path()) {
				if rd := meet(nil, e, f); rd != nil {
					return rd
				}
			}
		}
	}
	for _, other := range a.p.DeclarationsOf(rl.Target) {
		if other == rl || m.exclusive(rl.Branch, other.Branch) {
			continue
		}
		theirs := of(other)
		for _, e := range mine {
			for _, f := range inSim(theirs, e.sim) {
				if !m.exclusive(e.path(), f.path()) && (f.at < e.at || other.Kind == ResourceLike) {
					if rd := meet(other, e, f); rd != nil {
						return rd
					}
				}
			}
		}
		// A class that fails unless rl's class is declared comes after
		// rl's class, so after rl when rl is unconditional in its body;
		// only a second resource-like declaration fails there.
		if other.Kind != ResourceLike && len(rl.Branch) == 0 && rl.Scope.Def != nil && other.Scope.Def != nil &&
			slices.Contains(FailsWithout(other.Scope.Def), rl.Scope.Def.Name) {
			continue
		}
		// Two classes an ENC declares can come in either order.
		if weaker == nil && a.onlyApart(mine, theirs, other.Kind == ResourceLike) {
			weaker = &Redeclaration{ResourceLike: rl, Other: other, Apart: true}
		}
	}
	return weaker
}

// onlyApart reports whether each of two declarations is evaluated in a root
// simulation the other is not in: an ENC can then evaluate either first.
// A defined type's body runs after the classes main and an ENC declare, so
// when y is evaluated only there and x in a class's root simulation, y
// comes second, which fails only when y is resource-like too.
func (a *dynamicAnalysis) onlyApart(x, y []declEval, yResourceLike bool) bool {
	in := func(evs []declEval, sim int32) bool { return len(inSim(evs, sim)) > 0 }
	for _, e := range x {
		if !a.rootSim[e.sim] || in(y, e.sim) {
			continue
		}
		for _, f := range y {
			if a.lazySim[f.sim] && !a.lazySim[e.sim] && !yResourceLike {
				continue
			}
			if a.rootSim[f.sim] && !in(x, f.sim) && a.canMeet(e.sim, f.sim) {
				return true
			}
		}
	}
	return false
}

// inSim returns the evaluations of simulation sim among evs, which are in
// simulation order.
func inSim(evs []declEval, sim int32) []declEval {
	i, _ := slices.BinarySearchFunc(evs, sim, func(e declEval, sim int32) int { return cmp.Compare(e.sim, sim) })
	j := i
	for j < len(evs) && evs[j].sim == sim {
		j++
	}
	return evs[i:j]
}

// isRole reports whether d is a role class of the roles-and-profiles
// pattern, where "each node is assigned exactly one role": two roles never
// meet in one catalog.
func isRole(d *Definition) bool {
	if d.Kind != ClassDef {
		return false
	}
	first, _, _ := strings.Cut(d.Name, "::")
	return first == "role" || first == "roles"
}

// cmpPos orders nodes by file path and offset.
func cmpPos(f1 *File, n1 parser.Node, f2 *File, n2 parser.Node) int {
	if c := strings.Compare(f1.Path, f2.Path); c != 0 {
		return c
	}
	return cmp.Compare(n1.Span().Start.Offset, n2.Span().Start.Offset)
}

// Describe names a scope for messages: "class 'x'", "defined type 'y'",
// "node 'n'", "top scope" or "file examples/init.pp".
func (s *Scope) Describe() string {
	o := s.Owner()
	if o.Def != nil {
		return fmt.Sprintf("%s '%s'", o.Def.Kind, o.Def.Name)
	}
	if (o.Kind == FileScope || o.Kind == TemplateScope) && o.File != nil {
		return fmt.Sprintf("%s %s", o.Kind, o.File.Path)
	}
	return o.Kind.String()
}
