package model

import (
	"slices"
	"strings"

	"github.com/ducklint/ducklint/parser"
)

// evalKey names a class, and whether what evaluates it may do so only on
// some arms (lenient).
type evalKey struct {
	class   string
	lenient bool
}

// scopeKey names a scope and an evalKey.
type scopeKey struct {
	scope *Scope
	key   evalKey
}

// evalEdge is an edge of the reversed evaluation graph: declaring class
// from evaluates the edge's class, on every path through its body unless
// conditional.
type evalEdge struct {
	from        string
	conditional bool
}

// evaluates reports whether declaring class t always (leniently: possibly)
// evaluates class c: c is t, a base class of t, or a class t's body (or a
// base class's body) declares, transitively (see evaluatorsOf).
func (s *Static) evaluates(t, c string, lenient bool) bool {
	if t == c {
		return true
	}
	k := evalKey{c, lenient}
	by, ok := s.evaluatedBy[k]
	if !ok {
		by = s.evaluatorsOf(c, lenient)
		s.evaluatedBy[k] = by
	}
	return by[t]
}

// evaluatorsOf returns the classes whose declaration evaluates class c:
// the classes inheriting c, and the classes whose body declares c (or one
// of these) unconditionally or on every arm of a conditional, transitively;
// leniently, on any arm. It searches backwards from c once: a search
// forwards from each class asked about visited the same roles' profiles
// for every class they declare. A class with conditional declarations is
// looked at again whenever one of the classes it declares joins.
func (s *Static) evaluatorsOf(c string, lenient bool) map[string]bool {
	if s.evaluationEdges == nil {
		s.evaluationEdges = s.reverseEvaluationEdges()
	}
	by := map[string]bool{c: true}
	queue := []string{c}
	for len(queue) > 0 {
		n := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		for _, e := range s.evaluationEdges[n] {
			if by[e.from] || e.conditional && !lenient && !s.bodyCovers(e.from, by) {
				continue
			}
			by[e.from] = true
			queue = append(queue, e.from)
		}
	}
	return by
}

// bodyCovers reports whether the body of class name, run to its end,
// surely declared one of the classes in set.
func (s *Static) bodyCovers(name string, set map[string]bool) bool {
	def := s.prog.Class(name)
	if def == nil || def.Scope == nil {
		return false
	}
	end := point{scope: def.Scope, file: def.File, offset: -1}
	return s.scopeDeclaresBefore(def.Scope, end, false, func(t string) bool { return set[t] })
}

// reverseEvaluationEdges returns, for each class name n, the classes x
// whose declaration evaluates n directly: n is x's base class, or x's body
// declares n (conditional: on some arm only). What a base class's body
// declares is reached through the base class.
func (s *Static) reverseEvaluationEdges() map[string][]evalEdge {
	rev := map[string][]evalEdge{}
	for _, def := range s.prog.Definitions {
		if def.Kind != ClassDef || s.prog.Class(def.Name) != def {
			continue // one class per name, as Class finds it
		}
		x := def.Name
		if anc := s.prog.Ancestors(def); len(anc) > 0 {
			rev[anc[0].Name] = append(rev[anc[0].Name], evalEdge{from: x})
		}
		if def.Scope == nil {
			continue
		}
		for _, decl := range def.Scope.Declarations {
			switch decl.Kind {
			case Include, Require, Contain, ResourceLike:
				rev[decl.Target] = append(rev[decl.Target], evalEdge{from: x, conditional: len(decl.Branch) > 0})
			}
		}
	}
	return rev
}

// scopeDeclaresBefore reports whether the code of scope sc before point p
// has surely declared a class for which evaluated is true once p is
// reached: on p's path, or on every arm of a conditional that is over by p.
// An arm counts too when it fails (the code after it does not run then)
// or runs only when defined(Class[...]) is true of such a class (`if
// !defined(Class['x']) { fail() }` guarantees x for the rest of the
// scope). Leniently, a declaration on any arm p may share counts.
func (s *Static) scopeDeclaresBefore(sc *Scope, p point, lenient bool, evaluated func(class string) bool) bool {
	var items []*Declaration
	for _, d := range sc.Declarations {
		switch d.Kind {
		case Include, Require, Contain, ResourceLike:
		default:
			continue
		}
		if !s.declBefore(d, p) || Exclusive(d.Branch, p.branch) || !evaluated(d.Target) {
			continue
		}
		if lenient || branchPrefix(d.Branch, p.branch) {
			return true
		}
		items = append(items, d)
	}
	for _, f := range sc.Fails {
		if s.declBefore(f, p) && !Exclusive(f.Branch, p.branch) {
			items = append(items, f)
		}
	}
	if len(items) == 0 {
		return false
	}
	c := coverage{items: items, at: p.branch, implied: evaluated}
	return c.covered(nil)
}

// coverage decides whether reaching a point means one of some events ran.
type coverage struct {
	// items are the events: declarations and fail() calls before the
	// point, on no arm exclusive with it.
	items []*Declaration
	// at is the point's path.
	at []Branch
	// implied reports whether defined(Class[name]) being true means what
	// the items stand for ran.
	implied func(class string) bool
}

