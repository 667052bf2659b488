package ptype

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/ducklint/ducklint/parser"
)

// VKind is what a Value is.
type VKind uint8

// The kinds of values: VUnknown for a value that is not a literal (with
// which nothing is decided), VType for a type or resource reference used
// as a value (Service['x'], Integer).
const (
	VUnknown VKind = iota
	VUndef
	VDefault
	VString
	VInteger
	VFloat
	VBoolean
	VArray
	VHash
	VRegexp
	VType
)

// Value is a value stated literally: in manifest code, or data.
type Value struct {
	Kind VKind
	// Str is a string's value when Known, a regular expression's source.
	Str string
	// Known is set for a string whose text is known (not interpolated).
	Known bool
	Int   int64
	Float float64
	Bool  bool
	// Elems are an array's elements, or a hash's values.
	Elems []Value
	// Keys are a hash's keys, in order.
	Keys []Value
}

// Str returns the known string s.
func Str(s string) Value { return Value{Kind: VString, Str: s, Known: true} }

// num is a number's value as a float.
func (v Value) num() float64 {
	if v.Kind == VInteger {
		return float64(v.Int)
	}
	return v.Float
}

// FromValueExpr reads the value of expression e when it is a literal:
// strings (interpolated ones are strings of unknown text), numbers,
// booleans, undef, default, regular expressions, arrays and hashes of
// literals, and type references. Anything else is VUnknown.
func FromValueExpr(e parser.Expr) Value {
	return fromExpr(e, 0)
}

func fromExpr(e parser.Expr, depth int) Value {
	if depth > maxDepth {
		return Value{}
	}
	switch e := e.(type) {
	case *parser.Paren:
		return fromExpr(e.X, depth+1)
	case *parser.StringLit:
		return Str(e.Value)
	case *parser.Name:
		if e.Word {
			return Str(e.Value)
		}
		return Str(e.Value) // a bare word is a string
	case *parser.InterpolatedString:
		return Value{Kind: VString}
	case *parser.Heredoc:
		if s, ok := e.Text.(*parser.StringLit); ok {
			return Str(s.Value)
		}
		return Value{Kind: VString}
	case *parser.Number:
		return numberValue(e.Raw, e.IsFloat, false)
	case *parser.Unary:
		if n, ok := e.X.(*parser.Number); ok && e.Op == "-" {
			return numberValue(n.Raw, n.IsFloat, true)
		}
	case *parser.Bool:
		return Value{Kind: VBoolean, Bool: e.Value}
	case *parser.Undef:
		return Value{Kind: VUndef}
	case *parser.Default:
		return Value{Kind: VDefault}
	case *parser.Regex:
		return Value{Kind: VRegexp, Str: e.Pattern}
	case *parser.TypeRef:
		return Value{Kind: VType, Str: e.Value}
	case *parser.Access:
		if t, ok := e.Target.(*parser.TypeRef); ok {
			return Value{Kind: VType, Str: t.Value}
		}
	case *parser.Array:
		v := Value{Kind: VArray, Elems: make([]Value, 0, len(e.Elems))}
		for _, x := range e.Elems {
			if u, ok := x.(*parser.Unary); ok && u.Op == "*" {
				return Value{} // a splat: elements the code computes
			}
			v.Elems = append(v.Elems, fromExpr(x, depth+1))
		}
		return v
	case *parser.Hash:
		v := Value{Kind: VHash}
		seen := make(map[scalarKey]bool, len(e.Entries))
		for _, en := range e.Entries {
			k := fromExpr(en.Key, depth+1)
			if k.Kind == VUnknown || k.Kind == VString && !k.Known {
				return Value{} // keys the code computes: which ones is unknown
			}
			if k.Kind != VArray && k.Kind != VHash {
				sk := scalarKey{k.Kind, k.Str, k.Int, k.Float, k.Bool}
				if seen[sk] {
					return Value{} // Puppet rejects a duplicate key elsewhere
				}
				seen[sk] = true
			}
			v.Keys = append(v.Keys, k)
			v.Elems = append(v.Elems, fromExpr(en.Value, depth+1))
		}
		return v
	}
	return Value{}
}

// scalarKey is what makes two literal hash keys that are no array or hash
// equal: looked up in a set, so a hash of n entries costs n, not n².
type scalarKey struct {
	kind VKind
	str  string
	i    int64
	f    float64
	b    bool
}

// numberValue reads a number literal.
func numberValue(raw string, isFloat, negative bool) Value {
	if negative {
		raw = "-" + raw
	}
	if isFloat {
		f, err := strconv.ParseFloat(raw, 64)
		if err != nil {
			return Value{}
		}
		return Value{Kind: VFloat, Float: f}
	}
	s := raw
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	base := 10
	switch {
	case strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X"):
		base, s = 16, s[2:]
	case len(s) > 1 && s[0] == '0':
		base, s = 8, s[1:]
	}
	n, err := strconv.ParseInt(s, base, 64)
	if err != nil {
		return Value{}
	}
	if neg {
		n = -n
	}
	return Value{Kind: VInteger, Int: n}
}

// runeLen is a string's length as Puppet counts it: in characters.
func runeLen(s string) int { return utf8.RuneCountInString(s) }
