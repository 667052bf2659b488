package model

import (
	"iter"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/ducklint/ducklint/internal/par"
	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load"
)

// This file is the static-scope analysis: for every variable read, where
// Puppet's static scope lookup finds it (scope.txt, scope-lookup-rules.txt),
// and for qualified reads, whether the named class is guaranteed to have been
// evaluated first (guarantee.go, evalorder.go). It is computed lazily, once
// per program, and is safe for concurrent use by per-file rules.

// ResolutionKind says where a variable read resolves.
type ResolutionKind int

// Where a read resolves. Unresolved means static scope finds nothing: at
// run time the read gives undef and Puppet warns "Unknown variable".
const (
	Unresolved ResolutionKind = iota
	// ResolvedLocal is a variable assigned earlier in the read's own scope.
	ResolvedLocal
	// ResolvedParam is a parameter of the read's own scope.
	ResolvedParam
	// ResolvedEnclosing is a parameter or earlier variable of a scope
	// enclosing the lambda the read is in.
	ResolvedEnclosing
	// ResolvedInherited is a parameter or variable of a base class.
	ResolvedInherited
	// ResolvedNode is a variable only node definitions assign.
	ResolvedNode
	// ResolvedTop is a variable assigned at top scope in a main manifest.
	ResolvedTop
	// ResolvedFact is a core, legacy or custom fact.
	ResolvedFact
	// ResolvedBuiltin is a built-in variable ($title, $trusted, $facts...).
	ResolvedBuiltin
	// ResolvedCapture is a regex capture $0...$n.
	ResolvedCapture
	// ResolvedConfig is a name from [scope] known_variables.
	ResolvedConfig
	// ResolvedTemplateArg is a read in an EPP template without a
	// parameter list, which sees whatever its callers pass.
	ResolvedTemplateArg
	// ResolvedQualified marks a qualified read ($a::b::x), which static
	// lookup does not resolve; see Static.QualifiedTarget.
	ResolvedQualified
	// ResolvedFunction is a variable a Ruby function of the tree may set
	// (load.Defined.Sets), at top scope through its closure scope.
	ResolvedFunction
	// ResolvedMetaparam is a metaparameter read in a defined type's or
	// class's body: Puppet sets $notify, $tag... there only when the
	// declaration passes it.
	ResolvedMetaparam
)

var resolutionNames = [...]string{
	Unresolved: "unresolved", ResolvedLocal: "local", ResolvedParam: "param", ResolvedEnclosing: "lambda-enclosing",
	ResolvedInherited: "inherited", ResolvedNode: "node", ResolvedTop: "top", ResolvedFact: "fact",
	ResolvedBuiltin: "builtin", ResolvedCapture: "capture", ResolvedConfig: "config",
	ResolvedTemplateArg: "template-argument", ResolvedQualified: "qualified", ResolvedFunction: "function",
	ResolvedMetaparam: "metaparameter",
}

func (k ResolutionKind) String() string {
	if k < 0 || int(k) >= len(resolutionNames) {
		return "resolution"
	}
	return resolutionNames[k]
}

// Resolution is where a read resolves.
type Resolution struct {
	Kind ResolutionKind
	// Scope is the scope holding the variable (local, enclosing, inherited
	// class, node or top scope); nil for facts, built-ins and captures.
	Scope *Scope
	// Assignment is the assignment found, nil for parameters and names
	// that are not assigned in Puppet code.
	Assignment *Assignment
	// Param is the parameter found.
	Param *parser.Parameter
	// Early is set on an unresolved read of a top-scope variable
	// (Assignment) in a class that this top-scope declaration evaluates
	// before the assignment.
	Early *Declaration
}

// Read is one read of a variable: a *parser.Variable that is not the target
// of an assignment.
type Read struct {
	Var  *parser.Variable
	File *File
	// Scope is the innermost scope of the read (a lambda's, or the
	// class, define, node, top, function, plan, template or file scope).
	Scope *Scope
	// Branch are the conditional arms the read sits in.
	Branch []Branch
	// Resolution is where the read resolves.
	Resolution Resolution
	// DefinedGuard is set when a conditional around the read tests
	// defined(...), directly or through a variable assigned from it, or
	// the read is right of an and/or whose left side does: the code checks
	// for itself what is in the catalog.
	DefinedGuard bool
	// InDefault is the parameter of the read's class or define whose
	// default value holds the read, nil elsewhere: a default is evaluated
	// only when the declaration passes no value for the parameter.
	InDefault *parser.Parameter
	// CheckedDefined is set when the read runs only after the code has
	// checked whether the variable is set: a conditional around it (or
	// the left operand of an and/or it is the right operand of) tests
	// defined('$name') or compares the variable with undef, or it is in
	// an option of a case or selector over the variable that has an undef
	// option. Such a read is never of an unset variable.
	CheckedDefined bool
	// AllowsUndef is set when the code expects the variable may be unset
	// and handles undef, but still reads it: the read is an argument of
	// pick() or pick_default(), is compared with undef, is the subject of
	// a case or selector with an undef option, or is the whole default of
	// a parameter the body reads in one of these ways (or checks). That
	// works unless strict_variables is on (the default from Puppet 8),
	// where reading an unset variable fails the catalog.
	AllowsUndef bool
	// InFail is set when the read is in the arguments of a call of
	// fail(): the catalog fails there whatever the variable holds, and
	// only the message depends on it.
	InFail bool
}

// KnownGlobal reports whether a name is a fact or built-in variable that
// every scope sees; the kind says which. It is supplied by the caller so
// that the model does not depend on the rule data packages.
type KnownGlobal func(name string) (ResolutionKind, bool)

