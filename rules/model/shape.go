package model

import (
	"reflect"
	"slices"
	"strings"

	"github.com/ducklint/ducklint/parser"
)

// SameShape reports whether two parses of a file (two versions of it)
// give the dynamic-scope simulations the same input: their trees are
// equal but for positions, every resource default's values are written
// alike (findings quote them), and every class and defined type is
// private in both or in neither (its doc comment may say so). An edit of
// a comment, of whitespace, or of a line's indentation keeps the shape.
// See DynamicCarry.
func SameShape(a, b *parser.File) bool {
	if a == nil || b == nil || a.EPP != b.EPP || a.Tasks != b.Tasks || (a.Program == nil) != (b.Program == nil) {
		return false
	}
	if a.Program == nil {
		return true
	}
	sc := shapeComparison{a: a, b: b}
	return sc.same(reflect.ValueOf(a.Program), reflect.ValueOf(b.Program))
}

var (
	spanType = reflect.TypeFor[parser.Span]()
	posType  = reflect.TypeFor[parser.Pos]()
)

// shapeComparison walks two trees side by side.
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
