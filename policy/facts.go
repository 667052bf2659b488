package policy

import (
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules/model"
)

// fact is one object a policy's condition is evaluated on, with where a
// finding on it is reported.
type fact struct {
	obj  any
	span parser.Span
}

// facts extracts a file's objects of one kind from its parsed tree and
// the model. nodes and parents are the file's nodes as rules.Pass lists
// them (parents first, each with its parent's index).
type facts struct {
	prog    *model.Program
	file    *model.File
	nodes   []parser.Node
	parents []int32
	owner   []int32 // index of the innermost enclosing class, define or node; -1 for none
	// fields are the object fields the policy reads: the costlier ones
	// are worked out only when read.
	fields map[string]bool
	// filters are the keys the policies admit, by kind (shared.filters):
	// objects with other keys are not made.
	filters map[string]prefilter

	byOwner map[int32][]string // resource types by owner index; see resourceTypes

	// mu guards made: the objects by kind, made on first use. Passes
	// over one file run one after another; the lock only orders them.
	mu   sync.Mutex
	made map[string][]fact
}

// owners works out owner, once per file.
func (f *facts) owners() {
	if f.owner != nil {
		return
	}
	nodes, parents := f.nodes, f.parents
	f.owner = make([]int32, len(nodes))
	for i := range nodes {
		p := parents[i]
		switch {
		case p < 0:
			f.owner[i] = -1
		case isOwner(nodes[p]):
			f.owner[i] = p
		default:
			f.owner[i] = f.owner[p]
		}
	}
}

// admits reports whether some policy of kind match can flag an object
// with key k.
func (f *facts) admits(match, k string) bool {
	set, ok := f.filters[match]
	return !ok || set == nil || set[k]
}

func isOwner(n parser.Node) bool {
	switch n.(type) {
	case *parser.ClassDef, *parser.DefineDef, *parser.NodeDef:
		return true
	}
	return false
}

// of returns the file's objects of kind match.
func (f *facts) of(match string) []fact {
	f.mu.Lock()
	defer f.mu.Unlock()
	if out, ok := f.made[match]; ok {
		return out
	}
	if f.made == nil {
		f.made = map[string][]fact{}
	}
	f.owners()
	out := f.make(match)
	f.made[match] = out
	return out
}

func (f *facts) make(match string) []fact {
	switch match {
	case "resource":
		return f.resources()
	case "class":
		return f.definitions(model.ClassDef)
	case "define":
		return f.definitions(model.DefineDef)
	case "declaration":
		return f.declarations()
	case "node":
		return f.nodeDefs()
	case "function_call":
		return f.calls()
	}
	return nil
}

// text is the source text of span.
func (f *facts) text(s parser.Span) string {
	src := f.file.Parsed.Src
	a, b := int(s.Start.Offset), int(s.End.Offset)
	if a < 0 || b > len(src) || a > b {
		return ""
	}
	return string(src[a:b])
}

// location is where node i of the file is.
func (f *facts) location(i int, span parser.Span) Location {
	loc := Location{File: f.file.Path, Line: int(span.Start.Line)}
	if m := f.file.Source.Module; m != nil {
		loc.Module = m.Name
	}
	for o := f.owner[i]; o >= 0; o = f.owner[o] {
		switch d := f.nodes[o].(type) {
		case *parser.ClassDef:
			if loc.Class == "" && loc.Define == "" {
				loc.Class = model.NormalizeClassName(d.Name)
			}
		case *parser.DefineDef:
			if loc.Class == "" && loc.Define == "" {
				loc.Define = model.NormalizeClassName(d.Name)
			}
		case *parser.NodeDef:
			loc.Node = nodeNames(d)[0]
		}
	}
	return loc
}

func (f *facts) resources() []fact {
	var out []fact
	for i, n := range f.nodes {
		r, ok := n.(*parser.Resource)
		if !ok || !f.admits("resource", r.TypeName()) {
			continue
		}
		for _, b := range r.Bodies {
			res := Resource{Type: r.TypeName(), Virtual: r.Form != "", Exported: r.Form == "exported",
				Titles: []string{}, Attributes: make(map[string]any, len(b.Attrs))}
			if f.fields["attribute_source"] {
				res.AttributeSource = make(map[string]string, len(b.Attrs))
			}
			span := r.Span()
			if b.Title != nil {
				span = b.Title.Span()
				switch v := literal(b.Title).(type) {
				case string:
					res.Title, res.Titles = v, []string{v}
				case []any:
					res.Title = f.text(span)
					for _, t := range v {
						if s, ok := t.(string); ok {
							res.Titles = append(res.Titles, s)
						}
					}
				default:
					res.Title = f.text(span)
				}
			}
			for _, a := range b.Attrs {
				if a.Splat {
					continue
				}
				res.Attributes[a.Name] = literal(a.Value)
				if a.Value != nil && f.fields["attribute_source"] {
					res.AttributeSource[a.Name] = f.text(a.Value.Span())
				}
			}
			res.Location = f.location(i, span)
			out = append(out, fact{&res, span})
		}
	}
	return out
}

