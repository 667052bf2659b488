package model

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"sync"

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
	// Attrs are the default's attributes that Resource gets.
	Attrs []string
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
}

// dynamicOnce memoises Program.Dynamic.
type dynamicOnce struct {
	once sync.Once
	dyn  *Dynamic
}

// Dynamic simulates evaluation order over the declaration graph once per
// program and returns the result; later calls return the same value.
func (p *Program) Dynamic() *Dynamic {
	p.dynamic.once.Do(func() { p.dynamic.dyn = newDynamicAnalysis(p).run() })
	return p.dynamic.dyn
}

// maxDefineEvaluations bounds the defined-type bodies one simulation
// evaluates, so defines instantiating each other cannot blow up.
const maxDefineEvaluations = 5000

// event is something a scope body does, in evaluation order.
type event struct {
	order int64
	def   *ResourceDefault
	res   *Resource
	decl  *Declaration
}

// typeUse is how a class body uses one resource type.
type typeUse struct {
	typ string
	// alwaysSet are the attributes every resource of the type sets, as
	// attrNames names them. A list: resources set few attributes.
	alwaysSet []string
}

// dynamicAnalysis holds what all simulations share and what they found.
type dynamicAnalysis struct {
	p       *Program
	lambdas map[*Scope][]*Scope
	events  map[*Scope][]event
	uses    map[*Definition][]typeUse
	// attrs are each resource default's attributes with their values.
	attrs map[*ResourceDefault][]AttrDefault
	// lastSigs are the defaults a class's latest recorded declaration
	// carried. Nearly every declaration of a class carries the same
	// (often top scope's), so records share one slice instead of each
	// allocating its own.
	lastSigs map[*Definition][]typeDefaults
	// scratch buffers for effectiveDefaults and recordSite.
	effBuf  []AttrDefault
	sigsBuf []typeDefaults
	// queueBuf is the define queue's storage, reused by each simulation.
	queueBuf []queued
	// slab is where instances are allocated (see newInstance).
	slab []instance

	leaks    map[*ResourceDefault]*Leak
	leakArms map[*ResourceDefault]int
	conds    map[Branch]Condition
	evals    map[*Declaration]*chunks[declEval]
	// tracked are the declarations whose evaluations redeclaration
	// compares: those of classes something declares resource-like. Only
	// their evaluations are recorded.
	tracked map[*Declaration]bool
	sites   map[*Definition]*chunks[siteRecord]
	rootSim []bool
	roleSim []bool // root simulations of role classes
	lazySim []bool // root simulations of a defined type nothing declares
	reached map[*Definition]bool
}

// chunks is an append-only list that grows by adding chunks rather than by
// copying: over all simulations of a large control repo a class can be
// declared tens of thousands of times, and growing one slice per class by
// copying (and clearing the larger copy) was a fifth of the simulation.
type chunks[T any] struct {
	full [][]T
	cur  []T
	n    int
}

// addTo appends v to the list of key in m, creating the list.
func addTo[K comparable, T any](m map[K]*chunks[T], key K, v T) {
	c := m[key]
	if c == nil {
		c = &chunks[T]{}
		m[key] = c
	}
	if len(c.cur) == cap(c.cur) {
		if c.cur != nil {
			c.full = append(c.full, c.cur)
		}
		c.cur = make([]T, 0, max(4, 2*cap(c.cur)))
	}
	c.cur = append(c.cur, v)
	c.n++
}

// all returns the items in the order they were added (nil for a nil list).
func (c *chunks[T]) all() []T {
	if c == nil {
		return nil
	}
	if len(c.full) == 0 {
		return c.cur
	}
	out := make([]T, 0, c.n)
	for _, f := range c.full {
		out = append(out, f...)
	}
	c.full, c.cur = nil, append(out, c.cur...)
	return c.cur
}

// declEval is one evaluation of a declaration in a simulation.
type declEval struct {
	sim int
	at  int64
	// path are the conditional arms taken from the simulation's start.
	path []Branch
}

// typeDefaults are the defaults a declaration carries for one type.
type typeDefaults struct {
	typ      string
	defaults []AttrDefault
}

