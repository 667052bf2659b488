package model

import (
	"regexp"
	"slices"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load"
)

// Assigner is code that declares classes by names it computes: a dynamic
// include (include "role::${role}", class { "profile::${x}": }, contain
// $c), the include of a Hiera lookup's result (lookup('classes').include,
// hiera_include('classes'), .each |$c| { include $c }), or anything that
// can declare a class of any name (create_resources, include $param).
// A control repository assigns its classes to nodes this way; a class
// that no assigner of its environment can name is one only an ENC can
// assign (Program.OnlyENC).
type Assigner struct {
	// Entry is set for code that starts catalogs (the top scope of a main
	// manifest or a node definition, and lambdas in them) and names classes
	// by a pattern or Hiera data: it shows how the environment assigns
	// classes to nodes.
	Entry bool
	// Names are the normalised names of classes it can declare, and
	// Patterns match more of them; Keys are the Hiera keys whose values
	// name more.
	Names    []string
	Patterns []*regexp.Regexp
	Keys     []string
	// Any is set when the code does not show which classes it declares.
	Any bool
	// Span is the declaration's place in its file.
	Span parser.Span
}

// classNames is what an expression can evaluate to, as names of classes.
type classNames struct {
	names    []string
	patterns []*regexp.Regexp
	keys     []string
	any      bool
}

func (n *classNames) add(o classNames) {
	n.names = append(n.names, o.names...)
	n.patterns = append(n.patterns, o.patterns...)
	n.keys = append(n.keys, o.keys...)
	n.any = n.any || o.any
}

// maxNameDepth bounds how far names are followed through variables.
const maxNameDepth = 8

// iterators are the functions whose lambda's parameters take the elements
// (or the whole) of their first argument or receiver.
var iterators = map[string]bool{"each": true, "map": true, "filter": true, "with": true}

// passThrough are the functions and methods whose result holds the
// elements of their first argument or receiver.
var passThrough = map[string]bool{"flatten": true, "unique": true, "sort": true, "reverse_each": true, "delete": true,
	"delete_at": true, "delete_values": true, "delete_undef_values": true}

// noteAssigner records that node n of scope s declares the classes each
// of exprs names, unless every one of them is literal (the model declares
// those by name).
func (c *collector) noteAssigner(n parser.Node, s *Scope, exprs ...parser.Expr) {
	if !slices.ContainsFunc(exprs, func(e parser.Expr) bool { return !literalNames(e) }) {
		return
	}
	var all classNames
	for _, e := range exprs {
		all.add(c.namesOf(e, s, 0))
	}
	c.addAssigner(n, s, all)
}

// noteAnyAssigner records that node n of scope s can declare a class of
// any name.
func (c *collector) noteAnyAssigner(n parser.Node, s *Scope) {
	c.addAssigner(n, s, classNames{any: true})
}

func (c *collector) addAssigner(n parser.Node, s *Scope, names classNames) {
	o := s.Owner()
	entry := (o.Kind == TopScope || o.Def != nil && o.Def.Kind == NodeDef) && (len(names.patterns) > 0 || len(names.keys) > 0)
	c.facts.assigners = append(c.facts.assigners, &Assigner{Entry: entry, Names: names.names, Patterns: names.patterns,
		Keys: names.keys, Any: names.any, Span: n.Span()})
}

// literalNames reports whether e names classes literally only: a string,
// a bare word, Class['x'], or an array of those.
func literalNames(e parser.Expr) bool {
	switch v := e.(type) {
	case *parser.StringLit, *parser.Name, *parser.TypeRef:
		return true
	case *parser.Array:
		for _, el := range v.Elems {
			if !literalNames(el) {
				return false
			}
		}
		return true
	case *parser.Access:
		return len(classTargets(v)) == len(v.Keys) && len(v.Keys) > 0
	}
	return false
}

