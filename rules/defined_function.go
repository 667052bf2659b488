package rules

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules/builtin"
	"github.com/ducklint/ducklint/rules/model"
)

// DefinedFunction reports calls of defined() that test something other
// than what the code means, and de-duplication guards that another
// declaration of the same resource defeats.
func DefinedFunction() *Rule {
	return &Rule{
		ID:       "defined-function",
		Title:    "defined() tests something other than what the code means, or a guard another declaration defeats",
		Severity: Warning,
		Kind:     PerFile,
		Doc: `defined() has two meanings. Given a name as a string, defined('apache::mod::ssl') asks whether a
class or resource type of that name exists (can be loaded), not whether anything declares it: in
Puppet 4 and later it is true for every class of the tree, declared or not, and false for any
other string (a file path, a variable name written without '$'). Given a reference, defined(File['/a'])
or defined(Class['x']), it asks whether the declaration has been evaluated yet, which depends on
evaluation order.

Warnings: the string form naming a class or type of the same module (always true), or a name in
a module of the tree that defines no such class or type (always false); a string that is the title of the resource the guarded
code declares; a guard (if !defined(X) / unless defined(X)) whose body declares something other
than X; and a guard around X where X is also declared without the guard (for a class: resource-
like) somewhere one catalog reaches with the guard: when the guard runs first, that declaration
fails with "Duplicate declaration", and when it runs second the guard silently drops its own.

Info: a guard every declaration of X shares (the de-duplication idiom; it holds only while they all
keep it), guards with computed titles, positive tests (if defined(Class['x']) { ... }) and other
uses whose answer depends on evaluation order, the string form naming a class of another module
or a computed name, and the always-true string form reached without the class only from classes
nothing in the tree assigns (the environment assigns classes by a dynamic include or a Hiera class
list that cannot name them: only an ENC could). Not reported: defined('$x') (a variable test), tests whose arm only calls fail()
or logs (a sanity check), and the string form guarding the declaration of the class it names (an
optional class). Declare shared resources in one class and include it (include is idempotent),
realize virtual resources, or pass the decision in as a parameter.`,
		Context: model.NeedDefinitions | model.NeedTopScope | model.NeedDefinedTests | model.NeedAssigners,
		Run:     runDefinedFunction,
	}
}

// verdict is what the rule says about one argument of a defined() call.
type verdict struct {
	sev     Severity
	msg     string
	detail  string
	related []Related
}

// What defined() asks, and what to do instead, for the details.
const (
	definedNameForm = "Given a string, defined() asks whether a class or resource type of that name exists (can be loaded), " +
		"not whether anything declares it."
	definedRefForm = "Given a reference, defined() asks whether the declaration has been evaluated yet, which depends on " +
		"evaluation order."
	definedFix = "Declare shared resources in one class and include it (include is idempotent), realize virtual resources, " +
		"or pass the decision in as a parameter."
)

// definedSite is one defined() call with what surrounds it.
type definedSite struct {
	p    *Pass
	call parser.Node
	at   int // the call's index in the pass's nodes
	// bodyExports memoises, for the file's calls, what the bodies of
	// defined types export (uncollectedExports of a body).
	bodyExports map[*parser.DefineDef]exportsOf
	text        string // the call as written, for messages
	// absent and present are the arms of the enclosing if/unless that run
	// only while the call is false, or true; nil when there is none.
	absent, present parser.Node
	scope           *model.Scope
	// conds are the conditionals around the call, its own included (arms
	// not set): whether node data decides them.
	conds []model.Branch
}

func runDefinedFunction(p *Pass) {
	nodes, parents := p.Nodes(), p.NodeParents()
	bodyExports := map[*parser.DefineDef]exportsOf{}
	for i, n := range p.nodesOf(1<<kindCall | 1<<kindMethodCall) { // the node types model.DefinedArgs recognises
		args, ok := model.DefinedArgs(n)
		if !ok || len(args) == 0 {
			continue
		}
		site := newDefinedSite(p, nodes, parents, i)
		site.bodyExports = bodyExports
		var best *verdict
		for _, a := range args {
			if v := site.judge(a); v != nil && (best == nil || v.sev > best.sev) {
				best = v
			}
		}
		if best == nil {
			continue
		}
		var span parser.Span
		switch c := n.(type) {
		case *parser.Call:
			span = c.Func.Span()
		case *parser.MethodCall:
			span = c.NameSpan
		}
		// A message too long for its line names the call defined(): the
		// finding is on it, and the detail quotes it.
		msg, detail := best.msg, best.detail
		if short := strings.Replace(msg, site.written(), "defined()", 1); short != msg {
			msg = fit(msg, short)
		}
		if msg != best.msg || site.written() != site.text {
			detail += " The call: " + site.text
		}
		p.Report(Diagnostic{File: p.File.Path, Start: span.Start, End: span.End, Message: msg, Detail: detail,
			Severity: best.sev, Related: best.related})
	}
}