// sigsFor returns the defaults r carries for typ.
func (r *siteRecord) sigsFor(typ string) SiteDefaults {
	for _, s := range r.sigs {
		if s.typ == typ {
			return SiteDefaults{Decl: r.decl, Defaults: s.defaults}
		}
	}
	return SiteDefaults{Decl: r.decl}
}

// siteRecord is the defaults a class declaration carried in a simulation.
type siteRecord struct {
	decl *Declaration
	sim  int
	path []Branch
	// sigs are the defaults the declaration carries, for the types of
	// typeUses that have any, in that order. Shared between records.
	sigs []typeDefaults
	// from is the declaring instance (or the settled base class): its
	// scope and its ancestors' are the declaration's dynamic chain.
	from *instance
	// first is set when this declaration evaluated the class.
	first bool
	// lazy is set when it ran while defined types were being evaluated,
	// after the bodies of every class an ENC declares.
	lazy bool
}

func newDynamicAnalysis(p *Program) *dynamicAnalysis {
	a := &dynamicAnalysis{p: p, lambdas: map[*Scope][]*Scope{}, events: map[*Scope][]event{},
		uses: map[*Definition][]typeUse{}, attrs: map[*ResourceDefault][]AttrDefault{},
		lastSigs: map[*Definition][]typeDefaults{}, leaks: map[*ResourceDefault]*Leak{}, leakArms: map[*ResourceDefault]int{},
		conds: map[Branch]Condition{},
		evals: map[*Declaration]*chunks[declEval]{}, tracked: map[*Declaration]bool{}, sites: map[*Definition]*chunks[siteRecord]{},
		reached: map[*Definition]bool{}}
	for _, d := range p.Definitions {
		if d.Kind != ClassDef {
			continue
		}
		for _, rl := range p.DeclarationsOf(d.Name) {
			if rl.Kind == ResourceLike {
				a.tracked[rl] = true
				for _, other := range p.DeclarationsOf(rl.Target) {
					a.tracked[other] = true
				}
			}
		}
	}
	for _, s := range p.Scopes() {
		if s.Kind == LambdaScope {
			owner := s.Owner()
			a.lambdas[owner] = append(a.lambdas[owner], s)
		}
	}
	return a
}

// scopeEvents returns what the body of scope s (with its lambdas, which run
// in place) does, in order. Memoised.
func (a *dynamicAnalysis) scopeEvents(s *Scope) []event {
	if evs, ok := a.events[s]; ok {
		return evs
	}
	var evs []event
	for _, sc := range append([]*Scope{s}, a.lambdas[s]...) {
		for _, d := range sc.Defaults {
			evs = append(evs, event{order: d.Order, def: d})
		}
		for _, r := range sc.Resources {
			if r.Node.Form == "" {
				evs = append(evs, event{order: r.Order, res: r})
			}
		}
		for _, d := range sc.Declarations {
			if d.Kind != Inherits && !d.Virtual {
				evs = append(evs, event{order: d.Order, decl: d})
			}
		}
	}
	// Resources before the define instance declared by the same statement.
	slices.SortStableFunc(evs, func(x, y event) int {
		if c := cmp.Compare(x.order, y.order); c != 0 {
			return c
		}
		return cmp.Compare(x.rank(), y.rank())
	})
	a.events[s] = evs
	return evs
}

func (e event) rank() int {
	switch {
	case e.def != nil:
		return 0
	case e.res != nil:
		return 1
	}
	return 2
}

// typeUses returns how class def's body uses each resource type it
// declares, sorted by type.
func (a *dynamicAnalysis) typeUses(def *Definition) []typeUse {
	if u, ok := a.uses[def]; ok {
		return u
	}
	var u []typeUse
	for _, ev := range a.scopeEvents(def.Scope) {
		if ev.res == nil {
			continue
		}
		i := slices.IndexFunc(u, func(tu typeUse) bool { return tu.typ == ev.res.Type })
		if i >= 0 {
			u[i].alwaysSet = slices.DeleteFunc(u[i].alwaysSet, func(k string) bool { return !bodySets(ev.res.Body, k) })
			continue
		}
		u = append(u, typeUse{typ: ev.res.Type, alwaysSet: attrNames(ev.res.Body)})
	}
	slices.SortFunc(u, func(x, y typeUse) int { return strings.Compare(x.typ, y.typ) })
	a.uses[def] = u
	return u
}

