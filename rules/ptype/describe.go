package ptype

import (
	"math"
	"slices"
	"strconv"
	"strings"
)

// Mismatch is one way a value fails its type, as Puppet's
// TypeMismatchDescriber words it.
type Mismatch struct {
	// Path is where in the value: "index 0", "entry 'a'", "key of entry
	// 'a'", outermost first, after the subject.
	Path []string
	// Text is what is wrong there: "expects an Integer value, got String".
	Text string
}

// Format is the mismatch as Puppet writes it after its subject:
// "parameter 'port' expects an Integer value, got String" for the
// subject "parameter 'port'".
func (m Mismatch) Format(subject string) string {
	parts := append([]string{subject}, m.Path...)
	return strings.Join(parts, " ") + " " + m.Text
}

// Describe returns how v fails t, as Puppet describes it for a value
// passed to a parameter: none when v is an instance of t (or the verdict is
// Maybe). With generalized, the value is described as Puppet describes a
// parameter's default value: by its type without its literal bounds.
func Describe(t *Type, v Value, generalized bool) []Mismatch {
	if t.accepts(v) != No {
		return nil
	}
	a := infer(v)
	if generalized {
		a = a.generalize()
	}
	var out []Mismatch
	for _, d := range describe(normalize(t), t, a, nil) {
		out = append(out, d.mismatch())
	}
	return out
}

// actual is the type Puppet infers for a literal value (infer_set): the
// value with its kind.
type actual struct {
	kind VKind
	v    Value
	// general is set once generalized: numbers without their bounds.
	general bool
	elems   []*actual
}

func infer(v Value) *actual {
	a := &actual{kind: v.Kind, v: v}
	for _, e := range v.Elems {
		a.elems = append(a.elems, infer(e))
	}
	return a
}

func (a *actual) generalize() *actual {
	b := *a
	b.general = true
	return &b
}

// simpleName is the actual type's name without parameters.
func (a *actual) simpleName() string {
	switch a.kind {
	case VUndef:
		return "Undef"
	case VDefault:
		return "Default"
	case VString:
		return "String"
	case VInteger:
		return "Integer"
	case VFloat:
		return "Float"
	case VBoolean:
		return "Boolean"
	case VArray:
		return "Tuple"
	case VHash:
		if a.stringKeys() {
			return "Struct"
		}
		return "Hash"
	case VRegexp:
		return "Regexp"
	case VType:
		return "Type"
	}
	return "Any"
}

func (a *actual) stringKeys() bool {
	for _, k := range a.v.Keys {
		if k.Kind != VString {
			return false
		}
	}
	return true
}

// detailed is the actual type with its parameters (to_alias_expanded_s).
func (a *actual) detailed() string {
	if a.general {
		return a.simpleName()
	}
	switch a.kind {
	case VInteger:
		n := strconv.FormatInt(a.v.Int, 10)
		return "Integer[" + n + ", " + n + "]"
	case VFloat:
		n := formatFloat(a.v.Float)
		return "Float[" + n + ", " + n + "]"
	case VRegexp:
		return "Regexp[/" + escapeSlashes(a.v.Str) + "/]"
	case VArray:
		var parts []string
		for _, e := range a.elems {
			parts = append(parts, e.detailed())
		}
		if len(parts) == 0 {
			return "Tuple"
		}
		return "Tuple[" + strings.Join(parts, ", ") + "]"
	case VHash:
		if !a.stringKeys() {
			return "Hash"
		}
		var parts []string
		for i, e := range a.elems {
			parts = append(parts, quote(a.v.Keys[i].Str)+" => "+e.detailed())
		}
		return "Struct[{" + strings.Join(parts, ", ") + "}]"
	}
	return a.simpleName()
}