// written is the defined() call as written, cut to fit in a message.
func (s *definedSite) written() string { return excerpt(s.text) }

// newDefinedSite finds the conditional whose test holds the call at index i
// of nodes (through parentheses, ! and and/or) and the scope it runs in.
func newDefinedSite(p *Pass, nodes []parser.Node, parents []int32, i int) *definedSite {
	s := &definedSite{p: p, call: nodes[i], at: i, text: sourceText(p.File, nodes[i].Span())}
	child := i
	for j := parents[i]; j >= 0; child, j = int(j), parents[j] {
		switch n := nodes[j].(type) {
		case *parser.Paren:
			continue
		case *parser.Unary:
			if n.Op == "!" {
				continue
			}
		case *parser.Binary:
			if n.Op == "and" || n.Op == "or" {
				continue
			}
		case *parser.If:
			if n.Cond == nodes[child] {
				s.setArms(n, n.Then, n.Else)
			}
		case *parser.Unless:
			if n.Cond == nodes[child] {
				s.setArms(n, n.Then, n.Else)
			}
		}
		break
	}
	for j := parents[i]; j >= 0; j = parents[j] {
		switch n := nodes[j].(type) {
		case *parser.If, *parser.Unless, *parser.Case, *parser.Selector:
			s.conds = append(s.conds, model.Branch{Cond: n})
		}
		if sc := p.Program.ScopeIn(p.File, nodes[j]); sc != nil {
			if s.scope == nil {
				s.scope = sc
			}
			if sc.Kind != model.LambdaScope {
				break
			}
		}
	}
	return s
}

// setArms records which arm of cond runs only while the call is false, and
// which only while it is true.
func (s *definedSite) setArms(cond parser.Node, arms ...parser.Node) {
	for i, arm := range arms {
		if arm == nil || isNilBlock(arm) {
			continue
		}
		absent, present := model.ArmImplies(cond, i)
		for _, c := range absent {
			if c == s.call {
				s.absent = arm
			}
		}
		for _, c := range present {
			if c == s.call {
				s.present = arm
			}
		}
	}
}

func isNilBlock(n parser.Node) bool {
	b, ok := n.(*parser.Block)
	return ok && b == nil
}

// judge classifies one argument of the call; nil means not reported.
func (s *definedSite) judge(arg parser.Expr) *verdict {
	switch a := arg.(type) {
	case *parser.StringLit:
		if strings.HasPrefix(a.Value, "$") {
			return nil // a variable test
		}
		return s.judgeName(a, a.Value)
	case *parser.Name:
		return s.judgeName(a, a.Value)
	case *parser.TypeRef:
		return s.judgeName(a, a.Value)
	case *parser.InterpolatedString:
		if key, lit, ok := model.TitleKey("", a); ok && lit {
			return s.judgeName(a, key)
		}
		return s.judgeComputedName(a)
	case *parser.Access:
		if ref, ok := model.RefOf(a); ok {
			return s.judgeRef(ref)
		}
	}
	return s.judgeOther(arg)
}

// judgeOther classifies an argument whose value the code does not show
// (a variable, a function's result): a title of what the guarded code
// declares is a string, which names no class or type.
func (s *definedSite) judgeOther(arg parser.Expr) *verdict {
	if v := s.titleAsName(arg); v != nil {
		return v
	}
	if s.onlyChecks() {
		return nil
	}
	return &verdict{sev: Info, msg: fmt.Sprintf("%s: what it tests depends on the value", s.written()),
		detail: "For a resource or class the answer depends on evaluation order. " + definedNameForm + " " + definedRefForm}
}

