// Package model is ducklint's whole-program model of a Puppet code base:
// every parsed file with its place in the module layout, the definitions
// index, static scopes with their assignments, the declaration graph and the
// resource defaults per scope. It is built once per run and shared,
// read-only, by every rule.
package model

import (
	"context"
	"path"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/ducklint/ducklint/internal/par"
	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load"
)

// File is one parsed Puppet file of the program.
type File struct {
	// Path is the path reported in findings: relative to the working
	// directory, with '/' separators.
	Path string
	// Parsed is the parser's result, with AST, comments and syntax errors.
	Parsed *parser.File
	// Reported is false for files loaded only as context for cross-file
	// rules (the rest of a module when a single file is linted).
	Reported bool
	// Source is where the file sits in the module layout.
	Source *load.File
	// Scope is the file's outermost scope: the environment's top scope for
	// main manifests, the template scope for EPP, a file scope otherwise.
	Scope *Scope
	// Definitions are the definitions in the file, in source order
	// (nested ones after their enclosing class).
	Definitions []*Definition
	// Hiera is the parsed configuration or data of a Hiera file (Source's
	// Role HieraConfig or HieraData), whose Parsed then holds its source,
	// lines and comments only; nil for Puppet code.
	Hiera *HieraFile

	documentation bool // see Documentation
	// placeholder is, for a module's example, its first string literal
	// that is a fill-in placeholder (see Placeholder); nil otherwise.
	placeholder *parser.StringLit

	scopeNodes []parser.Node // see fileFacts
	callsEPP   bool          // see fileFacts
	providers  fileProviders // see fileFacts
	index      int           // in Program.Files
	// resourceTypes are the types of the file's resources (fileFacts).
	resourceTypes []string
	// assigners are its declarations of classes by computed names.
	assigners []*Assigner
	// called and lookupCalls are the functions it calls and its calls
	// of lookup functions (fileFacts).
	called      []string
	lookupCalls []*parser.Call

	// scopes are the scopes the file's nodes create (fileFacts.scopes);
	// scopeIndex finds them by node, made on first use (ScopeIn).
	scopes         []*Scope
	scopeIndexOnce sync.Once
	scopeIndex     map[parser.Node]*Scope
}

// Program is everything ducklint knows about the code base being linted.
type Program struct {
	// Files are all parsed files, in the order of the loaded tree (by Path).
	Files []*File
	// Tree is the loaded layout: environments, modules, Ruby extensions.
	Tree *load.Tree
	// KnownVariables are extra top-scope variables from the configuration.
	KnownVariables []string

	// Definitions are all definitions, in file and source order.
	Definitions []*Definition
	// TopScopes holds one top scope per environment with a main manifest.
	TopScopes []*Scope

	byName [PlanDef + 1]map[string][]*Definition // by kind, then normalised name
	// scopesOnce makes scopes, every file's scopes by node, on the first
	// ScopeOf: most checks look scopes up only in the files they walk
	// (ScopeIn).
	scopesOnce   sync.Once
	scopes       map[parser.Node]*Scope
	declarations map[string][]*Declaration // by target
	topByEnv     map[*load.Environment]*Scope
	scopeList    []*Scope // every scope, in Scopes order; set by merge
	// defineTypes are defineTypesByFile's, set by merge (a rebased
	// program, whose files' types are not listed afresh, has none).
	defineTypes  [][]bool
	jobs         int          // Options.Jobs, resolved
	static       staticCache  // see static.go
	dynamic      dynamicOnce  // see dynamic.go
	catalogs     catalogsOnce // see catalogs.go
	prefixes     declaredPrefixesOnce
	nodeEnvs     map[*load.Environment]bool
	calls        callIndex        // see calls.go
	titled       titledOnce       // see defined.go
	names        namesOnce        // see names.go
	provided     providersOnce    // see references.go
	hiera        hieraOnce        // see hiera.go
	assigned     assignersOnce    // see assigners.go
	paramTypes   paramTypes       // see ptypes.go
	genericTypes genericTypesOnce // see instantiated.go

	// collected are the files' Collected, by index, when the caller kept
	// them (Options.Collected); nil entries for the others. declaring are
	// the declaring functions the facts were collected with.
	collected []*Collected
	declaring DeclaringFunctions

	// funcCalls and realizers are the scopes' Calls and Realizes by
	// target, outside documentation files, sorted like declarations.
	funcCalls map[string][]*Declaration
	realizers map[string][]*Declaration

	// ctx is BuildContext's: once it is done, the analyses built on first
	// use (the dynamic-scope simulations) stop early and are incomplete,
	// and what is computed from them must be dropped (Runner.RunContext
	// returns ctx's error then). Background for Build.
	ctx context.Context
}