// Static is the static-scope analysis of a program.
type Static struct {
	prog  *Program
	known KnownGlobal
	// customFacts are facts from lib/facter of every loaded module and
	// environment, and the configured known variables.
	customFacts map[string]bool
	configVars  map[string]bool
	// functionVars are the variables Ruby functions of the tree may set.
	functionVars map[string]bool
	// nodeVars are the variables node definitions assign, by environment.
	nodeVars map[*load.Environment]map[string][]*Assignment
	// templateArgs holds, for EPP templates without a parameter list, the
	// argument names every epp() call passes; nil map entry value means
	// unknown (some call passes a non-literal hash or none was found).
	templateArgs map[*File]map[string]bool
	// templateCalls are the epp() calls that render each module template.
	templateCalls map[*File][]*TemplateCall
	// rendered are the templates manifest code renders (TemplateRendered).
	rendered map[*File]bool
	// classVars are the parameters and class-scope variables of classes,
	// worked out per class on first use (a check reads few classes'
	// variables of a context's thousands): classMu guards it.
	classMu   sync.Mutex
	classVars map[*Definition]map[string]bool
	// modules are the names of modules with files in the program.
	modules map[string]bool

	// readsByFile caches Reads by file index: five rules ask for the
	// reads of every file, and collecting them is the costliest part of
	// the analysis. (A sync.Map was 4 ms of a large tree's run.)
	readsByFile []fileReads
	// idleSlabs are slabs for collecting reads, taken by one goroutine at
	// a time and continued from file to file.
	slabsMu   sync.Mutex
	idleSlabs []*modelSlabs

	// lookups counts the assignments and syntax nodes that variable
	// lookups looked at, so that tests can check the analysis stays linear
	// in the size of the code without timing it. Added once per file or
	// per scope, not per lookup.
	lookups atomic.Int64

	// inheritMu guards chains and inherited, which memoise the shape of
	// inheritance chains and lookups through them (missingBase,
	// inheritedFrom).
	inheritMu sync.Mutex
	chains    map[*Definition]chainShape
	inherited map[inheritKey]*Definition

	mu sync.Mutex
	// allSites[g] are the answers of sitesGuarantee for goal g.
	allSites map[goal]*siteAnswers
	// evaluatedBy[k] are the classes whose declaration always (or, lenient,
	// possibly) evaluates class k.class, worked out on first use from
	// evaluationEdges.
	evaluatedBy     map[evalKey]map[string]bool
	evaluationEdges map[string][]evalEdge
	// declGraph is who declares whom among classes, defines and
	// functions, built on the first guarantee asked for.
	declGraph *declGraph
	// defineEvaluates and evaluating memoise what defined types' bodies
	// evaluate and which instances in a scope those are (see queuedBefore).
	defineEvaluates map[evalKey]map[string]bool
	evaluating      map[scopeKey][]*Declaration
}

// declEdges are the edges of one class, define or function in the
// declaration graph.
type declEdges struct {
	// sites are the declarations of the definition (by its name): for a
	// defined type also what realizes its virtual instances, for a
	// function its calls.
	sites []*Declaration
	// declarers are the classes, defines and functions holding one of
	// sites, once each.
	declarers []*Definition
	// declares are the definitions whose declarers include this one.
	declares []*Definition
}

type staticCache struct {
	once   sync.Once
	static *Static
}

// Static returns the program's static-scope analysis, computing it on first
// use with known as the source of facts and built-in variables. Later calls
// return the same analysis whatever known they pass.
func (p *Program) Static(known KnownGlobal) *Static {
	p.static.once.Do(func() { p.static.static = newStatic(p, known) })
	return p.static.static
}

func newStatic(p *Program, known KnownGlobal) *Static {
	s := &Static{prog: p, known: known, customFacts: map[string]bool{}, configVars: map[string]bool{}, functionVars: map[string]bool{},
		nodeVars: map[*load.Environment]map[string][]*Assignment{}, templateArgs: map[*File]map[string]bool{}, templateCalls: map[*File][]*TemplateCall{},
		classVars: map[*Definition]map[string]bool{}, allSites: map[goal]*siteAnswers{},
		evaluatedBy: map[evalKey]map[string]bool{}, modules: map[string]bool{},
		defineEvaluates: map[evalKey]map[string]bool{}, evaluating: map[scopeKey][]*Declaration{},
		readsByFile: make([]fileReads, len(p.Files))}
	// A module is loaded when the tree holds Puppet files of it, whether
	// or not they are in the program: a narrowed context leaves out files
	// that cannot change the findings, and must not make a module unknown.
	if p.Tree != nil {
		for _, m := range p.Tree.Modules {
			if m.PuppetFiles > 0 {
				s.modules[m.Name] = true
			}
		}
	} else {
		for _, f := range p.Files {
			if f.Source != nil && f.Source.Module != nil {
				s.modules[f.Source.Module.Name] = true
			}
		}
	}
	if s.known == nil {
		s.known = func(string) (ResolutionKind, bool) { return Unresolved, false }
	}
	for _, v := range p.KnownVariables {
		s.configVars[strings.TrimPrefix(v, "$")] = true
	}
	if p.Tree != nil {
		for _, m := range p.Tree.Modules {
			s.addRuby(m.Facts, m.RubyFunctions)
		}
		for _, e := range p.Tree.Envs {
			s.addRuby(e.Facts, e.RubyFunctions)
		}
	}
	for _, d := range p.Definitions {
		switch d.Kind {
		case NodeDef:
			if d.Scope == nil {
				continue
			}
			env := envOf(d.File)
			vars := s.nodeVars[env]
			if vars == nil {
				vars = map[string][]*Assignment{}
				s.nodeVars[env] = vars
			}
			for _, a := range d.Scope.Assignments {
				vars[a.Name] = append(vars[a.Name], a)
			}
		}
	}
	s.collectTemplateArgs()
	return s
}

// classVarsOf returns the parameters and class-scope variables of class
// def (nil for another definition), with $title, $name and $module_name.
func (s *Static) classVarsOf(def *Definition) map[string]bool {
	if def == nil || def.Kind != ClassDef {
		return nil
	}
	s.classMu.Lock()
	defer s.classMu.Unlock()
	if vars, ok := s.classVars[def]; ok {
		return vars
	}
	vars := map[string]bool{"title": true, "name": true, "module_name": true}
	for _, prm := range def.Params {
		vars[prm.Name] = true
	}
	if def.Scope != nil {
		for _, a := range def.Scope.Assignments {
			vars[a.Name] = true
		}
	}
	s.classVars[def] = vars
	return vars
}

// addRuby records the custom facts and the variables Ruby functions set of
// one module or environment.
func (s *Static) addRuby(facts, functions []load.Defined) {
	for _, f := range facts {
		s.customFacts[f.Name] = true
	}
	for _, fn := range functions {
		for _, v := range fn.Sets {
			s.functionVars[v] = true
		}
	}
}

func envOf(f *File) *load.Environment {
	if f == nil || f.Source == nil {
		return nil
	}
	return f.Source.Env
}

