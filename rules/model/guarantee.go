package model

import (
	"slices"
	"strings"

	"github.com/ducklint/ducklint/parser"
)

// This file decides whether a class is surely evaluated before a point of
// the code: the evaluation order of Puppet's catalog builder (verified with
// Puppet 7, testdata/puppet-apply/scope/order-*.txtar). Code runs in the
// order it is written, and declaring a class (include, require, contain,
// class { 'x': }) evaluates its body at once. A defined type's body does
// not run where the instance is declared: instances are queued, and the
// queue is worked through first in first out once the scope declaring them,
// and every scope above it, has been evaluated to its end. A virtual
// instance is queued only when a collector or realize() realizes it, after
// the scope holding that has run too. A function's body runs where it is
// called.

// goal is what a guarantee is asked about: that class has been evaluated
// and, perVariable, that its variable name is assigned by then; with class
// "", that top-scope variable name is assigned.
type goal struct {
	class, name string
	perVariable bool
	// later asks about the time the deferred work queued at a point runs
	// (a defined type's body): by then the scope holding the point, and
	// every scope that declared it, has been evaluated to its end.
	later bool
	// lenient also counts a declaration on an arm of a conditional the
	// point need not be on (data decides whether it ran), and lets a
	// definition nothing in the tree declares guarantee a class nothing in
	// the tree declares either (nodes get both from outside the tree).
	// What a lenient guarantee misses is wrong on a node the tree shows.
	lenient bool
}

// classOnly is g for its class, whatever the variable.
func (g goal) classOnly() goal {
	g.name, g.perVariable = "", false
	return g
}

// point is a place in the evaluation of a scope chain.
type point struct {
	scope  *Scope
	file   *File
	offset int32 // -1: the end of the scope
	branch []Branch
}

// Verdict is what Guarantee and TemplateGuarantee find about a qualified
// read.
type Verdict struct {
	// OK is set when the class is surely evaluated first, or when nothing
	// in the tree can say.
	OK bool
	// Certain is set on a read that is wrong on a node the tree shows:
	// the class is not declared, on any arm, on some chain of declarations
	// that reaches the read. Otherwise a read that is not OK depends on
	// data (which arm of a conditional runs, which parameter a declaration
	// passes) or on the classes nodes get from outside the tree.
	Certain bool
	// Why says, for a read that is neither OK nor Certain, what it
	// depends on.
	Why Uncertainty
	// Path is a chain of declarations without the guarantee, from the one
	// of the reading definition up to where the chain starts: each next
	// one declares (or calls) the definition holding the one before.
	Path []*Declaration
	// Call is, for a read in a template, an epp() call rendering it
	// without the guarantee.
	Call *TemplateCall
}

// Uncertainty is what a read that is not surely wrong depends on.
type Uncertainty int

// What a read depends on.
const (
	// Conditional: the class is declared first on some arms of a
	// conditional only.
	Conditional Uncertainty = iota + 1
	// FromOutside: the chain of declarations starts where nodes get
	// classes from outside the tree, and nothing in the tree declares the
	// class either.
	FromOutside
	// ParameterTest: the read runs under a test of a parameter that the
	// declaration without the guarantee passes a value for.
	ParameterTest
	// EntryRead: nothing in the tree declares the reading class, defined
	// type or function.
	EntryRead
)

