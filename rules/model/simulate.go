package model

import (
	"cmp"
	"slices"
	"strings"
	"unsafe"

	"github.com/ducklint/ducklint/internal/slab"
	"github.com/ducklint/ducklint/parser"
)

// maxDefineEvaluations bounds how many times one simulation evaluates the
// body of one defined type, so defines instantiating each other cannot
// blow up. The bound is per defined type, not per simulation, so that
// whether an instance is evaluated does not depend on how many instances
// of unrelated defined types came before it: a narrowed program (see
// Relevant) leaves those out.
const maxDefineEvaluations = 5000

// maxSimulationDefineEvaluations bounds all defined-type bodies one
// simulation evaluates, a safety net for many defined types instantiating
// each other, far above what real trees reach (the largest simulation of a
// 5,000-file control repo evaluates under 5,000).
const maxSimulationDefineEvaluations = 100_000

// maxChainDepth bounds how deep a dynamic chain (classes and defined types
// each declared by the one before) a simulation follows: what a resource's
// defaults are, and whether a define instantiates itself, is found by
// walking up the chain, so an unbounded chain of n declarations cost n²
// steps. Real chains (node, role, profile, component, a few defines) are
// under 20 deep; a class or define first reached beyond the bound is
// simulated from top scope instead, like any other unreached one. The
// bound depends only on the chain, never on unrelated code, as narrowing
// requires (see maxDefineEvaluations).
const maxChainDepth = 500

// simWorker is one simulating goroutine's memo tables and scratch space.
type simWorker struct {
	a *dynamicAnalysis
	// events are the memoised events of scopes that are no definition's
	// body (the others' are in defs).
	events map[*Scope][]event
	conds  map[Branch][]Condition
	// dataDep memoises dependsOnData by conditional.
	dataDep map[parser.Node]bool
	// armVals are the answers and conditions of arms (see armValues).
	armVals map[Branch][]armAnswers
	// defs are memo tables and simulation state by definition index:
	// a large control repo evaluates hundreds of thousands of instances,
	// and a slice index is cheaper than hashing for each.
	defs []defInfo
	// Scratch buffers, reused by each simulation: for effectiveDefaults
	// and recordSite, the define queue, and what is recorded.
	effBuf   []AttrDefault
	sigsBuf  []typeDefaults
	queueBuf []queued
	sites    store[siteRecord]
	evals    store[declRecord]
	resEvals store[resEval]
	refEvals store[refEval]
	// slab are chunks of 256 instances, of which the simulation running
	// uses the first slabUsed (see newInstance).
	slab     [][]instance
	slabUsed int
	// links is where chain links are allocated; they are kept.
	links slab.Slab[chainLink]
	// paths is where paths are cut from (see pathTo); they are kept.
	paths slab.Seq[Branch]
	// lastPaths are the last paths extend made, with what each was made
	// of, next the one to replace: the declarations of one arm share
	// their branch, and one instance makes them one after another.
	lastPaths [4]pathJoin
	nextPath  int
	// joined are all the paths extend made, by what each was made of:
	// the paths of one chain's instances are the same slices in every
	// simulation, so the simulations of a large tree make the same few
	// thousand paths again and again (wikimedia's: 52,000 joins, 1,700
	// paths).
	joined map[joinOf][]Branch
	// reached collects the running simulation's simFindings.reached, of
	// which it keeps a copy of the right size.
	reached []int32
	// steps counts instances evaluated, steps up their chains and
	// defaults applied: the simulations' cost, which Dynamic.Steps reports.
	steps int
}

// defInfo is what a worker keeps about one definition. The stamps are
// 1 + the id of the simulation a field belongs to: no clearing between
// simulations.
type defInfo struct {
	// lastSigs are the defaults the class's latest recorded declaration
	// carried. Nearly every declaration of a class carries the same
	// (often top scope's), so records share one slice instead of each
	// allocating its own.
	lastSigs *[]typeDefaults

	reachedIn  int32     // the definition was evaluated
	declaredIn int32     // the class is declared, as inst
	inst       *instance // valid when declaredIn is current
	buildingIn int32     // the class is being declared (inheritance cycles)
	// evaluations counts the defined type's bodies evaluated in
	// evaluationsIn.
	evaluations, evaluationsIn int32
}

func (a *dynamicAnalysis) newWorker() *simWorker {
	return &simWorker{a: a, events: map[*Scope][]event{}, conds: map[Branch][]Condition{}, dataDep: map[parser.Node]bool{},
		defs: make([]defInfo, len(a.p.Definitions))}
}

// info returns what the worker keeps about d.
func (w *simWorker) info(d *Definition) *defInfo { return &w.defs[d.index] }

// baseOf returns the class d inherits (nil if none or missing).
func (w *simWorker) baseOf(d *Definition) *Definition { return w.a.bodies[d.index].base }

// simJob is a simulation to run: of top scope and node (nil for none), or
// of root declared from top scope.
type simJob struct {
	top  *Scope
	node *Definition
	root *Definition
}