// collectTemplateArgs finds the epp() calls of module templates and, for
// templates without a parameter list, the argument names the calls pass.
// Files are walked in parallel (half the files of a control repo may render
// a template); what each file found is merged in file order, so the result
// does not depend on scheduling.
func (s *Static) collectTemplateArgs() {
	byPath := map[string]*File{}
	for _, f := range s.prog.Files {
		prog := f.Parsed.Program
		name := TemplateName(f.Source)
		if prog == nil || prog.EPP == nil || name == "" {
			continue
		}
		byPath[name] = f
	}
	if len(byPath) == 0 {
		return
	}
	// Only files the model builder saw call epp() need a walk. (Looking
	// for "epp" in every file's text instead took 8 ms on one core for
	// 45 public repositories.)
	var callers []*File
	for _, f := range s.prog.Files {
		if f.Parsed.Program != nil && f.callsEPP {
			callers = append(callers, f)
		}
	}
	uses := make([][]templateUse, len(callers))
	par.For(len(callers), s.prog.jobs, func(i int) { uses[i] = s.templateUses(callers[i], byPath) })
	open := map[*File]bool{}
	for _, fileUses := range uses {
		for _, u := range fileUses {
			if u.call != nil {
				s.templateCalls[u.template] = append(s.templateCalls[u.template], u.call)
			}
			if !u.passes {
				continue
			}
			args := s.templateArgs[u.template]
			if args == nil {
				args = map[string]bool{}
				s.templateArgs[u.template] = args
			}
			for _, a := range u.args {
				args[a] = true
			}
			if u.open {
				open[u.template] = true
			}
		}
	}
	for _, f := range byPath {
		if open[f] || f.Parsed.Program.EPP.HasParams {
			delete(s.templateArgs, f)
		}
	}
}

// templateUse is one epp() call of a module template found in a file.
type templateUse struct {
	template *File
	// call is the call with its scope; nil when no scope holds it.
	call *TemplateCall
	// passes is set when the template has no parameter list: then args
	// are the literal keys the call passes, and open says some argument
	// names cannot be known (a non-literal hash or key).
	passes bool
	args   []string
	open   bool
}

// templateUses returns the epp() calls of the templates in byPath that f
// makes, in walk order. It only reads shared state.
func (s *Static) templateUses(f *File, byPath map[string]*File) []templateUse {
	// Hashes assigned to variables in this file, for epp('t', $params):
	// a name with any non-literal assignment is not knowable.
	hashes := map[string][]*parser.Hash{}
	parser.Inspect(f.Parsed.Program, func(n parser.Node) bool {
		if a, ok := n.(*parser.Assign); ok {
			if v, ok := a.LHS.(*parser.Variable); ok {
				h, _ := a.RHS.(*parser.Hash)
				hashes[v.Name] = append(hashes[v.Name], h)
			}
		}
		return true
	})
	var out []templateUse
	parser.InspectStack(f.Parsed.Program, func(n parser.Node, stack []parser.Node) bool {
		call, ok := n.(*parser.Call)
		if !ok || !isEPPCall(call) || len(call.Args) == 0 {
			return true
		}
		lit, ok := call.Args[0].(*parser.StringLit)
		if !ok {
			return true
		}
		tf := byPath[lit.Value]
		if tf == nil {
			return true
		}
		u := templateUse{template: tf}
		for i := len(stack) - 1; i >= 0; i-- {
			if sc := s.prog.ScopeIn(f, stack[i]); sc != nil {
				u.call = &TemplateCall{File: f, Scope: sc, Call: call}
				break
			}
		}
		if !tf.Parsed.Program.EPP.HasParams {
			u.passes = true
			u.args, u.open = literalArgNames(call, hashes)
		}
		out = append(out, u)
		return true
	})
	return out
}

// literalArgNames returns the keys of the hash an epp() call passes its
// template, literally or through a variable assigned hash literals, and
// whether some keys cannot be known.
func literalArgNames(call *parser.Call, hashes map[string][]*parser.Hash) (names []string, open bool) {
	if len(call.Args) < 2 {
		return nil, false
	}
	var hs []*parser.Hash
	switch a := call.Args[1].(type) {
	case *parser.Hash:
		hs = []*parser.Hash{a}
	case *parser.Variable:
		hs = hashes[a.Name]
	}
	if len(hs) == 0 {
		return nil, true
	}
	for _, h := range hs {
		if h == nil {
			return names, true
		}
		for _, e := range h.Entries {
			k, ok := e.Key.(*parser.StringLit)
			if !ok {
				open = true
				continue
			}
			names = append(names, k.Value)
		}
	}
	return names, open
}

// fileReads is the once-computed result of Reads for one file.
type fileReads struct {
	once  sync.Once
	reads []*Read
}

// TemplateRendered reports whether manifest code renders the EPP template
// f: an epp() call outside templates names it, or one in a template that
// manifest code renders. The set is computed once, over every epp() call.
func (s *Static) TemplateRendered(f *File) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.rendered == nil {
		s.rendered = map[*File]bool{}
		inner := map[*File][]*File{} // template -> templates it renders
		var work []*File
		for t, calls := range s.templateCalls {
			for _, c := range calls {
				if c.Scope != nil && c.Scope.Owner().Kind == TemplateScope {
					inner[c.File] = append(inner[c.File], t)
				} else if !s.rendered[t] {
					s.rendered[t] = true
					work = append(work, t)
				}
			}
		}
		for len(work) > 0 {
			t := work[len(work)-1]
			work = work[:len(work)-1]
			for _, u := range inner[t] {
				if !s.rendered[u] {
					s.rendered[u] = true
					work = append(work, u)
				}
			}
		}
	}
	return s.rendered[f]
}

// Reads returns every variable read in file f, in evaluation order, with
// where each resolves. The result is computed once per file and shared:
// callers must not modify it.
func (s *Static) Reads(f *File) []*Read {
	if f == nil || f.Parsed == nil || f.Parsed.Program == nil {
		return nil
	}
	if f.index >= len(s.readsByFile) || s.prog.Files[f.index] != f {
		return s.collectReads(f) // not a file of the program
	}
	fr := &s.readsByFile[f.index]
	fr.once.Do(func() { fr.reads = s.collectReads(f) })
	return fr.reads
}

// collectReads walks f for Reads.
func (s *Static) collectReads(f *File) []*Read {
	alloc := s.takeSlabs()
	defer s.returnSlabs(alloc)
	w := &readWalker{s: s, file: f, alloc: alloc, readScratch: &alloc.readScratch}
	w.reset()
	w.assignedDone = w.completed
	top := s.prog.ScopeIn(f, f.Parsed.Program)
	if top == nil {
		top = f.Scope
	}
	w.walk(f.Parsed.Program, top, nil)
	s.lookups.Add(w.lookups)
	// The list is gathered in the scratch's buffer, which keeps its size.
	var reads []*Read
	if len(w.reads) > 0 {
		reads = slices.Clone(w.reads)
	}
	w.reset() // idle slabs keep none of the file's reads and names alive
	return reads
}

// takeSlabs returns idle slabs, or new ones.
func (s *Static) takeSlabs() *modelSlabs {
	s.slabsMu.Lock()
	defer s.slabsMu.Unlock()
	if n := len(s.idleSlabs); n > 0 {
		alloc := s.idleSlabs[n-1]
		s.idleSlabs = s.idleSlabs[:n-1]
		return alloc
	}
	return &modelSlabs{}
}