// defaultAttrs returns the attributes resource default d sets (not its
// splat), with their values as written. Memoised: a default applies to
// thousands of declarations.
func (a *dynamicAnalysis) defaultAttrs(d *ResourceDefault) []AttrDefault {
	if ads, ok := a.attrs[d]; ok {
		return ads
	}
	ads := []AttrDefault{}
	for _, op := range d.Node.Attrs {
		if !op.Splat {
			ads = append(ads, AttrDefault{Attr: op.Name, Default: d, Value: sourceText(d.File, op.Value)})
		}
	}
	a.attrs[d] = ads
	return ads
}

// bodySets reports whether b sets attribute name ("*": has a splat).
func bodySets(b *parser.ResourceBody, name string) bool {
	if b == nil {
		return false
	}
	for _, op := range b.Attrs {
		if op.Splat && name == "*" || !op.Splat && op.Name == name {
			return true
		}
	}
	return false
}

// attrNames lists the attributes a resource body sets; "*" for a splat.
func attrNames(b *parser.ResourceBody) []string {
	if b == nil {
		return nil
	}
	out := make([]string, 0, len(b.Attrs))
	for _, op := range b.Attrs {
		if op.Splat {
			out = append(out, "*")
		} else {
			out = append(out, op.Name)
		}
	}
	return out
}

// DefaultAttrs returns the attribute names a resource default sets, and
// whether it also has a splat (* => hash) whose attributes are unknown.
func DefaultAttrs(d *ResourceDefault) (names []string, splat bool) {
	for _, op := range d.Node.Attrs {
		if op.Splat {
			splat = true
			continue
		}
		names = append(names, op.Name)
	}
	return names, splat
}

// instance is one evaluated class, node, top scope or define instance.
type instance struct {
	scope  *Scope
	def    *Definition // nil for top scope
	parent *instance
	// via is the declaration that created the instance (for an inserted
	// base class: the declaration of the derived class).
	via *Declaration
	// inherited is set when parent is the class's base class.
	inherited bool
	defaults  []timedDefault
	// path are the conditional arms taken from the simulation's start to
	// the declaration that created the instance.
	path []Branch
}

// newInstance returns a pointer to a copy of in, allocated from a slab:
// a large control repo evaluates hundreds of thousands of instances.
func (a *dynamicAnalysis) newInstance(in instance) *instance {
	if len(a.slab) == cap(a.slab) {
		a.slab = make([]instance, 0, 256)
	}
	a.slab = append(a.slab, in)
	return &a.slab[len(a.slab)-1]
}

// pathTo returns inst's path extended by the arms of decl (nil decl: inst's path).
func pathTo(inst *instance, decl *Declaration) []Branch {
	if decl == nil || len(decl.Branch) == 0 {
		return inst.path
	}
	out := make([]Branch, 0, len(inst.path)+len(decl.Branch))
	return append(append(out, inst.path...), decl.Branch...)
}

type timedDefault struct {
	d  *ResourceDefault
	at int64
}

// queued is a defined-type instance waiting for lazy evaluation.
type queued struct {
	def    *Definition
	parent *instance
	decl   *Declaration
}

// simulation is one catalog compilation.
type simulation struct {
	a        *dynamicAnalysis
	id       int
	clock    int64
	classes  map[*Definition]*instance
	building map[*Definition]bool
	queue    []queued
	head     int // next queue entry to evaluate
	defines  int
	lazy     bool // evaluating the define queue
}

func (a *dynamicAnalysis) newSim(root bool) *simulation {
	a.rootSim = append(a.rootSim, root)
	a.roleSim = append(a.roleSim, false)
	a.lazySim = append(a.lazySim, false)
	return &simulation{a: a, id: len(a.rootSim) - 1, classes: map[*Definition]*instance{},
		building: map[*Definition]bool{}, queue: a.queueBuf[:0]}
}

