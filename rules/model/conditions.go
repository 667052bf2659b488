package model

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/ducklint/ducklint/parser"
)

// Condition is one thing an arm of a conditional requires of a value that
// cannot change while the arms run — a fact, or a variable already
// assigned: that the value is (or, negated, is not) equal to one of some
// literals or matches one of some regular expressions, that it is truthy,
// or that it compares with a number. Two arms that require incompatible
// values of one subject never both run, even when they belong to different
// conditionals.
type Condition struct {
	// Subject names the tested value, as the subject function given to
	// ArmConditions named it: "facts.os.family", "$ensure".
	Subject string
	// Expr is the expression the subject names, as written in the test.
	Expr parser.Expr

	kind condKind
	// equalCond: the literals and patterns one of which the value equals
	// or matches.
	values  []string
	numbers []float64
	bools   []bool
	undef   bool
	regexes []pattern
	// strictMatch is set for =~ and !~, which fail on a value that is not
	// a string (case options and `in` just do not match it).
	strictMatch bool
	// orderCond: value op bound, op one of <, <=, >, >=.
	op    string
	bound float64
	// cmpResult is set when the subject is a versioncmp() result: -1, 0 or 1.
	cmpResult bool
	// fact is set when the subject is a fact. A fact has one spelling,
	// which code compares it with as written: `case 'FreeBSD'` and
	// `!~ /^FreeBSD/` exclude each other although 'freebsd' would satisfy
	// both, because no node reports 'freebsd'.
	fact   bool
	negate bool
}

// condKind is what a Condition compares.
type condKind uint8

const (
	equalCond condKind = iota // ==, !=, in, =~, !~, case and selector options
	truthCond                 // if $x: not undef and not false
	orderCond                 // <, <=, >, >= against a number
)

// pattern is a regular expression as written and its case-insensitive
// form: a literal compared with == stands for every spelling of it in any
// case, and the pattern may match some of them.
type pattern struct{ exact, fold *regexp.Regexp }

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

// literalPatterns splits case values, selector matches or the elements of
// an `in` array into strings, numbers and regular expressions; ok is false
// when any is none of these (a type, a variable, a Go-incompatible regex).
func literalPatterns(es []parser.Expr) (c Condition, ok bool) {
	for _, e := range es {
		switch v := e.(type) {
		case *parser.StringLit:
			c.values = append(c.values, v.Value)
		case *parser.Name:
			c.values = append(c.values, v.Value)
		case *parser.Number, *parser.Unary:
			n, ok := numberLiteral(e)
			if !ok {
				return Condition{}, false
			}
			c.numbers = append(c.numbers, n)
		case *parser.Bool:
			c.bools = append(c.bools, v.Value)
		case *parser.Undef:
			c.undef = true
		case *parser.Regex:
			p, ok := compilePattern(v.Pattern)
			if !ok {
				return Condition{}, false
			}
			c.regexes = append(c.regexes, p)
		default:
			return Condition{}, false
		}
	}
	return c, true
}

// compilePattern compiles a Puppet (Ruby) regular expression as far as Go
// reads it the same way; ok is false for syntax Go does not support.
func compilePattern(src string) (pattern, bool) {
	exact, err := regexp.Compile(src)
	if err != nil {
		return pattern{}, false
	}
	fold, err := regexp.Compile("(?i)" + src)
	if err != nil {
		return pattern{}, false
	}
	return pattern{exact: exact, fold: fold}, true
}

// numberLiteral returns the value of a number literal, possibly negated.
func numberLiteral(e parser.Expr) (float64, bool) {
	neg := false
	if u, ok := e.(*parser.Unary); ok && u.Op == "-" {
		neg, e = true, u.X
	}
	n, ok := e.(*parser.Number)
	if !ok {
		return 0, false
	}
	var v float64
	if n.IsFloat {
		f, err := strconv.ParseFloat(n.Raw, 64)
		if err != nil {
			return 0, false
		}
		v = f
	} else {
		i, err := strconv.ParseInt(n.Raw, 0, 64)
		if err != nil {
			return 0, false
		}
		v = float64(i)
	}
	if neg {
		v = -v
	}
	return v, true
}