// returnSlabs makes slabs idle again.
func (s *Static) returnSlabs(alloc *modelSlabs) {
	s.slabsMu.Lock()
	s.idleSlabs = append(s.idleSlabs, alloc)
	s.slabsMu.Unlock()
}

// readWalker visits a file in evaluation order, as the model's collector
// does, so that branch paths match and assignments are known to be done
// before the reads that follow them.
type readWalker struct {
	s     *Static
	file  *File
	alloc *modelSlabs // where reads and branch paths are allocated
	// params is the parameter list being walked and the index of the
	// parameter whose default is being evaluated (-1 in a body).
	paramScope *Scope
	paramIndex int
	// guards counts the enclosing conditionals that test defined(...).
	guards int
	*readScratch
	// assignedDone is completed, made once for the walk: assignedBefore
	// passes it for every read.
	assignedDone func(*Assignment) bool
	// lookups counts the assignments looked at (Static.lookups).
	lookups int64
	// fails counts the enclosing calls of fail() whose arguments are
	// being walked (Read.InFail).
	fails int
}

// readScratch is the scratch of a readWalker, kept in its slabs and
// emptied before and after each file (reset) rather than made again: its
// maps, and where it gathers the reads.
type readScratch struct {
	reads []*Read // the file's reads, in walk order
	// done holds the assignment targets whose assignment has completed.
	done map[*parser.Variable]bool
	// definedVars are variables assigned from an expression calling
	// defined(...).
	definedVars map[string]bool
	// optional are reads found to allow for an unset variable before they
	// are walked (pick() arguments, undef tests: Read.AllowsUndef);
	// definedNames counts, by variable name without "::", the enclosing
	// conditions and and/or operands that test defined('$name') or compare
	// it with undef (Read.CheckedDefined); definedVarNames are, for a
	// variable assigned from a defined() test, the names it tests.
	optional        map[*parser.Variable]bool
	definedNames    map[string]int
	definedVarNames map[string][]string
}

// reset empties the scratch, keeping the reads' buffer at its size. A
// map that held many entries is made again instead: clearing costs what
// the map once held, which every later file would pay.
func (m *readScratch) reset() {
	clear(m.reads)
	m.reads = m.reads[:0]
	m.done = emptied(m.done)
	m.definedVars = emptied(m.definedVars)
	m.optional = emptied(m.optional)
	m.definedNames = emptied(m.definedNames)
	m.definedVarNames = emptied(m.definedVarNames)
}

// emptied returns m emptied, or a new map when m is nil or large.
func emptied[K comparable, V any](m map[K]V) map[K]V {
	if m == nil || len(m) > 64 {
		return map[K]V{}
	}
	clear(m)
	return m
}

func (w *readWalker) walk(n parser.Node, sc *Scope, branch []Branch) {
	if absentOrLeaf(n) {
		if v, ok := n.(*parser.Variable); ok && v != nil {
			w.read(v, sc, branch)
		}
		return
	}
	switch n := n.(type) {
	case *parser.ClassDef:
		w.definition(n, n.Params, n.Body, sc)
	case *parser.DefineDef:
		w.definition(n, n.Params, n.Body, sc)
	case *parser.FunctionDef:
		w.definition(n, n.Params, n.Body, sc)
	case *parser.PlanDef:
		w.definition(n, n.Params, n.Body, sc)
	case *parser.NodeDef:
		w.definition(n, nil, n.Body, sc)
	case *parser.TypeAlias, *parser.TypeDefinition:
		// Types hold no variable reads that Puppet evaluates in a scope.
	case *parser.Program:
		if n.EPP != nil {
			w.params(n.EPP.Params, sc)
			w.walk(n.EPP.Body, sc, nil)
			return
		}
		w.walk(n.Body, sc, branch)
	case *parser.Lambda:
		inner := w.s.prog.ScopeIn(w.file, n)
		if inner == nil {
			inner = sc
		}
		w.params(n.Params, inner)
		w.walk(n.Body, inner, branch)
	case *parser.Assign:
		w.walk(n.RHS, sc, branch)
		w.assignTargets(n.LHS, sc, branch)
		if v, ok := n.LHS.(*parser.Variable); ok {
			tests, names := w.definedTests(n.RHS)
			if tests {
				w.definedVars[v.Name] = true
			}
			if len(names) > 0 {
				w.definedVarNames[v.Name] = names
			}
		}
	case *parser.If:
		w.walk(n.Cond, sc, branch)
		g, names := w.guard(n.Cond)
		truthy := w.enterTruthy(n.Cond)
		w.walk(n.Then, sc, w.alloc.withBranch(branch, n, 0))
		w.unguard(0, truthy)
		w.walk(n.Else, sc, w.alloc.withBranch(branch, n, 1))
		w.unguard(g, names)
	case *parser.Unless:
		w.walk(n.Cond, sc, branch)
		g, names := w.guard(n.Cond)
		w.walk(n.Then, sc, w.alloc.withBranch(branch, n, 0))
		truthy := w.enterTruthy(n.Cond)
		w.walk(n.Else, sc, w.alloc.withBranch(branch, n, 1))
		w.unguard(0, truthy)
		w.unguard(g, names)
	case *parser.Case:
		w.markUndefTested(n.Test, caseHasUndef(n))
		w.walk(n.Test, sc, branch)
		g, names := w.guard(n.Test)
		names = w.guardSubject(names, n.Test, caseHasUndef(n))
		for i, o := range n.Options {
			for _, v := range o.Values {
				w.walk(v, sc, branch)
			}
			w.walk(o.Body, sc, w.alloc.withBranch(branch, n, i))
		}
		w.unguard(g, names)
	case *parser.Selector:
		w.markUndefTested(n.X, selectorHasUndef(n))
		w.walk(n.X, sc, branch)
		g, names := w.guard(n.X)
		names = w.guardSubject(names, n.X, selectorHasUndef(n))
		for i, c := range n.Cases {
			w.walk(c.Match, sc, branch)
			w.walk(c.Value, sc, w.alloc.withBranch(branch, n, i))
		}
		w.unguard(g, names)
	case *parser.Binary:
		w.binary(n, sc, branch)
	case *parser.Call:
		name := strings.TrimPrefix(n.FuncName(), "::")
		if name == "pick" || name == "pick_default" {
			for _, a := range n.Args {
				w.markUndefTested(a, true)
			}
		}
		if name == "fail" {
			w.fails++
			defer func() { w.fails-- }()
		}
		parser.EachChild(n, func(ch parser.Node) { w.walk(ch, sc, branch) })
	default:
		parser.EachChild(n, func(ch parser.Node) { w.walk(ch, sc, branch) })
	}
}