func (sm *simulation) tick() int64 {
	sm.clock++
	return sm.clock
}

// run performs every simulation and assembles the findings.
func (a *dynamicAnalysis) run() *Dynamic {
	p := a.p
	for _, top := range p.TopScopes {
		var nodes []*Definition
		for _, d := range p.Definitions {
			if d.Kind == NodeDef && p.scopeOfFile(d.File) == top {
				nodes = append(nodes, d)
			}
		}
		if len(nodes) == 0 {
			sm := a.newSim(false)
			sm.start(top, nil)
			continue
		}
		for _, n := range nodes {
			sm := a.newSim(false)
			sm.start(top, n)
		}
	}
	// Classes and defined types no environment reaches are declared from
	// top scope, as an ENC would: first those nothing declares, then any
	// still unreached (declared only from unreached code), by name.
	for pass := 0; pass < 2; pass++ {
		for _, d := range p.Definitions {
			if (d.Kind != ClassDef && d.Kind != DefineDef) || a.reached[d] || d.Scope == nil {
				continue
			}
			if pass == 0 && len(p.DeclarationsOf(d.Name)) > 0 {
				continue
			}
			if p.Lookup(d.Kind, d.Name)[0] != d {
				continue // duplicate definition: Puppet uses one
			}
			sm := a.newSim(true)
			a.roleSim[sm.id] = isRole(d)
			a.lazySim[sm.id] = d.Kind == DefineDef
			sm.startRoot(p.TopScopeFor(d.File), d)
		}
	}
	return a.assemble()
}

// scopeOfFile returns the environment top scope a main manifest belongs to.
func (p *Program) scopeOfFile(f *File) *Scope {
	if f == nil || f.Scope == nil || f.Scope.Kind != TopScope {
		return nil
	}
	return f.Scope
}

// start evaluates top scope, then node (if any), then the define queue.
func (sm *simulation) start(top *Scope, node *Definition) {
	topInst := &instance{scope: top}
	sm.evalScope(topInst)
	if node != nil && node.Scope != nil {
		sm.a.reached[node] = true
		sm.evalScope(&instance{scope: node.Scope, def: node, parent: topInst})
	}
	sm.drain()
}

// startRoot evaluates top scope (when the definition lives in an
// environment) and then declares d from it.
func (sm *simulation) startRoot(top *Scope, d *Definition) {
	topInst := &instance{}
	if top != nil {
		topInst.scope = top
		sm.evalScope(topInst)
	}
	if d.Kind == ClassDef {
		sm.ensureClass(d, topInst, nil)
	} else {
		sm.queue = append(sm.queue, queued{def: d, parent: topInst})
	}
	sm.drain()
}

// drain evaluates queued defined-type instances in order.
func (sm *simulation) drain() {
	sm.lazy = true
	defer func() { sm.lazy = false }()
	for sm.head < len(sm.queue) && sm.defines < maxDefineEvaluations {
		q := sm.queue[sm.head]
		sm.head++
		sm.defines++
		sm.a.reached[q.def] = true
		sm.evalScope(sm.a.newInstance(instance{scope: q.def.Scope, def: q.def, parent: q.parent, via: q.decl, path: pathTo(q.parent, q.decl)}))
	}
	sm.a.queueBuf = sm.queue[:0]
	sm.queue, sm.head = nil, 0
}

// evalScope runs the body of inst's scope.
func (sm *simulation) evalScope(inst *instance) {
	if inst.scope == nil {
		return
	}
	for _, ev := range sm.a.scopeEvents(inst.scope) {
		switch {
		case ev.def != nil:
			inst.defaults = append(inst.defaults, timedDefault{ev.def, sm.tick()})
		case ev.res != nil:
			sm.create(inst, ev.res)
		case ev.decl != nil:
			sm.declare(inst, ev.decl)
		}
	}
}