// titleAsName reports a string argument that is also the title of a
// resource the guarded arm declares: defined() of a string asks whether a
// class or type of that name exists, so the guard tests nothing.
func (s *definedSite) titleAsName(arg parser.Expr) *verdict {
	if s.absent == nil {
		return nil
	}
	key, _, ok := model.TitleKey("", arg)
	if !ok {
		return nil
	}
	for _, d := range armDeclarations(s.absent) {
		if d.typ == "class" {
			continue
		}
		k, _, ok := model.TitleKey(d.typ, d.title)
		if !ok || k != key {
			continue
		}
		// The guard never stops the declaration: it fails exactly when
		// another declaration of the resource meets it.
		v := &verdict{sev: Info, msg: fmt.Sprintf("%s tests a class or type name, not whether %s is declared",
			s.written(), excerpt(declText(s.p.File, d))),
			detail: fmt.Sprintf("It asks whether a class or type of that name exists, not whether %s is declared: the guard never "+
				"skips it.", declText(s.p.File, d))}
		if _, lit, _ := model.TitleKey(d.typ, d.title); lit {
			if r, o := s.relate(model.ResourceKey(d.typ, k), d); r == relConflict {
				v.sev = Warning
				v.detail = fmt.Sprintf("It asks whether a class or type of that name exists, not whether %s is declared: the guard "+
					"never skips it, and %s also declares it, so the two fail with \"Duplicate declaration\" when they meet.",
					declText(s.p.File, d), o.scope.Describe())
				v.related = []Related{RelatedAt(o.file, o.span, "also declared here")}
			}
		}
		v.detail += " " + definedFix
		return v
	}
	return nil
}

// judgeName classifies the string form with a constant name.
func (s *definedSite) judgeName(arg parser.Expr, written string) *verdict {
	name := model.NormalizeClassName(written)
	if name == "" || name == "main" {
		return nil
	}
	if v := s.titleAsName(arg); v != nil {
		return v
	}
	if s.present != nil && declaresClass(s.present, name) {
		return nil // an optional class, declared only when it exists
	}
	kind, mod, found := s.lookupType(name)
	if !found {
		owner := s.moduleNamed(strings.SplitN(name, "::", 2)[0])
		if owner == nil {
			return nil // a type of a module outside the tree
		}
		v := &verdict{sev: Warning, msg: fmt.Sprintf("%s is always false: module %s has no class or type %s",
			s.written(), owner.Name, name), detail: definedNameForm + " Module " + owner.Name + " is in the tree and defines no such " +
			"class or type, so the test never holds."}
		s.lower(v)
		return v
	}
	if mod != nil && mod == fileModule(s.p.File) {
		if s.alwaysDeclaredWith(name) {
			return &verdict{sev: Info, msg: fmt.Sprintf("%s is true whenever the %s exists, declared or not", s.written(), kind),
				detail: definedNameForm + " The " + kind + " is in this module, so the test always holds; every catalog of the " +
					"tree that runs this also declares it, so the answer is right today. " + definedFix}
		}
		v := &verdict{sev: Warning, msg: fmt.Sprintf("%s is true whenever the %s exists, declared or not", s.written(), kind),
			detail: definedNameForm + " The " + kind + " is in this module, so the test always holds. " + definedFix}
		entry, what, byTree := s.reachedWithout(name)
		if entry == nil {
			s.lower(v)
			return v
		}
		v.detail = definedNameForm + " The " + kind + " is in this module, so the test always holds: " + what + " " + definedFix
		v.related = []Related{RelatedAt(entry.File, entry.NameSpan, "reaches the test without declaring "+name)}
		if !byTree {
			// The environment shows how it assigns classes, and that way
			// never assigns this entry point: only an ENC can.
			v.sev = Info
			v.msg = fmt.Sprintf("%s is always true; reached without the %s only from %s, which nothing in the tree assigns",
				s.written(), strings.TrimSuffix(kind, " "+name), entry.Name)
			v.detail = definedNameForm + " The " + kind + " is in this module, so the test always holds: " + what +
				" Nothing in the tree assigns " + entry.Name + ": the environment's main manifests or node definitions assign " +
				"classes by names they compute (a dynamic include, a Hiera class list), and none of those, nor any other " +
				"code of the tree, can name it. The answer is wrong only on nodes an ENC assigns " + entry.Name + " to. " + definedFix
			v.related[0].Message += "; only an ENC can assign it"
		}
		s.lower(v)
		return v
	}
	if mod == nil {
		return &verdict{sev: Info, msg: fmt.Sprintf("%s is always true: %s is a resource type built into Puppet", s.written(), name),
			detail: definedNameForm}
	}
	return &verdict{sev: Info, msg: fmt.Sprintf("%s is true whenever the %s exists (it does, in module %s), declared or not",
		s.written(), kind, mod.Name), detail: definedNameForm + " " + definedFix}
}

// alwaysDeclaredWith reports whether, in an environment whose node
// definitions show how catalogs are made, every entry point reaching the
// call also reaches class or defined type name. In a module's own tree the
// users are the entry points, and any public class may be declared alone.
func (s *definedSite) alwaysDeclaredWith(name string) bool {
	prog := s.p.Program
	if !prog.HasNodes(s.p.File) && !prog.HasNodes(s.scope.Owner().File) {
		return false
	}
	for _, k := range []model.DefKind{model.ClassDef, model.DefineDef} {
		for _, d := range prog.Lookup(k, name) {
			if d.Scope != nil && prog.Catalogs().Within(s.scope, d.Scope) {
				return true
			}
		}
	}
	return false
}

