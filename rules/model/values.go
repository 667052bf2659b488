package model

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ducklint/ducklint/parser"
)

// tri is a three-valued answer: some values a candidate stands for may
// satisfy a condition and others not.
type tri int8

const (
	no tri = iota
	maybe
	yes
)

// valueKind is the kind of a candidate value.
type valueKind uint8

const (
	undefValue valueKind = iota
	boolValue
	stringValue
	numberValue
	// otherString stands for every string no condition names.
	otherString
)

// Value is a candidate value of a tested subject. A stringValue stands for
// its spelling in any letter case (Puppet's == ignores case), unless it is
// taken as written.
type Value struct {
	kind valueKind
	// fresh marks a string made up to differ from every literal named.
	fresh bool
	b     bool
	s     string
	n     float64
}

// String renders the value as Puppet source, for messages.
func (v Value) String() string {
	switch v.kind {
	case undefValue:
		return "undef"
	case boolValue:
		return strconv.FormatBool(v.b)
	case stringValue:
		if v.fresh {
			return "another string"
		}
		return "'" + strings.ReplaceAll(v.s, "'", `\'`) + "'"
	case numberValue:
		return strconv.FormatFloat(v.n, 'g', -1, 64)
	}
	return "another string"
}

// truthy is Puppet's truth: everything but undef and false.
func (v Value) truthy() bool {
	return v.kind != undefValue && (v.kind != boolValue || v.b)
}

// holds reports whether value v satisfies the condition. With asWritten a
// string value is that exact string; otherwise it stands for all its
// spellings, and a pattern that matches some of them gives maybe.
func (c Condition) holds(v Value, asWritten bool) tri {
	switch c.kind {
	case truthCond:
		return triOf(v.truthy() != c.negate)
	case orderCond:
		if v.kind != numberValue {
			return no // Puppet fails on the comparison: neither arm runs
		}
		return triOf(compareNumber(v.n, c.op, c.bound) != c.negate)
	}
	if c.strictMatch && v.kind != stringValue && v.kind != otherString {
		return no // =~ fails on a value that is not a string
	}
	m := c.matches(v, asWritten)
	if m == maybe {
		return maybe
	}
	return triOf((m == yes) != c.negate)
}

// matches reports whether v equals one of the condition's literals or
// matches one of its patterns.
func (c Condition) matches(v Value, asWritten bool) tri {
	switch v.kind {
	case numberValue:
		return triOf(slices.Contains(c.numbers, v.n))
	case boolValue:
		return triOf(slices.Contains(c.bools, v.b))
	case undefValue:
		return triOf(c.undef)
	case stringValue:
		for _, x := range c.values {
			if strings.EqualFold(x, v.s) {
				return yes
			}
		}
		out := no
		for _, p := range c.regexes {
			switch {
			case asWritten && p.exact.MatchString(v.s):
				return yes
			case !asWritten && p.fold.MatchString(v.s):
				out = maybe
			}
		}
		return out
	case otherString:
		if len(c.regexes) > 0 {
			return maybe
		}
	}
	return no
}

func triOf(b bool) tri {
	if b {
		return yes
	}
	return no
}

func compareNumber(x float64, op string, bound float64) bool {
	switch op {
	case "<":
		return x < bound
	case "<=":
		return x <= bound
	case ">":
		return x > bound
	case ">=":
		return x >= bound
	}
	return false
}

// candidates returns values that stand for every class of values the
// conditions tell apart: undef, true, false, each literal they name, every
// other string, and numbers on, between and beyond the ones they name. A
// versioncmp() result is only ever -1, 0 or 1.
func candidates(cs []Condition) []Value {
	for _, c := range cs {
		if c.cmpResult {
			return []Value{{kind: numberValue, n: -1}, {kind: numberValue, n: 0}, {kind: numberValue, n: 1}}
		}
	}
	out := []Value{{kind: undefValue}, {kind: boolValue, b: true}, {kind: boolValue}, {kind: otherString}}
	var nums []float64
	for _, c := range cs {
		for _, s := range c.values {
			out = append(out, Value{kind: stringValue, s: s})
		}
		nums = append(nums, c.numbers...)
		if c.kind == orderCond {
			nums = append(nums, c.bound)
		}
	}
	slices.Sort(nums)
	nums = slices.Compact(nums)
	for i, n := range nums {
		out = append(out, Value{kind: numberValue, n: n})
		if i+1 < len(nums) {
			out = append(out, Value{kind: numberValue, n: (n + nums[i+1]) / 2})
		}
	}
	if len(nums) > 0 {
		out = append(out, Value{kind: numberValue, n: nums[0] - 1}, Value{kind: numberValue, n: nums[len(nums)-1] + 1})
	} else {
		out = append(out, Value{kind: numberValue, n: 0})
	}
	return out
}

// Witness returns a value that satisfies every condition (all of one
// subject) and that accept allows, or false when ducklint knows none:
// values only a pattern describes are not guessed.
func Witness(cs []Condition, accept func(Value) bool) (Value, bool) {
	for _, v := range candidates(cs) {
		if v.kind == otherString {
			var ok bool
			if v, ok = freshString(cs); !ok {
				continue
			}
		}
		if !accept(v) {
			continue
		}
		ok := true
		for _, c := range cs {
			if c.holds(v, true) != yes {
				ok = false
				break
			}
		}
		if ok {
			return v, true
		}
	}
	return Value{}, false
}

// freshString is a string value none of the conditions names, if a few
// tries find one (a pattern may match every string).
func freshString(cs []Condition) (Value, bool) {
	for i := range 4 {
		s := fmt.Sprintf("other%d", i)
		named := false
		for _, c := range cs {
			if c.matches(Value{kind: stringValue, s: s}, false) != no {
				named = true
				break
			}
		}
		if !named {
			return Value{kind: stringValue, s: s, fresh: true}, true
		}
	}
	return Value{}, false
}

// IsString reports whether v is a string, and which.
func (v Value) IsString() (string, bool) { return v.s, v.kind == stringValue }

// IsBool reports whether v is a Boolean, and which.
func (v Value) IsBool() (value, ok bool) { return v.b, v.kind == boolValue }

// IsUndef reports whether v is undef.
func (v Value) IsUndef() bool { return v.kind == undefValue }

// IsNumber reports whether v is a number, and which.
func (v Value) IsNumber() (float64, bool) { return v.n, v.kind == numberValue }

// Holds reports whether value v, taken as written, satisfies the condition.
func (c Condition) Holds(v Value) bool { return c.holds(v, true) == yes }

// LiteralValue returns the value of a string, number, Boolean or undef
// literal.
func LiteralValue(e parser.Expr) (Value, bool) {
	switch v := e.(type) {
	case *parser.StringLit:
		return Value{kind: stringValue, s: v.Value}, true
	case *parser.Name:
		return Value{kind: stringValue, s: v.Value}, true
	case *parser.Bool:
		return Value{kind: boolValue, b: v.Value}, true
	case *parser.Undef:
		return Value{kind: undefValue}, true
	}
	if n, ok := numberLiteral(e); ok {
		return Value{kind: numberValue, n: n}, true
	}
	return Value{}, false
}
