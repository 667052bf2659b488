package model

import (
	"regexp"
	"strings"

	"github.com/ducklint/ducklint/parser"
)

// factCondition is what one arm of a conditional requires of a fact: the
// fact's value is (or, negated, is not) one of the literal values or
// matches one of the regular expressions. Facts are the same everywhere in
// one catalog, so two arms that require incompatible values of one fact
// never both run, even when they belong to different conditionals.
type factCondition struct {
	fact    string // canonical: "facts.os.family"
	values  []string
	regexes []*regexp.Regexp
	negate  bool
}

// legacyFacts maps legacy top-scope fact variables to their structured form.
var legacyFacts = map[string]string{
	"osfamily":                  "facts.os.family",
	"operatingsystem":           "facts.os.name",
	"operatingsystemrelease":    "facts.os.release.full",
	"operatingsystemmajrelease": "facts.os.release.major",
	"kernel":                    "facts.kernel",
	"architecture":              "facts.os.architecture",
}

// factKey returns the canonical name of a fact reference — $facts['a']['b'],
// $trusted[...], $::osfamily — or "" for anything else.
func factKey(e parser.Expr) string {
	var keys []string
	for {
		switch v := e.(type) {
		case *parser.Paren:
			e = v.X
			continue
		case *parser.Access:
			if len(v.Keys) != 1 {
				return ""
			}
			lit, ok := v.Keys[0].(*parser.StringLit)
			if !ok {
				return ""
			}
			keys = append([]string{strings.ToLower(lit.Value)}, keys...)
			e = v.Target
			continue
		case *parser.Variable:
			name := strings.TrimPrefix(v.Name, "::")
			var base string
			switch {
			case name == "facts" || name == "trusted":
				base = name
			case legacyFacts[name] != "":
				base = legacyFacts[name]
			default:
				return ""
			}
			key := strings.Join(append([]string{base}, keys...), ".")
			if alias, ok := legacyFacts[strings.TrimPrefix(key, "facts.")]; ok {
				key = alias // $facts['osfamily']
			}
			return key
		}
		return ""
	}
}

// literalPatterns splits case values or selector matches into literal
// strings and regular expressions; ok is false when any is neither.
func literalPatterns(es []parser.Expr) (values []string, regexes []*regexp.Regexp, ok bool) {
	for _, e := range es {
		switch v := e.(type) {
		case *parser.StringLit:
			values = append(values, v.Value)
		case *parser.Name:
			values = append(values, v.Value)
		case *parser.Regex:
			re, err := regexp.Compile(v.Pattern)
			if err != nil {
				return nil, nil, false
			}
			regexes = append(regexes, re)
		default:
			return nil, nil, false
		}
	}
	return values, regexes, true
}

// armCondition returns what arm b requires of a fact, if anything known.
func armCondition(b Branch) (factCondition, bool) {
	switch n := b.Cond.(type) {
	case *parser.If:
		c, ok := exprCondition(n.Cond)
		c.negate = c.negate != (b.Arm == 1)
		return c, ok
	case *parser.Unless:
		c, ok := exprCondition(n.Cond)
		c.negate = c.negate != (b.Arm == 0)
		return c, ok
	case *parser.Case:
		key := factKey(n.Test)
		if key == "" || b.Arm >= len(n.Options) {
			return factCondition{}, false
		}
		return optionCondition(key, b.Arm, len(n.Options), func(i int) []parser.Expr { return n.Options[i].Values })
	case *parser.Selector:
		key := factKey(n.X)
		if key == "" || b.Arm >= len(n.Cases) {
			return factCondition{}, false
		}
		return optionCondition(key, b.Arm, len(n.Cases), func(i int) []parser.Expr { return []parser.Expr{n.Cases[i].Match} })
	}
	return factCondition{}, false
}