// sameClass reports whether t and a are of one Puppet type class (PIntegerType
// for Integer and an integer), as always_fully_detailed? asks.
func sameClass(t *Type, a *actual) bool {
	switch a.kind {
	case VInteger:
		return t.Kind == Integer
	case VFloat:
		return t.Kind == Float
	case VString:
		return t.Kind == String
	case VBoolean:
		return t.Kind == Boolean
	case VUndef:
		return t.Kind == Undef
	case VDefault:
		return t.Kind == Default
	case VRegexp:
		return t.Kind == Regexp
	case VArray:
		return t.Kind == Tuple || t.Kind == Array // a Tuple specialises Array
	case VHash:
		return t.Kind == Struct || t.Kind == Hash && a.stringKeys()
	case VType:
		return t.Kind == TypeOf
	}
	return false
}

// mismatchKind is the class of a description.
type mismatchKind uint8

const (
	typeMismatch mismatchKind = iota
	patternMismatch
	sizeMismatch
	missingKey
	extraneousKey
)

// desc is one description before it is worded: Puppet's Mismatch
// objects.
type desc struct {
	kind mismatchKind
	path []pathElem
	// expected are the expected types (several once merged), original
	// ones, for typeMismatch and patternMismatch.
	expected []*Type
	actual   *actual
	// lo, hi are the expected and alo, ahi the actual sizes.
	lo, hi, alo, ahi float64
	key              string
}

// pathElem is a step into the value; variant steps are dropped from the
// wording.
type pathElem struct {
	text    string
	variant bool
}

func (d desc) canonical() string {
	var parts []string
	for _, p := range d.path {
		if !p.variant {
			parts = append(parts, p.text)
		}
	}
	return strings.Join(parts, "\x00")
}

func (d desc) mismatch() Mismatch {
	var path []string
	for _, p := range d.path {
		path = append(path, p.text)
	}
	return Mismatch{Path: path, Text: d.text()}
}

func (d desc) text() string {
	switch d.kind {
	case missingKey:
		return "expects a value for key '" + d.key + "'"
	case extraneousKey:
		return "unrecognized key '" + d.key + "'"
	case sizeMismatch:
		return "expects size to be " + rangeText(d.lo, d.hi) + ", got " + rangeText(d.alo, d.ahi)
	case patternMismatch:
		e, prefix := d.expectedType(), ""
		if e.Kind == Optional && len(e.Elems) == 1 {
			e, prefix = e.Elems[0], "an undef value or "
		}
		got := d.actual.simpleName()
		if d.actual.kind == VString && d.actual.v.Known {
			got = quote(d.actual.v.Str)
		}
		return "expects " + prefix + "a match for " + e.expanded() + ", got " + got
	}
	return typeMismatchText(d.expected, d.actual)
}

// expectedType is the expected types as one (a Variant when merged).
func (d desc) expectedType() *Type {
	if len(d.expected) == 1 {
		return d.expected[0]
	}
	return normalize(&Type{Kind: Variant, Elems: d.expected})
}