// declare evaluates one declaration made by inst.
func (sm *simulation) declare(inst *instance, decl *Declaration) {
	at := sm.tick()
	if sm.a.tracked[decl] {
		addTo(sm.a.evals, decl, declEval{sm.id, at, pathTo(inst, decl)})
	}
	if decl.Kind == DefineInstance {
		if def := sm.a.p.Define(decl.Target); def != nil && def.Scope != nil && !declaredAbove(inst, decl) {
			sm.queue = append(sm.queue, queued{def: def, parent: inst, decl: decl})
		}
		return
	}
	def := sm.a.p.Class(decl.Target)
	if def == nil || def.Scope == nil {
		return
	}
	sm.recordSite(inst, decl, def)
	sm.ensureClass(def, inst, decl)
}

// declaredAbove reports whether decl already created inst or one of its
// ancestors: a defined type instantiating itself (with other titles) is
// simulated once per declaration on the chain.
func declaredAbove(inst *instance, decl *Declaration) bool {
	for at := inst; at != nil; at = at.parent {
		if at.via == decl {
			return true
		}
	}
	return false
}

// ensureClass declares class def from inst unless it is already declared,
// inserting an undeclared base class first, and evaluates its body.
func (sm *simulation) ensureClass(def *Definition, from *instance, decl *Declaration) *instance {
	if in, ok := sm.classes[def]; ok {
		return in
	}
	if sm.building[def] {
		return nil // inheritance cycle
	}
	sm.building[def] = true
	defer delete(sm.building, def)
	parent, inherited := from, false
	if def.Parent != "" {
		if base := sm.a.p.Class(def.Parent); base != nil && base != def && base.Scope != nil {
			for _, d := range def.Scope.Declarations {
				if d.Kind == Inherits {
					at := sm.tick()
					if sm.a.tracked[d] {
						addTo(sm.a.evals, d, declEval{sm.id, at, pathTo(from, decl)})
					}
				}
			}
			if bi := sm.ensureClass(base, from, decl); bi != nil {
				parent, inherited = bi, true
			}
		}
	}
	in := sm.a.newInstance(instance{scope: def.Scope, def: def, parent: parent, via: decl, inherited: inherited, path: pathTo(from, decl)})
	sm.classes[def] = in
	sm.a.reached[def] = true
	sm.evalScope(in)
	return in
}

// create applies the defaults in effect to a resource being declared in
// inst and records the ones that come from other classes or defines.
func (sm *simulation) create(inst *instance, r *Resource) {
	now := sm.tick()
	if !hasDefaultFor(inst, r.Type) {
		return
	}
	if bodySets(r.Body, "*") {
		return // a splat may set any attribute: which defaults apply is unknown
	}
	// The attributes a nearer (or later) default already provides.
	var coveredBuf [8]string
	covered := coveredBuf[:0]
	crossed := false
	var down *Declaration // declaration in the current ancestor leading to inst
	branch := r.Branch
	for at := inst; at != nil; at = at.parent {
		for i := len(at.defaults) - 1; i >= 0; i-- { // later defaults in one scope win
			td := at.defaults[i]
			if td.at >= now || td.d.Type != r.Type || sm.a.exclusive(td.d.Branch, branch) {
				continue
			}
			start := len(covered)
			for _, ad := range sm.a.defaultAttrs(td.d) {
				if !bodySets(r.Body, ad.Attr) && !slices.Contains(covered, ad.Attr) {
					covered = append(covered, ad.Attr)
				}
			}
			got := covered[start:]
			if len(got) == 0 || !crossed || at.def == nil {
				continue
			}
			if k := at.scope.Kind; k != ClassScope && k != DefineScope {
				continue
			}
			// Keep one example per default, preferring the one that
			// depends on the fewest conditionals.
			arms := 2 * (len(inst.path) + len(r.Branch))
			if down == nil || down.Target != inst.def.Name {
				arms++ // reached through further declarations: a less direct example
			}
			if prev, seen := sm.a.leakArms[td.d]; !seen || arms < prev {
				sm.a.leaks[td.d] = &Leak{Default: td.d, Via: down, Resource: r, Target: inst.def, Attrs: slices.Clone(got)}
				sm.a.leakArms[td.d] = arms
			}
		}
		if at.parent == nil {
			break
		}
		if !at.inherited {
			crossed = true
		}
		down = at.via
		if at.inherited {
			down = inheritsDecl(at.def) // the base reaches inst through this class, not through its declarer
		}
		if down != nil {
			branch = down.Branch
		} else {
			branch = nil
		}
	}
}

