package model

import (
	"slices"
	"strings"
	"sync"

	"github.com/ducklint/ducklint/parser"
)

// DefinedArgs returns the arguments of a call of defined(), written
// defined(x) or x.defined, and whether n is one.
func DefinedArgs(n parser.Node) ([]parser.Expr, bool) {
	switch c := n.(type) {
	case *parser.Call:
		if strings.TrimPrefix(c.FuncName(), "::") == "defined" {
			return c.Args, true
		}
	case *parser.MethodCall:
		if c.Name == "defined" {
			return append([]parser.Expr{c.Receiver}, c.Args...), true
		}
	}
	return nil, false
}

// ArmImplies returns the defined() calls in the test of an if or unless
// whose answer is known whenever arm arm (0 for the first) runs: absent
// are false there, present true. `if !defined(X) and $y` runs its first arm
// only while X is absent; the else-arm of `if defined(X) or $y` too, while
// its first arm implies nothing about X. Case and selector arms imply
// nothing.
func ArmImplies(cond parser.Node, arm int) (absent, present []parser.Node) {
	var test parser.Expr
	var holds bool
	switch n := cond.(type) {
	case *parser.If:
		test, holds = n.Cond, arm == 0
	case *parser.Unless:
		test, holds = n.Cond, arm != 0
	default:
		return nil, nil
	}
	implied(test, holds, &absent, &present)
	return absent, present
}

// implied collects the defined() calls whose answer follows from e being
// want: through parentheses, !, `and` (when true) and `or` (when false).
func implied(e parser.Expr, want bool, absent, present *[]parser.Node) {
	switch n := e.(type) {
	case *parser.Paren:
		implied(n.X, want, absent, present)
	case *parser.Unary:
		if n.Op == "!" {
			implied(n.X, !want, absent, present)
		}
	case *parser.Binary:
		if (n.Op == "and" && want) || (n.Op == "or" && !want) {
			implied(n.X, want, absent, present)
			implied(n.Y, want, absent, present)
		}
	case *parser.Call, *parser.MethodCall:
		if _, ok := DefinedArgs(n); !ok {
			return
		}
		if want {
			*present = append(*present, n)
		} else {
			*absent = append(*absent, n)
		}
	}
}

// Ref is a resource or class reference, as defined() tests it:
// File['/a'], Class['x'], Resource['file', '/a'], Apache::Vhost[$name].
type Ref struct {
	// Type is the lower-case type name without a leading "::"; "class"
	// for classes.
	Type string
	// Titles are the title expressions (several for File['/a', '/b']).
	Titles []parser.Expr
}

// RefOf reads e as a reference with at least one title.
func RefOf(e parser.Expr) (Ref, bool) {
	acc, ok := e.(*parser.Access)
	if !ok || len(acc.Keys) == 0 {
		return Ref{}, false
	}
	t, ok := acc.Target.(*parser.TypeRef)
	if !ok {
		return Ref{}, false
	}
	typ := normalizeTypeRef(t.Value)
	keys := acc.Keys
	if typ == "resource" {
		if len(keys) < 2 {
			return Ref{}, false
		}
		lit, ok := keys[0].(*parser.StringLit)
		if !ok {
			return Ref{}, false
		}
		typ, keys = NormalizeClassName(lit.Value), keys[1:]
	}
	return Ref{Type: typ, Titles: keys}, true
}

// TitleKey renders a title for comparison with other titles of the same
// type: literal is set when it is a constant. Class names are normalised
// as Puppet does (lower case, no leading "::"). Variables, interpolation
// indexing of variables and argument-less method calls render as written
// (`$x.dirname` as `$x.dirname()`), so that the same expression compares
// equal; ok is false for other expressions.
func TitleKey(typ string, e parser.Expr) (key string, literal, ok bool) {
	// Most titles are one string or bare word: their key is its value,
	// with no builder to copy it into.
	switch n := e.(type) {
	case *parser.StringLit:
		key, literal, ok = n.Value, true, true
	case *parser.Name:
		key, literal, ok = n.Value, true, true
	default:
		var b strings.Builder
		literal, ok = renderTitle(&b, e)
		key = b.String()
	}
	if typ == "class" {
		key = NormalizeClassName(key)
	}
	return key, literal, ok
}

// renderTitle writes e for TitleKey, reporting whether it is constant and
// whether it could be rendered at all.
func renderTitle(b *strings.Builder, e parser.Expr) (literal, ok bool) {
	switch n := e.(type) {
	case *parser.StringLit:
		b.WriteString(n.Value)
		return true, true
	case *parser.Name:
		b.WriteString(n.Value)
		return true, true
	case *parser.InterpolatedString:
		literal = true
		for _, part := range n.Parts {
			if lit, isLit := part.(*parser.StringLit); isLit {
				b.WriteString(lit.Value)
				continue
			}
			literal = false
			b.WriteString("${")
			if _, ok := renderTitle(b, part); !ok {
				return false, false
			}
			b.WriteString("}")
		}
		return literal, true
	case *parser.Variable:
		b.WriteString("$" + strings.TrimPrefix(n.Name, "::"))
		return false, true
	case *parser.Access:
		if _, ok := renderTitle(b, n.Target); !ok {
			return false, false
		}
		for _, k := range n.Keys {
			b.WriteString("[")
			if _, ok := renderTitle(b, k); !ok {
				return false, false
			}
			b.WriteString("]")
		}
		return false, true
	case *parser.MethodCall:
		if _, ok := renderTitle(b, n.Receiver); !ok || len(n.Args) > 0 || n.Lambda != nil {
			return false, false
		}
		b.WriteString("." + n.Name + "()")
		return false, true
	}
	return false, false
}