// Guarantee says whether class target is surely evaluated before read r.
func (s *Static) Guarantee(r *Read, target string) Verdict {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, name, _ := QualifiedTarget(r.Var)
	g := goal{class: target, name: name, perVariable: true}
	lenient := g
	lenient.lenient = true
	p := point{scope: r.Scope, file: r.File, offset: r.Var.Span().Start.Offset, branch: r.Branch}
	if s.locallyGuaranteed(p, g) {
		return Verdict{OK: true}
	}
	owner := r.Scope.Owner()
	if owner.Def == nil || !inGraph(owner.Def) {
		if s.locallyGuaranteed(p, lenient) {
			return Verdict{Why: Conditional}
		}
		return Verdict{Certain: true}
	}
	if !slices.ContainsFunc(s.sitesOf(owner.Def), func(d *Declaration) bool { return d.Kind != Realize }) {
		// Nodes get the reading definition from outside the tree: only its
		// own module's classes are taken to come first (the module's
		// convention: its main class is declared before the others).
		if moduleOf(owner.Def.Name) == moduleOf(target) {
			return Verdict{OK: true}
		}
		return Verdict{Why: EntryRead}
	}
	breaking := s.readBreakingSite(r, owner.Def, g, false)
	if breaking == nil {
		return Verdict{OK: true}
	}
	v := Verdict{Path: s.breakingPath(breaking, g), Why: Conditional}
	if s.locallyGuaranteed(p, lenient) {
		return v
	}
	if certain := s.readBreakingSite(r, owner.Def, lenient, true); certain != nil {
		return Verdict{Certain: true, Path: s.breakingPath(certain, lenient)}
	}
	switch {
	case s.readBreakingSite(r, owner.Def, lenient, false) != nil:
		v.Why = ParameterTest
	case len(s.prog.DeclarationsOf(target)) == 0:
		v.Why = FromOutside
	}
	return v
}

// readBreakingSite returns a declaration (or call) of def, the definition
// holding read r, that does not guarantee g before the read, or nil. A
// read in a parameter default is evaluated only for the declarations that
// pass no value for the parameter. A read under a conditional that tests a
// parameter runs, for a declaration passing that parameter, only when the
// value says so: with dataDecides, such declarations are left out.
func (s *Static) readBreakingSite(r *Read, def *Definition, g goal, dataDecides bool) *Declaration {
	var tested []string
	if dataDecides {
		tested = testedParams(r, def)
	}
	if r.InDefault == nil && len(tested) == 0 {
		if s.sitesGuarantee(def, g) {
			return nil
		}
		return s.breakingSite(def, g)
	}
	for _, site := range s.sitesOf(def) {
		if site.Kind == Realize || r.InDefault != nil && passesParam(site, r.InDefault.Name) {
			continue
		}
		if slices.ContainsFunc(tested, func(name string) bool { return passesParam(site, name) }) {
			continue
		}
		if o := site.Scope.Owner().Def; o != nil && inGraph(o) {
			s.sitesGuarantee(o, g)
		}
		if !s.siteGuarantees(site, g, s.answers(g)) {
			return site
		}
	}
	return nil
}

// testedParams returns the parameters of def that the conditions holding
// read r test.
func testedParams(r *Read, def *Definition) []string {
	var out []string
	for _, b := range r.Branch {
		var test parser.Node
		switch n := b.Cond.(type) {
		case *parser.If:
			test = n.Cond
		case *parser.Unless:
			test = n.Cond
		case *parser.Case:
			test = n.Test
		case *parser.Selector:
			test = n.X
		}
		parser.Inspect(test, func(n parser.Node) bool {
			switch n := n.(type) {
			case *parser.Variable:
				if findParam(def.Params, n.Name) != nil && !slices.Contains(out, n.Name) {
					out = append(out, n.Name)
				}
			case *parser.Lambda:
				return false
			}
			return true
		})
	}
	return out
}

// EveryDeclarationPasses reports whether the tree declares class or define
// def, and every declaration passes parameter name a value: then its
// default is not evaluated by any declaration the tree shows.
func (s *Static) EveryDeclarationPasses(def *Definition, name string) bool {
	sites := s.prog.DeclarationsOf(def.Name)
	for _, d := range sites {
		if !passesParam(d, name) {
			return false
		}
	}
	return len(sites) > 0
}

// passesParam reports whether a resource-like declaration gives parameter
// name a value (or may, through a '*' splat).
func passesParam(d *Declaration, name string) bool {
	res, ok := d.Node.(*parser.Resource)
	if !ok || (d.Kind != ResourceLike && d.Kind != DefineInstance) {
		return false
	}
	for _, b := range res.Bodies {
		for _, a := range b.Attrs {
			if a.Splat || a.Name == name {
				return true
			}
		}
	}
	return false
}

