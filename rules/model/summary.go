package model

import (
	"maps"
	"slices"
	"strings"

	"github.com/ducklint/ducklint/parser"
)

// SummaryVersion changes whenever Summarize's output for the same text
// changes, so summaries stored by an older build are not trusted.
const SummaryVersion = 10

// Summary is what one file's text says about its place in the declaration
// graph: the units it defines and every name each unit mentions. It
// depends on the text alone, so it can be stored by content hash and
// reused while the file is unchanged. Relevant uses summaries to find the
// files that can change another file's findings.
type Summary struct {
	// Units are the file's top-level code (always first) and then every
	// class, defined type, node, function, plan, type alias and type
	// definition in source order, nested ones after their enclosing class.
	Units []Unit
}

// Unit is one piece of code with its own place in the graph.
type Unit struct {
	// Kind is UnitTop, UnitNode, UnitClass, UnitDefinedType or
	// UnitDefinition.
	Kind UnitKind
	// Name is the defined name in lower case, qualified like the model's
	// definitions; "" for top-level code and nodes.
	Name string
	// Mentions are the names the unit's code could refer to, lower case
	// and without a leading "::", sorted and without duplicates: bare
	// words, type and resource references, string literals, the
	// namespaces of qualified variables, called functions and the parent
	// of an inheriting class. Over-approximating is safe; missing a name
	// the model resolves is not.
	Mentions []string
	// ResourceLike are the classes the unit declares resource-like
	// (class { 'x': }), as the model reads their titles, sorted and
	// without duplicates: whether such a declaration can meet another
	// depends on every other declaration of the class.
	ResourceLike []string
	// Declares are the names the unit's code can evaluate, sorted and
	// without duplicates: the classes it includes, requires, contains or
	// declares resource-like (read as the model reads them), the types of
	// its resources (defined types when the tree defines them) and of the
	// resources it collects or realizes, the namespaced functions it calls,
	// its parent class and the templates it names; and the classes it
	// tests with defined(Class[...]), as code that fails unless one is
	// declared goes on only where what that one evaluates is. Unlike
	// Mentions, these are the only names through which evaluating the unit
	// can evaluate another.
	// A call of any other function with a literal name as argument is
	// recorded as "fn(name)": whether it declares a class depends on the
	// tree's declaring functions (see Relevant).
	Declares []string
	// Parent is the class a class inherits from, lower case; "" for none.
	Parent string
	// ReadsFrom are the classes (or other namespaces) whose variables the
	// unit reads by qualified name, lower case, sorted and without
	// duplicates.
	ReadsFrom []string
	// Defaults are the resource types the unit sets defaults for
	// (File { ... }), lower case, sorted and without duplicates.
	Defaults []string
	// Titled are the resources with a constant title the unit declares,
	// as ResourceKey writes them ("file[/etc/motd]"), with the keys
	// UniquenessKeys gives them, "type[]" for a resource whose title the
	// code computes (or a package ensure_packages declares) and "*[]" for
	// code that can declare any resource (create_resources, a computed
	// type or class, the classes a lookup names: hiera_include,
	// lookup('classes').include), "*[twice]" when two of its resources share a key,
	// "type[<realized>]" for a realize() or collector of the type, sorted and
	// without duplicates; Tested are the references with a constant title the
	// unit's defined() calls test ("class[apache]" for classes). Whether a
	// defined() guard can meet an unguarded declaration of what it tests
	// depends on every unit declaring that.
	Titled, Tested []string
	// Overrides are the resource types the unit collects with an override
	// block (Type <| |> { ... }), lower case, sorted and without
	// duplicates: like Defaults, they can give a defined type's
	// parameters their values.
	Overrides []string
	// References are the resources and classes (class[name]) with a
	// constant title the unit's relationships name (require =>
	// Package['git'], ->), as ResourceKey writes them: whether anything
	// can declare them, and where, depends on every unit declaring them.
	References []string
	// Lookups are the keys the unit looks up explicitly (lookup(),
	// hiera*()), sorted and without duplicates: a literal key in lower
	// case, "~" and a regular expression for a key interpolated with text
	// of its own ("profile::${x}"), "*" for one without (lookup($key)),
	// which may be any key. Whether anything looks a data key up depends
	// on every unit that may.
	Lookups []string
}

// NameLists returns the unit's name lists, every field of it but Kind,
// Name and Parent, in the order Unit declares them: what writes or reads
// a whole unit (the summary cache, SummaryIdentity) goes through them, so
// a list added to Unit is not left out. TestNameListsCoverTheUnit fails
// when a field is added to Unit or Summary that this does not cover.
func (u *Unit) NameLists() [10]*[]string {
	return [10]*[]string{&u.Mentions, &u.ResourceLike, &u.Declares, &u.ReadsFrom, &u.Defaults, &u.Titled, &u.Tested,
		&u.Overrides, &u.References, &u.Lookups}
}