// namesOf returns the class names expression e of scope s can evaluate to.
func (c *collector) namesOf(e parser.Expr, s *Scope, depth int) classNames {
	if depth > maxNameDepth || e == nil || isNilNode(e) {
		return classNames{any: true}
	}
	switch v := e.(type) {
	case *parser.StringLit, *parser.Name, *parser.TypeRef:
		var out classNames
		for _, t := range classTargets(v) {
			out.names = append(out.names, t.name)
		}
		return out
	case *parser.Access:
		if ts := classTargets(v); len(ts) > 0 && len(ts) == len(v.Keys) {
			return c.namesOf(&parser.Array{Elems: v.Keys}, s, depth+1)
		}
	case *parser.InterpolatedString:
		if src, own := classPatternSource(v); own {
			return classNames{patterns: []*regexp.Regexp{c.alloc.patterns.compile(src)}}
		}
	case *parser.Array:
		var out classNames
		for _, el := range v.Elems {
			out.add(c.namesOf(el, s, depth+1))
		}
		return out
	case *parser.Hash:
		var out classNames
		for _, en := range v.Entries {
			out.add(c.namesOf(en.Key, s, depth+1))
			out.add(c.namesOf(en.Value, s, depth+1))
		}
		return out
	case *parser.Paren:
		return c.namesOf(v.X, s, depth+1)
	case *parser.Binary:
		if v.Op == "-" {
			return c.namesOf(v.X, s, depth+1) // fewer of them
		}
		if v.Op == "+" {
			out := c.namesOf(v.X, s, depth+1)
			out.add(c.namesOf(v.Y, s, depth+1))
			return out
		}
	case *parser.Selector:
		var out classNames
		for _, sc := range v.Cases {
			out.add(c.namesOf(sc.Value, s, depth+1))
		}
		return out
	case *parser.Undef:
		return classNames{}
	case *parser.Variable:
		return c.variableNames(v, s, depth)
	case *parser.Call:
		fn := NormalizeClassName(v.FuncName())
		if IsLookupFunction(fn) && v.Lambda == nil {
			return c.lookupNames(v, s, depth)
		}
		if passThrough[fn] && len(v.Args) > 0 && v.Lambda == nil {
			return c.namesOf(v.Args[0], s, depth+1)
		}
	case *parser.MethodCall:
		if passThrough[v.Name] && v.Lambda == nil {
			return c.namesOf(v.Receiver, s, depth+1)
		}
	}
	return classNames{any: true}
}

// lookupNames returns the class names a call of a lookup function can
// return: the values of its literal key in the data, and its default.
func (c *collector) lookupNames(call *parser.Call, s *Scope, depth int) classNames {
	names, _ := lookupNames(call)
	var out classNames
	for _, n := range names {
		literal, _, ok := lookupKey(n)
		if !ok {
			return classNames{any: true}
		}
		key, _, _ := strings.Cut(strings.TrimPrefix(literal, "::"), ".")
		out.keys = append(out.keys, key)
	}
	if len(names) == 0 {
		return classNames{any: true}
	}
	var defaults []parser.Expr
	switch {
	case call.FuncName() == "lookup" && len(call.Args) >= 4:
		defaults = append(defaults, call.Args[3])
	case call.FuncName() == "lookup":
		for _, a := range call.Args {
			if opts, ok := a.(*parser.Hash); ok {
				defaults = append(defaults, hashValue(opts, "default_value"), hashValue(opts, "default_values_hash"))
			}
		}
	case len(call.Args) >= 2:
		defaults = append(defaults, call.Args[1])
	}
	for _, d := range defaults {
		if d != nil {
			out.add(c.namesOf(d, s, depth+1))
		}
	}
	return out
}

// variableNames returns the class names a local variable can hold: the
// values every assignment of it in its scope (or the scopes its lambda is
// in, or for a node definition in a main manifest, the top scope it sees)
// gives it, or the elements of what a lambda whose parameter it is
// iterates over. A class or defined type's parameter, or a variable of
// another scope, can hold any name.
func (c *collector) variableNames(v *parser.Variable, s *Scope, depth int) classNames {
	if strings.Contains(v.Name, "::") {
		return classNames{any: true}
	}
	for sc := s; sc != nil; sc = c.enclosingForNames(sc) {
		if lambda, ok := sc.Node.(*parser.Lambda); ok && sc.Kind == LambdaScope {
			for _, p := range lambda.Params {
				if p.Name == v.Name {
					if src, ok := c.lambdaSources[lambda]; ok {
						return c.namesOf(src, sc.Parent, depth+1)
					}
					return classNames{any: true}
				}
			}
		}
		var out classNames
		found := false
		for _, a := range sc.Assignments {
			if a.Name != v.Name {
				continue
			}
			found = true
			if a.Value == nil {
				return classNames{any: true}
			}
			out.add(c.namesOf(a.Value, sc, depth+1))
		}
		if found {
			return out
		}
	}
	return classNames{any: true}
}