// breakingPath follows d, a declaration that does not guarantee g, to where
// the chain starts: each next declaration declares (or calls) the
// definition holding the previous one, without the guarantee either. It
// stops at a scope that is not a class, define or function, and at cycles.
func (s *Static) breakingPath(d *Declaration, g goal) []*Declaration {
	path := []*Declaration{d}
	seen := map[*Definition]bool{}
	for {
		last := path[len(path)-1]
		if last.Kind == DefineInstance && !last.Exported() {
			g.later = true // what declared a defined type has all run by then
		}
		o := last.Scope.Owner().Def
		if o == nil || seen[o] || !inGraph(o) || s.allSites[g] == nil {
			return path
		}
		seen[o] = true
		next := s.breakingSite(o, g)
		if next == nil {
			return path
		}
		path = append(path, next)
	}
}

// TemplateCall is an epp() call that renders a module template.
type TemplateCall struct {
	File  *File
	Scope *Scope
	Call  *parser.Call
}

// TemplateGuarantee is Guarantee for a read in an EPP template: class
// target is guaranteed when every epp() call rendering the template is
// itself guaranteed to have evaluated it (vacuously when nothing in the
// tree renders the template). Call is a call that is not.
func (s *Static) TemplateGuarantee(r *Read, target string) Verdict {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, name, _ := QualifiedTarget(r.Var)
	g := goal{class: target, name: name, perVariable: true}
	lenient := g
	lenient.lenient = true
	var found *TemplateCall
	for _, c := range s.templateCalls[r.File] {
		if s.callGuarantees(c, g) {
			continue
		}
		if !s.callGuarantees(c, lenient) {
			return Verdict{Certain: true, Call: c}
		}
		if found == nil {
			found = c
		}
	}
	if found == nil {
		return Verdict{OK: true}
	}
	v := Verdict{Call: found, Why: Conditional}
	if len(s.prog.DeclarationsOf(target)) == 0 {
		v.Why = FromOutside
	}
	return v
}

// callGuarantees reports whether epp() call c renders its template after
// g's class is evaluated.
func (s *Static) callGuarantees(c *TemplateCall, g goal) bool {
	p := point{scope: c.Scope, file: c.File, offset: c.Call.Span().Start.Offset}
	if s.locallyGuaranteed(p, g) {
		return true
	}
	owner := c.Scope.Owner()
	return owner.Def != nil && inGraph(owner.Def) && s.sitesGuarantee(owner.Def, g)
}

// locallyGuaranteed reports whether g holds at p without looking at who
// declares p's definition: g's class is p's class (with the variable
// assigned) or a base class, or p's scope chain declared it (or a class
// that always evaluates it) earlier, surely reaching p (see
// scopeDeclaresBefore).
func (s *Static) locallyGuaranteed(p point, g goal) bool {
	if g.class == "" {
		return s.topAssignedAt(p, g.name)
	}
	owner := p.scope.Owner()
	if owner.Def != nil && owner.Def.Kind == ClassDef {
		if g.perVariable && owner.Def.Name == g.class && s.assignedAt(owner, g.name, p) {
			return true
		}
		// A base class, and what its body always declares, is evaluated
		// before the derived class's body.
		for _, base := range s.prog.Ancestors(owner.Def) {
			if s.evaluates(base.Name, g.class, g.lenient) {
				return true
			}
		}
	}
	for sc := p.scope; sc != nil; sc = sc.Parent {
		if s.scopeDeclaresBefore(sc, p, g.lenient, func(c string) bool { return s.evaluates(c, g.class, g.lenient) }) {
			return true
		}
		if sc.Kind != LambdaScope {
			break
		}
	}
	return false
}