// Options tune how the model is built.
type Options struct {
	// KnownVariables are extra top-scope variables (ENC parameters,
	// external facts) from the configuration.
	KnownVariables []string
	// Jobs bounds how many files are processed at once; <= 0 means GOMAXPROCS.
	Jobs int
	// Parsed holds files parsed already (while summarising them); the
	// others are parsed by Build. Hiera holds the Hiera files parsed
	// already, likewise.
	Parsed map[*load.File]*parser.File
	Hiera  map[*load.File]*HieraFile
	// DeclaringFunctions are functions that declare classes, from the
	// configuration, besides those the tree's Ruby functions show.
	DeclaringFunctions DeclaringFunctions
	// Collected, when set, returns what the parse of a Puppet file
	// contributes to a program (see Collected), which the caller keeps
	// per version; one that is not For the file is not used, and the
	// file's tree is walked.
	Collected func(lf *load.File, parsed *parser.File, declaring DeclaringFunctions) *Collected
	// Dynamic, when set, is the Dynamic of an earlier program of the
	// same shape (see DynamicCarry), which Program.Dynamic takes over
	// instead of simulating.
	Dynamic *DynamicCarry
}

// Build parses every file of tree in parallel and assembles the model.
func Build(tree *load.Tree, opts Options) *Program {
	p, _ := BuildContext(context.Background(), tree, opts)
	return p
}

// BuildContext is Build that stops early, with ctx's error and no
// program, once ctx is done: an editor's newer edit makes the model of
// the older one useless. It looks at ctx before each file; the program's
// dynamic-scope simulations look at it before each catalog, and are
// incomplete once it is done (see Program.Err).
func BuildContext(ctx context.Context, tree *load.Tree, opts Options) (*Program, error) {
	jobs := opts.Jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	declaring := TreeDeclaringFunctions(tree, opts.DeclaringFunctions)
	files := make([]*File, len(tree.Files))
	facts := make([]*fileFacts, len(tree.Files))
	var collected []*Collected // by file, when Options.Collected gave one
	if opts.Collected != nil {
		collected = make([]*Collected, len(tree.Files))
	}
	// Each goroutine allocates from its own arena and slabs, continued
	// from file to file and dropped with the program.
	workers := par.Workers(len(tree.Files), jobs)
	arenas := make([]parser.Arena, workers)
	slabs := make([]modelSlabs, workers)
	par.ForWorkers(len(tree.Files), jobs, func(w, i int) {
		if ctx.Err() != nil {
			return
		}
		lf := tree.Files[i]
		parsed := opts.Parsed[lf]
		var h *HieraFile
		if lf.Role.IsHiera() {
			if h = opts.Hiera[lf]; h == nil {
				h = ParseHiera(lf, lf.Src)
			}
			parsed = h.Syntax()
		} else if parsed == nil {
			parsed = arenas[w].ParseFileWithOptions(lf.Path, lf.Src, lf.ParseOptions())
		}
		f := newFile(lf, parsed, i)
		f.Hiera = h
		files[i] = f
		if opts.Collected != nil && h == nil {
			if c := opts.Collected(lf, parsed, declaring); c.For(lf, parsed, declaring) {
				facts[i], collected[i] = c.instantiate(f, &slabs[w]), c
				return
			}
		}
		facts[i] = collectFile(f, outerScopeKind(lf), &slabs[w], declaring)
	})
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	p := &Program{Files: files, Tree: tree, KnownVariables: opts.KnownVariables, jobs: jobs, ctx: ctx,
		declarations: map[string][]*Declaration{}, topByEnv: map[*load.Environment]*Scope{}}
	p.dynamic.from, p.collected, p.declaring = opts.Dynamic, collected, declaring
	p.merge(files, facts)
	return p, nil
}

// Err is the error of the context the program was built with once it is
// done, nil before: analyses made since may be incomplete, and findings
// made from them must be dropped.
func (p *Program) Err() error {
	if p.ctx == nil {
		return nil
	}
	return p.ctx.Err()
}

