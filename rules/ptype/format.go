package ptype

import (
	"math"
	"slices"
	"strconv"
	"strings"
)

// String writes t as Puppet writes the type.
func (t *Type) String() string { return t.format(false) }

// expanded writes t with an alias as "Name = Type" (to_alias_expanded_s).
func (t *Type) expanded() string { return t.format(true) }

// shortName is the type's name, with the name of a contained type for
// Optional, NotUndef and Type (TypeMismatch#short_name).
func (t *Type) shortName() string {
	switch t.Kind {
	case Alias, Unknown:
		return t.Name
	case Optional, NotUndef, TypeOf:
		if e := t.elem(0); e != nil && e.Kind != Any {
			return names[t.Kind] + "[" + e.shortName() + "]"
		}
	case Variant, Enum, Pattern, Integer, Float, String, Array, Hash, Struct, Tuple, Collection, Regexp:
		return names[t.Kind]
	}
	return names[t.Kind]
}

func (t *Type) format(expandAlias bool) string {
	if t == nil {
		return "Any"
	}
	name := names[t.Kind]
	switch t.Kind {
	case Unknown:
		return t.Name
	case Alias:
		if expandAlias && t.Resolved != nil {
			return t.Name + " = " + t.Resolved.format(false)
		}
		return t.Name
	case Integer, Float:
		f := func(x float64) string {
			if t.Kind == Integer {
				return strconv.FormatFloat(x, 'f', -1, 64)
			}
			return formatFloat(x)
		}
		switch lo, hi := math.IsInf(t.Lo, -1), math.IsInf(t.Hi, 1); {
		case lo && hi:
			return name
		case hi:
			return name + "[" + f(t.Lo) + "]"
		case lo:
			return name + "[default, " + f(t.Hi) + "]"
		}
		return name + "[" + f(t.Lo) + ", " + f(t.Hi) + "]"
	case String, Collection:
		return bracket(name, sizeParts(t))
	case Enum:
		vals := slices.Clone(t.Strings)
		slices.Sort(vals)
		vals = slices.Compact(vals)
		var parts []string
		for _, v := range vals {
			parts = append(parts, quote(v))
		}
		if t.CaseInsensitive {
			parts = append(parts, "true")
		}
		return bracket(name, parts)
	case Pattern, Regexp:
		var parts []string
		for _, s := range t.Strings {
			parts = append(parts, "/"+escapeSlashes(s)+"/")
		}
		return bracket(name, parts)
	case Optional, NotUndef, TypeOf:
		if e := t.elem(0); e != nil {
			return name + "[" + e.format(false) + "]"
		}
		return name
	case Variant:
		var parts []string
		for _, e := range t.Elems {
			parts = append(parts, e.format(false))
		}
		return bracket(name, parts)
	case Array:
		var parts []string
		if e := t.elem(0); e != nil {
			parts = append(parts, e.format(false))
		} else if hasSize(t) {
			parts = append(parts, "Any")
		}
		return bracket(name, append(parts, sizeParts(t)...))
	case Hash:
		var parts []string
		if len(t.Elems) == 2 {
			parts = append(parts, t.Elems[0].format(false), t.Elems[1].format(false))
		} else if hasSize(t) {
			parts = append(parts, "Any", "Any")
		}
		return bracket(name, append(parts, sizeParts(t)...))
	case Struct:
		var parts []string
		for _, f := range t.Fields {
			k := quote(f.Key)
			if f.OptionalKey {
				k = "Optional[" + k + "]"
			}
			parts = append(parts, k+" => "+f.Type.format(false))
		}
		return name + "[{" + strings.Join(parts, ", ") + "}]"
	case Tuple:
		var parts []string
		for _, e := range t.Elems {
			parts = append(parts, e.format(false))
		}
		if t.sized {
			parts = append(parts, sizeParts(t)...)
		}
		return bracket(name, parts)
	}
	return name
}

// bracket writes name[parts...], or name without parts.
func bracket(name string, parts []string) string {
	if len(parts) == 0 {
		return name
	}
	return name + "[" + strings.Join(parts, ", ") + "]"
}

func hasSize(t *Type) bool { return t.sized && !(t.Lo == 0 && math.IsInf(t.Hi, 1)) }

// sizeParts are a collection type's size arguments.
func sizeParts(t *Type) []string {
	if !hasSize(t) {
		return nil
	}
	lo := strconv.FormatFloat(t.Lo, 'f', -1, 64)
	if math.IsInf(t.Hi, 1) {
		return []string{lo}
	}
	return []string{lo, strconv.FormatFloat(t.Hi, 'f', -1, 64)}
}

// formatFloat writes a float as Ruby does: 1.0, 2.5, 1.5e+20.
func formatFloat(f float64) string {
	if math.Abs(f) >= 1e16 || f != 0 && math.Abs(f) < 1e-4 {
		s := strconv.FormatFloat(f, 'e', -1, 64)
		mant, exp, _ := strings.Cut(s, "e")
		if !strings.Contains(mant, ".") {
			mant += ".0"
		}
		if exp[0] == '+' || exp[0] == '-' {
			exp = exp[:1] + strings.TrimLeft(exp[1:], "0")
		}
		return mant + "e" + exp
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return s
}

// quote writes a string as Puppet's type formatter quotes it.
func quote(s string) string {
	return "'" + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), "'", `\'`) + "'"
}

// escapeSlashes escapes the slashes of a regular expression's source
// that are not escaped, as Puppet writes it between slashes.
func escapeSlashes(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			b.WriteByte(s[i])
			if i+1 < len(s) {
				i++
				b.WriteByte(s[i])
			}
		case '/':
			b.WriteString(`\/`)
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}
