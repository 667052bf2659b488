package model

import (
	"cmp"
	"slices"
	"strings"

	"github.com/ducklint/ducklint/internal/slab"
	"github.com/ducklint/ducklint/parser"
)

// fileFacts is what one file contributes to the model, collected without
// touching shared state so files can be processed in parallel.
type fileFacts struct {
	defs []*Definition
	top  *Scope // statements outside definitions
	// scopes are the scopes the file's nodes create: the Program's first
	// (top), then the others in source order once the walk is done.
	scopes []*Scope
	// scopeNodes are the nodes of scopes but the file's own Program.
	scopeNodes []parser.Node
	// callsEPP is set when the file calls epp(): only such files can
	// render a template.
	callsEPP bool
	// providers is what the file's code can declare beyond the resources
	// with literal titles its scopes hold (see Program.CanProvide).
	providers fileProviders
	// resourceTypes are the types of the file's resources, once each and
	// normalised (Resource.typeAt).
	resourceTypes []string
	// assigners are the file's declarations of classes by names the code
	// computes (see Assigner).
	assigners []*Assigner
	// called are the functions the file calls (`f(...)` or `$x.f(...)`
	// anywhere in its tree), normalised (NormalizeClassName), sorted and
	// each once: Program.CallingFiles indexes them.
	called []string
	// lookupCalls are its calls of lookup functions with arguments, in
	// the order of a tree walk (parser.Inspect).
	lookupCalls []*parser.Call
}

// fileProviders is what one file's code can put into a catalog that its
// scopes' resources do not show by title.
type fileProviders struct {
	// anything is set when the code can declare a resource of any type
	// and title: create_resources or ensure_resource, a resource whose
	// type is computed, or a class whose name is computed.
	anything bool
	// computed are the types of its resources whose titles the code does
	// not show (package for ensure_packages).
	computed []string
	// generic are the types create_resources, ensure_resource and
	// ensure_resources name literally; anyType is set when one names its
	// type otherwise (a variable: Hiera-driven resources) and not from a
	// parameter (paramTypes), or a resource declaration computes its type
	// (Resource[$type] { ... }). See Program.Uninstantiated.
	generic []string
	anyType bool
	// paramTypes are the parameters such a call takes its type from,
	// when one does (resolved in Program.Uninstantiated).
	paramTypes []paramType
}

// collector walks one file's tree.
type collector struct {
	file  *File
	order int64
	facts *fileFacts
	alloc *modelSlabs
	// declaring are the functions that declare classes, with the class
	// name pattern of each (see Options.DeclaringFunctions).
	declaring DeclaringFunctions
	// lambdaSources are, for the lambdas of iterating calls, what their
	// parameters take their values from (see noteLambda).
	lambdaSources map[*parser.Lambda]parser.Expr
}

// modelSlabs are where the model's most frequent facts are allocated: one
// allocation per chunk instead of per fact, continued from file to file by
// one goroutine. Like parser.Arena, they belong to one program: chunks
// kept for the next run would keep this run's facts alive.
type modelSlabs struct {
	branches    slab.Seq[Branch]
	resources   slab.Slab[Resource]
	assignments slab.Slab[Assignment]
	reads       slab.Slab[Read]
	// tight is set for facts kept beyond one program (see Collected):
	// each is allocated alone, so that a file's few facts do not hold
	// chunks sized for a whole program's.
	tight bool
	// called is where a collection notes the functions a file calls,
	// reused from file to file; the file keeps only the distinct names.
	called []string
	// readScratch is the scratch of a walk of a file's reads
	// (Static.Reads), reused from file to file.
	readScratch readScratch
	// patterns are the class name patterns of interpolated names,
	// compiled once for all the files this goroutine collects.
	patterns compiledPatterns
}