// Documentation reports whether f is example or test code (see
// IsDocumentation). Its declarations are not part of the declaration graph:
// it shows how code is used, it is not a caller of it.
func (f *File) Documentation() bool { return f.documentation }

// documentationDirs are the directories whose Puppet code is examples or
// tests: Puppet never loads it, and catalogs are not built from it.
var documentationDirs = []string{"examples", "tests", "spec"}

// IsDocumentation reports whether a loaded file is example or test code:
// under a module's examples/, tests/ or spec/ directory (spec/fixtures/
// included), or, outside every module and main manifest, under a directory
// of those names.
func IsDocumentation(lf *load.File) bool {
	if lf.Module != nil {
		// A module inside another's spec/fixtures/ or examples/.
		parent, _ := path.Split(lf.Module.Dir)
		if hasDocumentationDir(parent) {
			return true
		}
	}
	switch lf.Role {
	case load.ModuleOther:
		first, _, _ := strings.Cut(lf.RelInModule, "/")
		return slices.Contains(documentationDirs, first)
	case load.Lone:
		dir, _ := path.Split(lf.Path)
		return hasDocumentationDir(dir)
	}
	return false
}

// IsExample reports whether a loaded file is an example of its module:
// under the module's examples/ or tests/ (smoke tests, applied the same
// way), in a module that is not itself a fixture or an example. Each is
// applied on its own (puppet apply examples/init.pp) by readers of the
// module.
func IsExample(lf *load.File) bool {
	if lf.Module == nil || lf.Role != load.ModuleOther {
		return false
	}
	if parent, _ := path.Split(lf.Module.Dir); hasDocumentationDir(parent) {
		return false
	}
	first, _, _ := strings.Cut(lf.RelInModule, "/")
	return first == "examples" || first == "tests"
}

// FailureExampleWord returns the word of example file lf's base name that
// says it shows a failure ("bad" in examples/bad_source.pp, "invalid",
// "broken", "fail", "error", "wrong"), "" when none does. Such an example
// is meant not to apply.
func FailureExampleWord(lf *load.File) string {
	name := strings.ToLower(strings.TrimSuffix(path.Base(lf.RelInModule), path.Ext(lf.RelInModule)))
	for w := range strings.FieldsFuncSeq(name, func(r rune) bool { return r == '_' || r == '-' || r == '.' }) {
		switch w {
		case "bad", "invalid", "broken", "fail", "fails", "failure", "error", "errors", "wrong":
			return w
		}
	}
	return ""
}

// hasDocumentationDir reports whether a '/'-separated directory path has
// a segment naming a documentation directory.
func hasDocumentationDir(dir string) bool {
	for seg := range strings.SplitSeq(dir, "/") {
		if slices.Contains(documentationDirs, seg) {
			return true
		}
	}
	return false
}

func outerScopeKind(lf *load.File) ScopeKind {
	switch {
	case strings.HasSuffix(lf.Path, ".epp"):
		return TemplateScope
	case lf.Role == load.MainManifest:
		return TopScope
	}
	return FileScope
}

// mergeChunk is how many scopes or lists one goroutine of the merge takes
// at a time: each is a few hundred nanoseconds of work.
const mergeChunk = 64

// listSlab gives the lists of an index by name their first entries: most
// names have one definition or declaration, and a one-element slice of a
// shared array costs no allocation of its own. Its capacity is one, so a
// second entry copies the list out, and a list handed out is never
// written through the slab again.
type listSlab[T any] struct{ free []T }

// slabChunk is how many first entries one array of a listSlab holds.
const slabChunk = 512

// add appends v to m[key].
func (s *listSlab[T]) add(m map[string][]T, key string, v T) {
	if l := m[key]; len(l) > 0 {
		m[key] = append(l, v)
		return
	}
	if len(s.free) == cap(s.free) {
		s.free = make([]T, 0, slabChunk)
	}
	s.free = append(s.free, v)
	n := len(s.free)
	m[key] = s.free[n-1 : n : n]
}