// ArmConditions returns what arm b of an if, unless, case or selector
// requires, as conditions that all hold when the arm runs, for the values
// subject names. complete reports whether they are all the arm requires
// (then the arm runs whenever they hold): a case option also requires
// that no earlier option matched, and `if $a or $b` cannot be split.
func ArmConditions(b Branch, subject SubjectFunc) (cs []Condition, complete bool) {
	switch n := b.Cond.(type) {
	case *parser.If:
		return testConditions(n.Cond, b.Arm == 0, subject)
	case *parser.Unless:
		return testConditions(n.Cond, b.Arm != 0, subject)
	case *parser.Case:
		if b.Arm >= len(n.Options) {
			return nil, false
		}
		return optionConditions(n.Test, subject, b.Arm, len(n.Options), func(i int) []parser.Expr { return n.Options[i].Values })
	case *parser.Selector:
		if b.Arm >= len(n.Cases) {
			return nil, false
		}
		return optionConditions(n.X, subject, b.Arm, len(n.Cases), func(i int) []parser.Expr { return []parser.Expr{n.Cases[i].Match} })
	}
	return nil, false
}

// optionConditions is what option arm of a case or selector with count
// options requires of its test: its own values, and none of the values
// of the options before it (Puppet takes the first match); a default
// option requires none of the other values.
func optionConditions(test parser.Expr, subject SubjectFunc, arm, count int, values func(int) []parser.Expr) ([]Condition, bool) {
	key := subject(test)
	if key == "" {
		return nil, false
	}
	isDefault := func(es []parser.Expr) bool {
		for _, e := range es {
			if _, ok := e.(*parser.Default); ok {
				return true
			}
		}
		return false
	}
	fact := FactKey(test) != ""
	var out []Condition
	complete := true
	for i := range count {
		if i == arm || isDefault(values(i)) || (i > arm && !isDefault(values(arm))) {
			continue
		}
		c, ok := literalPatterns(values(i))
		if !ok {
			complete = false
			continue
		}
		c.Subject, c.Expr, c.negate, c.fact = key, test, true, fact
		out = append(out, c)
	}
	if !isDefault(values(arm)) {
		c, ok := literalPatterns(values(arm))
		if !ok {
			return out, false
		}
		c.Subject, c.Expr, c.fact = key, test, fact
		out = append([]Condition{c}, out...)
	}
	return out, complete
}

// testConditions is what a test requires when it evaluates to want: the
// parts of a conjunction (`and`, or a negated `or`) split, each part a
// comparison of a subject with literals or the truth of a subject, and
// beside them the truth of the whole test when subject names it.
func testConditions(e parser.Expr, want bool, subject SubjectFunc) ([]Condition, bool) {
	for {
		switch v := e.(type) {
		case *parser.Paren:
			e = v.X
			continue
		case *parser.Unary:
			if v.Op == "!" {
				e, want = v.X, !want
				continue
			}
		}
		break
	}
	var out []Condition
	complete := false
	if b, ok := e.(*parser.Binary); ok && ((b.Op == "and" && want) || (b.Op == "or" && !want)) {
		x, cx := testConditions(b.X, want, subject)
		y, cy := testConditions(b.Y, want, subject)
		out, complete = append(x, y...), cx && cy
	} else if c, ok := comparison(e, subject); ok {
		c.negate = c.negate != !want
		out, complete = append(out, c), true
	} else if c, ok := sameValues(e, subject); ok {
		c.negate = c.negate != !want
		out, complete = append(out, c), true
	}
	if key := subject(e); key != "" {
		if _, compound := e.(*parser.Binary); compound || len(out) == 0 {
			out, complete = append(out, Condition{Subject: key, Expr: e, kind: truthCond, negate: !want}), true
		}
	}
	return out, complete
}