// collectFile gathers the definitions and scopes of one file. kind is the
// kind of its outermost scope: TopScope for main manifests, TemplateScope for
// EPP, FileScope otherwise.
func collectFile(f *File, kind ScopeKind, alloc *modelSlabs, declaring DeclaringFunctions) *fileFacts {
	c := &collector{file: f, facts: &fileFacts{}, alloc: alloc, declaring: declaring}
	prog := f.Parsed.Program
	if prog == nil {
		return c.facts
	}
	top := &Scope{Kind: kind, File: f, Node: prog}
	c.facts.top = top
	c.facts.scopes = append(c.facts.scopes, top)
	if prog.EPP != nil {
		top.Params = prog.EPP.Params
		for _, p := range prog.EPP.Params {
			c.noteUnwalked(p.Type, true) // types are not walked
			c.walk(p.Default, top, "", nil)
		}
		c.walk(prog.EPP.Body, top, "", nil)
	} else {
		c.walk(prog.Body, top, "", nil)
	}
	c.facts.called = normalizedSet(c.alloc.called)
	clear(c.alloc.called)
	c.alloc.called = c.alloc.called[:0]
	c.facts.scopeNodes = sourceOrder(c.facts.scopes[1:])
	c.facts.resourceTypes = noteResourceTypes(c.facts.scopes)
	return c.facts
}

// noteResourceTypes returns the types of the scopes' resources, once each
// and normalised (NormalizeClassName), and sets each resource's typeAt: a
// program looks each type up among its defined types once per file
// (Program.isInstance).
func noteResourceTypes(scopes []*Scope) []string {
	var types []string
	at := map[string]int32{}
	for _, s := range scopes {
		for _, r := range s.Resources {
			k, ok := at[r.Type]
			if !ok {
				k = int32(len(types))
				at[r.Type] = k
				types = append(types, NormalizeClassName(r.Type))
			}
			r.typeAt = k + 1
		}
	}
	return types
}

// sourceOrder sorts scopes (all of a file's but its Program's) in the
// order a tree walk meets their nodes: by start, an enclosing node before
// the nodes it encloses. It returns the nodes in that order.
func sourceOrder(scopes []*Scope) []parser.Node {
	slices.SortFunc(scopes, func(a, b *Scope) int {
		sa, sb := a.Node.Span(), b.Node.Span()
		if c := cmp.Compare(sa.Start.Offset, sb.Start.Offset); c != 0 {
			return c
		}
		return cmp.Compare(sb.End.Offset, sa.End.Offset)
	})
	nodes := make([]parser.Node, len(scopes))
	for i, sc := range scopes {
		nodes[i] = sc.Node
	}
	return nodes
}

func (c *collector) next() int64 {
	c.order++
	return c.order
}

// qualify prefixes a nested definition name with its enclosing class.
func qualify(ns, name string) string {
	name = strings.TrimPrefix(name, "::")
	if ns == "" || strings.HasPrefix(name, "::") {
		return name
	}
	return ns + "::" + name
}

// withBranch returns path extended by one arm, without aliasing path.
func (a *modelSlabs) withBranch(path []Branch, cond parser.Node, arm int) []Branch {
	if a.tight {
		return append(path[:len(path):len(path)], Branch{Cond: cond, Arm: arm})
	}
	return a.branches.Concat(path, []Branch{{Cond: cond, Arm: arm}})
}

// newResource and newAssignment return a zero fact.
func (a *modelSlabs) newResource() *Resource {
	if a.tight {
		return new(Resource)
	}
	return a.resources.New()
}

func (a *modelSlabs) newAssignment() *Assignment {
	if a.tight {
		return new(Assignment)
	}
	return a.assignments.New()
}