// merge indexes the per-file facts. Main manifests of one environment share
// one top scope, in Puppet's manifest order.
func (p *Program) merge(files []*File, facts []*fileFacts) {
	type mainFile struct {
		file  *File
		facts *fileFacts
		rank  int
	}
	mains := map[*load.Environment][]mainFile{}
	var defSlab listSlab[*Definition]
	var declSlab listSlab[*Declaration]
	for i, f := range files {
		ff := facts[i]
		f.take(ff)
		if ff.top != nil && ff.top.Kind == TopScope {
			env := f.Source.Env
			mains[env] = append(mains[env], mainFile{f, ff, manifestRank(env, f.Source)})
		}
		for _, d := range ff.defs {
			d.index = len(p.Definitions)
			p.Definitions = append(p.Definitions, d)
			name := d.Key()
			if p.byName[d.Kind] == nil {
				p.byName[d.Kind] = map[string][]*Definition{}
			}
			defSlab.add(p.byName[d.Kind], name, d)
			if d.Kind == NodeDef && f.Source != nil {
				if p.nodeEnvs == nil {
					p.nodeEnvs = map[*load.Environment]bool{}
				}
				p.nodeEnvs[f.Source.Env] = true
			}
		}
	}
	envs := make([]*load.Environment, 0, len(mains))
	for env := range mains {
		envs = append(envs, env)
	}
	slices.SortFunc(envs, func(a, b *load.Environment) int { return strings.Compare(envDir(a), envDir(b)) })
	for _, env := range envs {
		ms := mains[env]
		slices.SortStableFunc(ms, func(a, b mainFile) int { return a.rank - b.rank })
		top := ms[0].facts.top
		for i, m := range ms {
			if i > 0 {
				// Later manifests continue the same top scope.
				shift := int64(i) << 40
				for _, a := range m.facts.top.Assignments {
					a.Order += shift
					a.Scope = top
				}
				for _, d := range m.facts.top.Declarations {
					d.Order += shift
					d.Scope = top
				}
				for _, d := range m.facts.top.Defaults {
					d.Order += shift
					d.Scope = top
				}
				for _, r := range m.facts.top.Resources {
					r.Order += shift
					r.Scope = top
				}
				for _, events := range [][]*Declaration{m.facts.top.Calls, m.facts.top.Realizes, m.facts.top.Fails} {
					for _, e := range events {
						e.Order += shift
						e.Scope = top
					}
				}
				top.Calls = append(top.Calls, m.facts.top.Calls...)
				top.Realizes = append(top.Realizes, m.facts.top.Realizes...)
				top.Fails = append(top.Fails, m.facts.top.Fails...)
				top.Assignments = append(top.Assignments, m.facts.top.Assignments...)
				top.Declarations = append(top.Declarations, m.facts.top.Declarations...)
				top.Defaults = append(top.Defaults, m.facts.top.Defaults...)
				top.Resources = append(top.Resources, m.facts.top.Resources...)
				m.file.Scope = top
			}
		}
		p.TopScopes = append(p.TopScopes, top)
		p.topByEnv[env] = top
	}
	// The set of scopes is final from here on: list it once.
	p.scopeList = p.allScopes(facts)
	for _, s := range p.scopeList {
		for _, d := range s.Declarations {
			if !d.File.documentation {
				declSlab.add(p.declarations, d.Target, d)
			}
		}
		if s.File != nil && s.File.documentation {
			continue // examples and tests call and realize nothing of the code's
		}
		for _, c := range s.Calls {
			if p.funcCalls == nil {
				p.funcCalls = map[string][]*Declaration{}
			}
			declSlab.add(p.funcCalls, c.Target, c)
		}
		for _, r := range s.Realizes {
			if p.realizers == nil {
				p.realizers = map[string][]*Declaration{}
			}
			declSlab.add(p.realizers, r.Target, r)
		}
	}
	// Defined-type instances are resources whose type is a define of the
	// tree: found scope by scope in parallel, listed in scope order.
	p.defineTypes = p.defineTypesByFile()
	instances := make([][]*Declaration, len(p.scopeList))
	par.ForChunks(len(p.scopeList), mergeChunk, p.jobs, func(i int) {
		s := p.scopeList[i]
		for _, r := range s.Resources {
			if !p.isInstance(r) || isExprDefault(r) {
				continue // a `default:` body declares no instance
			}
			instances[i] = append(instances[i], instanceDeclaration(r, s))
		}
	})
	for i, s := range p.scopeList {
		for _, d := range instances[i] {
			s.Declarations = append(s.Declarations, d)
			if !d.File.documentation {
				declSlab.add(p.declarations, d.Target, d)
			}
		}
	}
	par.ForChunks(len(p.scopeList), mergeChunk, p.jobs, func(i int) {
		slices.SortStableFunc(p.scopeList[i].Declarations, func(a, b *Declaration) int { return cmpOrder(a.Order, b.Order) })
	})
	lists := make([][]*Declaration, 0, len(p.declarations)+len(p.funcCalls)+len(p.realizers))
	for _, index := range []map[string][]*Declaration{p.declarations, p.funcCalls, p.realizers} {
		for _, ds := range index {
			lists = append(lists, ds)
		}
	}
	// Sorted in place: the map holds the same slices.
	par.ForChunks(len(lists), mergeChunk, p.jobs, func(i int) {
		slices.SortStableFunc(lists[i], cmpPlace)
	})
}