// inheritsDecl returns the `inherits` declaration of class def, if any.
func inheritsDecl(def *Definition) *Declaration {
	if def == nil || def.Scope == nil {
		return nil
	}
	for _, d := range def.Scope.Declarations {
		if d.Kind == Inherits {
			return d
		}
	}
	return nil
}

// hasDefaultFor reports whether inst or an ancestor has a default for typ.
func hasDefaultFor(inst *instance, typ string) bool {
	for at := inst; at != nil; at = at.parent {
		for _, td := range at.defaults {
			if td.d.Type == typ {
				return true
			}
		}
	}
	return false
}

// effectiveDefaults appends to buf the defaults for type typ in effect at
// inst now, restricted to attributes not in skip, sorted by attribute.
func (a *dynamicAnalysis) effectiveDefaults(buf []AttrDefault, inst *instance, typ string, now int64, skip []string) []AttrDefault {
	start := len(buf)
	for at := inst; at != nil; at = at.parent {
		for i := len(at.defaults) - 1; i >= 0; i-- {
			td := at.defaults[i]
			if td.at >= now || td.d.Type != typ {
				continue
			}
			for _, ad := range a.defaultAttrs(td.d) {
				if !slices.Contains(skip, ad.Attr) && !slices.ContainsFunc(buf[start:], func(x AttrDefault) bool { return x.Attr == ad.Attr }) {
					buf = append(buf, ad)
				}
			}
		}
	}
	slices.SortFunc(buf[start:], func(x, y AttrDefault) int { return strings.Compare(x.Attr, y.Attr) })
	return buf
}

// sameSigs reports whether two declarations carry the same defaults.
func sameSigs(x, y []typeDefaults) bool {
	return slices.EqualFunc(x, y, func(dx, dy typeDefaults) bool {
		return dx.typ == dy.typ && slices.EqualFunc(dx.defaults, dy.defaults, func(ax, ay AttrDefault) bool {
			return ax.Attr == ay.Attr && ax.Default == ay.Default
		})
	})
}

// cloneSigs copies sigs (which may point into scratch buffers) into one
// allocation each for the types and the defaults.
func cloneSigs(sigs []typeDefaults) []typeDefaults {
	n := 0
	for _, s := range sigs {
		n += len(s.defaults)
	}
	ads := make([]AttrDefault, 0, n)
	out := make([]typeDefaults, len(sigs))
	for i, s := range sigs {
		start := len(ads)
		ads = append(ads, s.defaults...)
		out[i] = typeDefaults{s.typ, ads[start:len(ads):len(ads)]}
	}
	return out
}

// recordSite records the defaults a declaration of def carries for each
// type def's body uses.
func (sm *simulation) recordSite(inst *instance, decl *Declaration, def *Definition) {
	uses := sm.a.typeUses(def)
	if len(uses) == 0 {
		return
	}
	ci, declared := sm.classes[def]
	if declared {
		for at := inst; at != nil; at = at.parent {
			if at == ci {
				return // only evaluated because def was: it can never come first
			}
		}
	}
	from := inst
	if def.Parent != "" {
		if base := sm.a.p.Class(def.Parent); base != nil {
			if bi, ok := sm.classes[base]; ok {
				from = bi // the base is settled: the declarer does not matter
			}
		}
	}
	a := sm.a
	now := sm.clock
	sigs, eff := a.sigsBuf[:0], a.effBuf[:0]
	for _, u := range uses {
		start := len(eff)
		eff = a.effectiveDefaults(eff, from, u.typ, now, u.alwaysSet)
		if len(eff) > start {
			sigs = append(sigs, typeDefaults{u.typ, eff[start:len(eff):len(eff)]})
		}
	}
	last, ok := a.lastSigs[def]
	if !ok || !sameSigs(sigs, last) {
		last = cloneSigs(sigs)
		a.lastSigs[def] = last
	}
	a.sigsBuf, a.effBuf = sigs[:0], eff[:0]
	addTo(a.sites, def, siteRecord{decl: decl, sim: sm.id, path: pathTo(inst, decl), sigs: last,
		from: from, first: !declared, lazy: sm.lazy})
}