// reachedWithout returns an entry point of a catalog (a node definition,
// or a class or defined type nothing in the tree declares, such as a role
// an ENC assigns) that reaches the call without reaching class or defined
// type name, with a sentence saying so: the node where the always-true
// test gives the wrong answer. It prefers one the tree itself assigns;
// byTree is false when every such entry point is a class only an ENC can
// assign (Catalogs.ApartAssigned). Nil when the tree shows none.
func (s *definedSite) reachedWithout(name string) (entry *model.Definition, what string, byTree bool) {
	prog := s.p.Program
	var target *model.Scope
	for _, k := range []model.DefKind{model.ClassDef, model.DefineDef} {
		for _, d := range prog.Lookup(k, name) {
			if d.Scope != nil {
				target = d.Scope
			}
		}
	}
	entry, _, byTree = prog.Catalogs().ApartAssigned(s.scope, target)
	if entry == nil || entry.File == nil || entry.Scope == target {
		return nil, "", true
	}
	what = "a node definition"
	switch entry.Kind {
	case model.ClassDef:
		what = "class " + entry.Name
	case model.DefineDef:
		what = "defined type " + entry.Name
	}
	if entry.Scope == s.scope.Owner() {
		return entry, fmt.Sprintf("%s, declared on its own (as nothing in the tree declares it), runs this without %s.", what, name), byTree
	}
	return entry, fmt.Sprintf("%s reaches this code and declares no %s, so on its nodes the test holds though %s is not in the catalog.",
		what, name, name), byTree
}

// judgeComputedName classifies the string form with an interpolated name.
func (s *definedSite) judgeComputedName(arg *parser.InterpolatedString) *verdict {
	if v := s.titleAsName(arg); v != nil {
		return v
	}
	if s.present != nil {
		if key, _, ok := model.TitleKey("class", arg); ok && declaresClass(s.present, key) {
			return nil // an optional class, declared only when it exists
		}
	}
	if s.onlyChecks() {
		return nil
	}
	return &verdict{sev: Info, msg: fmt.Sprintf("%s is true whenever a class or type of that name exists, declared or not",
		s.written()), detail: definedNameForm + " " + definedFix}
}

// lookupType finds what a name names: a class or defined type of the tree
// (with its module), a Ruby resource type of a module of the tree, or a
// built-in resource type (nil module).
func (s *definedSite) lookupType(name string) (kind string, mod *load.Module, found bool) {
	prog := s.p.Program
	for _, k := range []model.DefKind{model.ClassDef, model.DefineDef} {
		if defs := prog.Lookup(k, name); len(defs) > 0 {
			return k.String() + " " + name, defs[0].File.Source.Module, true
		}
	}
	for _, m := range prog.Tree.Modules {
		for _, t := range m.RubyTypes {
			if t.Name == name {
				return "resource type " + name, m, true
			}
		}
	}
	for _, e := range prog.Tree.Envs {
		for _, t := range e.RubyTypes {
			if t.Name == name {
				return "resource type " + name, nil, true
			}
		}
	}
	if builtin.IsResourceType(name) || builtin.IsCoreModuleResourceType(name) {
		return "resource type " + name, nil, true
	}
	return "", nil, false
}

// moduleNamed returns the tree's module of that name, or nil.
func (s *definedSite) moduleNamed(name string) *load.Module {
	for _, m := range s.p.Program.Tree.Modules {
		if m.Name == name {
			return m
		}
	}
	return nil
}

// judgeRef classifies a test of a resource or class reference.
func (s *definedSite) judgeRef(ref model.Ref) *verdict {
	if s.absent != nil {
		if onlyChecks(s.absent) {
			return nil
		}
		decls := armDeclarations(s.absent)
		if guarded := matching(ref, decls); len(guarded) > 0 {
			return s.judgeGuard(ref, guarded)
		}
		if len(decls) > 0 {
			return s.judgeMismatch(ref, decls)
		}
	} else if s.onlyChecks() {
		return nil
	}
	return &verdict{sev: Info, msg: fmt.Sprintf("%s depends on evaluation order", s.written()),
		detail: "It is true only once the declaration has been evaluated. " + definedFix}
}