// definition walks a class, define, function, plan or node.
func (w *readWalker) definition(n parser.Node, params []*parser.Parameter, body *parser.Block, outer *Scope) {
	inner := w.s.prog.ScopeIn(w.file, n)
	if inner == nil {
		inner = outer
	}
	start := len(w.reads)
	w.params(params, inner)
	mid := len(w.reads)
	w.walk(body, inner, nil)
	optionalDefaults(w.reads[start:mid], w.reads[mid:])
}

// optionalDefaults sets AllowsUndef on a read that is the whole default of
// a parameter ($p = $::enc_var) when the body reads the parameter allowing
// for undef: the code expects the variable may be unset.
func optionalDefaults(defaults, body []*Read) {
	var tested map[*parser.Parameter]bool
	for _, r := range defaults {
		if r.InDefault == nil || r.InDefault.Default != parser.Expr(r.Var) || r.AllowsUndef || r.CheckedDefined {
			continue
		}
		if tested == nil {
			tested = map[*parser.Parameter]bool{}
			for _, b := range body {
				if (b.AllowsUndef || b.CheckedDefined) && b.Resolution.Param != nil {
					tested[b.Resolution.Param] = true
				}
			}
		}
		r.AllowsUndef = tested[r.InDefault]
	}
}

// binary walks a binary expression: the right operand of and/or is
// guarded by the defined('$x') tests of the left one, and a variable
// compared with undef is an undef test.
func (w *readWalker) binary(n *parser.Binary, sc *Scope, branch []Branch) {
	switch n.Op {
	case "==", "!=":
		_, xUndef := n.X.(*parser.Undef)
		_, yUndef := n.Y.(*parser.Undef)
		w.markUndefTested(n.X, yUndef)
		w.markUndefTested(n.Y, xUndef)
	case "and", "or":
		// The right operand runs only on what the left one says:
		// `defined(Class['x']) and $x::y` tests for itself.
		w.walk(n.X, sc, branch)
		g, names := w.guard(n.X)
		w.walk(n.Y, sc, branch)
		w.unguard(g, names)
		return
	}
	w.walk(n.X, sc, branch)
	w.walk(n.Y, sc, branch)
}

// markUndefTested marks e AllowsUndef when it is a variable and tested is
// set.
func (w *readWalker) markUndefTested(e parser.Expr, tested bool) {
	if v := bareVariable(e); v != nil && tested {
		w.optional[v] = true
	}
}

// guardSubject adds to names, and counts, the name of a case or selector's
// subject when it is a variable and an option matches undef: the options
// are written for it being unset.
func (w *readWalker) guardSubject(names []string, subject parser.Expr, hasUndef bool) []string {
	v := bareVariable(subject)
	if v == nil || !hasUndef {
		return names
	}
	name := strings.TrimPrefix(v.Name, "::")
	w.definedNames[name]++
	return append(names, name)
}

// bareVariable returns e, inside any parentheses, when it is a variable.
func bareVariable(e parser.Expr) *parser.Variable {
	e = parser.Unparen(e)
	v, _ := e.(*parser.Variable)
	return v
}

// selectorHasUndef reports whether a selector has an undef option.
func selectorHasUndef(n *parser.Selector) bool {
	for _, c := range n.Cases {
		if _, ok := c.Match.(*parser.Undef); ok {
			return true
		}
	}
	return false
}

// caseHasUndef reports whether a case statement has an undef option.
func caseHasUndef(n *parser.Case) bool {
	for _, o := range n.Options {
		for _, v := range o.Values {
			if _, ok := v.(*parser.Undef); ok {
				return true
			}
		}
	}
	return false
}

// params walks parameter defaults, which are evaluated in order before the
// body: a default sees the parameters before it.
func (w *readWalker) params(ps []*parser.Parameter, sc *Scope) {
	saved, savedIndex := w.paramScope, w.paramIndex
	for i, p := range ps {
		w.paramScope, w.paramIndex = sc, i
		w.walk(p.Type, sc, nil)
		w.walk(p.Default, sc, nil)
	}
	w.paramScope, w.paramIndex = saved, savedIndex
}

func (w *readWalker) assignTargets(lhs parser.Expr, sc *Scope, branch []Branch) {
	switch l := lhs.(type) {
	case *parser.Variable:
		w.done[l] = true
	case *parser.Array:
		for _, e := range l.Elems {
			w.assignTargets(e, sc, branch)
		}
	default:
		w.walk(lhs, sc, branch)
	}
}

// guard enters a conditional: it returns 1 (and counts it) when the
// condition tests defined(...), and the variable names the condition tests
// with defined('$name'), which it counts too. unguard leaves it.
func (w *readWalker) guard(cond parser.Expr) (int, []string) {
	g := 0
	tests, names := w.definedTests(cond)
	if tests {
		w.guards++
		g = 1
	}
	for _, name := range names {
		w.definedNames[name]++
	}
	return g, names
}

// enterTruthy guards the names of the variables whose truth cond
// requires (`$x`, `$x and ...`): on the arm that runs only then, a read
// of such a variable is one the test already answered for — unset, the
// variable is undef and the arm does not run — so it is checked at the
// test alone. It returns the names for unguard.
func (w *readWalker) enterTruthy(cond parser.Expr) []string {
	var names []string
	var collect func(e parser.Expr)
	collect = func(e parser.Expr) {
		switch e := e.(type) {
		case *parser.Paren:
			collect(e.X)
		case *parser.Variable:
			names = append(names, strings.TrimPrefix(e.Name, "::"))
		case *parser.Binary:
			if e.Op == "and" {
				collect(e.X)
				collect(e.Y)
			}
		}
	}
	collect(cond)
	for _, name := range names {
		w.definedNames[name]++
	}
	return names
}

// unguard leaves a conditional guard entered.
func (w *readWalker) unguard(g int, names []string) {
	w.guards -= g
	for _, name := range names {
		// A name no longer tested leaves the map, so that a read outside
		// every test finds it empty and does not look (read).
		if w.definedNames[name] <= 1 {
			delete(w.definedNames, name)
		} else {
			w.definedNames[name]--
		}
	}
}

