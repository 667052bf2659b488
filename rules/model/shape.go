package model

import (
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/ducklint/ducklint/parser"
)

var (
	spanType = reflect.TypeFor[parser.Span]()
	posType  = reflect.TypeFor[parser.Pos]()
)

// shapeComparison walks two trees side by side: they are alike when they
// are equal but for positions, every resource default's values are
// written alike (findings quote them), and every class and defined type
// is private in both or in neither (its doc comment may say so).
type shapeComparison struct {
	a, b  *parser.File
	stack [][2]reflect.Value
}

// same compares x and y, values of the same static type, with a stack
// rather than recursion: trees may be deep.
func (sc *shapeComparison) same(x, y reflect.Value) bool {
	sc.stack = append(sc.stack[:0], [2]reflect.Value{x, y})
	for len(sc.stack) > 0 {
		top := sc.stack[len(sc.stack)-1]
		sc.stack = sc.stack[:len(sc.stack)-1]
		if !sc.step(top[0], top[1]) {
			return false
		}
	}
	return true
}

// step compares x and y's own scalars and pushes their parts.
func (sc *shapeComparison) step(x, y reflect.Value) bool {
	if x.Kind() != y.Kind() {
		return false
	}
	switch x.Kind() {
	case reflect.Interface:
		if x.IsNil() || y.IsNil() {
			return x.IsNil() == y.IsNil()
		}
		x, y = x.Elem(), y.Elem()
		if x.Type() != y.Type() {
			return false
		}
		sc.stack = append(sc.stack, [2]reflect.Value{x, y})
	case reflect.Pointer:
		if x.IsNil() || y.IsNil() {
			return x.IsNil() == y.IsNil()
		}
		if !sc.nodeExtras(x, y) {
			return false
		}
		sc.stack = append(sc.stack, [2]reflect.Value{x.Elem(), y.Elem()})
	case reflect.Slice, reflect.Array:
		if x.Len() != y.Len() {
			return false
		}
		for i := x.Len() - 1; i >= 0; i-- {
			sc.stack = append(sc.stack, [2]reflect.Value{x.Index(i), y.Index(i)})
		}
	case reflect.Struct:
		if t := x.Type(); t == spanType || t == posType {
			return true
		}
		for i := x.NumField() - 1; i >= 0; i-- {
			sc.stack = append(sc.stack, [2]reflect.Value{x.Field(i), y.Field(i)})
		}
	case reflect.String:
		return x.String() == y.String()
	case reflect.Bool:
		return x.Bool() == y.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return x.Int() == y.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return x.Uint() == y.Uint()
	case reflect.Float32, reflect.Float64:
		return x.Float() == y.Float()
	default:
		return false // maps, functions, channels: no tree holds them
	}
	return true
}

// nodeExtras compares what of two nodes of the same shape the simulations
// read besides the tree: the source text of a resource default's values,
// the privacy of a class or defined type.
func (sc *shapeComparison) nodeExtras(x, y reflect.Value) bool {
	if !x.CanInterface() {
		return true
	}
	switch nx := x.Interface().(type) {
	case *parser.ResourceDefaults:
		ny, ok := y.Interface().(*parser.ResourceDefaults)
		if !ok || len(nx.Attrs) != len(ny.Attrs) {
			return false
		}
		for i, op := range nx.Attrs {
			if text(sc.a, op.Value) != text(sc.b, ny.Attrs[i].Value) {
				return false
			}
		}
	case *parser.ClassDef, *parser.DefineDef:
		ny, ok := y.Interface().(parser.Node)
		if !ok {
			return false
		}
		return docSaysPrivate(sc.a, nx.(parser.Node)) == docSaysPrivate(sc.b, ny)
	}
	return true
}

// text is the source of e in f.
func text(f *parser.File, e parser.Expr) string {
	if e == nil || isNilExpr(e) {
		return ""
	}
	sp := e.Span()
	if sp.Start.Offset < 0 || int(sp.End.Offset) > len(f.Src) || sp.Start.Offset > sp.End.Offset {
		return ""
	}
	return string(f.Src[sp.Start.Offset:sp.End.Offset])
}