// covered reports whether running through arm path to its end (to the
// point, when path leads to it) means an item ran: one is on path itself,
// or on every arm of a conditional within path that is over by then.
func (c *coverage) covered(path []Branch) bool {
	onPath := len(path) < len(c.at) && slices.Equal(path, c.at[:len(path)])
	var conds []parser.Node
	for _, it := range c.items {
		if len(it.Branch) < len(path) || !slices.Equal(it.Branch[:len(path)], path) {
			continue
		}
		if len(it.Branch) == len(path) {
			return true
		}
		cond := it.Branch[len(path)].Cond
		if onPath && c.at[len(path)].Cond == cond {
			continue // the conditional holding the point: followed below
		}
		if !slices.Contains(conds, cond) {
			conds = append(conds, cond)
		}
	}
	for _, cond := range conds {
		if c.allArms(path, cond) {
			return true
		}
	}
	return onPath && c.covered(c.at[:len(path)+1])
}

// allArms reports whether every arm of conditional cond, within path, is
// covered.
func (c *coverage) allArms(path []Branch, cond parser.Node) bool {
	n, exhaustive := armCount(cond)
	if !exhaustive {
		return false
	}
	for i := range n {
		b := Branch{Cond: cond, Arm: i}
		if slices.ContainsFunc(definedWhen(b), c.implied) {
			continue
		}
		if !c.covered(append(slices.Clip(path), b)) {
			return false
		}
	}
	return true
}

// armCount returns how many arms conditional cond has, counting the empty
// else of an if or unless, and whether one of them always runs: a case
// without a default may run none (a selector without one fails instead).
func armCount(cond parser.Node) (int, bool) {
	switch n := cond.(type) {
	case *parser.If, *parser.Unless:
		return 2, true
	case *parser.Case:
		for _, o := range n.Options {
			for _, v := range o.Values {
				if _, ok := v.(*parser.Default); ok {
					return len(n.Options), true
				}
			}
		}
		return len(n.Options), false
	case *parser.Selector:
		return len(n.Cases), true
	}
	return 0, false
}

// definedWhen returns classes x for which defined(Class[x]) is surely true
// when arm b runs: its if or unless tests defined(Class['x']), alone or
// joined by and (or, negated, by or).
func definedWhen(b Branch) []string {
	switch n := b.Cond.(type) {
	case *parser.If:
		return classesDefinedIf(n.Cond, b.Arm == 0)
	case *parser.Unless:
		return classesDefinedIf(n.Cond, b.Arm != 0)
	}
	return nil
}

// classesDefinedIf returns the classes x for which defined(Class[x]) is
// true when e evaluates to v.
func classesDefinedIf(e parser.Expr, v bool) []string {
	switch n := e.(type) {
	case *parser.Paren:
		return classesDefinedIf(n.X, v)
	case *parser.Unary:
		if n.Op == "!" {
			return classesDefinedIf(n.X, !v)
		}
	case *parser.Binary:
		if n.Op == "and" && v || n.Op == "or" && !v {
			return append(classesDefinedIf(n.X, v), classesDefinedIf(n.Y, v)...)
		}
	case *parser.Call:
		if v && strings.TrimPrefix(n.FuncName(), "::") == "defined" && len(n.Args) == 1 {
			return classRefTargets(n.Args[0])
		}
	}
	return nil
}

// queuedBefore reports whether a defined-type instance declared before
// instance d, in d's scope and on its path (leniently: on an arm d may
// share), evaluates g's class in its body: Puppet evaluates the instances
// a scope declares first in first out, so that body has run when d's runs.
func (s *Static) queuedBefore(d *Declaration, g goal) bool {
	p := point{scope: d.Scope, file: d.File, offset: d.Span.Start.Offset, branch: d.Branch}
	for sc := d.Scope; sc != nil; sc = sc.Parent {
		for _, e := range s.evaluatingInstances(sc, g) {
			if s.declBefore(e, p) && (branchPrefix(e.Branch, d.Branch) || g.lenient && !Exclusive(e.Branch, d.Branch)) {
				return true
			}
		}
		if sc.Kind != LambdaScope {
			break
		}
	}
	return false
}

// evaluatingInstances returns the defined-type instances that scope sc
// declares (not virtual ones) whose body evaluates g's class by its end.
func (s *Static) evaluatingInstances(sc *Scope, g goal) []*Declaration {
	k := scopeKey{sc, evalKey{g.class, g.lenient}}
	out, ok := s.evaluating[k]
	if ok {
		return out
	}
	for _, e := range sc.Declarations {
		if e.Kind == DefineInstance && !e.Virtual && s.defineBodyEvaluates(e.Target, g.class, g.lenient) {
			out = append(out, e)
		}
	}
	s.evaluating[k] = out
	return out
}

// defineBodyEvaluates reports whether the body of defined type name, run to
// its end, has surely (leniently: possibly) evaluated class.
func (s *Static) defineBodyEvaluates(name, class string, lenient bool) bool {
	k := evalKey{class, lenient}
	m := s.defineEvaluates[k]
	if m == nil {
		m = map[string]bool{}
		s.defineEvaluates[k] = m
	}
	v, ok := m[name]
	if !ok {
		def := s.prog.Define(name)
		v = def != nil && def.Scope != nil &&
			s.locallyGuaranteed(point{scope: def.Scope, file: def.File, offset: -1}, goal{class: class, lenient: lenient})
		m[name] = v
	}
	return v
}