// definedTests reports whether e calls defined() or reads a variable
// assigned from such a call (tests), and returns the variable names e
// tests with defined('$name') (also through a variable assigned such a
// test) or compares with undef, without '$' and "::". Lambdas' bodies are
// not looked into. One walk answers both.
func (w *readWalker) definedTests(e parser.Expr) (tests bool, names []string) {
	parser.Inspect(e, func(n parser.Node) bool {
		switch n := n.(type) {
		case *parser.Binary:
			if n.Op != "==" && n.Op != "!=" {
				break
			}
			for _, pair := range [2][2]parser.Expr{{n.X, n.Y}, {n.Y, n.X}} {
				if _, undef := pair[1].(*parser.Undef); undef {
					if v := bareVariable(pair[0]); v != nil {
						names = append(names, strings.TrimPrefix(v.Name, "::"))
					}
				}
			}
		case *parser.Call:
			if strings.TrimPrefix(n.FuncName(), "::") != "defined" {
				break
			}
			tests = true
			for _, a := range n.Args {
				if lit, ok := a.(*parser.StringLit); ok && strings.HasPrefix(lit.Value, "$") {
					names = append(names, strings.TrimPrefix(lit.Value[1:], "::"))
				}
			}
		case *parser.Variable:
			tests = tests || w.definedVars[n.Name]
			names = append(names, w.definedVarNames[n.Name]...)
		case *parser.Lambda:
			return false
		}
		return true
	})
	return tests, names
}

func (w *readWalker) read(v *parser.Variable, sc *Scope, branch []Branch) {
	r := w.alloc.reads.New()
	*r = Read{Var: v, File: w.file, Scope: sc, Branch: branch, DefinedGuard: w.guards > 0,
		CheckedDefined: len(w.definedNames) > 0 && w.definedNames[strings.TrimPrefix(v.Name, "::")] > 0,
		AllowsUndef:    len(w.optional) > 0 && w.optional[v], InFail: w.fails > 0}
	if w.paramScope != nil && w.paramScope == sc.Owner() && w.paramIndex < len(w.paramScope.Params) {
		r.InDefault = w.paramScope.Params[w.paramIndex]
	}
	r.Resolution = w.resolve(r)
	w.reads = append(w.reads, r)
}

// visibleParams returns how many of sc's parameters a read sees: all in a
// body, the earlier ones in a parameter default.
func (w *readWalker) visibleParams(sc *Scope) int {
	if w.paramScope == sc {
		return w.paramIndex
	}
	return len(sc.Params)
}

// resolve implements Puppet's static lookup for an unqualified read.
func (w *readWalker) resolve(r *Read) Resolution {
	v := r.Var
	switch {
	case v.IsNumeric():
		return Resolution{Kind: ResolvedCapture}
	case v.IsQualified():
		return w.resolveOwnQualified(r)
	case v.IsTopScope():
		return w.s.resolveTop(strings.TrimPrefix(v.Name, "::"), r.File, -1)
	}
	name := v.Name
	// The read's own scope, then the scopes enclosing its lambdas.
	for sc := r.Scope; sc != nil; sc = sc.Parent {
		kind := ResolvedLocal
		if sc != r.Scope {
			kind = ResolvedEnclosing
		}
		if i := sc.ParamIndex(name); i >= 0 && i < w.visibleParams(sc) {
			k := ResolvedParam
			if sc != r.Scope {
				k = ResolvedEnclosing
			}
			return Resolution{Kind: k, Scope: sc, Param: sc.Params[i]}
		}
		if a := w.assignedBefore(sc, name, r); a != nil {
			return Resolution{Kind: kind, Scope: sc, Assignment: a}
		}
		if sc.Kind != LambdaScope {
			break
		}
	}
	owner := r.Scope.Owner()
	switch owner.Kind {
	case ClassScope:
		if w.s.missingBase(owner.Def) {
			// A base class outside the tree may have it: not guessed at.
			return Resolution{Kind: ResolvedInherited}
		}
		base, looked := w.s.inheritedFrom(owner.Def, name)
		w.lookups += int64(looked)
		if base != nil {
			if i := base.Scope.ParamIndex(name); i >= 0 {
				return Resolution{Kind: ResolvedInherited, Scope: base.Scope, Param: base.Scope.Params[i]}
			}
			return Resolution{Kind: ResolvedInherited, Scope: base.Scope, Assignment: base.Scope.Assigned(name)[0]}
		}
	case TemplateScope:
		if args, ok := w.s.templateArgs[w.file]; ok && args[name] {
			return Resolution{Kind: ResolvedTemplateArg}
		} else if !ok && w.file.Parsed.Program.EPP != nil && !w.file.Parsed.Program.EPP.HasParams {
			return Resolution{Kind: ResolvedTemplateArg}
		}
	}
	// Top scope and facts. Top-scope code itself was looked at in order
	// above; node definitions, classes and the rest are evaluated after
	// the main manifests' top-level code.
	switch owner.Kind {
	case TopScope, FileScope, PlanScope:
		if res := w.s.resolveGlobal(name); res.Kind != Unresolved {
			return res
		}
	default:
		if res := w.s.resolveTop(name, r.File, -1); res.Kind != Unresolved {
			if res.Kind == ResolvedTop && owner.Def != nil && (owner.Kind == ClassScope || owner.Kind == DefineScope) {
				if ok, early := w.s.TopAssignedFirst(owner.Def, name); !ok && early != nil {
					return Resolution{Scope: res.Scope, Assignment: res.Assignment, Early: early}
				}
			}
			return res
		}
	}
	switch owner.Kind {
	case ClassScope, DefineScope, TemplateScope:
		if as := w.s.nodeVars[envOf(r.File)][name]; len(as) > 0 {
			return Resolution{Kind: ResolvedNode, Scope: as[0].Scope, Assignment: as[0]}
		}
	}
	if IsMetaparameter(owner.Kind, name) {
		return Resolution{Kind: ResolvedMetaparam, Scope: owner}
	}
	return Resolution{}
}

// IsMetaparameter reports whether name is a metaparameter Puppet sets as a
// variable in the body of a scope of kind k when the declaration passes
// it: in a defined type every metaparameter but stage, which only classes
// take; in a class also stage. Verified with puppet apply 7.23
// (testdata/puppet-apply/scope/metaparameters.txtar).
func IsMetaparameter(k ScopeKind, name string) bool {
	switch name {
	case "alias", "audit", "before", "loglevel", "noop", "notify", "require", "schedule", "subscribe", "tag":
		return k == DefineScope || k == ClassScope
	case "stage":
		return k == ClassScope
	}
	return false
}

// resolveOwnQualified checks a qualified read of the reading class itself
// ($foo::x inside class foo), which sees only what is assigned so far.
func (w *readWalker) resolveOwnQualified(r *Read) Resolution {
	class, name, _ := QualifiedTarget(r.Var)
	owner := r.Scope.Owner()
	if owner.Kind != ClassScope || owner.Def == nil || owner.Def.Name != class || !w.s.classVarsOf(owner.Def)[name] {
		return Resolution{Kind: ResolvedQualified}
	}
	switch name {
	case "title", "name", "module_name":
		return Resolution{Kind: ResolvedQualified}
	}
	if i := owner.ParamIndex(name); i >= 0 && i < w.visibleParams(owner) {
		return Resolution{Kind: ResolvedQualified, Scope: owner, Param: owner.Params[i]}
	}
	if a := w.assignedBefore(owner, name, r); a != nil {
		return Resolution{Kind: ResolvedQualified, Scope: owner, Assignment: a}
	}
	return Resolution{} // assigned later in this very class
}