// simFindings are what one simulation found.
type simFindings struct {
	leaks    map[*ResourceDefault]*Leak
	leakRank map[*ResourceDefault]leakRank
	sites    [][]siteRecord
	evals    [][]declRecord
	resEvals [][]resEval
	refEvals [][]refEval
	// reached are the definitions the simulation evaluated, by index.
	reached []int32
}

// store is append-only storage in chunks that never move, from which each
// simulation takes what it added without copying: the simulations of a
// large control repo record hundreds of thousands of items.
type store[T any] struct {
	cur   []T   // the chunk being filled
	start int   // where the running simulation's items begin in cur
	segs  [][]T // the running simulation's items in earlier chunks
}

// add appends v.
func (s *store[T]) add(v T) {
	if len(s.cur) == cap(s.cur) {
		if len(s.cur) > s.start {
			s.segs = append(s.segs, s.cur[s.start:])
		}
		s.cur, s.start = make([]T, 0, 1024), 0
	}
	s.cur = append(s.cur, v)
}

// take returns what was added since the last take, in order.
func (s *store[T]) take() [][]T {
	if len(s.cur) > s.start {
		s.segs = append(s.segs, s.cur[s.start:len(s.cur):len(s.cur)])
	}
	out := s.segs
	s.segs, s.start = nil, len(s.cur)
	return out
}

// declRecord is an evaluation of a declaration.
type declRecord struct {
	tracked int32 // the declaration's number in dynamicAnalysis.tracked
	declEval
}

// simulate runs the simulation of job, numbered id.
func (w *simWorker) simulate(id int, job simJob) *simFindings {
	sm := &simulation{a: w.a, w: w, id: id, stamp: int32(id + 1), queue: w.queueBuf[:0], out: &simFindings{}}
	w.slabUsed = 0
	if job.root != nil {
		sm.startRoot(job.top, job.root)
	} else {
		sm.start(job.top, job.node)
	}
	w.queueBuf = sm.queue[:0]
	sm.out.sites, sm.out.evals, sm.out.resEvals = w.sites.take(), w.evals.take(), w.resEvals.take()
	sm.out.refEvals = w.refEvals.take()
	sm.out.reached, w.reached = slices.Clone(w.reached), w.reached[:0]
	return sm.out
}

// reach notes that the simulation evaluated d.
func (sm *simulation) reach(d *Definition) {
	if in := sm.w.info(d); in.reachedIn != sm.stamp {
		in.reachedIn = sm.stamp
		sm.w.reached = append(sm.w.reached, int32(d.index))
	}
}

// declared returns the instance of class def if it is declared.
func (sm *simulation) declared(def *Definition) *instance {
	if in := sm.w.info(def); in.declaredIn == sm.stamp {
		return in.inst
	}
	return nil
}

// event is something a scope body does, in evaluation order.
type event struct {
	order int64
	def   *ResourceDefault
	res   *Resource
	decl  *Declaration
	// attrs are def's attributes (see defaultAttrs).
	attrs []AttrDefault
	// target is the class or defined type decl declares, if the tree
	// has it with a body.
	target *Definition
	// tracked is 1 + decl's number in dynamicAnalysis.tracked, or for a
	// resource 1 + its number in the resources duplicate detection
	// tracks (resTracker), or 0.
	tracked int32
	// virtual is set for a virtual or exported resource.
	virtual bool
	// refs are the reference items (see refTracker) the event evaluates:
	// a resource providing a referenced target, references a resource's
	// metaparameters make, or ref's.
	refs []int32
	// ref is the reference of an event that only makes one: a chaining
	// arrow's or a class resource's metaparameter's.
	ref *Reference
	// bit is the type mask bit of def's or res's type, 0 for a type no
	// default is for.
	bit uint64
}

// typeBit is the bit in type masks of the nth type some default is for:
// a mask says which types an instance (or a chain of them) has defaults
// for, so that a resource or declaration can skip walking up a chain
// that has none of its type. Types past the 63rd share the last bit,
// where a set bit only means the walk is needed.
func typeBit(n int) uint64 { return 1 << min(n, 63) }

// typeUse is how a class body uses one resource type.
type typeUse struct {
	typ string
	bit uint64 // typ's in type masks
	// alwaysSet are the attributes no default can change on any resource
	// of the type: each sets them itself or, being removed, ignores them
	// (see irrelevantAttrs). A list: resources set few attributes.
	alwaysSet []string
}

// declEval is one evaluation of a declaration in a simulation.
type declEval struct {
	at int64
	// arms and narms are the conditional arms taken from the
	// simulation's start (see path).
	arms  *Branch
	narms int32
	sim   int32
}

func newDeclEval(sim int, at int64, path []Branch) declEval {
	e := declEval{at: at, sim: int32(sim)}
	e.arms, e.narms = keptPath(path)
	return e
}

// path returns the arms taken from the simulation's start.
func (e declEval) path() []Branch { return unsafe.Slice(e.arms, e.narms) }

// keptPath is path as records keep it: its first arm and its length, 12
// bytes where a slice takes 24, in records a large tree's simulations make
// hundreds of thousands of. A path never changes once made (see pathTo),
// and a record never appends to its own.
func keptPath(path []Branch) (*Branch, int32) {
	if len(path) == 0 {
		return nil, 0
	}
	return &path[0], int32(len(path))
}