// walk visits n in evaluation order within scope s. ns is the enclosing
// class name for nested definitions; branch the conditional arms on the way.
func (c *collector) walk(n parser.Node, s *Scope, ns string, branch []Branch) {
	if absentOrLeaf(n) {
		return // nothing in it to note, and no children to look for
	}
	switch n := n.(type) {
	case *parser.ClassDef:
		name := NormalizeClassName(qualify(ns, n.Name))
		d := &Definition{Kind: ClassDef, Name: name, Written: n.Name, File: c.file, Node: n, NameSpan: n.NameSpan,
			Params: n.Params, Parent: NormalizeClassName(n.Parent), ParentSpan: n.ParentSpan, Nested: ns != ""}
		if n.Parent == "default" {
			d.Parent = ""
		}
		inner := c.defScope(d, ClassScope, n, n.Params)
		if d.Parent != "" {
			inner.Declarations = append(inner.Declarations, &Declaration{Kind: Inherits, Target: d.Parent, Scope: inner,
				File: c.file, Node: n, Span: n.ParentSpan, Order: 0})
		}
		c.walkParams(n.Params, inner)
		c.walk(n.Body, inner, name, nil)
	case *parser.DefineDef:
		d := &Definition{Kind: DefineDef, Name: NormalizeClassName(qualify(ns, n.Name)), Written: n.Name, File: c.file,
			Node: n, NameSpan: n.NameSpan, Params: n.Params, Nested: ns != ""}
		inner := c.defScope(d, DefineScope, n, n.Params)
		c.walkParams(n.Params, inner)
		c.walk(n.Body, inner, ns, nil)
	case *parser.NodeDef:
		d := &Definition{Kind: NodeDef, Name: nodeName(n), File: c.file, Node: n, NameSpan: n.Span()}
		inner := c.defScope(d, NodeScope, n, nil)
		for _, m := range n.Matchers {
			c.noteUnwalked(m, false)
		}
		c.noteUnwalked(n.Parent, false)
		c.walk(n.Body, inner, "", nil)
	case *parser.FunctionDef:
		d := &Definition{Kind: FunctionDef, Name: NormalizeClassName(n.Name), Written: n.Name, File: c.file, Node: n,
			NameSpan: n.NameSpan, Params: n.Params}
		inner := c.defScope(d, FunctionScope, n, n.Params)
		c.walkParams(n.Params, inner)
		c.noteUnwalked(n.ReturnType, false)
		c.walk(n.Body, inner, "", nil)
	case *parser.PlanDef:
		d := &Definition{Kind: PlanDef, Name: NormalizeClassName(n.Name), Written: n.Name, File: c.file, Node: n,
			NameSpan: n.NameSpan, Params: n.Params}
		inner := c.defScope(d, PlanScope, n, n.Params)
		c.walkParams(n.Params, inner)
		c.walk(n.Body, inner, "", nil)
	case *parser.TypeAlias:
		c.noteUnwalked(n.Mapping, false) // types are not walked
		c.noteUnwalked(n.Type, true)
		c.facts.defs = append(c.facts.defs, &Definition{Kind: TypeAliasDef, Name: strings.TrimPrefix(n.Name, "::"),
			aliasKey: NormalizeClassName(n.Name), Written: n.Name, File: c.file, Node: n, NameSpan: n.NameSpan})
	case *parser.Lambda:
		inner := &Scope{Kind: LambdaScope, Parent: s, File: c.file, Node: n, Params: n.Params}
		c.facts.scopes = append(c.facts.scopes, inner)
		c.walkParams(n.Params, inner)
		c.noteUnwalked(n.ReturnType, false)
		c.walk(n.Body, inner, ns, branch)
	case *parser.Assign:
		if _, ok := n.LHS.(*parser.Variable); !ok {
			c.noteUnwalked(n.LHS, false) // targets are not walked
		}
		c.walk(n.RHS, s, ns, branch)
		c.assignTargets(n.LHS, s, branch)
		if v, ok := n.LHS.(*parser.Variable); ok && n.Op == "=" && len(s.Assignments) > 0 {
			if last := s.Assignments[len(s.Assignments)-1]; last.Var == v {
				last.Value = n.RHS
			}
		}
	case *parser.If:
		c.walk(n.Cond, s, ns, branch)
		c.walk(n.Then, s, ns, c.alloc.withBranch(branch, n, 0))
		c.walk(n.Else, s, ns, c.alloc.withBranch(branch, n, 1))
	case *parser.Unless:
		c.walk(n.Cond, s, ns, branch)
		c.walk(n.Then, s, ns, c.alloc.withBranch(branch, n, 0))
		c.walk(n.Else, s, ns, c.alloc.withBranch(branch, n, 1))
	case *parser.Case:
		c.walk(n.Test, s, ns, branch)
		for i, o := range n.Options {
			for _, v := range o.Values {
				c.walk(v, s, ns, branch)
			}
			c.walk(o.Body, s, ns, c.alloc.withBranch(branch, n, i))
		}
	case *parser.Selector:
		c.walk(n.X, s, ns, branch)
		for i, sc := range n.Cases {
			c.walk(sc.Match, s, ns, branch)
			c.walk(sc.Value, s, ns, c.alloc.withBranch(branch, n, i))
		}
	case *parser.Call:
		c.noteCall(n)
		if len(n.Args) > 0 {
			c.noteLambda(n.FuncName(), n.Lambda, n.Args[0])
		}
		c.walkChildren(n, s, ns, branch)
		c.callDeclarations(n, s, branch)
		c.callEvents(n, s, branch)
	case *parser.MethodCall:
		c.alloc.called = append(c.alloc.called, n.Name)
		c.noteLambda(n.Name, n.Lambda, n.Receiver)
		c.walkChildren(n, s, ns, branch)
		if declKindOf(n.Name) != 0 {
			// lookup('classes').include; the model declares no class by
			// a method call, so literal names count too.
			c.addAssigner(n, s, c.namesOf(n.Receiver, s, 0))
		}
		if strings.Contains(n.Name, "::") {
			s.Calls = append(s.Calls, &Declaration{Kind: FunctionCall, Target: NormalizeClassName(n.Name), Scope: s,
				File: c.file, Node: n, Span: n.NameSpan, Order: c.next(), Branch: branch})
		}
	case *parser.Collector:
		c.walkChildren(n, s, ns, branch)
		if n.Type != nil {
			s.Realizes = append(s.Realizes, &Declaration{Kind: Realize, Target: normalizeTypeRef(n.Type.Value), Scope: s,
				File: c.file, Node: n, Span: n.Type.Span(), Order: c.next(), Branch: branch, Virtual: n.Exported})
		}
	case *parser.Relationship:
		c.walkChildren(n, s, ns, branch)
		order := c.next()
		for _, side := range []parser.Expr{n.Left, n.Right} {
			c.references(side, "", nil, s, order, branch)
		}
	case *parser.Resource:
		c.walk(n.Type, s, ns, branch)
		for _, body := range n.Bodies {
			c.walkChildren(body, s, ns, branch)
		}
		c.resourceDeclarations(n, s, branch)
	case *parser.ResourceDefaults:
		c.walkChildren(n, s, ns, branch)
		if t, ok := n.Type.(*parser.TypeRef); ok {
			s.Defaults = append(s.Defaults, &ResourceDefault{Type: normalizeTypeRef(t.Value), Node: n, Scope: s,
				File: c.file, Order: c.next(), Branch: branch})
		}
	default:
		c.walkChildren(n, s, ns, branch)
	}
}

