package ptype

import (
	"regexp"
	"strconv"
	"strings"
	"sync"

	yaml "go.yaml.in/yaml/v3"
)

// FromYAML reads the value of a Hiera data node (YAML, or JSON read as
// YAML) as Puppet gets it, VUnknown where that is not certain:
//   - Puppet reads YAML with Ruby's Psych, which resolves plain scalars
//     by YAML 1.1 (yes, on and off are booleans, 1_000 and 1:30 are
//     integers, 2024-01-01 is a date), where this library follows YAML
//     1.2: plain scalars are read as Psych reads them in the forms that
//     are certain (decimal, octal 0644, hexadecimal and binary integers,
//     d.d floats, true/false and yes/no/on/off, null and ~), and any
//     other plain scalar that starts like a number or a symbol is
//     unknown;
//   - aliases, merge keys (<<) and explicit tags other than !!str are
//     unknown, as are eyaml's encrypted values (ENC[...]);
//   - a string that is one %{alias('k')} or %{strict_alias('k')} has the
//     type of k's value: unknown; any other interpolated string is a
//     String of unknown text.
func FromYAML(n *yaml.Node) Value {
	return fromYAML(n, 0)
}

func fromYAML(n *yaml.Node, depth int) Value {
	if n == nil || depth > maxDepth {
		return Value{}
	}
	switch n.Kind {
	case yaml.ScalarNode:
		return yamlScalar(n)
	case yaml.SequenceNode:
		if n.Style&yaml.TaggedStyle != 0 {
			return Value{}
		}
		v := Value{Kind: VArray, Elems: make([]Value, 0, len(n.Content))}
		for _, e := range n.Content {
			v.Elems = append(v.Elems, fromYAML(e, depth+1))
		}
		return v
	case yaml.MappingNode:
		if n.Style&yaml.TaggedStyle != 0 {
			return Value{}
		}
		v := Value{Kind: VHash}
		for i := 0; i+1 < len(n.Content); i += 2 {
			kn := n.Content[i]
			if kn.Kind == yaml.ScalarNode && kn.Tag == "!!merge" {
				return Value{} // a merge key: entries from elsewhere
			}
			k := fromYAML(kn, depth+1)
			if k.Kind == VUnknown || k.Kind == VString && !k.Known {
				return Value{}
			}
			v.Keys = append(v.Keys, k)
			v.Elems = append(v.Elems, fromYAML(n.Content[i+1], depth+1))
		}
		return v
	}
	return Value{} // an alias, or a document
}

// wholeAlias matches a string that is one alias interpolation.
var wholeAlias = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^%\{\s*(?:alias|strict_alias)\(.*\)\s*\}$`) })

// yamlScalar reads a scalar as Psych does, VUnknown where the two YAML
// versions may disagree.
func yamlScalar(n *yaml.Node) Value {
	plain := n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) == 0
	if n.Style&yaml.TaggedStyle != 0 {
		if n.Tag != "!!str" {
			return Value{}
		}
		plain = false
	}
	s := n.Value
	if plain {
		return plainScalar(s)
	}
	return stringValue(s)
}

// stringValue is the value of a string Hiera reads from data.
func stringValue(s string) Value {
	switch {
	case strings.HasPrefix(strings.TrimSpace(s), "ENC["):
		return Value{} // encrypted by eyaml: opaque
	case wholeAlias().MatchString(s):
		return Value{}
	case strings.Contains(s, "%{"):
		return Value{Kind: VString}
	}
	return Str(s)
}

var (
	yamlInt   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[-+]?(?:0|[1-9][0-9]*)$`) })
	yamlBased = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[-+]?0(?:[0-7]+|x[0-9a-fA-F]+|b[01]+)$`) })
	yamlFloat = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[-+]?[0-9]+\.[0-9]+$`) })
)

// plainScalar reads an unquoted scalar by YAML 1.1's rules as Psych
// applies them, in the forms where they are certain.
func plainScalar(s string) Value {
	switch strings.ToLower(s) {
	case "", "~", "null":
		return Value{Kind: VUndef}
	case "true", "yes", "on":
		return Value{Kind: VBoolean, Bool: true}
	case "false", "no", "off":
		return Value{Kind: VBoolean, Bool: false}
	}
	switch {
	case yamlInt().MatchString(s):
		i, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return Value{} // beyond 64 bits: Puppet fails elsewhere
		}
		return Value{Kind: VInteger, Int: i}
	case yamlBased().MatchString(s):
		// Octal (0644), hexadecimal and binary integers, as Ruby's
		// Integer() reads them.
		digits, neg := strings.TrimLeft(s, "+-"), strings.HasPrefix(s, "-")
		base := 8
		switch {
		case strings.HasPrefix(digits, "0x"):
			base, digits = 16, digits[2:]
		case strings.HasPrefix(digits, "0b"):
			base, digits = 2, digits[2:]
		}
		i, err := strconv.ParseInt(digits, base, 64)
		if err != nil {
			return Value{}
		}
		if neg {
			i = -i
		}
		return Value{Kind: VInteger, Int: i}
	case yamlFloat().MatchString(s):
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return Value{}
		}
		return Value{Kind: VFloat, Float: f}
	case strings.ContainsAny(s[:1], "0123456789+-.:!&*<=") || strings.EqualFold(s, "y") || strings.EqualFold(s, "n"):
		// Octal, hexadecimal, sexagesimal, underscored or comma-grouped
		// numbers, dates, .inf and .nan, symbols (:name): YAML 1.1 and
		// 1.2 read them differently, or Puppet refuses them.
		return Value{}
	}
	return stringValue(s)
}