// UnitKind says what a unit is.
type UnitKind uint8

const (
	// UnitTop is a file's code outside any definition.
	UnitTop UnitKind = iota
	// UnitNode is a node definition.
	UnitNode
	// UnitDefinition is a named definition other than a class or defined
	// type: function, plan, type alias or type definition.
	UnitDefinition
	// UnitClass is a class.
	UnitClass
	// UnitDefinedType is a defined type.
	UnitDefinedType
)

// Summarize returns the summary of a parsed file.
func Summarize(f *parser.File) *Summary {
	s := &summarizer{sum: &Summary{Units: []Unit{{Kind: UnitTop}}}, mentions: []map[string]bool{{}},
		resourceLike: []map[string]bool{{}}, declares: []map[string]bool{{}}, readsFrom: []map[string]bool{{}},
		defaults: []map[string]bool{{}}, overrides: []map[string]bool{{}}, titled: []map[string]bool{{}}, tested: []map[string]bool{{}},
		refKeys: []map[string]bool{{}}, lookups: []map[string]bool{{}}, uniq: []map[string][][]Branch{{}}}
	if f.Program != nil {
		s.walk(f.Program, 0, "")
	}
	for i := range s.sum.Units {
		s.sum.Units[i].Mentions = sortedKeys(s.mentions[i])
		s.sum.Units[i].ResourceLike = sortedKeys(s.resourceLike[i])
		s.sum.Units[i].Declares = sortedKeys(s.declares[i])
		s.sum.Units[i].ReadsFrom = sortedKeys(s.readsFrom[i])
		s.sum.Units[i].Defaults = sortedKeys(s.defaults[i])
		s.sum.Units[i].Overrides = sortedKeys(s.overrides[i])
		s.sum.Units[i].Titled = sortedKeys(s.titled[i])
		s.sum.Units[i].Tested = sortedKeys(s.tested[i])
		s.sum.Units[i].References = sortedKeys(s.refKeys[i])
		s.sum.Units[i].Lookups = sortedKeys(s.lookups[i])
	}
	return s.sum
}

// sortedKeys returns the keys of set, sorted; nil when there are none.
func sortedKeys(set map[string]bool) []string {
	if len(set) == 0 {
		return nil
	}
	return slices.Sorted(maps.Keys(set))
}

// summarizer builds one Summary.
type summarizer struct {
	sum          *Summary
	mentions     []map[string]bool // by unit
	resourceLike []map[string]bool // by unit
	declares     []map[string]bool // by unit
	readsFrom    []map[string]bool // by unit
	defaults     []map[string]bool // by unit
	overrides    []map[string]bool // by unit
	titled       []map[string]bool // by unit
	tested       []map[string]bool // by unit
	refKeys      []map[string]bool // by unit
	lookups      []map[string]bool // by unit
	// uniq are, by unit, the arms each of its resource keys is declared on.
	uniq []map[string][][]Branch
	// branch are the conditional arms the walk is in, within its unit.
	branch []Branch
}

// open starts a unit and returns its index.
func (s *summarizer) open(kind UnitKind, name string) int {
	s.sum.Units = append(s.sum.Units, Unit{Kind: kind, Name: name})
	s.mentions = append(s.mentions, map[string]bool{})
	s.resourceLike = append(s.resourceLike, map[string]bool{})
	s.declares = append(s.declares, map[string]bool{})
	s.readsFrom = append(s.readsFrom, map[string]bool{})
	s.defaults = append(s.defaults, map[string]bool{})
	s.overrides = append(s.overrides, map[string]bool{})
	s.titled = append(s.titled, map[string]bool{})
	s.tested = append(s.tested, map[string]bool{})
	s.refKeys = append(s.refKeys, map[string]bool{})
	s.lookups = append(s.lookups, map[string]bool{})
	s.uniq = append(s.uniq, map[string][][]Branch{})
	return len(s.sum.Units) - 1
}

// mention records a name unit u mentions, when it could name a
// definition or a template.
func (s *summarizer) mention(u int, name string) {
	name = strings.ToLower(strings.TrimPrefix(name, "::"))
	if couldName(name) {
		s.mentions[u][name] = true
	}
}

// declare records a name unit u can evaluate.
func (s *summarizer) declare(u int, name string) {
	name = NormalizeClassName(name)
	if couldName(name) {
		s.declares[u][name] = true
	}
}