// judgeMismatch classifies a guard whose arm declares decls, none of them
// what ref names. The same title under another type is a guard testing the
// wrong resource; a tested declaration elsewhere that one catalog can
// evaluate with the guard makes the outcome depend on evaluation order;
// when the tree declares what it tests nowhere, the answer depends on code
// the tree does not show.
func (s *definedSite) judgeMismatch(ref model.Ref, decls []armDecl) *verdict {
	declared := fmt.Sprintf("%s guards a declaration of %s, not of what it tests", s.written(), excerpt(declText(s.p.File, decls[0])))
	for _, d := range decls {
		dk, _, ok := model.TitleKey(d.typ, d.title)
		if !ok {
			continue
		}
		for _, t := range ref.Titles {
			if k, _, ok := model.TitleKey(ref.Type, t); ok && k == dk {
				return &verdict{sev: Warning, msg: fmt.Sprintf("%s guards a declaration of %s, a resource of another type",
					s.written(), excerpt(declText(s.p.File, d))),
					detail: "It tests a resource with the same title but another type, so it never skips the declaration it " +
						"guards. Test the resource the code declares."}
			}
		}
	}
	for _, t := range ref.Titles {
		k, lit, ok := model.TitleKey(ref.Type, t)
		if !ok || !lit {
			continue
		}
		key := model.ResourceKey(ref.Type, k)
		for _, o := range s.others(key) {
			if o.file.Documentation() || !s.together(o) {
				continue
			}
			return &verdict{sev: Warning, msg: declared,
				detail: fmt.Sprintf("%s is declared in %s, and which runs first decides. %s %s", refText(ref.Type, k),
					o.scope.Describe(), definedRefForm, definedFix),
				related: []Related{RelatedAt(o.file, o.span, fmt.Sprintf("%s is declared here", refText(ref.Type, k)))}}
		}
	}
	return &verdict{sev: Info, msg: declared, detail: "No catalog of this tree declares that with it. " + definedRefForm + " " + definedFix}
}

// declText writes what an arm declares, with a computed title as written.
func declText(f *model.File, d armDecl) string {
	if k, lit, ok := model.TitleKey(d.typ, d.title); ok && lit {
		return refText(d.typ, k)
	}
	return capitalizeType(d.typ) + "[" + sourceText(f, d.title.Span()) + "]"
}

// lower makes a constant test's warning info when its answer changes no
// catalog the tree shows (its arms only export what nothing collects), or
// when it runs only on platforms its module does not support.
func (s *definedSite) lower(v *verdict) {
	if v.sev != Warning {
		return
	}
	if types := s.onlyUncollectedExports(); types != nil {
		v.sev = Info
		v.detail += " " + uncollectedExportsNote(types)
	} else if families := unsupportedPlatform(s.p, s.at); families != nil {
		v.sev = Info
		v.detail += " " + unsupportedPlatformNote(families)
	}
}

// uncollectedExportsNote says why a guard whose arms only export what
// nothing collects is info.
func uncollectedExportsNote(types []string) string {
	refs := make([]string, len(types))
	for i, t := range types {
		refs[i] = capitalizeType(t)
	}
	return "The code it decides only exports " + strings.Join(refs, ", ") + " resources, and nothing in the tree collects them: " +
		"the answer changes no catalog the tree shows, only what a collector elsewhere would receive."
}

// onlyUncollectedExports returns the types of the exported resources that
// are the only effect of the arms depending on the call, when nothing in the
// tree collects them (no <<| |>> of their type): then a wrong answer changes
// no catalog the tree shows, only what collectors elsewhere may see. An arm
// qualifies when each statement exports a resource, or declares an
// instance of a defined type of the tree whose body only exports them; nil
// when an arm does anything else.
func (s *definedSite) onlyUncollectedExports() []string {
	if s.present == nil && s.absent == nil {
		return nil
	}
	var types []string
	for _, arm := range []parser.Node{s.present, s.absent} {
		if arm == nil {
			continue
		}
		got, ok := s.uncollectedExports(arm, true)
		if !ok {
			return nil
		}
		for _, t := range got {
			if !slices.Contains(types, t) {
				types = append(types, t)
			}
		}
	}
	return types
}

// exportsOf is what uncollectedExports says of a block.
type exportsOf struct {
	types []string
	only  bool
}

