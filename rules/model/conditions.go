package model

import (
	"regexp"
	"strings"

	"github.com/ducklint/ducklint/parser"
)

// Condition is what one arm of a conditional requires of a value that
// cannot change while the arms run — a fact, or a variable already
// assigned: the value is (or, negated, is not) one of the literal values
// or matches one of the regular expressions. Two arms that require
// incompatible values of one subject never both run, even when they belong
// to different conditionals.
type Condition struct {
	// Subject names the tested value, as the subject function given to
	// ArmCondition named it: "facts.os.family", "$ensure".
	Subject string
	values  []string
	regexes []*regexp.Regexp
	negate  bool
}

// SubjectFunc names the value a test expression reads, or returns "" when
// it is not a value the caller can compare across conditionals.
type SubjectFunc func(parser.Expr) string

// legacyFacts maps legacy top-scope fact variables to their structured form.
var legacyFacts = map[string]string{
	"osfamily":                  "facts.os.family",
	"operatingsystem":           "facts.os.name",
	"operatingsystemrelease":    "facts.os.release.full",
	"operatingsystemmajrelease": "facts.os.release.major",
	"kernel":                    "facts.kernel",
	"architecture":              "facts.os.architecture",
}

// FactKey returns the canonical name of a fact reference — $facts['a']['b'],
// $trusted[...], $::osfamily — or "" for anything else. Facts are the same
// everywhere in one catalog.
func FactKey(e parser.Expr) string {
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

// ArmCondition returns what arm b (of an if, unless, case or selector)
// requires of the value its test reads, when subject names that value and
// the arm compares it with literals or regular expressions.
func ArmCondition(b Branch, subject SubjectFunc) (Condition, bool) {
	switch n := b.Cond.(type) {
	case *parser.If:
		c, ok := exprCondition(n.Cond, subject)
		c.negate = c.negate != (b.Arm == 1)
		return c, ok
	case *parser.Unless:
		c, ok := exprCondition(n.Cond, subject)
		c.negate = c.negate != (b.Arm == 0)
		return c, ok
	case *parser.Case:
		key := subject(n.Test)
		if key == "" || b.Arm >= len(n.Options) {
			return Condition{}, false
		}
		return optionCondition(key, b.Arm, len(n.Options), func(i int) []parser.Expr { return n.Options[i].Values })
	case *parser.Selector:
		key := subject(n.X)
		if key == "" || b.Arm >= len(n.Cases) {
			return Condition{}, false
		}
		return optionCondition(key, b.Arm, len(n.Cases), func(i int) []parser.Expr { return []parser.Expr{n.Cases[i].Match} })
	}
	return Condition{}, false
}

// optionCondition is the condition of option arm of a case or selector
// with count options; a default option requires none of the others.
func optionCondition(key string, arm, count int, values func(int) []parser.Expr) (Condition, bool) {
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
		return Condition{Subject: key, values: vs, regexes: res}, ok
	}
	c := Condition{Subject: key, negate: true}
	for i := range count {
		if i == arm || isDefault(values(i)) {
			continue
		}
		vs, res, ok := literalPatterns(values(i))
		if !ok {
			return Condition{}, false
		}
		c.values = append(c.values, vs...)
		c.regexes = append(c.regexes, res...)
	}
	return c, true
}

// exprCondition understands s == 'x', s != 'x', s =~ /re/, s !~ /re/,
// s in ['x', 'y'], ! and parentheses, for a subject s.
func exprCondition(e parser.Expr, subject SubjectFunc) (Condition, bool) {
	switch v := e.(type) {
	case *parser.Paren:
		return exprCondition(v.X, subject)
	case *parser.Unary:
		if v.Op != "!" {
			return Condition{}, false
		}
		c, ok := exprCondition(v.X, subject)
		c.negate = !c.negate
		return c, ok
	case *parser.Binary:
		key := subject(v.X)
		if key == "" {
			return Condition{}, false
		}
		var operands []parser.Expr
		switch v.Op {
		case "==", "!=", "=~", "!~":
			operands = []parser.Expr{v.Y}
		case "in":
			arr, ok := v.Y.(*parser.Array)
			if !ok {
				return Condition{}, false
			}
			operands = arr.Elems
		default:
			return Condition{}, false
		}
		vs, res, ok := literalPatterns(operands)
		if !ok || ((v.Op == "=~" || v.Op == "!~") && len(res) == 0) {
			return Condition{}, false
		}
		return Condition{Subject: key, values: vs, regexes: res, negate: v.Op == "!=" || v.Op == "!~"}, true
	}
	return Condition{}, false
}

// allows reports whether value v satisfies the condition. Puppet compares
// strings case-insensitively with == and case; regexes are as written.
func (c Condition) allows(v string) bool {
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

// Compatible reports whether some value of the subject satisfies both
// conditions: one of the values either names, or a value neither names.
func Compatible(a, b Condition) bool {
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

// ExclusiveValues reports whether two branch paths require incompatible
// values of one subject, so that code on them never runs together.
func ExclusiveValues(x, y []Branch, cond func(Branch) (Condition, bool)) bool {
	for _, bx := range x {
		cx, ok := cond(bx)
		if !ok {
			continue
		}
		for _, by := range y {
			if cy, ok := cond(by); ok && cy.Subject == cx.Subject && !Compatible(cx, cy) {
				return true
			}
		}
	}
	return false
}

// exclusiveFacts reports whether two branch paths require incompatible
// values of one fact, so that they never run in one catalog.
func (w *simWorker) exclusiveFacts(x, y []Branch) bool {
	return ExclusiveValues(x, y, w.condition)
}

// condition memoises what arm b requires of a fact.
func (w *simWorker) condition(b Branch) (Condition, bool) {
	if c, ok := w.conds[b]; ok {
		return c, c.Subject != ""
	}
	c, ok := ArmCondition(b, FactKey)
	if !ok {
		c = Condition{}
	}
	w.conds[b] = c
	return c, ok
}

// exclusive reports whether code on two branch paths never runs together:
// different arms of one conditional, or incompatible fact values.
func (w *simWorker) exclusive(x, y []Branch) bool {
	return Exclusive(x, y) || w.exclusiveFacts(x, y)
}