// sourceText returns the source of expression e in file f.
func sourceText(f *File, e parser.Expr) string {
	if f == nil || f.Parsed == nil || e == nil {
		return ""
	}
	sp := e.Span()
	if sp.Start.Offset < 0 || int(sp.End.Offset) > len(f.Parsed.Src) || sp.Start.Offset > sp.End.Offset {
		return ""
	}
	return string(f.Parsed.Src[sp.Start.Offset:sp.End.Offset])
}

// assemble turns what the simulations recorded into sorted findings.
func (a *dynamicAnalysis) assemble() *Dynamic {
	dyn := &Dynamic{}
	for _, l := range a.leaks {
		dyn.Leaks = append(dyn.Leaks, l)
	}
	slices.SortFunc(dyn.Leaks, func(x, y *Leak) int { return cmpPos(x.Default.File, x.Default.Node, y.Default.File, y.Default.Node) })

	for def, recs := range a.sites {
		if od := a.orderDependence(def, recs.all()); od != nil {
			dyn.OrderDependent = append(dyn.OrderDependent, od)
		}
	}
	slices.SortFunc(dyn.OrderDependent, func(x, y *OrderDependence) int {
		return cmpPos(x.Class.File, x.Class.Node, y.Class.File, y.Class.Node)
	})

	for _, d := range a.p.Definitions {
		if d.Kind != ClassDef {
			continue
		}
		for _, rl := range a.p.DeclarationsOf(d.Name) {
			if rl.Kind == ResourceLike {
				if rd := a.redeclaration(rl); rd != nil {
					dyn.Redeclared = append(dyn.Redeclared, rd)
				}
			}
		}
	}
	slices.SortFunc(dyn.Redeclared, func(x, y *Redeclaration) int {
		return cmpPos(x.ResourceLike.File, x.ResourceLike.Node, y.ResourceLike.File, y.ResourceLike.Node)
	})
	dyn.Redeclared = slices.CompactFunc(dyn.Redeclared, func(x, y *Redeclaration) bool { return x.ResourceLike == y.ResourceLike })
	return dyn
}

// orderDependence finds two declarations of def that can meet in one
// catalog and carry different defaults for a type def uses.
func (a *dynamicAnalysis) orderDependence(def *Definition, recs []siteRecord) *OrderDependence {
	for _, u := range a.typeUses(def) {
		typ := u.typ
		// Group the records by the defaults they carry; only records of
		// different groups need comparing. Groups list record indexes: a
		// class is declared thousands of times over all simulations.
		var groups [][]int32
		index := map[string]int{}
		for i := range recs {
			k := defaultsKey(recs[i].sigsFor(typ).Defaults)
			g, ok := index[k]
			if !ok {
				g = len(groups)
				index[k] = g
				groups = append(groups, nil)
			}
			groups[g] = append(groups[g], int32(i))
		}
		for i, gx := range groups {
			for _, gy := range groups[i+1:] {
				for _, xi := range gx {
					for _, yi := range gy {
						x, y := &recs[xi], &recs[yi]
						// Across simulations (classes an ENC declares in
						// either order) each must be a first declaration.
						// Puppet evaluates the bodies of all ENC classes
						// before any defined type, so a lazy first
						// declaration never precedes an eager one.
						// Chains sharing a class came from different
						// parents of it, which one catalog cannot have.
						apart := x.sim != y.sim && !(x.first && y.first && x.lazy == y.lazy && disjointChains(x, y))
						if x.decl == y.decl || apart || settledFirst(x, y) || settledFirst(y, x) ||
							!a.canMeet(x.sim, y.sim) || a.exclusive(x.path, y.path) ||
							!differOutsideCommonScopes(x, y, typ) {
							continue
						}
						return &OrderDependence{Class: def, Type: typ, A: x.sigsFor(typ), B: y.sigsFor(typ),
							Sites: a.p.DeclarationsOf(def.Name)}
					}
				}
			}
		}
	}
	return nil
}