// absentOrLeaf reports whether n is nil, an interface holding a nil
// pointer (isNilNode), or a node without children: the most common nodes,
// which the walks pass by. The walks ask it of every node, so the leaves
// are told in its one type switch; only the other nodes are then asked
// isNilNode.
func absentOrLeaf(n parser.Node) bool {
	switch n.(type) {
	case nil, *parser.StringLit, *parser.Variable, *parser.Name, *parser.Number, *parser.Bool, *parser.Undef,
		*parser.Default, *parser.Regex, *parser.TypeRef, *parser.Reserved:
		return true
	}
	return isNilNode(n)
}

// isEPPCall reports whether call is a call of epp().
func isEPPCall(call *parser.Call) bool { return strings.TrimPrefix(call.FuncName(), "::") == "epp" }

// noteCall notes what a call tells about the file wherever it is: the
// function it calls, whether it renders a template, whether it looks a
// key up.
func (c *collector) noteCall(call *parser.Call) {
	c.noteCallOutside(call)
	c.facts.callsEPP = c.facts.callsEPP || isEPPCall(call)
}

// noteCallOutside is noteCall for a call where the model does not look
// for template rendering (see noteUnwalked).
func (c *collector) noteCallOutside(call *parser.Call) {
	c.alloc.called = append(c.alloc.called, call.FuncName())
	if len(call.Args) > 0 && IsLookupFunction(call.FuncName()) {
		c.facts.lookupCalls = append(c.facts.lookupCalls, call)
	}
}