// uncollectedExports returns the types block exports when exporting
// resources nothing collects is all it does; through defined types only
// when viaDefines.
func (s *definedSite) uncollectedExports(block parser.Node, viaDefines bool) ([]string, bool) {
	b, ok := block.(*parser.Block)
	if !ok || b == nil || len(b.Stmts) == 0 {
		return nil, false
	}
	prog := s.p.Program
	var types []string
	for _, st := range b.Stmts {
		res, ok := st.(*parser.Resource)
		if !ok {
			return nil, false
		}
		typ := res.TypeName()
		if typ == "" || typ == "class" {
			return nil, false
		}
		switch {
		case res.Form == "exported":
			for _, r := range prog.RealizersOf(typ) {
				if r.Exported() {
					return nil, false
				}
			}
			types = append(types, typ)
		case res.Form == "" && viaDefines:
			defs := prog.Lookup(model.DefineDef, typ)
			if len(defs) != 1 {
				return nil, false
			}
			def, ok := defs[0].Node.(*parser.DefineDef)
			if !ok {
				return nil, false
			}
			e, seen := s.bodyExports[def]
			if !seen {
				e.types, e.only = s.uncollectedExports(def.Body, false)
				if s.bodyExports != nil {
					s.bodyExports[def] = e
				}
			}
			if !e.only {
				return nil, false
			}
			types = append(types, e.types...)
		default:
			return nil, false
		}
	}
	return types, true
}

// onlyChecks reports whether the arms that depend on the call only fail or log.
func (s *definedSite) onlyChecks() bool {
	arm := s.absent
	if arm == nil {
		arm = s.present
	}
	return arm != nil && onlyChecks(arm)
}

// judgeGuard classifies a guard around declarations of what it tests by
// the other declarations of the same resource or class.
func (s *definedSite) judgeGuard(ref model.Ref, guarded []armDecl) *verdict {
	worst, rel, key := relNone, declSite{}, ""
	for _, d := range guarded {
		k, lit, _ := model.TitleKey(d.typ, d.title)
		if !lit {
			return &verdict{sev: Info, msg: fmt.Sprintf("%s guards a declaration with a computed title", s.written()),
				detail: "It holds only while every declaration of that resource is guarded alike. " + definedFix}
		}
		if r, o := s.relate(model.ResourceKey(d.typ, k), d); r > worst || key == "" {
			worst, rel, key = r, o, model.ResourceKey(d.typ, k)
		}
	}
	typ, title := splitKey(key)
	what, whatFull := excerpt(refText(typ, title)), refText(typ, title)
	var related []Related
	if worst >= relFirst {
		related = []Related{RelatedAt(rel.file, rel.span, whatFull+" declared here without the guard")}
	}
	unguarded, where := "", "" // where: the other declaration's scope, when the message leaves it out
	if worst >= relFirst {
		whole := fmt.Sprintf("%s is also declared without this guard in %s", what, rel.scope.Describe())
		if unguarded = fit(whole, what+" is also declared without this guard"); unguarded != whole {
			where = fmt.Sprintf("It is declared without the guard in %s. ", rel.scope.Describe())
		}
	}
	switch {
	case worst == relConflict:
		return &verdict{sev: Warning, msg: unguarded, related: related,
			detail: where + "That declaration fails with \"Duplicate declaration\" when evaluated after this one; when it runs first, " +
				"the guard silently drops its own declaration. " + definedFix}
	case worst == relApart:
		return &verdict{sev: Info, msg: unguarded, related: related,
			detail: where + "A catalog with both, which only data or an ENC makes, fails with \"Duplicate declaration\" when the guard " +
				"runs first. " + definedFix}
	case worst == relFirst:
		return &verdict{sev: Info, msg: unguarded, related: related,
			detail: where + "Puppet always evaluates that one first: the guard then skips its declaration. " + definedFix}
	case ref.Type == "class" && !hasResourceLike(guarded):
		return &verdict{sev: Info, msg: fmt.Sprintf("%s guards an include, which is idempotent", s.written()),
			detail: "include may declare a class any number of times: the guard is not needed."}
	case worst == relGuarded:
		return &verdict{sev: Info, msg: fmt.Sprintf("%s guards %s; every other declaration of it is guarded alike", s.written(), what),
			detail: "Every other declaration of it is guarded alike or never runs with it: the guard holds only while they " +
				"all keep it. " + definedFix}
	}
	return &verdict{sev: Info, msg: fmt.Sprintf("%s guards %s, which nothing else in the tree declares", s.written(), what),
		detail: definedRefForm + " " + definedFix}
}

// relation is how the other declarations of what a guard declares stand
// to it, from harmless to fatal.
type relation int

const (
	relNone     relation = iota // nothing else declares it
	relGuarded                  // guarded alike, on an exclusive arm, or an include of the class
	relFirst                    // unguarded, and always evaluated before the guard
	relApart                    // unguarded, in one catalog only through data or an ENC
	relConflict                 // unguarded, and a catalog of the tree can evaluate it after the guard
)

// relate returns the worst relation of another declaration of key to the
// guarded declaration d, with that declaration.
func (s *definedSite) relate(key string, d armDecl) (relation, declSite) {
	others := s.others(key)
	self := modelDecl(others, d)
	worst, which := relNone, declSite{}
	for _, o := range others {
		if o.node == d.node || o.file.Documentation() {
			continue
		}
		if r := s.relation(key, d, self, o); r > worst {
			worst, which = r, o
		}
		if worst == relConflict {
			break
		}
	}
	return worst, which
}