// defineTypesByFile returns, by file index, which of a file's resource
// types (File.resourceTypes) the program defines as defined types.
func (p *Program) defineTypesByFile() [][]bool {
	n := 0
	for _, f := range p.Files {
		n += len(f.resourceTypes)
	}
	flat := make([]bool, n)
	out := make([][]bool, len(p.Files))
	defines := p.byName[DefineDef]
	for i, f := range p.Files {
		out[i], flat = flat[:len(f.resourceTypes):len(f.resourceTypes)], flat[len(f.resourceTypes):]
		for k, t := range f.resourceTypes {
			out[i][k] = len(defines[t]) > 0
		}
	}
	return out
}

// isInstance reports whether resource r is an instance of a defined type
// of the program: read from defineTypes, which looked each type of a
// file up once, when the program has them. A rebased program has none,
// and a resource of a file that is not the program's at its index (which
// no caller passes today) is looked up too.
func (p *Program) isInstance(r *Resource) bool {
	if r.typeAt > 0 && r.File != nil && r.File.index < len(p.defineTypes) && p.Files[r.File.index] == r.File {
		if types := p.defineTypes[r.File.index]; int(r.typeAt) <= len(types) {
			return types[r.typeAt-1]
		}
	}
	return p.Define(r.Type) != nil
}

// newFile returns the program file of lf, parsed as parsed, at index i
// of the program's files; its facts are set by take.
func newFile(lf *load.File, parsed *parser.File, i int) *File {
	f := &File{Path: lf.Path, Parsed: parsed, Reported: lf.Reported, Source: lf, index: i, documentation: IsDocumentation(lf)}
	if f.documentation && !lf.Role.IsHiera() && IsExample(lf) {
		f.placeholder = firstPlaceholder(parsed)
	}
	return f
}

// Placeholder returns, for a module's example (IsExample), the first
// string literal whose whole value is a fill-in placeholder such as
// '<version>' or '<package name>': such an example is a template its
// reader edits before applying it, often with alternatives to pick one
// of ("#if ... #else" comments), so it does not run as written. Nil for
// other files.
func (f *File) Placeholder() *parser.StringLit { return f.placeholder }

// firstPlaceholder returns the first quoted string literal of parsed
// whose whole value is a placeholder, nil when there is none.
func firstPlaceholder(parsed *parser.File) *parser.StringLit {
	if parsed == nil || parsed.Program == nil {
		return nil
	}
	var found *parser.StringLit
	parser.Inspect(parsed.Program, func(n parser.Node) bool {
		if found != nil {
			return false
		}
		if s, ok := n.(*parser.StringLit); ok && s.Quote != 0 && IsPlaceholder(s.Value) {
			found = s
		}
		return true
	})
	return found
}

// IsPlaceholder reports whether s is a fill-in placeholder: one or more
// words (letters, digits, '_', '-', '.') separated by single spaces, in
// angle brackets, the first word starting with a letter: <release>,
// <package name>. Markup (<br/>, <%= %>) and comparisons are not.
func IsPlaceholder(s string) bool {
	inner, ok := strings.CutPrefix(s, "<")
	if !ok {
		return false
	}
	if inner, ok = strings.CutSuffix(inner, ">"); !ok || inner == "" {
		return false
	}
	first := inner[0]
	if !('a' <= first && first <= 'z' || 'A' <= first && first <= 'Z') {
		return false
	}
	for word := range strings.SplitSeq(inner, " ") {
		if word == "" {
			return false
		}
		for _, c := range word {
			if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-' || c == '.') {
				return false
			}
		}
	}
	return true
}