// topAssignedAt reports whether top-scope variable name has been assigned
// when code at p runs: top-scope code sees only the assignments before it,
// node definitions run after all top-scope code, and a class body is
// decided by who declares it (false here, so the caller asks them).
func (s *Static) topAssignedAt(p point, name string) bool {
	switch p.scope.Owner().Kind {
	case TopScope:
		for _, a := range p.scope.Owner().Assignments {
			if a.Name != name {
				continue
			}
			if p.offset < 0 || (a.File == p.file && a.Var.Span().End.Offset <= p.offset) || (a.File != p.file && s.manifestBefore(a.File, p.file)) {
				return true
			}
		}
		return false
	case ClassScope, DefineScope:
		return p.offset < 0
	}
	return true
}

// TopAssignedFirst reports whether top-scope variable name is assigned
// before class or define def is evaluated, whoever declares it: a class
// declared from top-scope code runs at once, before later top-scope
// assignments. When it is not, breaking is a declaration that runs def
// too early.
func (s *Static) TopAssignedFirst(def *Definition, name string) (ok bool, breaking *Declaration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g := goal{name: name, perVariable: true}
	if s.sitesGuarantee(def, g) {
		return true, nil
	}
	return false, s.breakingSite(def, g)
}

// assignedAt reports whether variable name of class scope sc (its own or a
// base class's) has a value at point p, when the class is being evaluated.
func (s *Static) assignedAt(sc *Scope, name string, p point) bool {
	if name == "" || sc.HasParam(name) {
		return true
	}
	switch name {
	case "title", "name", "module_name":
		return true
	}
	for _, base := range s.prog.Ancestors(sc.Def) {
		if s.classVarsOf(base)[name] {
			return true
		}
	}
	for _, a := range sc.Assignments {
		if a.Name != name || Exclusive(a.Branch, p.branch) {
			continue
		}
		if p.offset < 0 || (a.File == p.file && a.Var.Span().End.Offset <= p.offset) {
			return true
		}
	}
	return false
}

// declBefore reports whether declaration d happens before point p.
func (s *Static) declBefore(d *Declaration, p point) bool {
	if p.offset < 0 {
		return true
	}
	if d.File == p.file {
		return d.Node.Span().End.Offset <= p.offset
	}
	return s.manifestBefore(d.File, p.file)
}

// branchPrefix reports whether every conditional arm of decl is also on the
// path to the point, so that reaching the point means decl ran.
func branchPrefix(decl, at []Branch) bool {
	for _, b := range decl {
		if !slices.Contains(at, b) {
			return false
		}
	}
	return true
}

// siteGuarantees reports whether declaration d of a class, define or
// function guarantees g before the declared body runs, given a, the
// current answers for the declaring definitions.
func (s *Static) siteGuarantees(d *Declaration, g goal, a *siteAnswers) bool {
	owner := d.Scope.Owner()
	switch d.Kind {
	case Inherits:
		if g.later {
			// Deferred work of the base runs after the derived class's
			// body, which is evaluated right after the base's.
			return owner.Def != nil && a.holds(owner.Def) ||
				s.locallyGuaranteed(point{scope: d.Scope, file: d.File, offset: -1}, g)
		}
		// The base is evaluated before the derived class's body; only
		// the derived class's own declarations can guarantee g.
		return owner.Def != nil && owner.Def.Name != g.class && a.holds(owner.Def)
	case DefineInstance:
		return s.instanceGuarantees(d, g, a)
	case Realize:
		return true // asked about through the virtual instances it realizes
	}
	if owner.Kind == TemplateScope {
		return s.templateSiteGuarantees(d, g, a)
	}
	if owner.Def != nil && a.holds(owner.Def) {
		return true // the cheaper test first
	}
	p := point{scope: d.Scope, file: d.File, offset: d.Span.Start.Offset, branch: d.Branch}
	if g.later {
		p.offset = -1
	}
	return s.locallyGuaranteed(p, g)
}