// relation classifies one other declaration o of key; self is the guarded
// declaration in the model, nil when the model does not hold it.
func (s *definedSite) relation(key string, d armDecl, self *declSite, o declSite) relation {
	switch {
	case model.GuardedAgainst(o.branch, key), d.typ == "class" && !o.resourceLike:
		return relGuarded // an include after the guard is harmless
	case self != nil && model.Exclusive(self.branch, o.branch):
		return relGuarded
	case self != nil && o.scope.Owner() == self.scope.Owner() && o.order < self.order:
		return relFirst
	case s.scope.Owner().Kind == model.DefineScope && evaluatedEagerly(s.p.Program, o.scope, map[*model.Scope]bool{}):
		return relFirst // defined types' bodies are evaluated after every class declared eagerly
	case !s.together(o):
		return relApart
	}
	return relConflict
}

// evaluatedEagerly reports whether code of scope s runs where it is
// declared, before any defined type's body: top scope, node definitions,
// and classes nothing declares (an ENC's) or declared from such code.
// Puppet evaluates the bodies of defined-type instances afterwards, in
// the order they were declared, and a class first declared from one of
// them with them.
func evaluatedEagerly(p *model.Program, s *model.Scope, seen map[*model.Scope]bool) bool {
	o := s.Owner()
	if seen[o] {
		return false
	}
	seen[o] = true
	switch o.Kind {
	case model.TopScope, model.NodeScope:
		return true
	case model.ClassScope:
		decls := p.DeclarationsOf(o.Def.Name)
		if len(decls) == 0 {
			return true
		}
		for _, d := range decls {
			if d.Kind != model.DefineInstance && evaluatedEagerly(p, d.Scope, seen) {
				return true
			}
		}
	}
	return false
}

// together reports whether some catalog the tree shows evaluates both the
// guard and o: one entry point the tree assigns (not a class only an ENC
// can) reaches both, on conditional arms that no node's data (class
// parameters, lookups) decides.
func (s *definedSite) together(o declSite) bool {
	return s.p.Program.Catalogs().MeetAssigned(s.scope, o.scope) && !model.PathDependsOnData(o.branch) &&
		!model.PathDependsOnData(s.conds)
}

// declSite is a declaration of a resource or class in the model.
type declSite struct {
	node         parser.Node
	file         *model.File
	scope        *model.Scope
	span         parser.Span
	order        int64
	branch       []model.Branch
	resourceLike bool
}

// others returns every declaration of key in the program.
func (s *definedSite) others(key string) []declSite {
	typ, title := splitKey(key)
	var out []declSite
	if typ == "class" {
		for _, d := range s.p.Program.DeclarationsOf(title) {
			if d.Kind == model.Inherits {
				continue
			}
			out = append(out, declSite{node: d.Node, file: d.File, scope: d.Scope, span: d.Span, order: d.Order,
				branch: d.Branch, resourceLike: d.Kind == model.ResourceLike})
		}
		return out
	}
	for _, r := range s.p.Program.ResourcesTitled(typ, title) {
		out = append(out, declSite{node: r.Node, file: r.File, scope: r.Scope, span: r.Body.Title.Span(),
			order: r.Order, branch: r.Branch})
	}
	return out
}

// modelDecl finds the guarded declaration d among others, the model's
// declarations of its key; nil when the model has none (documentation
// code).
func modelDecl(others []declSite, d armDecl) *declSite {
	for i := range others {
		if others[i].node == d.node {
			return &others[i]
		}
	}
	return nil
}

// armDecl is a resource or class an arm declares.
type armDecl struct {
	typ          string // lower case; "class" for classes
	title        parser.Expr
	node         parser.Node // the *parser.Resource or *parser.Call
	resourceLike bool        // class { 'x': }
}

// armDeclarations lists what the code of an arm declares: resources,
// classes (include, require, contain, class { 'x': }) and what stdlib's
// ensure_resource and ensure_packages declare.
func armDeclarations(arm parser.Node) []armDecl {
	var out []armDecl
	parser.Inspect(arm, func(n parser.Node) bool {
		switch n := n.(type) {
		case *parser.Resource:
			typ := n.TypeName()
			if typ == "" {
				return true
			}
			for _, b := range n.Bodies {
				for _, t := range model.TitleElems(b.Title) {
					out = append(out, armDecl{typ: typ, title: t, node: n, resourceLike: typ == "class"})
				}
			}
		case *parser.Call:
			out = append(out, callDeclarations(n)...)
		}
		return true
	})
	return out
}