// noteUnwalked notes the calls in n, a part of the tree the walk does not
// visit (types, node matchers, assignment targets), so that the file's
// calls are those of every node. Only the types of a template's
// parameters and of a type alias count as rendering a template there
// (renders).
func (c *collector) noteUnwalked(n parser.Node, renders bool) {
	if n == nil || isNilNode(n) {
		return
	}
	parser.Inspect(n, func(n parser.Node) bool {
		switch n := n.(type) {
		case *parser.Call:
			if renders {
				c.noteCall(n)
			} else {
				c.noteCallOutside(n)
			}
		case *parser.MethodCall:
			c.alloc.called = append(c.alloc.called, n.Name)
		}
		return true
	})
}

// normalizedSet returns the function names normalised (NormalizeClassName),
// sorted and each once, leaving out the empty name, in a slice of their
// own; it sorts names in place.
func normalizedSet(names []string) []string {
	out := names[:0]
	for _, n := range names {
		if n = NormalizeClassName(n); n != "" {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	if out = slices.Compact(out); len(out) == 0 {
		return nil
	}
	return slices.Clone(out)
}

func (c *collector) walkChildren(n parser.Node, s *Scope, ns string, branch []Branch) {
	parser.EachChild(n, func(ch parser.Node) { c.walk(ch, s, ns, branch) })
}

// walkParams visits parameter defaults, which are evaluated in the
// definition's scope before its body.
func (c *collector) walkParams(params []*parser.Parameter, s *Scope) {
	for _, p := range params {
		c.walk(p.Type, s, "", nil)
		c.walk(p.Default, s, "", nil)
	}
}

// defScope registers a definition and creates its body scope.
func (c *collector) defScope(d *Definition, kind ScopeKind, n parser.Node, params []*parser.Parameter) *Scope {
	inner := &Scope{Kind: kind, Def: d, File: c.file, Node: n, Params: params}
	d.Scope = inner
	c.facts.defs = append(c.facts.defs, d)
	c.facts.scopes = append(c.facts.scopes, inner)
	return inner
}

// assignTargets records the variables an assignment's left side assigns,
// including destructuring `[$a, $b] = ...`.
func (c *collector) assignTargets(lhs parser.Expr, s *Scope, branch []Branch) {
	switch l := lhs.(type) {
	case *parser.Variable:
		a := c.alloc.newAssignment()
		*a = Assignment{Name: l.Name, Var: l, Scope: s, File: c.file,
			Order: c.next(), Branch: branch}
		s.Assignments = append(s.Assignments, a)
	case *parser.Array:
		for _, e := range l.Elems {
			c.assignTargets(e, s, branch)
		}
	case *parser.Assign: // $a = $b = 1: the inner assignment was walked as the RHS
	}
}

// declaringFunctions are the functions that declare classes.
func declKindOf(fn string) DeclKind {
	switch strings.TrimPrefix(fn, "::") {
	case "include":
		return Include
	case "require":
		return Require
	case "contain":
		return Contain
	}
	return 0
}

// callDeclarations records include/require/contain of literal class names,
// and the classes a declaring function includes for its literal arguments.
func (c *collector) callDeclarations(call *parser.Call, s *Scope, branch []Branch) {
	kind := declKindOf(call.FuncName())
	pattern := ""
	if kind == 0 {
		if strings.TrimPrefix(call.FuncName(), "::") == "hiera_include" {
			c.noteAssigner(call, s, call)
		}
		if pattern = c.declaring.Pattern(call.FuncName()); pattern == "" {
			return
		}
		kind = Include
	}
	order := c.next()
	for _, arg := range call.Args {
		if prefix := declaredPrefix(arg); prefix != "" && pattern == "" {
			s.DeclaredPrefixes = append(s.DeclaredPrefixes, prefix)
		}
		ts := classTargets(arg)
		if len(ts) == 0 && pattern == "" {
			c.facts.providers.anything = true // a class the code computes
		}
		if pattern == "" {
			c.noteAssigner(call, s, arg)
		}
		for _, t := range ts {
			if pattern != "" {
				t.name = ExpandClassPattern(pattern, t.name)
			}
			s.Declarations = append(s.Declarations, &Declaration{Kind: kind, Target: t.name, Scope: s, File: c.file,
				Node: call, Span: t.span, Order: order, Branch: branch})
		}
	}
}

// callEvents records, besides declarations, the calls that matter to
// evaluation order: of namespaced functions (the only ones Puppet code can
// define), of realize() with literal resource references, and of fail().
func (c *collector) callEvents(call *parser.Call, s *Scope, branch []Branch) {
	name := strings.TrimPrefix(call.FuncName(), "::")
	event := func(kind DeclKind, target string, span parser.Span) *Declaration {
		return &Declaration{Kind: kind, Target: target, Scope: s, File: c.file, Node: call, Span: span,
			Order: c.next(), Branch: branch}
	}
	switch {
	case genericDeclaringFunctions[strings.ToLower(name)]:
		c.facts.providers.anything = true
		var ts []target
		if len(call.Args) > 0 {
			ts = literalTypes(call.Args[0], s)
		}
		if len(ts) == 0 {
			if pt, ok := c.paramTypeOf(firstArg(call), s, 0); ok {
				c.facts.providers.paramTypes = append(c.facts.providers.paramTypes, pt)
			} else {
				c.facts.providers.anyType = true
			}
		}
		for _, t := range ts {
			c.facts.providers.generic = append(c.facts.providers.generic, t.name)
		}
		if len(ts) == 0 || slices.ContainsFunc(ts, func(t target) bool { return t.name == "class" }) {
			c.noteAnyAssigner(call, s) // classes its data names
		}
	case packageDeclaringFunctions[strings.ToLower(name)]:
		c.facts.providers.computed = append(c.facts.providers.computed, "package")
	}
	switch {
	case name == "fail":
		s.Fails = append(s.Fails, event(Fail, "", call.Func.Span()))
	case name == "realize":
		for _, arg := range call.Args {
			for _, t := range resourceRefTypes(arg) {
				s.Realizes = append(s.Realizes, event(Realize, t.name, t.span))
			}
		}
	case strings.Contains(name, "::"):
		s.Calls = append(s.Calls, event(FunctionCall, NormalizeClassName(name), call.Func.Span()))
	}
}

// literalTypes returns the types a generic declaring function's first
// argument names: literally, or as a local variable that every assignment
// so far in its scope (or a scope its lambda is in) sets to a literal
// ($type = 'nagios_host' in one arm, another literal in the other). Nil
// when they are not all literal.
func literalTypes(arg parser.Expr, s *Scope) []target {
	if ts := classTargets(arg); len(ts) > 0 {
		return ts
	}
	v, ok := arg.(*parser.Variable)
	if !ok || strings.Contains(v.Name, "::") {
		return nil
	}
	var out []target
	for sc := s; sc != nil; sc = sc.Parent {
		for _, a := range sc.Assignments {
			if a.Name != v.Name {
				continue
			}
			ts := classTargets(a.Value)
			if len(ts) == 0 {
				return nil
			}
			out = append(out, ts...)
		}
		if len(out) > 0 || sc.Kind != LambdaScope {
			break
		}
	}
	return out
}

// resourceRefTypes returns the types of resource references Type['title']
// (or arrays of them), as realize() takes them.
func resourceRefTypes(e parser.Expr) []target {
	switch v := e.(type) {
	case *parser.Access:
		if t, ok := v.Target.(*parser.TypeRef); ok {
			return []target{{NormalizeClassName(t.Value), t.Span()}}
		}
	case *parser.Array:
		var out []target
		for _, el := range v.Elems {
			out = append(out, resourceRefTypes(el)...)
		}
		return out
	}
	return nil
}

// resourceDeclarations records class resources and resources of other types.
func (c *collector) resourceDeclarations(r *parser.Resource, s *Scope, branch []Branch) {
	typ := r.TypeName()
	if typ == "" {
		c.facts.providers.anything = true // Resource[$type] { ... }
		c.facts.providers.anyType = true
		c.noteAnyAssigner(r, s)
		return
	}
	order := c.next()
	for _, body := range r.Bodies {
		var res *Resource
		if typ != "class" {
			res = c.alloc.newResource()
			*res = Resource{Type: typ, Node: r, Body: body, Scope: s, File: c.file, Order: order, Branch: branch}
		}
		for _, op := range body.Attrs {
			if !op.Splat && IsRelationshipParam(op.Name) {
				c.references(op.Value, op.Name, res, s, order, branch)
			}
		}
		if typ == "class" {
			c.noteAssigner(r, s, body.Title)
			ts := classTargets(body.Title)
			if len(ts) == 0 {
				c.facts.providers.anything = true // a class the code computes
			}
			for _, t := range ts {
				s.Declarations = append(s.Declarations, &Declaration{Kind: ResourceLike, Target: t.name, Scope: s,
					File: c.file, Node: r, Span: t.span, Order: order, Branch: branch})
			}
			continue
		}
		if !isExprDefault(res) && !allLiteralTitles(body.Title) {
			c.facts.providers.computed = append(c.facts.providers.computed, typ)
		}
		s.Resources = append(s.Resources, res)
	}
}

// references records the references with literal titles in e (an element
// or an array of them) that a relationship needs in the catalog: of the
// metaparameter param of resource res (nil for a class's), or of a
// chaining arrow's side (param "").
func (c *collector) references(e parser.Expr, param string, res *Resource, s *Scope, order int64, branch []Branch) {
	for _, el := range TitleElems(e) {
		ref, ok := RefOf(el)
		if !ok || ref.Type == "node" {
			continue
		}
		for _, t := range ref.Titles {
			title, lit, ok := TitleKey(ref.Type, t)
			if !ok || !lit {
				continue
			}
			if ref.Type != "class" {
				title = NormalizeTitle(ref.Type, title)
			}
			s.References = append(s.References, &Reference{Type: ref.Type, Title: title, Expr: el, Param: param,
				Resource: res, Scope: s, File: c.file, Order: order, Branch: branch})
		}
	}
}

type target struct {
	name string
	span parser.Span
}

// classTargets extracts literal class names from a declaration argument or
// title: 'name', bare word, Class['name'], or arrays of them. Other
// expressions (variables, interpolation) are not knowable statically.
// declaredPrefix returns the literal start of an interpolated class name
// up to its last "::" ("role::" for "role::${role}"), normalised, or "".
func declaredPrefix(e parser.Expr) string {
	is, ok := e.(*parser.InterpolatedString)
	if !ok || len(is.Parts) < 2 {
		return ""
	}
	text, ok := is.Parts[0].(*parser.StringLit)
	if !ok {
		return ""
	}
	i := strings.LastIndex(text.Value, "::")
	if i <= 0 {
		return ""
	}
	return NormalizeClassName(text.Value[:i+2])
}

func classTargets(e parser.Expr) []target {
	switch v := e.(type) {
	case *parser.StringLit:
		return []target{{NormalizeClassName(v.Value), v.Span()}}
	case *parser.Name:
		return []target{{NormalizeClassName(v.Value), v.Span()}}
	case *parser.TypeRef:
		return []target{{NormalizeClassName(v.Value), v.Span()}}
	case *parser.Array:
		var out []target
		for _, el := range v.Elems {
			out = append(out, classTargets(el)...)
		}
		return out
	case *parser.Access:
		if t, ok := v.Target.(*parser.TypeRef); ok && strings.EqualFold(strings.TrimPrefix(t.Value, "::"), "class") {
			var out []target
			for _, k := range v.Keys {
				out = append(out, classTargets(k)...)
			}
			return out
		}
	}
	return nil
}

// nodeName names a node definition by its first matcher.
func nodeName(n *parser.NodeDef) string {
	if len(n.Matchers) == 0 {
		return ""
	}
	switch m := n.Matchers[0].(type) {
	case *parser.StringLit:
		return m.Value
	case *parser.Name:
		return m.Value
	case *parser.Regex:
		return "/" + m.Pattern + "/"
	case *parser.Default:
		return "default"
	}
	return ""
}

// isNilNode reports whether n is an interface holding a nil pointer.
func isNilNode(n parser.Node) bool {
	switch v := n.(type) {
	case *parser.Block:
		return v == nil
	case *parser.Lambda:
		return v == nil
	case *parser.If:
		return v == nil
	}
	return false
}