// typeMismatchText words a TypeMismatch (TypeMismatch#message).
func typeMismatchText(expected []*Type, a *actual) string {
	var e *Type
	if len(expected) == 1 {
		e = expected[0]
	} else {
		e = normalize(&Type{Kind: Variant, Elems: expected})
	}
	optional := false
	if e.Kind == Optional && len(e.Elems) == 1 {
		e, optional = e.Elems[0], true
	}
	list := []*Type{e}
	if e.Kind == Variant {
		list = e.Elems
	}
	var names []string
	var got string
	if reportDetailed(list, a) {
		got = detailedActual(list, a)
		for _, t := range list {
			names = append(names, t.expanded())
		}
	} else {
		for _, t := range list {
			if n := t.shortName(); !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
		got = a.simpleName()
	}
	if optional {
		names = append([]string{"Undef"}, names...)
	}
	switch len(names) {
	case 1:
		return "expects " + article(names[0]) + " " + names[0] + " value, got " + got
	case 2:
		return "expects a value of type " + names[0] + " or " + names[1] + ", got " + got
	}
	return "expects a value of type " + strings.Join(names[:len(names)-1], ", ") + ", or " + names[len(names)-1] + ", got " + got
}

// reportDetailed is report_detailed?: the same class of type on both
// sides, an alias, or an actual type the expected kind accepts when
// unbounded.
func reportDetailed(list []*Type, a *actual) bool {
	for _, t := range list {
		if sameClass(t, a) || t.Kind == Alias {
			return true
		}
		if unbounded(resolve(t).Kind).acceptsKind(a) {
			return true
		}
	}
	return false
}

// detailedActual is detailed_actual_to_s.
func detailedActual(list []*Type, a *actual) string {
	var resolved []*Type
	for _, t := range list {
		resolved = append(resolved, resolve(t))
	}
	for _, t := range resolved {
		if sameClass(t, a) {
			return a.detailed()
		}
	}
	for _, t := range resolved {
		if t.acceptsKind(a) {
			return a.detailed()
		}
	}
	return a.simpleName()
}

// resolve follows a chain of aliases to what it names; a chain that
// comes back to itself is Unknown.
func resolve(t *Type) *Type {
	for i := 0; t.Kind == Alias && t.Resolved != nil; i++ {
		if i > maxDepth {
			return &Type{Kind: Unknown}
		}
		t = t.Resolved
	}
	return t
}

// acceptsKind reports whether t accepts every value of a's generalized
// type (an Integer of any value, a String of any text).
func (t *Type) acceptsKind(a *actual) bool {
	budget := aliasBudget
	return t.acceptsKindAt(a, nil, &budget)
}

func (t *Type) acceptsKindAt(a *actual, entered []*Type, budget *int) bool {
	switch t.Kind {
	case Any:
		return true
	case Alias:
		if slices.Contains(entered, t) || len(entered) > maxDepth || *budget <= 0 {
			return false
		}
		*budget--
		return t.Resolved != nil && t.Resolved.acceptsKindAt(a, append(entered, t), budget)
	case Optional:
		return a.kind == VUndef || t.elem(0) == nil || t.elem(0).acceptsKindAt(a, entered, budget)
	case NotUndef:
		return a.kind != VUndef && (t.elem(0) == nil || t.elem(0).acceptsKindAt(a, entered, budget))
	case Variant:
		return slices.ContainsFunc(t.Elems, func(e *Type) bool { return e.acceptsKindAt(a, entered, budget) })
	}
	var probe Value
	switch a.kind {
	case VInteger, VFloat:
		if t.Kind != Integer && t.Kind != Float || math.IsInf(t.Lo, -1) && math.IsInf(t.Hi, 1) {
			probe = a.v
		} else {
			return false
		}
	case VString:
		if (t.Kind == String) && (t.Lo > 0 || !math.IsInf(t.Hi, 1)) || t.Kind == Enum || t.Kind == Pattern {
			return false
		}
		probe = Value{Kind: VString}
	case VArray, VHash:
		return false
	default:
		probe = a.v
	}
	return t.accepts(probe) == Yes
}

// describe is Puppet's internal_describe of e (normalized) against a,
// original being the type as declared.
func describe(e, original *Type, a *actual, path []pathElem) []desc {
	budget := aliasBudget
	return describeAt(e, original, a, path, nil, &budget)
}

// describeAt is describe with the aliases entered since the last step
// into the value (see acceptsAt).
func describeAt(e, original *Type, a *actual, path []pathElem, entered []*Type, budget *int) []desc {
	switch e.Kind {
	case Variant:
		return describeVariant(e, original, a, path, entered, budget)
	case Struct:
		return describeStruct(e, original, a, path)
	case Hash:
		return describeHash(e, original, a, path)
	case Tuple:
		return describeTuple(e, original, a, path)
	case Array:
		return describeArray(e, original, a, path)
	case Optional:
		if a.kind == VUndef || e.elem(0) == nil {
			return nil
		}
		o := e
		if original.Kind == Alias {
			o = original
		}
		return describeAt(e.elem(0), o, a, path, entered, budget)
	case Enum, Pattern:
		return []desc{{kind: patternMismatch, path: path, expected: []*Type{original}, actual: a}}
	case Alias:
		if e.Resolved == nil || slices.Contains(entered, e) || len(entered) > maxDepth || *budget <= 0 {
			return nil
		}
		*budget--
		return describeAt(normalize(e.Resolved), e, a, path, append(entered, e), budget)
	}
	if e.accepts(a.v) != No {
		return nil
	}
	return []desc{{kind: typeMismatch, path: path, expected: []*Type{original}, actual: a}}
}

func describeVariant(e, original *Type, a *actual, path []pathElem, entered []*Type, budget *int) []desc {
	types := e.Elems
	if original.Kind == Optional {
		types = append([]*Type{{Kind: Undef}}, types...)
	}
	var all [][]desc
	for i, t := range types {
		d := describeAt(normalize(t), t, a, appendPath(path, pathElem{text: "variant " + strconv.Itoa(i), variant: true}), entered, budget)
		if len(d) == 0 {
			return nil
		}
		all = append(all, d)
	}
	out := mergeDescriptions(len(path), all)
	if original.Kind == Alias && len(out) == 1 {
		return []desc{{kind: typeMismatch, path: path, expected: []*Type{original}, actual: a}}
	}
	return out
}

// mergeDescriptions is merge_descriptions: when every variant fails the
// same way at the same place, one description with the variants' types
// merged, else all of them.
func mergeDescriptions(varying int, all [][]desc) []desc {
	var flat []desc
	for _, d := range all {
		flat = append(flat, d...)
	}
	for _, class := range []func(desc) bool{
		func(d desc) bool { return d.kind == sizeMismatch },
		func(d desc) bool { return d.kind == typeMismatch || d.kind == patternMismatch },
	} {
		var picked []desc
		for _, d := range flat {
			if class(d) {
				picked = append(picked, d)
			}
		}
		if len(picked) != len(all) || len(picked) == 0 {
			continue
		}
		merged, ok := picked[0], true
		for _, d := range picked[1:] {
			if d.canonical() != merged.canonical() {
				ok = false
				break
			}
			merged = merge(merged, d)
		}
		if ok {
			flat = []desc{merged}
			break
		}
	}
	flat = uniq(flat)
	if len(flat) == 1 {
		d := flat[0]
		if varying < len(d.path) {
			d.path = slices.Delete(slices.Clone(d.path), varying, varying+1)
		}
		return []desc{d}
	}
	return flat
}

func merge(a, b desc) desc {
	if a.kind == sizeMismatch {
		a.lo, a.hi = min(a.lo, b.lo), max(a.hi, b.hi)
		return a
	}
	exp := slices.Clone(a.expected)
	for _, t := range b.expected {
		if !slices.ContainsFunc(exp, func(x *Type) bool { return x.expanded() == t.expanded() }) {
			exp = append(exp, t)
		}
	}
	a.expected = exp
	return a
}

func uniq(ds []desc) []desc {
	var out []desc
	seen := map[string]bool{}
	for _, d := range ds {
		k := d.canonical() + "\x01" + d.text()
		if !seen[k] {
			seen[k] = true
			out = append(out, d)
		}
	}
	return out
}

func describeArray(e, original *Type, a *actual, path []pathElem) []desc {
	if a.kind != VArray {
		return []desc{{kind: typeMismatch, path: path, expected: []*Type{original}, actual: a}}
	}
	n := float64(len(a.elems))
	if !inRange(n, e) {
		return []desc{{kind: sizeMismatch, path: path, lo: e.Lo, hi: e.Hi, alo: n, ahi: n}}
	}
	var out []desc
	for i, x := range a.elems {
		if el := e.elem(0); el != nil && el.accepts(x.v) == No {
			out = append(out, describe(normalize(el), el, x, appendPath(path, pathElem{text: "index " + strconv.Itoa(i)}))...)
		}
	}
	return out
}

func describeHash(e, original *Type, a *actual, path []pathElem) []desc {
	if a.kind != VHash {
		return []desc{{kind: typeMismatch, path: path, expected: []*Type{original}, actual: a}}
	}
	n := float64(len(a.elems))
	if !inRange(n, e) {
		return []desc{{kind: sizeMismatch, path: path, lo: e.Lo, hi: e.Hi, alo: n, ahi: n}}
	}
	if !a.stringKeys() {
		return []desc{{kind: typeMismatch, path: path, expected: []*Type{original}, actual: a}}
	}
	var out []desc
	for i, x := range a.elems {
		key := a.v.Keys[i].Str
		if kt := e.elem(0); kt != nil && kt.accepts(a.v.Keys[i]) == No {
			out = append(out, describe(normalize(kt), kt, infer(a.v.Keys[i]), appendPath(path, pathElem{text: "key of entry " + quote(key)}))...)
		}
		if vt := e.elem(1); vt != nil && vt.accepts(x.v) == No {
			out = append(out, describe(normalize(vt), vt, x, appendPath(path, pathElem{text: "entry " + quote(key)}))...)
		}
	}
	return out
}

func describeStruct(e, original *Type, a *actual, path []pathElem) []desc {
	if a.kind != VHash || !a.stringKeys() {
		return []desc{{kind: typeMismatch, path: path, expected: []*Type{original}, actual: a}}
	}
	var out []desc
	for _, f := range e.Fields {
		i := keyIndex(a.v, f.Key)
		if i < 0 {
			if !f.Optional {
				out = append(out, desc{kind: missingKey, path: path, key: f.Key})
			}
			continue
		}
		if f.Type.accepts(a.v.Elems[i]) == No {
			out = append(out, describe(normalize(f.Type), f.Type, a.elems[i], appendPath(path, pathElem{text: "entry " + quote(f.Key)}))...)
		}
	}
	for _, k := range a.v.Keys {
		if e.field(k.Str) == nil {
			out = append(out, desc{kind: extraneousKey, path: path, key: k.Str})
		}
	}
	return out
}

func describeTuple(e, original *Type, a *actual, path []pathElem) []desc {
	if a.kind != VArray {
		return []desc{{kind: typeMismatch, path: path, expected: []*Type{original}, actual: a}}
	}
	n := float64(len(a.elems))
	if !inRange(n, e) {
		return []desc{{kind: sizeMismatch, path: path, lo: e.Lo, hi: e.Hi, alo: n, ahi: n}}
	}
	if len(e.Elems) == 0 {
		return nil
	}
	var out []desc
	for i, x := range a.elems {
		j := min(i, len(e.Elems)-1)
		t := e.Elems[j]
		if t.accepts(x.v) != No {
			continue
		}
		out = append(out, describe(normalize(t), t, x, appendPath(path, pathElem{text: "index " + strconv.Itoa(j)}))...)
	}
	return out
}

func appendPath(path []pathElem, p pathElem) []pathElem {
	return append(slices.Clone(path), p)
}

// normalize flattens nested Variants and drops repeated members; a
// Variant of one type is that type.
func normalize(t *Type) *Type {
	if t.Kind != Variant {
		return t
	}
	var flat []*Type
	var walk func(*Type)
	walk = func(x *Type) {
		if x.Kind == Variant {
			for _, e := range x.Elems {
				walk(e)
			}
			return
		}
		if !slices.ContainsFunc(flat, func(y *Type) bool { return y.expanded() == x.expanded() }) {
			flat = append(flat, x)
		}
	}
	walk(t)
	if len(flat) == 1 {
		return flat[0]
	}
	return &Type{Kind: Variant, Elems: flat}
}

// rangeText is SizeMismatch#range_to_s.
func rangeText(lo, hi float64) string {
	switch {
	case lo == hi:
		return strconv.FormatFloat(lo, 'f', -1, 64)
	case lo == 0 && math.IsInf(hi, 1):
		return "unlimited"
	case lo == 0:
		return "at most " + strconv.FormatFloat(hi, 'f', -1, 64)
	case math.IsInf(hi, 1):
		return "at least " + strconv.FormatFloat(lo, 'f', -1, 64)
	}
	return "between " + strconv.FormatFloat(lo, 'f', -1, 64) + " and " + strconv.FormatFloat(hi, 'f', -1, 64)
}

// article is "an" before a vowel, else "a".
func article(s string) string {
	if s != "" && strings.ContainsRune("AEIOUaeiou", rune(s[0])) {
		return "an"
	}
	return "a"
}