// enclosingForNames returns the scope whose variables code of scope s sees
// next, as far as this file shows it: a lambda's enclosing scope, and for
// a node definition of a main manifest, the top scope, whose code Puppet
// evaluates first (its assignments in this file so far are those the walk
// has met). Nil for other scopes.
func (c *collector) enclosingForNames(s *Scope) *Scope {
	switch {
	case s.Kind == LambdaScope:
		return s.Parent
	case s.Kind == NodeScope && c.facts.top != nil && c.facts.top.Kind == TopScope:
		return c.facts.top
	}
	return nil
}

// noteLambda records what the lambda of an iterating call or method call
// takes its parameters' values from.
func (c *collector) noteLambda(fn string, lambda *parser.Lambda, source parser.Expr) {
	if lambda == nil || source == nil || !iterators[NormalizeClassName(fn)] {
		return
	}
	if c.lambdaSources == nil {
		c.lambdaSources = map[*parser.Lambda]parser.Expr{}
	}
	c.lambdaSources[lambda] = source
}

// classPatternSource returns the source of the regular expression
// matching the normalised class names an interpolated string can be; own
// is false when it has no text of its own.
func classPatternSource(s *parser.InterpolatedString) (src string, own bool) {
	return interpolationSource(s, func(i int, v string) (string, bool) {
		v = strings.ToLower(v)
		if i == 0 {
			v = strings.TrimPrefix(v, "::")
		}
		return v, strings.Trim(v, ":") != ""
	})
}

// hieraInterpolation is an interpolation in a Hiera value: %{...}.
var hieraInterpolation = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`%\{[^}]*\}`) })

// dataClassName returns the normalised class name a string of Hiera data
// is, or the regular expression matching those it can be (its
// interpolations any text); neither when it has no text of its own.
func dataClassName(v string) (string, *regexp.Regexp) {
	v = strings.TrimPrefix(strings.ToLower(strings.TrimSpace(v)), "::")
	if !strings.Contains(v, "%{") {
		return v, nil
	}
	return "", dataClassPattern(v)
}

// dataClassPattern returns the regular expression matching the class
// names an interpolated string of Hiera data can be, nil when it has no
// text of its own.
func dataClassPattern(v string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString("^")
	text := false
	last := 0
	for _, m := range hieraInterpolation().FindAllStringIndex(v, -1) {
		b.WriteString(regexp.QuoteMeta(v[last:m[0]]))
		text = text || strings.Trim(v[last:m[0]], ":") != ""
		b.WriteString("(?s:.*)")
		last = m[1]
	}
	b.WriteString(regexp.QuoteMeta(v[last:]))
	text = text || strings.Trim(v[last:], ":") != ""
	b.WriteString("$")
	if !text {
		return nil
	}
	return regexp.MustCompile(b.String())
}

// envAssigners is what the assigners of one environment's code can
// assign.
type envAssigners struct {
	// entry is set when code that starts catalogs assigns classes.
	entry bool
	// any is set when some code can declare a class of any name.
	any      bool
	names    map[string]bool
	patterns []*regexp.Regexp
}

// assignersOnce memoises Program.assigners.
type assignersOnce struct {
	once  sync.Once
	byEnv map[*load.Environment]*envAssigners
}