// optionCondition is the condition of option arm of a case or selector
// with count options; a default option requires none of the others.
func optionCondition(key string, arm, count int, values func(int) []parser.Expr) (factCondition, bool) {
	isDefault := func(es []parser.Expr) bool {
		for _, e := range es {
			if _, ok := e.(*parser.Default); ok {
				return true
			}
		}
		return false
	}
	if !isDefault(values(arm)) {
		vs, res, ok := literalPatterns(values(arm))
		return factCondition{fact: key, values: vs, regexes: res}, ok
	}
	c := factCondition{fact: key, negate: true}
	for i := range count {
		if i == arm || isDefault(values(i)) {
			continue
		}
		vs, res, ok := literalPatterns(values(i))
		if !ok {
			return factCondition{}, false
		}
		c.values = append(c.values, vs...)
		c.regexes = append(c.regexes, res...)
	}
	return c, true
}

// exprCondition understands fact == 'x', fact != 'x', fact =~ /re/,
// fact !~ /re/, fact in ['x', 'y'], ! and parentheses.
func exprCondition(e parser.Expr) (factCondition, bool) {
	switch v := e.(type) {
	case *parser.Paren:
		return exprCondition(v.X)
	case *parser.Unary:
		if v.Op != "!" {
			return factCondition{}, false
		}
		c, ok := exprCondition(v.X)
		c.negate = !c.negate
		return c, ok
	case *parser.Binary:
		key := factKey(v.X)
		if key == "" {
			return factCondition{}, false
		}
		var operands []parser.Expr
		switch v.Op {
		case "==", "!=", "=~", "!~":
			operands = []parser.Expr{v.Y}
		case "in":
			arr, ok := v.Y.(*parser.Array)
			if !ok {
				return factCondition{}, false
			}
			operands = arr.Elems
		default:
			return factCondition{}, false
		}
		vs, res, ok := literalPatterns(operands)
		if !ok || ((v.Op == "=~" || v.Op == "!~") && len(res) == 0) {
			return factCondition{}, false
		}
		return factCondition{fact: key, values: vs, regexes: res, negate: v.Op == "!=" || v.Op == "!~"}, true
	}
	return factCondition{}, false
}

// allows reports whether value v satisfies the condition. Puppet compares
// strings case-insensitively with == and case; regexes are as written.
func (c factCondition) allows(v string) bool {
	match := false
	for _, x := range c.values {
		if strings.EqualFold(x, v) {
			match = true
		}
	}
	for _, re := range c.regexes {
		if re.MatchString(v) {
			match = true
		}
	}
	return match != c.negate
}

// compatible reports whether some value of the fact satisfies both
// conditions: one of the values either names, or a value neither names.
func compatible(a, b factCondition) bool {
	// Only a condition that lists every value it allows can be decided.
	if (a.negate || len(a.regexes) > 0) && (b.negate || len(b.regexes) > 0) {
		return true
	}
	candidates := append(append([]string{"\x00none of these"}, a.values...), b.values...)
	for _, v := range candidates {
		if a.allows(v) && b.allows(v) {
			return true
		}
	}
	return false
}

// exclusiveFacts reports whether two branch paths require incompatible
// values of one fact, so that they never run in one catalog.
func (a *dynamicAnalysis) exclusiveFacts(x, y []Branch) bool {
	for _, bx := range x {
		cx, ok := a.condition(bx)
		if !ok {
			continue
		}
		for _, by := range y {
			if cy, ok := a.condition(by); ok && cy.fact == cx.fact && !compatible(cx, cy) {
				return true
			}
		}
	}
	return false
}

// condition memoises armCondition.
func (a *dynamicAnalysis) condition(b Branch) (factCondition, bool) {
	if c, ok := a.conds[b]; ok {
		return c, c.fact != ""
	}
	c, ok := armCondition(b)
	if !ok {
		c = factCondition{}
	}
	a.conds[b] = c
	return c, ok
}

// exclusive reports whether code on two branch paths never runs together:
// different arms of one conditional, or incompatible fact values.
func (a *dynamicAnalysis) exclusive(x, y []Branch) bool {
	return Exclusive(x, y) || a.exclusiveFacts(x, y)
}