// typeDefaults are the defaults a declaration carries for one type.
type typeDefaults struct {
	typ      string
	defaults []AttrDefault
}

// sigsFor returns the defaults r carries for typ.
func (r *siteRecord) sigsFor(typ string) SiteDefaults {
	for _, s := range *r.sigs {
		if s.typ == typ {
			return SiteDefaults{Decl: r.decl, Defaults: s.defaults}
		}
	}
	return SiteDefaults{Decl: r.decl}
}

// siteRecord is the defaults a class declaration carried in a simulation.
// A large tree's simulations make a hundred thousand: it is kept to 48
// bytes.
type siteRecord struct {
	decl *Declaration
	// sigs are the defaults the declaration carries, for the types of
	// typeUses that have any, in that order. Shared between records.
	sigs *[]typeDefaults
	// from is the link of the declaring instance (or the settled base
	// class): its scope and its ancestors' are the declaration's dynamic
	// chain.
	from *chainLink
	// arms and narms are the conditional arms taken from the simulation's
	// start (see path).
	arms  *Branch
	narms int32
	def   int32 // the class's index in Program.Definitions
	sim   int32
	// first is set when this declaration evaluated the class.
	first bool
	// lazy is set when it ran while defined types were being evaluated,
	// after the bodies of every class an ENC declares.
	lazy bool
}

// path returns the arms taken from the simulation's start.
func (r *siteRecord) path() []Branch { return unsafe.Slice(r.arms, r.narms) }

// body is what the simulations need of a definition's body, worked out
// for every class, defined type and node before they start.
type body struct {
	events []event
	uses   []typeUse   // of a class
	base   *Definition // the class a class inherits, if the tree has it
	// private is set for a class or defined type internal to its module
	// (see IsPrivate).
	private bool
	// declarer is, for a class, the one definition whose body makes
	// every declaration of it other than `inherits`; nil when there is
	// none, several, or one outside any definition.
	declarer *Definition
	// inheritedBy is, for a class nothing declares but through
	// `inherits`, the one class that inherits it; nil otherwise.
	inheritedBy *Definition
}

// hasBody reports whether the simulations evaluate d's body.
func hasBody(d *Definition) bool {
	return d.Scope != nil && (d.Kind == ClassDef || d.Kind == DefineDef || d.Kind == NodeDef)
}

// bodyOf works out body for d.
func (a *dynamicAnalysis) bodyOf(d *Definition) body {
	b := body{events: a.eventsOf(d.Scope)}
	// Only a definition with resources some default is for can receive
	// one: whether it is private matters for no other.
	if slices.ContainsFunc(b.events, func(ev event) bool { return ev.res != nil && ev.bit != 0 }) {
		b.private = IsPrivate(d)
	}
	if d.Kind == ClassDef {
		b.uses = usesOf(b.events)
		if d.Parent != "" {
			b.base = a.p.Class(d.Parent)
		}
		b.declarer, b.inheritedBy = declarers(a.p.DeclarationsOf(d.Name))
	}
	return b
}

// declarers returns the one definition making every declaration of decls
// other than `inherits` (nil if none, several or one outside a definition),
// and, when all of decls are `inherits`, the one class making them.
func declarers(decls []*Declaration) (declarer, inheritedBy *Definition) {
	others, inherits := false, false
	oneOther, oneInherits := true, true
	for _, d := range decls {
		owner := d.Scope.Owner().Def
		if d.Kind == Inherits {
			oneInherits = oneInherits && owner != nil && (!inherits || owner == inheritedBy)
			inherits, inheritedBy = true, owner
		} else {
			oneOther = oneOther && owner != nil && (!others || owner == declarer)
			others, declarer = true, owner
		}
	}
	if !others || !oneOther {
		declarer = nil
	}
	if others || !inherits || !oneInherits {
		inheritedBy = nil
	}
	return declarer, inheritedBy
}

// scopeEvents returns what the body of scope s does, in order.
func (w *simWorker) scopeEvents(s *Scope) []event {
	if d := s.Def; d != nil && d.Scope == s && hasBody(d) {
		return w.a.bodies[d.index].events
	}
	evs, ok := w.events[s]
	if !ok {
		evs = w.a.eventsOf(s)
		w.events[s] = evs
	}
	return evs
}