// assigners returns, per environment, what its code can assign by names
// it computes, with the values of the Hiera keys it includes read from
// the data of the layers serving the environment's code.
func (p *Program) assigners() map[*load.Environment]*envAssigners {
	p.assigned.once.Do(func() {
		byEnv := map[*load.Environment]*envAssigners{}
		type keyIn struct {
			env *load.Environment
			key string
		}
		read := map[keyIn]bool{} // the keys whose data e holds
		for _, f := range p.Files {
			if f.documentation || f.Source == nil || f.Source.Env == nil || len(f.assigners) == 0 {
				continue
			}
			env := f.Source.Env
			e := byEnv[env]
			if e == nil {
				e = &envAssigners{names: map[string]bool{}}
				byEnv[env] = e
			}
			for _, a := range f.assigners {
				e.entry = e.entry || a.Entry
				e.any = e.any || a.Any
				for _, n := range a.Names {
					e.names[n] = true
				}
				e.patterns = append(e.patterns, a.Patterns...)
				for _, k := range a.Keys {
					if !read[keyIn{env, k}] {
						read[keyIn{env, k}] = true
						e.any = p.dataClassNames(env, k, e) || e.any
					}
				}
			}
		}
		p.assigned.byEnv = byEnv
	})
	return p.assigned.byEnv
}

// dataClassNames adds to e the class names that the data of key (a
// top-level key) holds in the layers serving lookups from code of env:
// the environment's layer, and that of the module the key's first segment
// names. It reports true when the tree does not show that data: the
// environment has no layer of its own, or its hierarchy reads data from
// elsewhere (a custom backend: Vault, a database), or a data file of a
// serving layer cannot be parsed, or a value is computed without text of
// its own.
func (p *Program) dataClassNames(env *load.Environment, key string, e *envAssigners) (any bool) {
	h := p.Hiera()
	layer := h.EnvironmentLayer(env)
	mod, _, _ := strings.Cut(key, "::")
	if layer == nil || h.Broken(layer.Source.Path) || h.brokenModules[mod] || readsOutside(layer) {
		return true
	}
	for _, f := range h.data[key] {
		src := f.Source
		if src.HieraConfig != layer.Path && !(src.Module != nil && src.Module.Name == mod && (src.Module.Env == env || src.Module.Env == nil)) {
			continue
		}
		for _, k := range f.Hiera.Data.Keys {
			if k.Name != key {
				continue
			}
			for _, v := range scalars(k.Value, nil, 0) {
				if strings.HasPrefix(v, "--") {
					continue // a knockout: it removes a name
				}
				switch name, re := dataClassName(v); {
				case name != "":
					e.names[name] = true
				case re != nil:
					e.patterns = append(e.patterns, re)
				default:
					return true
				}
			}
		}
	}
	return false
}

// readsOutside reports whether a Hiera configuration has a level whose
// backend reads no data file of the tree (a custom function, hocon_data),
// or is no version 5 configuration ducklint reads the levels of.
func readsOutside(conf *File) bool {
	if conf.Hiera == nil || conf.Hiera.Config == nil || conf.Hiera.Config.Version != 5 {
		return true
	}
	for _, l := range conf.Hiera.Config.Levels {
		if l.Format() == "" {
			return true
		}
	}
	return false
}

// scalars appends the scalar strings in n (elements, keys and values,
// through aliases) to out.
func scalars(n *yaml.Node, out []string, depth int) []string {
	if n == nil || depth > maxNameDepth {
		return out
	}
	switch n.Kind {
	case yaml.ScalarNode:
		if n.Tag == "" || n.Tag == "!!str" {
			out = append(out, n.Value)
		}
	case yaml.AliasNode:
		out = scalars(n.Alias, out, depth+1)
	default:
		for _, c := range n.Content {
			out = scalars(c, out, depth+1)
		}
	}
	return out
}

// OnlyENC reports whether class d, which nothing in the tree declares, is
// one only an ENC (or Hiera data outside the tree) can assign: its
// environment's main manifests or node definitions assign classes by
// names they compute (include "role::${role}", lookup('classes').include,
// hiera_include), and no code of the environment can compute its name.
// An environment that assigns no class that way leaves every assignment
// to its ENC: each class nothing declares may be one.
func (p *Program) OnlyENC(d *Definition) bool {
	if d == nil || d.Kind != ClassDef || d.File == nil || d.File.Source == nil || d.File.Source.Env == nil {
		return false
	}
	e := p.assigners()[d.File.Source.Env]
	if e == nil || !e.entry || e.any {
		return false
	}
	if e.names[d.Name] {
		return false
	}
	for _, re := range e.patterns {
		if re.MatchString(d.Name) {
			return false
		}
	}
	return true
}