// comparison understands s == l, s != l, s =~ /re/, s !~ /re/,
// s in [l, ...], and s <, <=, >, >= n for a subject s, literals l and a
// number n, with the literal on either side of == and the comparisons.
func comparison(e parser.Expr, subject SubjectFunc) (Condition, bool) {
	v, ok := e.(*parser.Binary)
	if !ok {
		return Condition{}, false
	}
	x, y, op := v.X, v.Y, v.Op
	if flipped, ok := flipOp[op]; ok && subject(x) == "" && subject(y) != "" {
		x, y, op = y, x, flipped
	}
	key := subject(x)
	if key == "" {
		return Condition{}, false
	}
	var c Condition
	switch op {
	case "==", "!=", "=~", "!~":
		c, ok = literalPatterns([]parser.Expr{y})
		if !ok {
			return Condition{}, false
		}
		if match := op == "=~" || op == "!~"; match != (len(c.regexes) > 0) {
			return Condition{}, false // =~ 'string' makes a pattern; == /re/ compares with the Regexp
		}
		c.strictMatch = op == "=~" || op == "!~"
		c.negate = op == "!=" || op == "!~"
	case "in":
		arr, ok := y.(*parser.Array)
		if !ok {
			return Condition{}, false
		}
		if c, ok = literalPatterns(arr.Elems); !ok {
			return Condition{}, false
		}
	case "<", "<=", ">", ">=":
		n, ok := numberLiteral(y)
		if !ok {
			return Condition{}, false
		}
		c = Condition{kind: orderCond, op: op, bound: n}
	default:
		return Condition{}, false
	}
	c.Subject, c.Expr, c.cmpResult, c.fact = key, x, isVersioncmp(x), FactKey(x) != ""
	return c, true
}

// sameValues understands s == t and s != t for two subjects s and t: the
// truth of their equality, whichever side each is on.
func sameValues(e parser.Expr, subject SubjectFunc) (Condition, bool) {
	v, ok := e.(*parser.Binary)
	if !ok || v.Op != "==" && v.Op != "!=" {
		return Condition{}, false
	}
	x, y := subject(v.X), subject(v.Y)
	if x == "" || y == "" {
		return Condition{}, false
	}
	if y < x {
		x, y = y, x
	}
	return Condition{Subject: "(" + x + " == " + y + ")", Expr: e, kind: truthCond, negate: v.Op == "!="}, true
}

// flipOp maps a comparison to the one with its operands swapped.
var flipOp = map[string]string{"==": "==", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}

// isVersioncmp reports whether e calls versioncmp, which returns -1, 0 or 1.
func isVersioncmp(e parser.Expr) bool {
	e = parser.Unparen(e)
	switch c := e.(type) {
	case *parser.Call:
		return strings.TrimPrefix(c.FuncName(), "::") == "versioncmp"
	case *parser.MethodCall:
		return c.Name == "versioncmp"
	}
	return false
}

// Compatible reports whether some value of the subject may satisfy both
// conditions; false only when no value can (a fact only as spelled).
func Compatible(a, b Condition) bool {
	asWritten := a.fact && b.fact
	for _, v := range candidates([]Condition{a, b}) {
		if a.holds(v, asWritten) != no && b.holds(v, asWritten) != no {
			return true
		}
	}
	return false
}

// ExclusiveValues reports whether two branch paths require incompatible
// values of one subject, so that code on them never runs together.
func ExclusiveValues(x, y []Branch, conds func(Branch) []Condition) bool {
	for _, bx := range x {
		cxs := conds(bx)
		if len(cxs) == 0 {
			continue
		}
		for _, by := range y {
			if bx == by {
				continue
			}
			for _, cy := range conds(by) {
				for _, cx := range cxs {
					if cy.Subject == cx.Subject && !Compatible(cx, cy) {
						return true
					}
				}
			}
		}
	}
	return false
}

// exclusiveFacts reports whether two branch paths require incompatible
// values of one fact, so that they never run in one catalog.
func (w *simWorker) exclusiveFacts(x, y []Branch) bool {
	return ExclusiveValues(x, y, w.conditions)
}

// conditions memoises what arm b requires of facts.
func (w *simWorker) conditions(b Branch) []Condition {
	if cs, ok := w.conds[b]; ok {
		return cs
	}
	cs, _ := ArmConditions(b, FactKey)
	w.conds[b] = cs
	return cs
}

// exclusive reports whether code on two branch paths never runs together:
// different arms of one conditional, or incompatible fact values.
func (w *simWorker) exclusive(x, y []Branch) bool {
	return Exclusive(x, y) || w.exclusiveFacts(x, y)
}