// settledFirst reports whether declaration x always comes before y in
// their simulation: x declared the class unconditionally before any defined
// type's body ran, and y runs in one. Which is first is then not a matter
// of evaluation order.
func settledFirst(x, y *siteRecord) bool {
	return x.sim == y.sim && x.first && !x.lazy && len(x.path) == 0 && y.lazy
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

// inChain reports whether sc is the scope of inst or of one of its
// ancestors. Chains are a few instances deep: walking one is cheaper than
// the set per declaration it replaced.
func inChain(inst *instance, sc *Scope) bool {
	for at := inst; at != nil; at = at.parent {
		if at.scope == sc {
			return true
		}
	}
	return false
}

// differOutsideCommonScopes reports whether two declarations carry
// different defaults for typ because of a default in a scope that only one
// of them descends from. A difference caused only by a common ancestor's
// default set between the two declarations is fixed by that ancestor's
// body order, not by which declaration comes first.
func differOutsideCommonScopes(x, y *siteRecord, typ string) bool {
	byAttr := func(ds []AttrDefault) map[string]AttrDefault {
		m := map[string]AttrDefault{}
		for _, d := range ds {
			m[d.Attr] = d
		}
		return m
	}
	mx, my := byAttr(x.sigsFor(typ).Defaults), byAttr(y.sigsFor(typ).Defaults)
	private := func(d AttrDefault, ok bool) bool {
		if !ok {
			return false
		}
		sc := d.Default.Scope.Owner()
		return !(inChain(x.from, sc) && inChain(y.from, sc))
	}
	check := func(attr string) bool {
		dx, okx := mx[attr]
		dy, oky := my[attr]
		if okx && oky && dx.Value == dy.Value {
			return false
		}
		return private(dx, okx) || private(dy, oky)
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
func (a *dynamicAnalysis) canMeet(s1, s2 int) bool {
	return s1 == s2 || (a.rootSim[s1] && a.rootSim[s2] && !(a.roleSim[s1] && a.roleSim[s2]))
}

// redeclaration checks whether another declaration of the same class can
// come before the resource-like declaration rl in one catalog.
func (a *dynamicAnalysis) redeclaration(rl *Declaration) *Redeclaration {
	mine := a.evals[rl].all()
	if len(mine) == 0 || GuardedByDefined(rl) {
		return nil
	}
	for i, e := range mine {
		for _, f := range mine[i+1:] {
			if e.sim == f.sim && !a.exclusive(e.path, f.path) {
				return &Redeclaration{ResourceLike: rl}
			}
		}
	}
	for _, other := range a.p.DeclarationsOf(rl.Target) {
		if other == rl || a.exclusive(rl.Branch, other.Branch) {
			continue
		}
		theirs := a.evals[other].all()
		for _, e := range mine {
			for _, f := range theirs {
				if e.sim == f.sim && !a.exclusive(e.path, f.path) && (f.at < e.at || other.Kind == ResourceLike) {
					return &Redeclaration{ResourceLike: rl, Other: other}
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
		if a.onlyApart(mine, theirs, other.Kind == ResourceLike) {
			return &Redeclaration{ResourceLike: rl, Other: other}
		}
	}
	return nil
}

// onlyApart reports whether each of two declarations is evaluated in a root
// simulation the other is not in: an ENC can then evaluate either first.
// A defined type's body runs after the classes main and an ENC declare, so
// when y is evaluated only there and x in a class's root simulation, y
// comes second, which fails only when y is resource-like too.
func (a *dynamicAnalysis) onlyApart(x, y []declEval, yResourceLike bool) bool {
	in := func(evs []declEval, sim int) bool {
		return slices.ContainsFunc(evs, func(e declEval) bool { return e.sim == sim })
	}
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