// couldName reports whether a (lower-case) string could be the name of a
// definition or a module template: definition names are made of letters,
// digits, '_' and "::" (a WORD token adds '-'); template names end in
// ".epp". Most string literals (commands, paths, file content) are
// neither, and leaving them out keeps summaries small.
func couldName(s string) bool {
	if s == "" {
		return false
	}
	if strings.HasSuffix(s, ".epp") {
		return true
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '_' || c == ':' || c == '-') {
			return false
		}
	}
	return true
}

// walk visits n, which belongs to unit u; ns is the enclosing class name
// that qualifies nested definitions, as in the model.
func (s *summarizer) walk(n parser.Node, u int, ns string) {
	switch n := n.(type) {
	case *parser.If:
		s.walk(n.Cond, u, ns)
		s.arm(n, 0, n.Then, u, ns)
		if n.Else != nil {
			s.arm(n, 1, n.Else, u, ns)
		}
		return
	case *parser.Unless:
		s.walk(n.Cond, u, ns)
		s.arm(n, 0, n.Then, u, ns)
		if n.Else != nil {
			s.arm(n, 1, n.Else, u, ns)
		}
		return
	case *parser.Case:
		s.walk(n.Test, u, ns)
		for i, o := range n.Options {
			for _, v := range o.Values {
				s.walk(v, u, ns)
			}
			s.arm(n, i, o.Body, u, ns)
		}
		return
	case *parser.ClassDef:
		name := NormalizeClassName(qualify(ns, n.Name))
		inner := s.open(UnitClass, name)
		if n.Parent != "" && n.Parent != "default" {
			s.mention(inner, n.Parent)
			s.declare(inner, n.Parent)
			s.sum.Units[inner].Parent = NormalizeClassName(n.Parent)
		}
		s.children(n, inner, name)
		return
	case *parser.DefineDef:
		inner := s.open(UnitDefinedType, NormalizeClassName(qualify(ns, n.Name)))
		s.children(n, inner, ns)
		return
	case *parser.NodeDef:
		s.children(n, s.open(UnitNode, ""), "")
		return
	case *parser.FunctionDef:
		s.children(n, s.open(UnitDefinition, NormalizeClassName(n.Name)), "")
		return
	case *parser.PlanDef:
		s.children(n, s.open(UnitDefinition, NormalizeClassName(n.Name)), "")
		return
	case *parser.TypeAlias:
		s.children(n, s.open(UnitDefinition, NormalizeClassName(n.Name)), "")
		return
	case *parser.TypeDefinition:
		inner := s.open(UnitDefinition, NormalizeClassName(n.Name))
		s.mention(inner, n.Parent)
		s.children(n, inner, "")
		return
	case *parser.Name:
		s.mention(u, n.Value)
	case *parser.TypeRef:
		s.mention(u, n.Value)
	case *parser.StringLit:
		s.mention(u, n.Value)
		if strings.HasSuffix(n.Value, ".epp") {
			s.declare(u, n.Value) // rendered by epp() (or passed to a function that does)
		}
	case *parser.Call:
		s.test(u, n)
		declaring := declKindOf(n.FuncName()) != 0
		fn := strings.ToLower(strings.TrimPrefix(n.FuncName(), "::"))
		if fn == "hiera_include" {
			s.titled[u][anyResource] = true // the classes the data names
		}
		for _, arg := range n.Args {
			targets := classTargets(arg)
			if declKindOf(fn) != 0 && !literalNames(arg) {
				s.titled[u][anyResource] = true // a class the code computes, which may declare anything
			}
			for _, t := range targets {
				if declaring {
					s.declare(u, t.name)
				} else if couldName(t.name) && !strings.HasSuffix(t.name, ".epp") {
					s.declares[u][fn+"("+t.name+")"] = true
				}
			}
		}
		switch {
		case fn == "defined":
			for _, arg := range n.Args {
				for _, t := range classRefTargets(arg) {
					s.declare(u, t)
				}
			}
		case fn == "realize":
			for _, arg := range n.Args {
				for _, t := range resourceRefTypes(arg) {
					s.declare(u, t.name)
					s.titled[u][ResourceKey(t.name, realizedTitle)] = true
				}
			}
		case IsLookupFunction(fn):
			for _, k := range lookupSummary(n) {
				s.lookups[u][k] = true
			}
		case genericDeclaringFunctions[fn]:
			s.titled[u][anyResource] = true
		case packageDeclaringFunctions[fn]:
			s.titled[u][ResourceKey("package", "")] = true
		}
		if strings.Contains(fn, "::") {
			s.declare(u, fn)
		}
	case *parser.Relationship:
		s.refs(u, n.Left)
		s.refs(u, n.Right)
	case *parser.Collector:
		if n.Type != nil {
			s.declare(u, n.Type.Value)
			s.titled[u][ResourceKey(normalizeTypeRef(n.Type.Value), realizedTitle)] = true
			if len(n.Attrs) > 0 {
				s.overrides[u][normalizeTypeRef(n.Type.Value)] = true
			}
		}
	case *parser.Variable:
		if i := strings.LastIndex(n.Name, "::"); i > 0 {
			s.mention(u, n.Name[:i])
			if ns := NormalizeClassName(n.Name[:i]); couldName(ns) {
				s.readsFrom[u][ns] = true
			}
		}
	case *parser.ResourceDefaults:
		if t, ok := n.Type.(*parser.TypeRef); ok {
			s.defaults[u][normalizeTypeRef(t.Value)] = true // as the model reads it
		}
	case *parser.MethodCall:
		s.test(u, n)
		s.mention(u, n.Name)
		if declKindOf(n.Name) != 0 {
			s.titled[u][anyResource] = true // lookup('classes').include: classes the model does not declare by name
		}
		if strings.Contains(n.Name, "::") {
			s.declare(u, n.Name)
		}
	case *parser.Resource:
		if typ := n.TypeName(); typ == "class" {
			for _, body := range n.Bodies {
				if !literalNames(body.Title) {
					s.titled[u][anyResource] = true // a class the code computes, which may declare anything
				}
				for _, t := range classTargets(body.Title) {
					s.resourceLike[u][t.name] = true
					s.declare(u, t.name)
				}
			}
		} else if typ != "" {
			s.declare(u, typ)
			for _, body := range n.Bodies {
				for _, t := range TitleElems(body.Title) {
					if key, lit, ok := TitleKey(typ, t); ok && lit {
						s.titled[u][ResourceKey(typ, key)] = true
					}
				}
				// The identities duplicate detection compares, a defined
				// type's namevar included: whether the type is one is for
				// the tree to say.
				r := &Resource{Type: typ, Node: n, Body: body}
				keys := UniquenessKeys(r, !isCoreType(typ))
				for _, key := range keys {
					if slices.ContainsFunc(s.uniq[u][key], func(b []Branch) bool { return !Exclusive(b, s.branch) }) {
						s.titled[u][twiceInUnit] = true
					}
					s.titled[u][key] = true
				}
				for _, key := range keys {
					s.uniq[u][key] = append(s.uniq[u][key], slices.Clone(s.branch))
				}
				if !isExprDefault(r) && len(literalTitles(r)) < len(TitleElems(body.Title)) {
					s.titled[u][ResourceKey(typ, "")] = true // a title the code computes
				}
				for _, a := range body.Attrs {
					if !a.Splat && IsRelationshipParam(a.Name) {
						s.refs(u, a.Value)
					}
				}
			}
		} else {
			s.titled[u][anyResource] = true // a resource of a computed type
		}
	}
	s.children(n, u, ns)
}