// eventsOf returns what the body of scope s (with its lambdas, which run
// in place) does, in order.
func (a *dynamicAnalysis) eventsOf(s *Scope) []event {
	p := a.p
	scopes := append([]*Scope{s}, a.lambdas[s]...)
	n := 0
	for _, sc := range scopes {
		n += len(sc.Defaults) + len(sc.Resources) + len(sc.References) + len(sc.Declarations)
	}
	evs := make([]event, 0, n) // at most one event each: growing it by appending was a tenth of the analysis
	for _, sc := range scopes {
		for _, d := range sc.Defaults {
			evs = append(evs, event{order: d.Order, def: d, attrs: defaultAttrs(d), bit: a.defaulted[d.Type]})
		}
		for _, r := range sc.Resources {
			if isExprDefault(r) {
				continue
			}
			ti, tracked := a.res.index[r]
			items := a.refs.resourceItems(r)
			if r.Node.Form == "" {
				evs = append(evs, event{order: r.Order, res: r, tracked: trackedNumber(ti, tracked), refs: items, bit: a.defaulted[r.Type]})
			} else if tracked || len(items) > 0 {
				// A virtual or exported resource is in the catalog too,
				// though not applied: duplicate detection sees it, and
				// references see it when something realizes it.
				evs = append(evs, event{order: r.Order, res: r, virtual: true, tracked: trackedNumber(ti, tracked), refs: items})
			}
		}
		for _, ref := range sc.References {
			if it, ok := a.refs.site[ref]; ok && ref.Resource == nil {
				evs = append(evs, event{order: ref.Order, ref: ref, refs: []int32{it}})
			}
		}
		for _, d := range sc.Declarations {
			if d.Kind == Inherits || d.Virtual {
				continue
			}
			ev := event{order: d.Order, decl: d}
			if d.Kind == DefineInstance {
				ev.target = p.Define(d.Target)
			} else {
				ev.target = p.Class(d.Target)
			}
			if ev.target != nil && ev.target.Scope == nil {
				ev.target = nil
			}
			if ti, ok := a.tracked[d]; ok {
				ev.tracked = ti + 1
			}
			evs = append(evs, ev)
		}
	}
	// Resources before the define instance declared by the same statement.
	slices.SortStableFunc(evs, func(x, y event) int {
		if c := cmp.Compare(x.order, y.order); c != 0 {
			return c
		}
		return cmp.Compare(x.rank(), y.rank())
	})
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
// declares that has a default somewhere, sorted by type.
func (a *dynamicAnalysis) typeUses(def *Definition) []typeUse { return a.bodies[def.index].uses }

// usesOf returns how a class body with events evs uses each resource type
// it declares, sorted by type, leaving out the types that no default is
// for (their events' bit is 0). Declarations can carry no defaults
// for those: recording them for a class that uses only such types was a
// quarter of what a large control repo's simulations kept.
func usesOf(evs []event) []typeUse {
	var u []typeUse
	for _, ev := range evs {
		if ev.res == nil || ev.bit == 0 {
			continue
		}
		i := slices.IndexFunc(u, func(tu typeUse) bool { return tu.typ == ev.res.Type })
		if i >= 0 {
			u[i].alwaysSet = slices.DeleteFunc(u[i].alwaysSet, func(k string) bool { return !irrelevantTo(ev.res, k) })
			continue
		}
		u = append(u, typeUse{typ: ev.res.Type, bit: ev.bit, alwaysSet: irrelevantAttrs(ev.res)})
	}
	slices.SortFunc(u, func(x, y typeUse) int { return strings.Compare(x.typ, y.typ) })
	return u
}

// defaultAttrs returns the attributes resource default d sets (not its
// splat), with their values as written. Worked out once per default, with
// the events: a default applies to thousands of declarations.
func defaultAttrs(d *ResourceDefault) []AttrDefault {
	var ads []AttrDefault
	for _, op := range d.Node.Attrs {
		if !op.Splat {
			ads = append(ads, AttrDefault{Attr: op.Name, Default: d, Value: sourceText(d.File, op.Value)})
		}
	}
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

// instance is one evaluated class, node, top scope or define instance.
type instance struct {
	scope  *Scope
	def    *Definition // nil for top scope
	parent *instance
	// via is the declaration that created the instance (for an inserted
	// base class: the declaration of the derived class).
	via      *Declaration
	defaults instDefaults
	// path are the conditional arms taken from the simulation's start to
	// the declaration that created the instance.
	path []Branch
	// link is the instance's chain as records keep it, once one does.
	link *chainLink
	// depth is how many instances are above it on its chain.
	depth int32
	// inherited is set when parent is the class's base class.
	inherited bool
	// leaky is set for a class or defined type: its defaults can reach
	// the classes and defined types it declares (see leakableDefaultFor).
	// Kept here so that walks up a chain do not load each scope.
	leaky bool
	// masksOK is set once leakMask and aboveMask are worked out, on the
	// first resource or declaration of the instance's body that needs
	// them. They hold while the body runs: no ancestor's body runs
	// meanwhile, so no default is added above it (see chainMasks).
	masksOK bool
	// leakMask are the types some ancestor whose defaults can leak into
	// the instance (see leakableDefaultFor) has defaults for; aboveMask
	// those of every ancestor.
	leakMask, aboveMask uint64
	// chainConds is what the arms of the declarations on the instance's
	// chain require of values, once chainCondsOK says it is worked out
	// (see valueConditions).
	chainConds   []Condition
	chainCondsOK bool
}

// chainLink is an instance's place in a dynamic chain as a record keeps
// it: records outlive the simulation, whose instances are reused, and only
// compare the scopes on chains.
type chainLink struct {
	scope  *Scope
	parent *chainLink
}

// newInstance returns a new instance of def (nil: top scope) with scope s,
// declared by via from parent along path. Instances live as long as their
// simulation: they come from slabs the next simulation reuses (a large
// control repo evaluates hundreds of thousands of instances), and are
// written field by field, not copied whole, which while the collector
// marks would take a bulk write barrier for each.
func (w *simWorker) newInstance(s *Scope, def *Definition, parent *instance, via *Declaration, path []Branch, inherited bool) *instance {
	if w.slabUsed == 256*len(w.slab) {
		w.slab = append(w.slab, make([]instance, 256))
	}
	p := &w.slab[w.slabUsed/256][w.slabUsed%256]
	w.slabUsed++
	w.steps++
	p.scope, p.def, p.parent, p.via, p.path, p.link = s, def, parent, via, path, nil
	p.defaults = instDefaults{}
	p.depth, p.inherited, p.masksOK, p.leakMask, p.aboveMask = 0, inherited, false, 0, 0
	p.chainConds, p.chainCondsOK = nil, false
	p.leaky = s != nil && def != nil && (def.Kind == ClassDef || def.Kind == DefineDef)
	if parent != nil {
		p.depth = parent.depth + 1
	}
	return p
}

// linkOf returns the chain link of inst, creating it and its ancestors'.
func (w *simWorker) linkOf(inst *instance) *chainLink {
	if inst == nil {
		return nil
	}
	if inst.link == nil {
		parent := w.linkOf(inst.parent)
		l := w.links.New()
		l.scope, l.parent = inst.scope, parent
		inst.link = l
	}
	return inst.link
}

// pathTo returns inst's path extended by the arms of decl (nil decl:
// inst's path). Paths are kept by records and never change: they are cut
// from chunks rather than allocated one by one (a large tree's
// simulations make over a hundred thousand).
func (w *simWorker) pathTo(inst *instance, decl *Declaration) []Branch {
	if decl == nil {
		return inst.path
	}
	return w.extend(inst.path, decl.Branch)
}

// extend returns path followed by branch. It copies only when both have
// arms: otherwise the one with arms is the result, a path or a branch of
// the model, neither of which ever changes (from top scope and unreached
// roots, a quarter of the paths of wikimedia's tree).
func (w *simWorker) extend(path, branch []Branch) []Branch {
	switch {
	case len(branch) == 0:
		return slices.Clip(path)
	case len(path) == 0:
		return slices.Clip(branch)
	}
	of := joinOf{&path[0], &branch[0], int32(len(path)), int32(len(branch))}
	for i := range w.lastPaths {
		if j := &w.lastPaths[i]; j.of == of {
			return j.joined
		}
	}
	joined, ok := w.joined[of]
	if !ok {
		joined = w.paths.Concat(path, branch)
		if w.joined == nil {
			w.joined = map[joinOf][]Branch{}
		}
		w.joined[of] = joined
	}
	w.lastPaths[w.nextPath] = pathJoin{of, joined}
	w.nextPath = (w.nextPath + 1) % len(w.lastPaths)
	return joined
}

// joinOf is what a path followed by a branch (extend) is made of: paths
// and branches never change once made, so the same two slices make the
// same path.
type joinOf struct {
	path, branch   *Branch
	npath, nbranch int32
}

// pathJoin is a path extend made, with what it was made of.
type pathJoin struct {
	of     joinOf
	joined []Branch
}

type timedDefault struct {
	d     *ResourceDefault
	at    int64
	attrs []AttrDefault // d's, from its event
}

// queued is a defined-type instance waiting for lazy evaluation.
type queued struct {
	def    *Definition
	parent *instance
	decl   *Declaration
	path   []Branch // pathTo(parent, decl)
}

// simulation is one catalog compilation.
type simulation struct {
	a     *dynamicAnalysis
	w     *simWorker
	out   *simFindings
	id    int
	stamp int32 // id + 1, as defInfo keeps it
	clock int64
	queue []queued
	head  int  // next queue entry to evaluate
	lazy  bool // evaluating the define queue
}

func (sm *simulation) tick() int64 {
	sm.clock++
	return sm.clock
}

// start evaluates top scope, then node (if any), then the define queue.
func (sm *simulation) start(top *Scope, node *Definition) {
	topInst := &instance{scope: top}
	sm.evalScope(topInst)
	if node != nil && node.Scope != nil {
		sm.reach(node)
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
		sm.ensureClass(d, topInst, nil, &armsTo{w: sm.w, inst: topInst})
	} else {
		sm.queue = append(sm.queue, queued{def: d, parent: topInst, path: topInst.path})
	}
	sm.drain()
}

// drain evaluates queued defined-type instances in order.
func (sm *simulation) drain() {
	sm.lazy = true
	defer func() { sm.lazy = false }()
	for evaluated := 0; sm.head < len(sm.queue) && evaluated < maxSimulationDefineEvaluations; {
		q := sm.queue[sm.head]
		sm.head++
		info := sm.w.info(q.def)
		if info.evaluationsIn != sm.stamp {
			info.evaluations, info.evaluationsIn = 0, sm.stamp
		}
		if info.evaluations == maxDefineEvaluations {
			continue
		}
		info.evaluations++
		evaluated++
		sm.reach(q.def)
		if len(sm.a.bodies[q.def.index].events) == 0 {
			// A body that does nothing the simulation follows (wikimedia's
			// tree evaluates 44,000 such instances) needs no instance; it
			// still counts as one evaluated.
			sm.w.steps++
			continue
		}
		sm.evalScope(sm.w.newInstance(q.def.Scope, q.def, q.parent, q.decl, q.path, false))
	}
	sm.queue, sm.head = sm.queue[:0], 0
}

// evalScope runs the body of inst's scope.
func (sm *simulation) evalScope(inst *instance) {
	if inst.scope == nil {
		return
	}
	evs := sm.w.scopeEvents(inst.scope)
	for i := range evs {
		ev := &evs[i] // events are large: not copied
		if len(ev.refs) > 0 {
			branch := ev.res.branch()
			if ev.ref != nil {
				branch = ev.ref.Branch
			}
			path := sm.w.extend(sm.a.refs.reliable(inst, inst.path), branch)
			sm.recordRefs(ev.refs, path)
		}
		switch {
		case ev.ref != nil:
		case ev.def != nil:
			inst.defaults.add(timedDefault{ev.def, sm.tick(), ev.attrs}, ev.bit)
		case ev.virtual:
			sm.record(inst, ev.res, ev.tracked, sm.tick())
		case ev.res != nil:
			sm.create(inst, ev.res, ev.tracked, ev.bit)
		case ev.decl != nil:
			sm.declare(inst, ev)
		}
	}
}

// declare evaluates one declaration made by inst.
func (sm *simulation) declare(inst *instance, ev *event) {
	at := sm.tick()
	decl, def := ev.decl, ev.target
	if def == nil && ev.tracked == 0 {
		return
	}
	path := &armsTo{w: sm.w, inst: inst, decl: decl}
	if ev.tracked > 0 {
		sm.w.evals.add(declRecord{ev.tracked - 1, newDeclEval(sm.id, at, path.get())})
	}
	if inst.depth >= maxChainDepth {
		return
	}
	if decl.Kind == DefineInstance {
		if def != nil && !sm.w.declaredAbove(inst, decl) {
			sm.queue = append(sm.queue, queued{def: def, parent: inst, decl: decl, path: path.get()})
		}
		return
	}
	if def == nil {
		return
	}
	sm.recordSite(inst, decl, def, path)
	sm.ensureClass(def, inst, decl, path)
}

// armsTo is pathTo(inst, decl), worked out once on first use: up to three
// records keep the same path, and most declarations (of a class declared
// already) keep none.
type armsTo struct {
	w    *simWorker
	inst *instance
	decl *Declaration
	path []Branch
	done bool
}

func (a *armsTo) get() []Branch {
	if !a.done {
		a.path, a.done = a.w.pathTo(a.inst, a.decl), true
	}
	return a.path
}

// declaredAbove reports whether decl already created inst or one of its
// ancestors: a defined type instantiating itself (with other titles) is
// simulated once per declaration on the chain.
func (w *simWorker) declaredAbove(inst *instance, decl *Declaration) bool {
	for at := inst; at != nil; at = at.parent {
		w.steps++
		if at.via == decl {
			return true
		}
	}
	return false
}

// ensureClass declares class def from inst unless it is already declared,
// inserting an undeclared base class first, and evaluates its body. path
// is pathTo(from, decl).
func (sm *simulation) ensureClass(def *Definition, from *instance, decl *Declaration, path *armsTo) *instance {
	if it := sm.a.refs.classItem(def); it >= 0 {
		sm.recordRefs([]int32{it}, sm.a.refs.reliable(from, path.get()))
	}
	info := sm.w.info(def)
	if info.declaredIn == sm.stamp {
		return info.inst
	}
	if info.buildingIn == sm.stamp {
		return nil // inheritance cycle
	}
	info.buildingIn = sm.stamp
	defer func() { info.buildingIn = 0 }()
	parent, inherited := from, false
	if def.Parent != "" {
		if base := sm.w.baseOf(def); base != nil && base != def && base.Scope != nil {
			for _, d := range def.Scope.Declarations {
				if d.Kind == Inherits {
					at := sm.tick()
					if ti, ok := sm.a.tracked[d]; ok {
						sm.w.evals.add(declRecord{ti, newDeclEval(sm.id, at, path.get())})
					}
				}
			}
			if bi := sm.ensureClass(base, from, decl, path); bi != nil {
				parent, inherited = bi, true
			}
		}
	}
	in := sm.w.newInstance(def.Scope, def, parent, decl, path.get(), inherited)
	info.declaredIn, info.inst = sm.stamp, in
	sm.reach(def)
	sm.evalScope(in)
	return in
}

// create applies the defaults in effect to a resource being declared in
// inst and records the ones that come from other classes or defines and
// can change it.
func (sm *simulation) create(inst *instance, r *Resource, tracked int32, bit uint64) {
	now := sm.tick()
	sm.record(inst, r, tracked, now)
	if bit&sm.w.chainMasks(inst).leakMask == 0 || !sm.w.leakableDefaultFor(inst, r.Type) {
		return // nothing to note: the rest only finds defaults leaking in
	}
	if resourceSets(r, "*") {
		return // a splat may set any attribute: which defaults apply is unknown
	}
	// The attributes a nearer (or later) default already provides.
	var coveredBuf [8]string
	covered := coveredBuf[:0]
	var coveredSet map[string]bool // covered's attributes, once there are many
	isCovered := func(attr string) bool {
		if coveredSet != nil {
			return coveredSet[attr]
		}
		return slices.Contains(covered, attr)
	}
	// The attributes that defaults in the scopes passed so far (below the
	// current ancestor) reset to undef.
	var undefBelow, undefHere []string
	crossed := false
	var down *Declaration // declaration in the current ancestor leading to inst
	branch := r.Branch
	for at := inst; at != nil; at = at.parent {
		undefHere = undefHere[:0]
		at.defaults.of(r.Type).latestFirst(now, func(td timedDefault) bool { // later defaults in one scope win
			sm.w.steps++
			if sm.w.exclusive(td.d.Branch, branch) {
				return true
			}
			start := len(covered)
			for _, ad := range td.attrs {
				if isUndefValue(ad) {
					undefHere = append(undefHere, ad.Attr)
				}
				if !resourceSets(r, ad.Attr) && !isCovered(ad.Attr) {
					covered = append(covered, ad.Attr)
					if coveredSet != nil {
						coveredSet[ad.Attr] = true
					} else if len(covered) > 16 {
						coveredSet = make(map[string]bool, 2*len(covered))
						for _, c := range covered {
							coveredSet[c] = true
						}
					}
				}
			}
			got := covered[start:]
			if len(got) == 0 || !crossed || !at.leaky {
				return true
			}
			sm.noteLeak(inst, at, down, r, td, got, undefBelow)
			return true
		})
		undefBelow = append(undefBelow, undefHere...)
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

// record notes an evaluation of r in inst when duplicate detection
// tracks r (tracked is 1 + its number there, 0 when it does not).
func (sm *simulation) record(inst *instance, r *Resource, tracked int32, at int64) {
	if tracked > 0 {
		path := sm.w.extend(inst.path, r.Branch)
		var values []Condition
		if sm.w.pathDependsOnData(path) {
			values = sm.w.valueConditions(inst, r)
		}
		sm.w.resEvals.add(resEval{tracked - 1, newDeclEval(sm.id, at, path), values})
	}
}

// trackedNumber is 1 + ti when tracked, else 0.
func trackedNumber(ti int32, tracked bool) int32 {
	if tracked {
		return ti + 1
	}
	return 0
}

// noteLeak records that default td, set in ancestor at's scope and reaching
// inst through declaration down, gives resource r the attributes got,
// unless that is not worth reporting: the attributes cannot change r (it
// is being removed and they are properties), r or a scope between at and r
// resets one of td's attributes to undef (written knowing the default
// reaches it, the rest is meant), or inst is a definition private to the
// module of at's, which is that module's own plumbing.
func (sm *simulation) noteLeak(inst, at *instance, down *Declaration, r *Resource, td timedDefault, got, undefBelow []string) {
	attrs := mattering(r, inst, got)
	if len(attrs) == 0 || resetsToUndef(r, td.attrs) ||
		slices.ContainsFunc(td.attrs, func(ad AttrDefault) bool { return slices.Contains(undefBelow, ad.Attr) }) ||
		sm.a.bodies[inst.def.index].private && ModuleOf(inst.def.Name) == ModuleOf(at.def.Name) {
		return
	}
	// Keep one example per default: one the tree shows if any, then the
	// one depending on the fewest conditionals.
	rank := leakRank{shown: sm.shown(inst, at), arms: 2 * (len(inst.path) + len(r.Branch))}
	if down == nil || down.Target != inst.def.Name {
		rank.arms++ // reached through further declarations: a less direct example
	}
	out := sm.out
	if out.leaks == nil {
		out.leaks, out.leakRank = map[*ResourceDefault]*Leak{}, map[*ResourceDefault]leakRank{}
	}
	if prev, seen := out.leakRank[td.d]; !seen || rank.better(prev) {
		out.leaks[td.d] = &Leak{Default: td.d, Via: down, Resource: r, Target: inst.def, Attrs: slices.Clone(attrs),
			Shown: rank.shown}
		out.leakRank[td.d] = rank
	}
}

// leakRank orders the examples of one default's leak.
type leakRank struct {
	shown bool // see Leak.Shown
	arms  int  // conditionals the example depends on, doubled, +1 when indirect
}

func (r leakRank) better(than leakRank) bool {
	if r.shown != than.shown {
		return r.shown
	}
	return r.arms < than.arms
}

// shown reports whether a default in at's scope reaches inst in every
// catalog the tree shows that evaluates at: the simulation is of one (a
// node or the main manifests), or each step from at down to inst is one
// no other code can take first: a defined-type instance (its parent is
// always its declarer), a class's base class, or a class (or an inserted
// base class's derived class) that at's chain alone declares. A class
// declared elsewhere too may be evaluated there first, which only an ENC's
// choice of classes and their order decides.
func (sm *simulation) shown(inst, at *instance) bool {
	if !sm.a.rootSim[sm.id] {
		return true
	}
	bodies := sm.a.bodies
	for x := inst; x != at; x = x.parent {
		if x == nil || x.def == nil || x.parent == nil {
			return false
		}
		if x.def.Kind == DefineDef || x.inherited {
			continue
		}
		if x.via == nil || x.parent.def == nil {
			return false
		}
		declared := x.def
		if x.via.Target != x.def.Name { // a base class inserted by the declaration of a derived one
			declared = sm.a.p.Class(x.via.Target)
			if declared == nil || bodies[x.def.index].inheritedBy != declared {
				return false
			}
		}
		if bodies[declared.index].declarer != x.parent.def {
			return false
		}
	}
	return true
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

// leakableDefaultFor reports whether a default for typ can reach a
// resource inst declares from another class or defined type: an ancestor
// past the first step up that is not to a base class (inst's own scope and
// its base classes' defaults are its own) is a class or a defined type and
// has one. Node and top scope are only ever at the root of a chain: their
// defaults cannot reach into another class.
func (w *simWorker) leakableDefaultFor(inst *instance, typ string) bool {
	crossed := false
	for at := inst; at != nil; at = at.parent {
		w.steps++
		if crossed && at.leaky && at.defaults.of(typ) != nil {
			return true
		}
		if !at.inherited {
			crossed = true
		}
	}
	return false
}

// chainMasks returns inst with leakMask and aboveMask worked out. inst's
// body must be running: its ancestors' defaults are then those they will
// have until it ends.
func (w *simWorker) chainMasks(inst *instance) *instance {
	if inst.masksOK {
		return inst
	}
	crossed := false
	for at := inst; at != nil; at = at.parent {
		w.steps++
		if at != inst {
			inst.aboveMask |= at.defaults.mask
		}
		if crossed && at.leaky {
			inst.leakMask |= at.defaults.mask
		}
		if !at.inherited {
			crossed = true
		}
	}
	inst.masksOK = true
	return inst
}

// effectiveDefaults appends to buf the defaults for u's type in effect at
// inst now, restricted to attributes not in u.alwaysSet, sorted by
// attribute. Ancestors whose type mask lacks the type have none.
func (w *simWorker) effectiveDefaults(buf []AttrDefault, inst *instance, u typeUse, now int64) []AttrDefault {
	start := len(buf)
	typ, skip := u.typ, u.alwaysSet
	for at := inst; at != nil; at = at.parent {
		if at.defaults.mask&u.bit == 0 {
			continue // none for typ
		}
		at.defaults.of(typ).latestFirst(now, func(td timedDefault) bool {
			w.steps++
			for _, ad := range td.attrs {
				if !slices.Contains(skip, ad.Attr) && !slices.ContainsFunc(buf[start:], func(x AttrDefault) bool { return x.Attr == ad.Attr }) {
					buf = append(buf, ad)
				}
			}
			return true
		})
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
func cloneSigs(sigs []typeDefaults) *[]typeDefaults {
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
	return &out
}

// recordSite records the defaults a declaration of def carries for each
// type def's body uses. path is pathTo(inst, decl).
func (sm *simulation) recordSite(inst *instance, decl *Declaration, def *Definition, path *armsTo) {
	b := &sm.a.bodies[def.index]
	uses := b.uses
	if len(uses) == 0 {
		return
	}
	ci := sm.declared(def)
	declared := ci != nil
	if declared {
		for at := inst; at != nil; at = at.parent {
			if at == ci {
				return // only evaluated because def was: it can never come first
			}
		}
	}
	from := inst
	if def.Parent != "" {
		if base := sm.w.baseOf(def); base != nil {
			if bi := sm.declared(base); bi != nil {
				from = bi // the base is settled: the declarer does not matter
			}
		}
	}
	w := sm.w
	now := sm.clock
	// The types the chain from from up has defaults for; from's own body
	// is running unless it is a settled base.
	chainMask := ^uint64(0)
	if from == inst {
		chainMask = inst.defaults.mask | w.chainMasks(inst).aboveMask
	}
	sigs, eff := w.sigsBuf[:0], w.effBuf[:0]
	// One mask test per use: a test over all the uses' bits at once, to
	// skip the loop when none has a default on the chain, would save no
	// more than these tests, each a single AND.
	for _, u := range uses {
		if u.bit&chainMask == 0 {
			continue // no default for u.typ on the chain
		}
		start := len(eff)
		eff = w.effectiveDefaults(eff, from, u, now)
		if len(eff) > start {
			sigs = append(sigs, typeDefaults{u.typ, eff[start:len(eff):len(eff)]})
		}
	}
	info := w.info(def)
	if info.lastSigs == nil || !sameSigs(sigs, *info.lastSigs) {
		info.lastSigs = cloneSigs(sigs)
	}
	w.sigsBuf, w.effBuf = sigs[:0], eff[:0]
	r := siteRecord{decl: decl, sigs: info.lastSigs, from: w.linkOf(from), def: int32(def.index), sim: int32(sm.id),
		first: !declared, lazy: sm.lazy}
	r.arms, r.narms = keptPath(path.get())
	w.sites.add(r)
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