func findParam(ps []*parser.Parameter, name string) *parser.Parameter {
	for _, p := range ps {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// assignedBefore returns an assignment to name in sc that has completed
// before read r and is not on another arm of a conditional the read is in.
func (w *readWalker) assignedBefore(sc *Scope, name string, r *Read) *Assignment {
	a, looked := sc.firstCompatible(name, r.Branch, w.assignedDone)
	w.lookups += int64(looked)
	return a
}

// completed reports whether assignment a has completed at the point of
// the walk.
func (w *readWalker) completed(a *Assignment) bool {
	if a.File == w.file {
		return w.done[a.Var]
	}
	// Top scope spans the main manifests, read in order.
	return w.s.manifestBefore(a.File, w.file)
}

// manifestBefore reports whether main manifest a is evaluated before b.
func (s *Static) manifestBefore(a, b *File) bool {
	env := envOf(b)
	if env == nil || envOf(a) != env {
		return false
	}
	return slices.Index(env.ManifestPaths, a.Path) < slices.Index(env.ManifestPaths, b.Path)
}

// resolveGlobal resolves a name against facts, built-in variables and the
// configured known variables.
func (s *Static) resolveGlobal(name string) Resolution {
	if k, ok := s.known(name); ok {
		return Resolution{Kind: k}
	}
	if s.customFacts[name] {
		return Resolution{Kind: ResolvedFact}
	}
	if s.configVars[name] {
		return Resolution{Kind: ResolvedConfig}
	}
	if s.functionVars[name] {
		return Resolution{Kind: ResolvedFunction}
	}
	return Resolution{}
}

// resolveTop resolves name at top scope of the environment of file f: any
// assignment in the main manifests when offset < 0, else (a read in f's
// own top-scope code at offset) only the ones before it.
func (s *Static) resolveTop(name string, f *File, offset int32) Resolution {
	top := s.prog.TopScopeFor(f)
	if top == nil && f.Scope != nil && f.Scope.Kind == FileScope {
		// A manifest outside the layout (an example, a test) is applied
		// on its own: its top-level code is then top scope.
		top = f.Scope
	}
	if top != nil {
		for _, a := range top.Assigned(name) {
			if offset < 0 || (a.File == f && a.Var.Span().End.Offset <= offset) || (a.File != f && s.manifestBefore(a.File, f)) {
				return Resolution{Kind: ResolvedTop, Scope: top, Assignment: a}
			}
		}
	}
	return s.resolveGlobal(name)
}

// CustomFact reports whether name is a custom fact (Facter.add) in the lib/facter
// of a loaded module or environment.
func (s *Static) CustomFact(name string) bool { return s.customFacts[name] }

// Configured reports whether name is one of the configured known
// variables ([scope] known_variables: ENC parameters, external facts).
func (s *Static) Configured(name string) bool { return s.configVars[name] }

// VisibleScopes returns the scopes whose parameters and variables an
// unqualified read in sc could see by static scope (its scope chain, base
// classes and top scope), for suggestions in messages (Scope.EachName).
func (s *Static) VisibleScopes(sc *Scope, f *File) []*Scope {
	var out []*Scope
	for c := sc; c != nil; c = c.Parent {
		out = append(out, c)
		if c.Kind != LambdaScope {
			break
		}
	}
	if o := sc.Owner(); o.Kind == ClassScope && o.Def != nil {
		for _, base := range s.prog.Ancestors(o.Def) {
			if base.Scope != nil {
				out = append(out, base.Scope)
			}
		}
	}
	if top := s.prog.TopScopeFor(f); top != nil {
		out = append(out, top)
	}
	return out
}

// NodeAssignments returns the assignments to name in the node definitions
// of file f's environment.
func (s *Static) NodeAssignments(f *File, name string) []*Assignment {
	return s.nodeVars[envOf(f)][name]
}

// AssignedAnywhere returns the assignments to name in sc and in the lambdas
// nested in it (which are not visible in sc), in order.
func (s *Static) AssignedAnywhere(sc *Scope, name string) []*Assignment {
	var out []*Assignment
	out = append(out, sc.Assigned(name)...)
	return append(out, s.nestedAssignments(sc)[name]...)
}

// nestedAssignments returns the assignments of the lambdas nested in sc
// (not in nested definitions), by name, in the order of the lambdas in the
// source. One walk per scope: an unknown-variable message asks for every
// unknown read.
func (s *Static) nestedAssignments(sc *Scope) map[string][]*Assignment {
	sc.nestedOnce.Do(func() {
		if sc.Node == nil {
			return
		}
		nested := map[string][]*Assignment{}
		visited := int64(0)
		defer func() { s.lookups.Add(visited) }()
		parser.Inspect(sc.Node, func(n parser.Node) bool {
			visited++
			if l, ok := n.(*parser.Lambda); ok {
				if inner := s.prog.ScopeIn(sc.File, l); inner != nil && inner != sc {
					for _, a := range inner.Assignments {
						nested[a.Name] = append(nested[a.Name], a)
					}
				}
			}
			switch n.(type) {
			case *parser.ClassDef, *parser.DefineDef, *parser.NodeDef, *parser.FunctionDef, *parser.PlanDef:
				return n == sc.Node
			}
			return true
		})
		sc.nested = nested
	})
	return sc.nested
}

// DeclaringAssigners returns the classes that declare def (class or
// define) and assign name in their own scope: under Puppet 2's dynamic
// scoping def would have seen that variable.
func (s *Static) DeclaringAssigners(def *Definition, name string) []*Definition {
	if def == nil {
		return nil
	}
	var out []*Definition
	for _, d := range s.prog.DeclarationsOf(def.Name) {
		if d.Kind == Inherits {
			continue
		}
		o := d.Scope.Owner()
		if o.Def == nil || o.Def.Kind != ClassDef || slices.Contains(out, o.Def) {
			continue
		}
		if s.classVarsOf(o.Def)[name] && name != "title" && name != "name" {
			out = append(out, o.Def)
		}
	}
	return out
}

// QualifiedTarget splits a qualified read $a::b::x into the normalised
// class name "a::b" and the variable "x". ok is false for unqualified
// reads and top-scope reads ($::x).
func QualifiedTarget(v *parser.Variable) (class, name string, ok bool) {
	n := strings.TrimPrefix(v.Name, "::")
	i := strings.LastIndex(n, "::")
	if i <= 0 {
		return "", "", false
	}
	return NormalizeClassName(n[:i]), n[i+2:], true
}

// VisibleClasses returns the definitions of class name that Puppet could
// load for code in file f: in the same file, in a module or main manifest
// of the same environment (or, outside any environment, in any module).
// Classes in other stray manifests (examples, test fixtures) are left out:
// they are not on any path Puppet loads from.
func (s *Static) VisibleClasses(f *File, name string) []*Definition {
	var out []*Definition
	for _, d := range s.prog.Lookup(ClassDef, name) {
		src := d.File.Source
		switch {
		case d.File == f:
		case src == nil:
			continue
		case src.Role != load.ModuleManifest && src.Role != load.MainManifest:
			continue
		case envOf(d.File) != envOf(f):
			continue
		}
		out = append(out, d)
	}
	return out
}

// ClassVariableCount returns how many names EachClassVariable yields at
// most.
func (s *Static) ClassVariableCount(def *Definition) int {
	n := len(s.classVarsOf(def))
	for _, base := range s.prog.Ancestors(def) {
		n += len(s.classVarsOf(base))
	}
	return n
}

// EachClassVariable calls yield with each parameter and class-scope
// variable of class def and its base classes, in no particular order.
func (s *Static) EachClassVariable(def *Definition, yield func(string)) {
	for name := range s.classVarsOf(def) {
		yield(name)
	}
	for _, base := range s.prog.Ancestors(def) {
		for name := range s.classVarsOf(base) {
			yield(name)
		}
	}
}

// missingBase reports whether class def inherits, directly or through its
// base classes, from a class that is not in the tree.
func (s *Static) missingBase(def *Definition) bool {
	if def.Parent == "" {
		return false
	}
	s.inheritMu.Lock()
	defer s.inheritMu.Unlock()
	return s.chainOf(def).missing
}

// chainShape is what the inheritance chain above a class ends in.
type chainShape struct {
	// cyclic: the chain comes back to a class on it (Puppet refuses it).
	cyclic bool
	// missing: it ends in a class that is not in the tree.
	missing bool
}

// chainOf returns the shape of def's inheritance chain, memoised for every
// class on the way up, so that classes sharing a chain walk it once.
// inheritMu must be held.
func (s *Static) chainOf(def *Definition) chainShape {
	if c, ok := s.chains[def]; ok {
		return c
	}
	if s.chains == nil {
		s.chains = map[*Definition]chainShape{}
	}
	var path []*Definition
	onPath := map[*Definition]bool{}
	var shape chainShape
	for d := def; ; {
		if c, ok := s.chains[d]; ok {
			shape = c
			break
		}
		path = append(path, d)
		onPath[d] = true
		if d.Parent == "" {
			break
		}
		base := s.prog.Class(d.Parent)
		if base == nil {
			shape.missing = true
			break
		}
		if onPath[base] {
			shape.cyclic = true
			break
		}
		d = base
	}
	for _, d := range path {
		s.chains[d] = shape
	}
	return shape
}

// inheritMemoStride is how far apart inheritedFrom records its answer on
// the classes it walks through: a later lookup from any of them walks at
// most this far before it meets one, while a lookup that finds nothing
// near records a fraction of the classes it passed.
const inheritMemoStride = 8

type inheritKey struct {
	def  *Definition
	name string
}

// inheritedFrom returns the nearest base class of def with a parameter or
// class-scope variable name (nil: none), as Puppet's lookup through
// inheritance finds it, and how many classes it looked at. Answers are
// memoised: each class's answer is its parent's own variable, else its
// parent's answer. On a cyclic chain that does not hold (the walk stops
// where it started), so those classes are walked each time.
func (s *Static) inheritedFrom(def *Definition, name string) (*Definition, int) {
	s.inheritMu.Lock()
	defer s.inheritMu.Unlock()
	has := func(d *Definition) bool {
		return d.Scope != nil && (d.Scope.ParamIndex(name) >= 0 || len(d.Scope.Assigned(name)) > 0)
	}
	if s.chainOf(def).cyclic {
		bases := s.prog.Ancestors(def)
		for i, base := range bases {
			if has(base) {
				return base, i + 1
			}
		}
		return nil, len(bases) + 1
	}
	if s.inherited == nil {
		s.inherited = map[inheritKey]*Definition{}
	}
	if found, ok := s.inherited[inheritKey{def, name}]; ok {
		return found, 1
	}
	var found *Definition
	looked := 0
	path := []*Definition{def}
	for d := def; d.Parent != ""; {
		looked++
		base := s.prog.Class(d.Parent)
		if base == nil {
			break
		}
		if has(base) {
			found = base
			break
		}
		if f, ok := s.inherited[inheritKey{base, name}]; ok {
			found = f
			break
		}
		path = append(path, base)
		d = base
	}
	for i, d := range path {
		if i == 0 || i%inheritMemoStride == 0 {
			s.inherited[inheritKey{d, name}] = found
		}
	}
	return found, looked
}

// ClassHasVariable reports whether class def, or a class it inherits from,
// has a parameter or class-scope variable name (or is a class, which
// always has $title and $name). A class inheriting from one outside the
// tree may have any variable.
func (s *Static) ClassHasVariable(def *Definition, name string) bool {
	if s.classVarsOf(def)[name] || s.missingBase(def) {
		return true
	}
	for _, base := range s.prog.Ancestors(def) {
		if s.classVarsOf(base)[name] {
			return true
		}
	}
	return false
}

// ScopesIn yields the scopes created by nodes of file f (its own outer
// scope first), in source order. It is an iterator, not a slice, so that
// the rules that range over every file's scopes allocate nothing for it.
func (s *Static) ScopesIn(f *File) iter.Seq[*Scope] {
	return func(yield func(*Scope) bool) {
		if f == nil || f.Parsed == nil || f.Parsed.Program == nil {
			return
		}
		// The nodes were listed while the model was built: walking the
		// file again to find them was 7% of the rules' CPU time. Each
		// node has a scope of its own; only the Program's may be shared
		// (main manifests).
		if sc := s.prog.ScopeIn(f, f.Parsed.Program); sc != nil && !yield(sc) {
			return
		}
		for _, n := range f.scopeNodes {
			if sc := s.prog.ScopeIn(f, n); sc != nil && !yield(sc) {
				return
			}
		}
	}
}

// ModuleLoaded reports whether a module named name is part of the loaded
// tree, so that its classes are known.
func (s *Static) ModuleLoaded(name string) bool { return s.modules[name] }