// callDeclarations lists what a call of include, require, contain,
// ensure_resource or ensure_packages declares.
func callDeclarations(c *parser.Call) []armDecl {
	var out []armDecl
	add := func(typ string, e parser.Expr) {
		for _, t := range model.TitleElems(e) {
			out = append(out, armDecl{typ: typ, title: t, node: c})
		}
	}
	switch name := strings.TrimPrefix(strings.TrimPrefix(c.FuncName(), "::"), "stdlib::"); name {
	case "include", "require", "contain":
		for _, a := range c.Args {
			add("class", a)
		}
	case "ensure_resource":
		if len(c.Args) >= 2 {
			if lit, ok := c.Args[0].(*parser.StringLit); ok {
				add(model.NormalizeClassName(lit.Value), c.Args[1])
			}
		}
	case "ensure_packages":
		if len(c.Args) >= 1 {
			if _, isHash := c.Args[0].(*parser.Hash); !isHash {
				add("package", c.Args[0])
			}
		}
	}
	return out
}

// matching returns the declarations of decls that declare what ref names.
func matching(ref model.Ref, decls []armDecl) []armDecl {
	var out []armDecl
	for _, d := range decls {
		if d.typ != ref.Type {
			continue
		}
		dk, _, ok := model.TitleKey(d.typ, d.title)
		if !ok {
			continue
		}
		for _, t := range ref.Titles {
			if rk, _, ok := model.TitleKey(ref.Type, t); ok && rk == dk {
				out = append(out, d)
				break
			}
		}
	}
	return out
}

// declaresClass reports whether an arm declares the class name.
func declaresClass(arm parser.Node, name string) bool {
	for _, d := range armDeclarations(arm) {
		if k, _, ok := model.TitleKey("class", d.title); ok && d.typ == "class" && k == name {
			return true
		}
	}
	return false
}

func hasResourceLike(ds []armDecl) bool {
	for _, d := range ds {
		if d.resourceLike {
			return true
		}
	}
	return false
}

// checkFunctions fail or log: an arm calling only these is a sanity check.
var checkFunctions = map[string]bool{"fail": true, "warning": true, "notice": true, "err": true, "alert": true,
	"crit": true, "emerg": true, "info": true, "debug": true, "assert_type": true, "deprecation": true}

// onlyChecks reports whether every statement of an arm calls one of
// checkFunctions or declares a notify resource (a message in the report).
func onlyChecks(arm parser.Node) bool {
	b, ok := arm.(*parser.Block)
	if !ok || len(b.Stmts) == 0 {
		return false
	}
	for _, st := range b.Stmts {
		switch n := st.(type) {
		case *parser.Call:
			if !checkFunctions[strings.TrimPrefix(n.FuncName(), "::")] {
				return false
			}
		case *parser.Resource:
			if n.TypeName() != "notify" || n.Form != "" {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// splitKey splits a key of model.ResourceKey into type and title.
func splitKey(key string) (typ, title string) {
	typ, rest, _ := strings.Cut(key, "[")
	return typ, strings.TrimSuffix(rest, "]")
}

// refText writes a reference the way Puppet code does: File['/a'], Class['x'].
func refText(typ, title string) string {
	return capitalizeType(typ) + "[" + quoteKey(title) + "]"
}

// quoteKey quotes a rendered title: literal text in single quotes, a
// rendered expression in double quotes.
func quoteKey(key string) string {
	if strings.Contains(key, "$") {
		return `"` + key + `"`
	}
	return "'" + key + "'"
}

// capitalizeType capitalises each segment of a type name: apache::vhost → Apache::Vhost.
func capitalizeType(typ string) string {
	segs := strings.Split(typ, "::")
	for i, s := range segs {
		if s != "" {
			segs[i] = strings.ToUpper(s[:1]) + s[1:]
		}
	}
	return strings.Join(segs, "::")
}

// sourceText is the text of span in f, on one line and shortened.
func sourceText(f *model.File, span parser.Span) string {
	if f.Parsed == nil {
		return "defined()"
	}
	src := f.Parsed.Src
	start, end := int(span.Start.Offset), int(span.End.Offset)
	if start < 0 || end > len(src) || start >= end {
		return "defined()"
	}
	text := strings.Join(strings.Fields(string(src[start:end])), " ")
	if len(text) > 80 {
		text = text[:77] + "..."
	}
	return text
}

// fileModule is the module a file belongs to, or nil.
func fileModule(f *model.File) *load.Module {
	if f == nil || f.Source == nil {
		return nil
	}
	return f.Source.Module
}