// take makes ff the file's facts.
func (f *File) take(ff *fileFacts) {
	f.scopes, f.Scope, f.Definitions, f.scopeNodes = ff.scopes, ff.top, ff.defs, ff.scopeNodes
	f.callsEPP, f.providers, f.resourceTypes = ff.callsEPP, ff.providers, ff.resourceTypes
	f.assigners, f.called, f.lookupCalls = ff.assigners, ff.called, ff.lookupCalls
}

// instanceDeclaration returns the declaration of a defined type's
// instance that resource r of scope s makes.
func instanceDeclaration(r *Resource, s *Scope) *Declaration {
	return &Declaration{Kind: DefineInstance, Target: r.Type, Scope: s, File: r.File, Node: r.Node,
		Span: r.Node.Type.Span(), Order: r.Order, Branch: r.Branch, Virtual: r.Node.Form != "", Resource: r}
}

// cmpPlace orders the declarations of an index list: by file, then in
// evaluation order.
func cmpPlace(a, b *Declaration) int {
	if c := strings.Compare(a.File.Path, b.File.Path); c != 0 {
		return c
	}
	return cmpOrder(a.Order, b.Order)
}

func cmpOrder(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func envDir(e *load.Environment) string {
	if e == nil {
		return ""
	}
	return e.Dir
}

// manifestRank is the position of a main manifest in Puppet's evaluation order.
func manifestRank(env *load.Environment, f *load.File) int {
	if env != nil {
		if i := slices.Index(env.ManifestPaths, f.Path); i >= 0 {
			return i
		}
	}
	return 1 << 30
}

// allScopes returns every distinct scope, in a deterministic order: file
// scopes in file order (main manifests of one environment share one), then
// definition scopes in definition order, then lambda scopes by file and
// source position. facts are the files' facts, parallel to p.Files.
func (p *Program) allScopes(facts []*fileFacts) []*Scope {
	n := 0
	for _, ff := range facts {
		n += len(ff.scopes)
	}
	out := make([]*Scope, 0, n)
	tops := map[*Scope]bool{}
	for _, f := range p.Files {
		s := f.Scope
		if s == nil || tops[s] {
			continue // a later main manifest of the same environment
		}
		if s.Kind == TopScope {
			tops[s] = true
		}
		out = append(out, s)
	}
	for _, d := range p.Definitions {
		if d.Scope != nil {
			out = append(out, d.Scope)
		}
	}
	// The rest are the lambdas': each file lists its scope nodes in
	// source order, and the files are in path order.
	for i := range p.Files {
		if len(facts[i].scopes) == 0 {
			continue
		}
		for _, s := range facts[i].scopes[1:] {
			if s.Kind == LambdaScope {
				out = append(out, s)
			}
		}
	}
	return out
}

// Scopes returns every scope of the program in a deterministic order. The
// slice is shared: callers must not modify it.
func (p *Program) Scopes() []*Scope { return p.scopeList }

// ScopeOf returns the scope created by a scope-creating node (*parser.Program,
// *parser.ClassDef, *parser.DefineDef, *parser.NodeDef, *parser.FunctionDef,
// *parser.PlanDef or *parser.Lambda), or nil.
func (p *Program) ScopeOf(n parser.Node) *Scope {
	if !createsScope(n) {
		return nil // spares hashing the key: most callers ask about every node
	}
	p.scopesOnce.Do(func() {
		p.scopes = map[parser.Node]*Scope{}
		for _, f := range p.Files {
			for _, s := range f.scopes {
				p.scopes[s.Node] = s
			}
		}
		for _, f := range p.Files {
			if f.Parsed != nil && f.Parsed.Program != nil && f.Scope != nil && f.Scope.Kind == TopScope {
				p.scopes[f.Parsed.Program] = f.Scope // a later main manifest continues the top scope
			}
		}
	})
	return p.scopes[n]
}

// ScopeIn is ScopeOf for a node of file f, which it looks up among f's
// scopes only.
func (p *Program) ScopeIn(f *File, n parser.Node) *Scope {
	if !createsScope(n) {
		return nil
	}
	if f == nil {
		return p.ScopeOf(n)
	}
	if f.Parsed != nil && n == parser.Node(f.Parsed.Program) {
		return f.Scope
	}
	if len(f.scopes) <= 8 {
		// Most files have a scope or two (a class and its lambdas): a
		// look through them is as quick as a map, which is not made.
		// From the last, as the map keeps the last scope of a node.
		for i := len(f.scopes) - 1; i >= 0; i-- {
			if f.scopes[i].Node == n {
				return f.scopes[i]
			}
		}
		return nil
	}
	f.scopeIndexOnce.Do(func() {
		f.scopeIndex = make(map[parser.Node]*Scope, len(f.scopes))
		for _, s := range f.scopes {
			f.scopeIndex[s.Node] = s
		}
	})
	return f.scopeIndex[n]
}

// createsScope reports whether n is of a kind ScopeOf may know.
func createsScope(n parser.Node) bool {
	switch n.(type) {
	case *parser.Program, *parser.ClassDef, *parser.DefineDef, *parser.NodeDef, *parser.FunctionDef,
		*parser.PlanDef, *parser.Lambda:
		return true
	}
	return false
}

// Lookup returns every definition of the given kind and name (several when
// the name is defined more than once).
func (p *Program) Lookup(kind DefKind, name string) []*Definition {
	if kind < 0 || int(kind) >= len(p.byName) {
		return nil
	}
	if kind == NodeDef {
		// Node names are kept as written, not lower-cased, so a name
		// asked for is normalised and a node written with upper case is
		// not found; no rule looks nodes up by name.
		return p.byName[kind][NormalizeClassName(name)]
	}
	// The other kinds' names are NormalizeClassName's; a string key
	// hashes faster than a struct key.
	return lookupNormalized(p.byName[kind], name)
}

// lookupNormalized returns m[NormalizeClassName(name)], for m whose keys
// are lower-cased names. Most names asked for are normalised already: a
// name found as it is needs no scan for upper case, and one the scan
// leaves as it is needs no second look. A name with a leading "::" is
// never taken as it is: normalising strips it, and a key may keep one
// (`include '::::foo'` is keyed "::foo", which "::foo" does not mean).
func lookupNormalized[V any](m map[string]V, name string) V {
	if !strings.HasPrefix(name, "::") {
		if v, ok := m[name]; ok {
			return v
		}
	}
	n := NormalizeClassName(name)
	if n == name {
		var none V
		return none
	}
	return m[n]
}

// Class returns the first definition of class name, or nil.
func (p *Program) Class(name string) *Definition { return first(p.Lookup(ClassDef, name)) }

// Define returns the first definition of defined type name, or nil.
func (p *Program) Define(name string) *Definition { return first(p.Lookup(DefineDef, name)) }

func first(ds []*Definition) *Definition {
	if len(ds) == 0 {
		return nil
	}
	return ds[0]
}

// DeclarationsOf returns every declaration of the class or defined type
// name, sorted by file and order, outside documentation files.
func (p *Program) DeclarationsOf(name string) []*Declaration {
	return lookupNormalized(p.declarations, name)
}

// CallsOf returns every call of the namespaced function name.
func (p *Program) CallsOf(name string) []*Declaration {
	return lookupNormalized(p.funcCalls, name)
}

// RealizersOf returns the collectors and realize() calls of resource type
// name.
func (p *Program) RealizersOf(name string) []*Declaration {
	return lookupNormalized(p.realizers, name)
}

// Ancestors returns the classes class d inherits from, nearest first. It
// stops at a class missing from the tree and at inheritance cycles.
func (p *Program) Ancestors(d *Definition) []*Definition {
	// Inheritance chains are a few classes long: the list is the set of
	// those seen, until a chain is long enough for a map (a map per call
	// was most of asking about a class without a parent, as most are).
	var out []*Definition
	var seen map[*Definition]bool
	for start := d; d.Parent != ""; {
		base := p.Class(d.Parent)
		if base == nil || base == start || seen[base] || seen == nil && slices.Contains(out, base) {
			break
		}
		out = append(out, base)
		if len(out) == 32 {
			seen = map[*Definition]bool{start: true}
			for _, a := range out {
				seen[a] = true
			}
		} else if seen != nil {
			seen[base] = true
		}
		d = base
	}
	return out
}

// HasNodes reports whether the environment of file f has node definitions.
// There, a class nothing declares reaches a node only through an ENC, whose
// classes Puppet evaluates after the node definition it matched.
func (p *Program) HasNodes(f *File) bool {
	return f != nil && f.Source != nil && p.nodeEnvs[f.Source.Env]
}

// TopScopeFor returns the top scope of the environment file f belongs to, or nil.
func (p *Program) TopScopeFor(f *File) *Scope {
	if f.Source == nil {
		return nil
	}
	return p.topByEnv[f.Source.Env]
}
