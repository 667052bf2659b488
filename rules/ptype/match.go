package ptype

import (
	"math"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// Verdict is whether a value is an instance of a type.
type Verdict uint8

// The verdicts: Maybe when the type or the value is not known well
// enough to tell.
const (
	Maybe Verdict = iota
	Yes
	No
)

// and combines the verdicts of parts that must all hold.
func and(a, b Verdict) Verdict {
	switch {
	case a == No || b == No:
		return No
	case a == Maybe || b == Maybe:
		return Maybe
	}
	return Yes
}

// or combines the verdicts of alternatives.
func or(a, b Verdict) Verdict {
	switch {
	case a == Yes || b == Yes:
		return Yes
	case a == Maybe || b == Maybe:
		return Maybe
	}
	return No
}

func verdict(ok bool) Verdict {
	if ok {
		return Yes
	}
	return No
}

// Accepts reports whether v is an instance of t.
func (t *Type) Accepts(v Value) Verdict { return t.accepts(v) }

func (t *Type) accepts(v Value) Verdict {
	budget := aliasBudget
	return t.acceptsAt(v, nil, &budget)
}

// aliasBudget is how many aliases one judgement may expand: aliases that
// refer to each other through Variants could otherwise take time
// exponential in their number.
const aliasBudget = 10000

// acceptsAt is accepts with the aliases entered since the last step into
// the value: an alias met again before the value shrinks (type A =
// Variant[A, String]) decides nothing, and neither does one met once the
// budget of expansions is spent.
func (t *Type) acceptsAt(v Value, entered []*Type, budget *int) Verdict {
	if t == nil {
		return Yes // an omitted parameter type: Any
	}
	if v.Kind == VUnknown {
		if t.Kind == Any {
			return Yes
		}
		return Maybe
	}
	switch t.Kind {
	case Any:
		return Yes
	case Undef:
		return verdict(v.Kind == VUndef)
	case NotUndef:
		if v.Kind == VUndef {
			return No
		}
		return t.elem(0).acceptsAt(v, entered, budget)
	case Default:
		return verdict(v.Kind == VDefault)
	case Integer:
		return verdict(v.Kind == VInteger && inRange(float64(v.Int), t))
	case Float:
		return verdict(v.Kind == VFloat && inRange(v.Float, t))
	case Numeric:
		return verdict(v.Kind == VInteger || v.Kind == VFloat)
	case String:
		if v.Kind != VString {
			return No
		}
		if !v.Known {
			if t.Lo <= 0 && math.IsInf(t.Hi, 1) {
				return Yes
			}
			return Maybe
		}
		return verdict(inRange(float64(runeLen(v.Str)), t))
	case Boolean:
		return verdict(v.Kind == VBoolean)
	case Enum:
		if v.Kind != VString {
			return No
		}
		if len(t.Strings) == 0 {
			return Yes
		}
		if !v.Known {
			return Maybe
		}
		for _, s := range t.Strings {
			if s == v.Str || t.CaseInsensitive && strings.EqualFold(s, v.Str) {
				return Yes
			}
		}
		return No
	case Pattern:
		if v.Kind != VString {
			return No
		}
		if len(t.Strings) == 0 {
			return Yes
		}
		if !v.Known {
			return Maybe
		}
		out := No
		for i := range t.patterns {
			re := t.patterns[i].get()
			if re == nil {
				out = Maybe
				continue
			}
			if re.MatchString(v.Str) {
				return Yes // the later expressions cannot change that
			}
		}
		return out
	case Regexp:
		if v.Kind != VRegexp {
			return No
		}
		if len(t.Strings) == 0 {
			return Yes
		}
		return Maybe
	case Optional:
		if v.Kind == VUndef {
			return Yes
		}
		return t.elem(0).acceptsAt(v, entered, budget)
	case Variant:
		out := No
		for _, e := range t.Elems {
			if out = or(out, e.acceptsAt(v, entered, budget)); out == Yes {
				return Yes // the later members cannot change that
			}
		}
		return out
	case Array:
		if v.Kind != VArray {
			return No
		}
		out := verdict(inRange(float64(len(v.Elems)), t))
		for _, e := range v.Elems {
			out = and(out, t.elem(0).acceptsAt(e, nil, budget))
		}
		return out
	case Hash:
		if v.Kind != VHash {
			return No
		}
		out := verdict(inRange(float64(len(v.Elems)), t))
		for i := range v.Elems {
			out = and(out, t.elem(0).acceptsAt(v.Keys[i], nil, budget))
			out = and(out, t.elem(1).acceptsAt(v.Elems[i], nil, budget))
		}
		return out
	case Struct:
		if v.Kind != VHash {
			return No
		}
		out := Yes
		for _, k := range v.Keys {
			if k.Kind != VString || t.field(k.Str) == nil {
				return No
			}
		}
		for _, f := range t.Fields {
			i := keyIndex(v, f.Key)
			if i < 0 {
				if !f.Optional {
					out = and(out, No)
				}
				continue
			}
			out = and(out, f.Type.acceptsAt(v.Elems[i], nil, budget))
		}
		return out
	case Tuple:
		if v.Kind != VArray {
			return No
		}
		out := verdict(inRange(float64(len(v.Elems)), t))
		if len(t.Elems) == 0 {
			return out
		}
		for i, e := range v.Elems {
			out = and(out, t.Elems[min(i, len(t.Elems)-1)].acceptsAt(e, nil, budget))
		}
		return out
	case Collection:
		if v.Kind != VArray && v.Kind != VHash {
			return No
		}
		return verdict(inRange(float64(len(v.Elems)), t))
	case Scalar:
		return verdict(v.Kind == VString || v.Kind == VInteger || v.Kind == VFloat || v.Kind == VBoolean || v.Kind == VRegexp)
	case ScalarData:
		return verdict(v.Kind == VString || v.Kind == VInteger || v.Kind == VFloat || v.Kind == VBoolean)
	case Data:
		return isData(v)
	case RichData:
		return Yes
	case TypeOf:
		if v.Kind != VType {
			return No
		}
		if len(t.Elems) == 0 {
			return Yes
		}
		return Maybe
	case Alias:
		if slices.Contains(entered, t) || len(entered) > maxDepth || *budget <= 0 {
			return Maybe
		}
		*budget--
		return t.Resolved.acceptsAt(v, append(entered, t), budget)
	}
	return Maybe
}

// isData reports whether v is Data: ScalarData, undef, and arrays and
// string-keyed hashes of Data.
func isData(v Value) Verdict {
	switch v.Kind {
	case VString, VInteger, VFloat, VBoolean, VUndef:
		return Yes
	case VArray:
		out := Yes
		for _, e := range v.Elems {
			out = and(out, isData(e))
		}
		return out
	case VHash:
		out := Yes
		for i, e := range v.Elems {
			out = and(out, verdict(v.Keys[i].Kind == VString))
			out = and(out, isData(e))
		}
		return out
	case VUnknown:
		return Maybe
	}
	return No
}

// elem is the i'th contained type, Any when not given.
func (t *Type) elem(i int) *Type {
	if i < len(t.Elems) {
		return t.Elems[i]
	}
	return nil
}

// field is the Struct field for key, nil for none.
func (t *Type) field(key string) *Field {
	for i := range t.Fields {
		if t.Fields[i].Key == key {
			return &t.Fields[i]
		}
	}
	return nil
}

// keyIndex is the index of the string key in hash v, -1 for none.
func keyIndex(v Value, key string) int {
	for i, k := range v.Keys {
		if k.Kind == VString && k.Str == key {
			return i
		}
	}
	return -1
}

func inRange(x float64, t *Type) bool { return x >= t.Lo && x <= t.Hi }

// lazyRegexp is a regular expression of a Pattern, compiled once, on
// first use; the types are shared by the goroutines running the rules.
type lazyRegexp struct {
	src  string
	once sync.Once
	re   *regexp.Regexp // nil when Go does not read src as Ruby does
}

// get returns the compiled expression, nil when Go does not read it as
// Ruby does.
func (l *lazyRegexp) get() *regexp.Regexp {
	l.once.Do(func() { l.re, _ = compile(l.src) })
	return l.re
}

// compile compiles a Ruby regular expression as Go reads it, when Go's
// syntax means the same: Ruby's \A, \z, \d, classes and groups are
// shared; constructs Go lacks (look-around, back references,
// possessive quantifiers) fail to compile, and \Z and \h, which Go reads
// differently or not at all, are refused.
func compile(src string) (*regexp.Regexp, bool) {
	if strings.Contains(src, `\Z`) || strings.Contains(src, `\h`) || strings.Contains(src, "(?<") ||
		strings.Contains(src, "(?=") || strings.Contains(src, "(?!") {
		return nil, false
	}
	// Ruby's ^ and $ match at line boundaries.
	re, err := regexp.Compile("(?m)" + src)
	if err != nil {
		return nil, false
	}
	return re, true
}