// templateSiteGuarantees reports whether call d, in an EPP template,
// guarantees g: the template runs where epp() renders it, so every call
// rendering it must (vacuously when nothing in the tree renders it).
func (s *Static) templateSiteGuarantees(d *Declaration, g goal, a *siteAnswers) bool {
	at := func(p point) point {
		if g.later {
			p.offset = -1
		}
		return p
	}
	if s.locallyGuaranteed(at(point{scope: d.Scope, file: d.File, offset: d.Span.Start.Offset, branch: d.Branch}), g) {
		return true
	}
	for _, c := range s.templateCalls[d.Scope.Owner().File] {
		if o := c.Scope.Owner().Def; o != nil && inGraph(o) && a.holds(o) {
			continue
		}
		if !s.locallyGuaranteed(at(point{scope: c.Scope, file: c.File, offset: c.Call.Span().Start.Offset}), g) {
			return false
		}
	}
	return true
}

// instanceGuarantees reports whether defined-type instance d guarantees g
// before its body runs. The body is queued: it runs after the scope
// declaring d, and every scope that declared that one, has run to its end,
// and after the instances declared before d in its scope. A virtual
// instance runs only when realized, after the scope realizing it has run
// too; an exported one only where it is collected.
func (s *Static) instanceGuarantees(d *Declaration, g goal, a *siteAnswers) bool {
	if d.Exported() {
		return s.realizersGuarantee(d, g, a)
	}
	if s.laterHolds(d.Scope.Owner().Def, g, a) ||
		s.locallyGuaranteed(point{scope: d.Scope, file: d.File, offset: -1, branch: d.Branch}, g) ||
		s.queuedBefore(d, g) {
		return true
	}
	return d.Virtual && s.realizersGuarantee(d, g, a)
}

// laterHolds reports whether g holds by the time deferred work queued in
// def's body runs. a are the answers for g.
func (s *Static) laterHolds(def *Definition, g goal, a *siteAnswers) bool {
	if def == nil || !inGraph(def) {
		return false
	}
	if g.later {
		return a.holds(def)
	}
	g.later = true
	return s.sitesGuarantee(def, g)
}

// realizersGuarantee reports whether every collector or realize() that can
// realize virtual (or, for an exported instance, collect exported)
// instance d has g by then: vacuously when nothing in the tree does, as
// the body then never runs.
func (s *Static) realizersGuarantee(d *Declaration, g goal, a *siteAnswers) bool {
	for _, r := range s.prog.RealizersOf(d.Target) {
		if r.Virtual != d.Exported() {
			continue // <<| |>> collects exported resources, <| |> and realize() virtual ones
		}
		if s.laterHolds(r.Scope.Owner().Def, g, a) ||
			s.locallyGuaranteed(point{scope: r.Scope, file: r.File, offset: -1, branch: r.Branch}, g) {
			continue
		}
		return false
	}
	return true
}

// siteAnswers are what sitesGuarantee has worked out for one goal.
type siteAnswers struct {
	// own are the answers for this goal, by definition.
	own map[*Definition]bool
	// class, for a class variable, are the answers for its class
	// whatever the variable: a definition guaranteed there is guaranteed
	// for every variable of the class, and so is one not guaranteed there
	// that the class does not declare, directly or further down.
	class *siteAnswers
	// below, of the answers for a class, are the definitions the class
	// declares, directly or further down.
	below map[*Definition]bool
}

// get returns the answer for d, if it is settled.
func (a *siteAnswers) get(d *Definition) (v, ok bool) {
	if a == nil {
		return false, false
	}
	if v, ok := a.own[d]; ok {
		return v, true
	}
	if a.class != nil {
		if v, ok := a.class.own[d]; ok && (v || !a.class.below[d]) {
			return v, true
		}
	}
	return false, false
}

// holds reports whether d is guaranteed, or hoped to be while the answers
// are worked out; false when nothing is known.
func (a *siteAnswers) holds(d *Definition) bool {
	v, _ := a.get(d)
	return v
}

// answers returns the answers for g, creating them.
func (s *Static) answers(g goal) *siteAnswers {
	a := s.allSites[g]
	if a == nil {
		a = &siteAnswers{own: map[*Definition]bool{}}
		switch {
		case g.perVariable && g.class != "":
			a.class = s.answers(g.classOnly())
		case !g.perVariable:
			a.below = s.declaredBelow(g.class)
		}
		s.allSites[g] = a
	}
	return a
}