// arm walks body, arm i of conditional cond: whether two resources with
// one key in a unit are on different arms of one conditional decides
// whether they can meet.
func (s *summarizer) arm(cond parser.Node, i int, body parser.Node, u int, ns string) {
	if body == nil || body == parser.Node((*parser.Block)(nil)) {
		return
	}
	s.branch = append(s.branch, Branch{Cond: cond, Arm: i})
	s.walk(body, u, ns)
	s.branch = s.branch[:len(s.branch)-1]
}

// refs records the references with literal titles of a relationship
// (other than to classes): whether something can declare them
// depends on every unit declaring them.
func (s *summarizer) refs(u int, e parser.Expr) {
	for _, el := range TitleElems(e) {
		ref, ok := RefOf(el)
		if !ok || ref.Type == "node" {
			continue
		}
		for _, t := range ref.Titles {
			if k, lit, ok := TitleKey(ref.Type, t); ok && lit {
				if ref.Type != "class" {
					k = NormalizeTitle(ref.Type, k)
				}
				s.refKeys[u][ResourceKey(ref.Type, k)] = true
			}
		}
	}
}

// test records the references a defined() call n of unit u tests.
func (s *summarizer) test(u int, n parser.Node) {
	args, ok := DefinedArgs(n)
	if !ok {
		return
	}
	for _, key := range LiteralRefKeys(n) {
		s.tested[u][key] = true
	}
	// defined('x::y') names a class or type: where it is declared decides
	// whether every catalog running the call holds it.
	for _, a := range args {
		if lit, ok := a.(*parser.StringLit); ok && !strings.HasPrefix(lit.Value, "$") {
			if name := NormalizeClassName(lit.Value); couldName(name) {
				s.tested[u][ResourceKey("class", name)] = true
			}
		}
	}
}

func (s *summarizer) children(n parser.Node, u int, ns string) {
	parser.EachChild(n, func(ch parser.Node) { s.walk(ch, u, ns) })
}