// isNilExpr reports whether e holds a nil pointer.
func isNilExpr(e parser.Expr) bool {
	v := reflect.ValueOf(e)
	return v.Kind() == reflect.Pointer && v.IsNil()
}

// docSaysPrivate reports whether the doc comment above definition n in f
// has the tag IsPrivate looks for.
func docSaysPrivate(f *parser.File, n parser.Node) bool {
	return slices.ContainsFunc(docCommentOf(f, n), func(c *parser.Comment) bool {
		return strings.Contains(c.Text, "@api private")
	})
}

// SimulatesAlike reports whether two versions of a file, by what their
// parses contribute to a model, give the dynamic-scope simulations the
// same input although their trees differ (a statement that is no fact,
// such as a notice() being typed, added or changed): the same scopes in
// the same order, the same definitions (names, parents, parameters,
// privacy), and each scope's facts (declarations, calls, defaults,
// resources, references, assignments) of the same kinds, names, orders
// and conditional arms (their tests alike), from nodes equal but for
// positions. See DynamicCarry.
func SimulatesAlike(a, b *Collected) bool {
	if a == nil || b == nil || a.kind != b.kind || !maps.Equal(a.declaring, b.declaring) {
		return false
	}
	fa, fb := a.facts, b.facts
	if fa.callsEPP != fb.callsEPP || len(fa.scopes) != len(fb.scopes) || len(fa.defs) != len(fb.defs) ||
		len(fa.scopeNodes) != len(fb.scopeNodes) || fa.providers.anything != fb.providers.anything ||
		!slices.Equal(fa.providers.computed, fb.providers.computed) || fa.providers.anyType != fb.providers.anyType ||
		!slices.Equal(fa.providers.generic, fb.providers.generic) || !slices.Equal(fa.providers.paramTypes, fb.providers.paramTypes) {
		return false
	}
	fc := factComparison{sc: shapeComparison{a: a.parsed, b: b.parsed}, scopes: map[*Scope]int{}}
	for i, s := range fb.scopes {
		fc.scopes[s] = i
	}
	for i, s := range fa.scopes {
		fc.scopes[s] = i
	}
	for i, d := range fa.defs {
		if !fc.sameDef(d, fb.defs[i]) {
			return false
		}
	}
	for i, s := range fa.scopes {
		if !fc.sameScope(s, fb.scopes[i]) {
			return false
		}
	}
	return true
}

// factComparison compares two files' facts.
type factComparison struct {
	sc     shapeComparison
	scopes map[*Scope]int // index of each scope of either file in its list
}

// node reports whether two nodes are alike (see shapeComparison).
func (fc *factComparison) node(x, y parser.Node) bool {
	if x == nil || y == nil || isNilNode(x) || isNilNode(y) {
		return (x == nil || isNilNode(x)) == (y == nil || isNilNode(y))
	}
	return fc.sc.same(reflect.ValueOf(x), reflect.ValueOf(y))
}

func (fc *factComparison) sameDef(x, y *Definition) bool {
	if x.Kind != y.Kind || x.Name != y.Name || x.Written != y.Written || x.Parent != y.Parent || x.Nested != y.Nested ||
		len(x.Params) != len(y.Params) || (x.Scope == nil) != (y.Scope == nil) || IsPrivate(x) != IsPrivate(y) {
		return false
	}
	for i, p := range x.Params {
		if !fc.node(p, y.Params[i]) {
			return false
		}
	}
	if x.Scope != nil && fc.scopes[x.Scope] != fc.scopes[y.Scope] {
		return false
	}
	if x.Kind == TypeAliasDef || x.Kind == NodeDef {
		return fc.node(x.Node, y.Node) // a node's matchers; an alias's type
	}
	return true
}