// sitesGuarantee reports whether every declaration of def guarantees g
// first, transitively. It is the greatest fixed point over the declaration
// graph above def (a cycle of declarations with no way in from outside does
// not break a guarantee), memoised per goal. A definition nothing in the
// tree declares guarantees only its own module's classes (and, lenient,
// classes nothing in the tree declares).
//
// A class variable is first asked about for its class alone, leaving out
// where the variable is assigned: the classes whose variables are read
// from elsewhere are few (55 for 1,359 variables of a large control repo).
// What holds for the class holds for each of its variables (the fixed
// point only grows with what each site guarantees), and where the
// variable is assigned matters only to what the class's own body declares
// and what that declares in turn. Only those are worked out again for the
// variable, where the class alone is not guaranteed.
func (s *Static) sitesGuarantee(def *Definition, g goal) bool {
	a := s.answers(g)
	if v, ok := a.get(def); ok {
		return v
	}
	if a.class != nil {
		s.sitesGuarantee(def, g.classOnly())
		if v, ok := a.get(def); ok {
			return v
		}
	}
	graph := s.declarationGraph()
	// Collect the definitions above def whose answer is not known yet.
	// Each is given its optimistic answer as it is found, which also
	// marks it as seen: a definition nothing in the tree declares is an
	// entry point (an ENC, Hiera or a module's users declare it). Top-scope
	// code has all run by then (class == ""). A module's own entry points
	// come after its main classes by the module's convention, which is not
	// guessed at; another module's classes (a role's profiles) are not.
	pending := []*Definition{def}
	for i := 0; i < len(pending); i++ {
		d := pending[i]
		e := graph.of(d)
		if e == nil {
			e = &declEdges{}
		}
		a.own[d] = len(e.sites) > 0 || s.entryGuarantees(d, g)
		for _, o := range e.declarers {
			if _, seen := a.get(o); !seen {
				a.own[o] = true // replaced when o's turn comes
				pending = append(pending, o)
			}
		}
	}
	// Refute: a definition with a site that does not guarantee g is
	// false, which may refute the definitions it declares, and so on. Each
	// definition is rechecked only when one it depends on turns false; the
	// answers of definitions settled by an earlier call are final.
	refuted := func(d *Definition) bool {
		if e := graph.of(d); e != nil {
			for _, site := range e.sites {
				if !s.siteGuarantees(site, g, a) {
					return true
				}
			}
		}
		return false
	}
	var queue []*Definition
	for _, d := range pending {
		if a.own[d] && refuted(d) {
			a.own[d] = false
			queue = append(queue, d)
		}
	}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		e := graph.of(x)
		if e == nil {
			continue
		}
		// What x declares is pending too: x is above it, and an answer is
		// settled only together with everything above it.
		for _, y := range e.declares {
			if a.own[y] && refuted(y) {
				a.own[y] = false
				queue = append(queue, y)
			}
		}
	}
	return a.own[def]
}

// entryGuarantees reports whether d, which nothing in the tree declares,
// is taken to come after g's class: top-scope code has all run by then; a
// module's own entry points come after its main classes (the module's
// convention: include the main class first); leniently, a class nothing
// in the tree declares comes from outside the tree too, maybe first.
func (s *Static) entryGuarantees(d *Definition, g goal) bool {
	return g.class == "" || moduleOf(d.Name) == moduleOf(g.class) ||
		g.lenient && len(s.prog.DeclarationsOf(g.class)) == 0
}

// declaredBelow returns the definitions class declares, directly or
// through what it declares.
func (s *Static) declaredBelow(class string) map[*Definition]bool {
	graph := s.declarationGraph()
	below := map[*Definition]bool{}
	queue := slices.Clone(s.prog.Lookup(ClassDef, class))
	for len(queue) > 0 {
		x := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		if e := graph.of(x); e != nil {
			for _, y := range e.declares {
				if !below[y] {
					below[y] = true
					queue = append(queue, y)
				}
			}
		}
	}
	return below
}