// literalTitle reports whether TitleKey finds e a constant, without
// rendering it. It is the one test of a title's being constant that does
// not render it; TitleKey's literal agrees with it on every title.
func literalTitle(e parser.Expr) bool {
	switch n := e.(type) {
	case *parser.StringLit, *parser.Name:
		return true
	case *parser.InterpolatedString:
		for _, part := range n.Parts {
			if _, ok := part.(*parser.StringLit); !ok {
				return false
			}
		}
		return true
	}
	return false
}

// eachTitle calls visit with each title of a resource body's title
// expression, as TitleElems lists them, until visit returns false; it
// reports whether every call returned true. Unlike TitleElems it makes
// no list for a single title.
func eachTitle(title parser.Expr, visit func(parser.Expr) bool) bool {
	if arr, ok := title.(*parser.Array); ok {
		for _, e := range arr.Elems {
			if !visit(e) {
				return false
			}
		}
		return true
	}
	return visit(title)
}

// allLiteralTitles reports whether every title of a resource body's title
// expression is a constant.
func allLiteralTitles(title parser.Expr) bool { return eachTitle(title, literalTitle) }

// ResourceKey is the key under which ResourcesTitled finds a resource of
// type typ with the literal title.
func ResourceKey(typ, title string) string { return typ + "[" + title + "]" }

// TitleElems returns the titles of a resource body's title expression:
// the elements of an array, else the expression itself (the titles
// eachTitle visits).
func TitleElems(e parser.Expr) []parser.Expr {
	if arr, ok := e.(*parser.Array); ok {
		return arr.Elems
	}
	return []parser.Expr{e}
}

// titledOnce memoises the index of ResourcesTitled.
type titledOnce struct {
	once sync.Once
	// byType holds, for each type of resource the program declares, its
	// index by title, made when a key of the type is first looked up:
	// the keys looked up are of a few types (those code tests with
	// defined()), and the title keys of the other types' resources are
	// never worked out.
	byType map[string]*titledOfType
}

// titledOfType are the resources of one type and, once made, their index
// by title key.
type titledOfType struct {
	once      sync.Once
	resources []*Resource
	byTitle   map[string][]*Resource
}

// ResourcesTitled returns every resource of type typ (other than class)
// of the program with the literal title key title (see TitleKey), in
// scope order, outside documentation files. The index is built on first
// use.
func (p *Program) ResourcesTitled(typ, title string) []*Resource {
	p.titled.once.Do(func() {
		byType := map[string]*titledOfType{}
		for _, s := range p.Scopes() {
			for _, r := range s.Resources {
				if r.File.documentation || r.Body == nil {
					continue
				}
				t := byType[r.Type]
				if t == nil {
					t = &titledOfType{}
					byType[r.Type] = t
				}
				t.resources = append(t.resources, r)
			}
		}
		p.titled.byType = byType
	})
	t := p.titled.byType[typ]
	if t == nil {
		return nil
	}
	t.once.Do(func() {
		byTitle := map[string][]*Resource{}
		for _, r := range t.resources {
			for _, e := range TitleElems(r.Body.Title) {
				if k, lit, ok := TitleKey(r.Type, e); ok && lit {
					byTitle[k] = append(byTitle[k], r)
				}
			}
		}
		t.byTitle = byTitle
	})
	return t.byTitle[title]
}

// GuardedAgainst reports whether code on branch runs only while key (see
// ResourceKey; "class[name]" for a class) is not declared yet: an arm on
// the way implies that defined() of a reference with that literal title is
// false.
func GuardedAgainst(branch []Branch, key string) bool {
	for _, b := range branch {
		absent, _ := ArmImplies(b.Cond, b.Arm)
		for _, call := range absent {
			if slices.Contains(LiteralRefKeys(call), key) {
				return true
			}
		}
	}
	return false
}

// LiteralRefKeys returns the keys of the references with literal titles
// that a defined() call tests.
func LiteralRefKeys(call parser.Node) []string {
	args, _ := DefinedArgs(call)
	var out []string
	for _, a := range args {
		ref, ok := RefOf(a)
		if !ok {
			continue
		}
		for _, t := range ref.Titles {
			if k, lit, ok := TitleKey(ref.Type, t); ok && lit {
				out = append(out, ResourceKey(ref.Type, k))
			}
		}
	}
	return out
}