func (fc *factComparison) sameScope(x, y *Scope) bool {
	if x.Kind != y.Kind || (x.Def == nil) != (y.Def == nil) || (x.Parent == nil) != (y.Parent == nil) ||
		reflect.TypeOf(x.Node) != reflect.TypeOf(y.Node) || !slices.Equal(x.DeclaredPrefixes, y.DeclaredPrefixes) ||
		len(x.Params) != len(y.Params) || len(x.Assignments) != len(y.Assignments) || len(x.Defaults) != len(y.Defaults) ||
		len(x.Resources) != len(y.Resources) || len(x.References) != len(y.References) {
		return false
	}
	if x.Parent != nil && fc.scopes[x.Parent] != fc.scopes[y.Parent] {
		return false
	}
	for i, p := range x.Params {
		if !fc.node(p, y.Params[i]) {
			return false
		}
	}
	for i, as := range x.Assignments {
		bs := y.Assignments[i]
		if as.Name != bs.Name || as.Order != bs.Order || !fc.branches(as.Branch, bs.Branch) {
			return false
		}
	}
	for _, l := range [][2][]*Declaration{{x.Declarations, y.Declarations}, {x.Calls, y.Calls}, {x.Realizes, y.Realizes}, {x.Fails, y.Fails}} {
		if len(l[0]) != len(l[1]) {
			return false
		}
		for i, dx := range l[0] {
			dy := l[1][i]
			if dx.Kind != dy.Kind || dx.Target != dy.Target || dx.Order != dy.Order || dx.Virtual != dy.Virtual ||
				!fc.branches(dx.Branch, dy.Branch) || !fc.node(dx.Node, dy.Node) {
				return false
			}
		}
	}
	for i, dx := range x.Defaults {
		dy := y.Defaults[i]
		if dx.Type != dy.Type || dx.Order != dy.Order || !fc.branches(dx.Branch, dy.Branch) || !fc.node(dx.Node, dy.Node) {
			return false
		}
	}
	for i, rx := range x.References {
		ry := y.References[i]
		if rx.Type != ry.Type || rx.Title != ry.Title || rx.Param != ry.Param || rx.Order != ry.Order ||
			!fc.branches(rx.Branch, ry.Branch) || !fc.node(rx.Expr, ry.Expr) ||
			slices.Index(x.Resources, rx.Resource) != slices.Index(y.Resources, ry.Resource) {
			return false
		}
	}
	for i, rx := range x.Resources {
		ry := y.Resources[i]
		if rx.Type != ry.Type || rx.Order != ry.Order || !fc.branches(rx.Branch, ry.Branch) || !fc.node(rx.Node, ry.Node) ||
			slices.Index(rx.Node.Bodies, rx.Body) != slices.Index(ry.Node.Bodies, ry.Body) {
			return false
		}
	}
	return true
}

// branches compares two paths of conditional arms by their arms and the
// tests deciding them.
func (fc *factComparison) branches(x, y []Branch) bool {
	if len(x) != len(y) {
		return false
	}
	for i, bx := range x {
		by := y[i]
		if bx.Arm != by.Arm || reflect.TypeOf(bx.Cond) != reflect.TypeOf(by.Cond) {
			return false
		}
		switch cx := bx.Cond.(type) {
		case *parser.If:
			if !fc.node(cx.Cond, by.Cond.(*parser.If).Cond) {
				return false
			}
		case *parser.Unless:
			if !fc.node(cx.Cond, by.Cond.(*parser.Unless).Cond) {
				return false
			}
		case *parser.Case:
			cy := by.Cond.(*parser.Case)
			if !fc.node(cx.Test, cy.Test) || len(cx.Options) != len(cy.Options) {
				return false
			}
			for k, o := range cx.Options {
				if len(o.Values) != len(cy.Options[k].Values) {
					return false
				}
				for v := range o.Values {
					if !fc.node(o.Values[v], cy.Options[k].Values[v]) {
						return false
					}
				}
			}
		case *parser.Selector:
			cy := by.Cond.(*parser.Selector)
			if !fc.node(cx.X, cy.X) || len(cx.Cases) != len(cy.Cases) {
				return false
			}
			for k, c := range cx.Cases {
				if !fc.node(c.Match, cy.Cases[k].Match) {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}