// declares returns the names declared from the scope of definition
// node n in this file, in order, once each.
func (f *facts) declares(n parser.Node) []string {
	out := []string{}
	if !f.fields["declares"] {
		return out
	}
	s := f.prog.ScopeOf(n)
	if s == nil {
		return out
	}
	for _, d := range s.Declarations {
		if d.File == f.file && d.Kind != model.Inherits && !slices.Contains(out, d.Target) {
			out = append(out, d.Target)
		}
	}
	return out
}

// resourceTypes returns the types of the resources written directly in
// the owner at node index o.
func (f *facts) resourceTypes(o int) []string {
	if !f.fields["resources"] {
		return []string{}
	}
	if f.byOwner == nil {
		f.byOwner = map[int32][]string{}
		for i, n := range f.nodes {
			if r, ok := n.(*parser.Resource); ok {
				for range r.Bodies {
					f.byOwner[f.owner[i]] = append(f.byOwner[f.owner[i]], r.TypeName())
				}
			}
		}
	}
	if out := f.byOwner[int32(o)]; out != nil {
		return out
	}
	return []string{}
}

func (f *facts) definitions(kind model.DefKind) []fact {
	var out []fact
	for i, n := range f.nodes {
		var name, parent string
		var params []*parser.Parameter
		var nameSpan parser.Span
		switch d := n.(type) {
		case *parser.ClassDef:
			if kind != model.ClassDef {
				continue
			}
			name, parent, params, nameSpan = d.Name, d.Parent, d.Params, d.NameSpan
		case *parser.DefineDef:
			if kind != model.DefineDef {
				continue
			}
			name, params, nameSpan = d.Name, d.Params, d.NameSpan
		default:
			continue
		}
		var doc string
		if f.fields["documented"] {
			doc = f.docComment(n.Span().Start)
		}
		documented := documentedParams(doc)
		def := Definition{Name: model.NormalizeClassName(name), Parent: model.NormalizeClassName(parent),
			Documented: doc != "", Parameters: []Parameter{}, Resources: f.resourceTypes(i), Declares: f.declares(n)}
		for _, p := range params {
			par := Parameter{Name: p.Name, HasDefault: p.Default != nil, Documented: documented[p.Name]}
			if p.Type != nil {
				par.Type = f.text(p.Type.Span())
			}
			if p.Default != nil {
				par.Default = literal(p.Default)
			}
			def.Parameters = append(def.Parameters, par)
		}
		if f.fields["catalog"] {
			if s := f.prog.ScopeOf(n); s != nil {
				c := f.prog.Catalogs()
				def.Catalog = Catalog{EntryPoints: c.EntryPoints(s), ReachedFromMain: c.ReachedFromMain(s)}
			}
		}
		def.Location = f.location(i, nameSpan)
		out = append(out, fact{&def, nameSpan})
	}
	return out
}

// docComment returns the text of the comment lines right above pos, ""
// when there are none.
func (f *facts) docComment(pos parser.Pos) string {
	cs := f.file.Parsed.Comments
	i := sort.Search(len(cs), func(i int) bool { return cs[i].Start.Offset >= pos.Offset })
	var lines []string
	want := pos.Line - 1
	for i--; i >= 0 && cs[i].OwnLine && cs[i].End.Line == want; i-- {
		lines = append(lines, cs[i].Text)
		want = cs[i].Start.Line - 1
	}
	slices.Reverse(lines)
	return strings.Join(lines, "\n")
}

var paramTag = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`@param\s+(?:\[[^\]]*\]\s+)?\$?(\w+)`) })

// documentedParams returns the names a doc comment has an @param tag for.
func documentedParams(doc string) map[string]bool {
	if !strings.Contains(doc, "@param") {
		return nil
	}
	out := map[string]bool{}
	for _, m := range paramTag().FindAllStringSubmatch(doc, -1) {
		out[m[1]] = true
	}
	return out
}

var declKinds = map[model.DeclKind]string{
	model.Include: "include", model.Require: "require", model.Contain: "contain",
	model.ResourceLike: "resource-like", model.Inherits: "inherits", model.DefineInstance: "instance",
}

func (f *facts) declarations() []fact {
	// Every scope of the file: its outer scope and those of its
	// definitions and lambdas.
	var scopes []*model.Scope
	seen := map[*model.Scope]bool{}
	add := func(s *model.Scope) {
		if s != nil && !seen[s] {
			seen[s] = true
			scopes = append(scopes, s)
		}
	}
	add(f.file.Scope)
	for _, n := range f.nodes {
		switch n.(type) {
		case *parser.ClassDef, *parser.DefineDef, *parser.NodeDef, *parser.Lambda, *parser.FunctionDef, *parser.PlanDef:
			add(f.prog.ScopeOf(n))
		}
	}
	var out []fact
	for _, s := range scopes {
		owner := s.Owner()
		for _, d := range s.Declarations {
			kind, ok := declKinds[d.Kind]
			if !ok || d.File != f.file || !f.admits("declaration", kind) {
				continue
			}
			decl := Declaration{To: d.Target, Written: strings.Trim(f.text(d.Span), `'"`), Kind: kind,
				Conditional: len(d.Branch) > 0, FromKind: scopeKind(owner)}
			if owner.Def != nil {
				decl.From = owner.Def.Name
			}
			decl.Location = f.scopeLocation(owner, d.Span)
			out = append(out, fact{&decl, d.Span})
		}
	}
	slices.SortStableFunc(out, func(a, b fact) int { return int(a.span.Start.Offset - b.span.Start.Offset) })
	return out
}