// inGraph reports whether def is a node of the declaration graph: a
// class, defined type or function.
func inGraph(def *Definition) bool {
	switch def.Kind {
	case ClassDef, DefineDef, FunctionDef:
		return true
	}
	return false
}

// declarationGraph returns, for every class, define and function, its
// declarations (or calls) and who declares whom; it is built on first use.
// Finding them anew for every class variable asked about was 45,000 visits
// and 1,100 dependency maps per run on 45 public repositories.
func (s *Static) declarationGraph() *declGraph {
	if s.declGraph != nil {
		return s.declGraph
	}
	defs := s.prog.Definitions
	graph := &declGraph{defs: defs, byIndex: make([]*declEdges, len(defs))}
	store := make([]declEdges, 0, len(defs)) // the edges, allocated together
	edges := func(d *Definition) *declEdges {
		e := graph.of(d)
		if e == nil {
			if len(store) == cap(store) {
				store = make([]declEdges, 0, len(defs))
			}
			store = append(store, declEdges{})
			e = &store[len(store)-1]
			graph.set(d, e)
		}
		return e
	}
	// added[o] is the last definition o was listed as a declarer of.
	added := map[*Definition]*Definition{}
	for _, d := range defs {
		var sites []*Declaration
		switch d.Kind {
		case ClassDef:
			sites = s.prog.DeclarationsOf(d.Name)
		case DefineDef:
			sites = s.prog.DeclarationsOf(d.Name)
			if rs := s.prog.RealizersOf(d.Name); len(rs) > 0 {
				sites = append(slices.Clip(sites), rs...)
			}
		case FunctionDef:
			sites = s.prog.CallsOf(d.Name)
		default:
			continue
		}
		e := edges(d)
		e.sites = sites
		link := func(o *Definition) {
			if o == nil || !inGraph(o) || added[o] == d {
				return
			}
			added[o] = d
			e.declarers = append(e.declarers, o)
			oe := edges(o)
			oe.declares = append(oe.declares, d)
		}
		for _, site := range e.sites {
			owner := site.Scope.Owner()
			if owner.Kind != TemplateScope {
				link(owner.Def)
				continue
			}
			// A template runs where epp() renders it.
			for _, c := range s.templateCalls[owner.File] {
				link(c.Scope.Owner().Def)
			}
		}
	}
	s.declGraph = graph
	return graph
}

// declGraph holds the edges of the declaration graph by definition: by
// the definition's index in the program, which the graph's lookups (many
// per guarantee worked out) find faster than a map.
type declGraph struct {
	defs    []*Definition // the program's
	byIndex []*declEdges  // the edges of defs[i], or nil
	// other holds the edges of a definition that is not the program's at
	// its index, if one ever is.
	other map[*Definition]*declEdges
}

// of returns the edges of d, or nil when d is not in the graph.
func (g *declGraph) of(d *Definition) *declEdges {
	if d.index < len(g.defs) && g.defs[d.index] == d {
		return g.byIndex[d.index]
	}
	return g.other[d]
}

// set makes e the edges of d.
func (g *declGraph) set(d *Definition, e *declEdges) {
	if d.index < len(g.defs) && g.defs[d.index] == d {
		g.byIndex[d.index] = e
		return
	}
	if g.other == nil {
		g.other = map[*Definition]*declEdges{}
	}
	g.other[d] = e
}

// sitesOf returns the sites of def in the declaration graph.
func (s *Static) sitesOf(def *Definition) []*Declaration {
	if e := s.declarationGraph().of(def); e != nil {
		return e.sites
	}
	return nil
}

// moduleOf returns the module part of a class or define name.
func moduleOf(name string) string {
	m, _, _ := strings.Cut(name, "::")
	return m
}

// breakingSite returns the first declaration of def that does not
// guarantee g, or nil when none (or nothing) declares def.
func (s *Static) breakingSite(def *Definition, g goal) *Declaration {
	a := s.answers(g)
	for _, site := range s.sitesOf(def) {
		if !s.siteGuarantees(site, g, a) {
			return site
		}
	}
	return nil
}