// scopeLocation is where code of scope s at span is.
func (f *facts) scopeLocation(s *model.Scope, span parser.Span) Location {
	loc := Location{File: f.file.Path, Line: int(span.Start.Line)}
	if m := f.file.Source.Module; m != nil {
		loc.Module = m.Name
	}
	if s.Def == nil {
		return loc
	}
	switch n := s.Def.Node.(type) {
	case *parser.ClassDef:
		loc.Class = s.Def.Name
	case *parser.DefineDef:
		loc.Define = s.Def.Name
	case *parser.NodeDef:
		loc.Node = nodeNames(n)[0]
	}
	return loc
}

func scopeKind(s *model.Scope) string {
	switch s.Kind {
	case model.TopScope:
		return "top"
	case model.NodeScope:
		return "node"
	case model.ClassScope:
		return "class"
	case model.DefineScope:
		return "define"
	case model.LambdaScope:
		return "lambda"
	case model.FunctionScope:
		return "function"
	case model.PlanScope:
		return "plan"
	}
	return "file"
}

// nodeNames are a node's matchers as written; never empty.
func nodeNames(d *parser.NodeDef) []string {
	out := []string{}
	for _, m := range d.Matchers {
		switch m := m.(type) {
		case *parser.StringLit:
			out = append(out, m.Value)
		case *parser.Name:
			out = append(out, m.Value)
		case *parser.Regex:
			out = append(out, "/"+m.Pattern+"/")
		case *parser.Default:
			out = append(out, "default")
		}
	}
	if len(out) == 0 {
		out = append(out, "")
	}
	return out
}

func (f *facts) nodeDefs() []fact {
	var out []fact
	for i, n := range f.nodes {
		d, ok := n.(*parser.NodeDef)
		if !ok {
			continue
		}
		names := nodeNames(d)
		node := Node{Names: names, IsDefault: slices.Contains(names, "default"), Resources: f.resourceTypes(i), Declares: f.declares(n)}
		span := d.Span()
		if len(d.Matchers) > 0 {
			span = d.Matchers[0].Span()
		}
		node.Location = f.location(i, span)
		out = append(out, fact{&node, span})
	}
	return out
}

func (f *facts) calls() []fact {
	var out []fact
	for i, n := range f.nodes {
		var call *FunctionCall
		var span parser.Span
		switch c := n.(type) {
		case *parser.Call:
			name, ok := c.Func.(*parser.Name)
			if !ok {
				continue
			}
			span = name.Span()
			fn := strings.ToLower(strings.TrimPrefix(name.Value, "::"))
			if !f.admits("function_call", fn) {
				continue
			}
			call = &FunctionCall{Name: fn, Arguments: literals(c.Args)}
		case *parser.MethodCall:
			span = c.NameSpan
			fn := strings.ToLower(c.Name)
			if !f.admits("function_call", fn) {
				continue
			}
			call = &FunctionCall{Name: fn, Arguments: literals(append([]parser.Expr{c.Receiver}, c.Args...))}
		default:
			continue
		}
		call.Location = f.location(i, span)
		out = append(out, fact{call, span})
	}
	return out
}

func literals(xs []parser.Expr) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = literal(x)
	}
	return out
}

// literal returns the value of a literal expression — string, int64,
// float64, bool, []any, map[string]any — or nil when it is not one (or
// is undef). Bare words are strings, as Puppet reads them.
func literal(x parser.Expr) any {
	switch x := x.(type) {
	case *parser.StringLit:
		return x.Value
	case *parser.Name:
		return x.Value
	case *parser.Bool:
		return x.Value
	case *parser.Number:
		if x.IsFloat {
			if v, err := strconv.ParseFloat(x.Raw, 64); err == nil && !math.IsInf(v, 0) {
				return v
			}
			return nil
		}
		if v, err := strconv.ParseInt(x.Raw, 0, 64); err == nil {
			return v
		}
		if x.Radix == 8 { // 0644: Go's base prefix for octal is 0o
			if v, err := strconv.ParseInt(strings.TrimPrefix(x.Raw, "0"), 8, 64); err == nil {
				return v
			}
		}
		return nil
	case *parser.Paren:
		return literal(x.X)
	case *parser.Heredoc:
		if !x.Interpolated {
			if s, ok := x.Text.(*parser.StringLit); ok {
				return s.Value
			}
		}
		return nil
	case *parser.Array:
		out := make([]any, len(x.Elems))
		for i, e := range x.Elems {
			out[i] = literal(e)
		}
		return out
	case *parser.Hash:
		out := make(map[string]any, len(x.Entries))
		for _, e := range x.Entries {
			k, ok := literal(e.Key).(string)
			if !ok {
				return nil
			}
			out[k] = literal(e.Value)
		}
		return out
	}
	return nil
}
