package model

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ducklint/ducklint/parser"
)

// maxValueDepth bounds how many parameter passings valueKey follows.
const maxValueDepth = 8

// valueConditions returns what the arms on the way to resource r, evaluated
// in inst, require of values one catalog fixes beyond facts (which
// exclusiveFacts compares already): a class's variables, top-scope
// variables, and a defined type's parameters as the declaration of its
// instance passes them. Two declarations whose arms require incompatible
// values of one of these never run in one catalog: `if $x` and
// `unless $x` in one class, or `if $::fqdn == $src` in a class and
// `if $source_host != $::fqdn` in an instance it declares with
// `source_host => $src`. Only arms whose tests read such values are read.
//
// What the arms of the declarations on inst's chain require is the same
// for each of its resources, and is worked out once per instance
// (instance.chainConds); the result may be shared, and is only read.
func (w *simWorker) valueConditions(inst *instance, r *Resource) []Condition {
	out := w.armValueConditions(nil, inst, r.Branch)
	above := inst.chainConds
	if !inst.chainCondsOK {
		for at := inst; at != nil && at.parent != nil; at = at.parent {
			// An inserted base class was created by the declaration of the
			// class inheriting it, which the base's own link adds.
			if at.inherited || at.via == nil {
				continue
			}
			above = w.armValueConditions(above, at.parent, at.via.Branch)
		}
		above = slices.Clip(above)
		inst.chainConds, inst.chainCondsOK = above, true
	}
	if len(out) == 0 {
		return above
	}
	return append(out, above...)
}

// armValueConditions appends to out what the arms of branch, evaluated in
// inst, require of values beyond facts (see valueConditions).
func (w *simWorker) armValueConditions(out []Condition, inst *instance, branch []Branch) []Condition {
	for _, b := range branch {
		if w.dependsOnData(b.Cond) {
			out = append(out, w.armValues(inst, b)...)
		}
	}
	return out
}

// maxArmValues bounds how many sets of answers armValues keeps per arm.
const maxArmValues = 8

// armValues is what arm b, evaluated in inst, requires of values beyond
// facts. The result is shared, and only read.
//
// ArmConditions is a function of the arm and of what its subject function
// answers, and asks each question according to the answers before it: an
// arm whose questions get the answers they got before requires what it
// required then. So each arm keeps the questions (value expressions) it
// asked, the answers (valueKey's names) and the conditions, and asking the
// same questions again in inst is all a later evaluation costs. The
// simulations of a large tree evaluate a few hundred arms, with a few sets
// of answers each, thousands of times (wikimedia's: 7,500 evaluations, 231
// arms and answers).
func (w *simWorker) armValues(inst *instance, b Branch) []Condition {
	seen := w.armVals[b]
	for i := range seen {
		if seen[i].holdsIn(w, inst) {
			return seen[i].conds
		}
	}
	var av armAnswers
	cs, _ := ArmConditions(b, func(e parser.Expr) string {
		k := w.valueKey(inst, e, 0)
		av.asked, av.answers = append(av.asked, e), append(av.answers, k)
		return k
	})
	for _, c := range cs {
		if !c.fact {
			av.conds = append(av.conds, c)
		}
	}
	av.conds = slices.Clip(av.conds)
	if len(seen) < maxArmValues {
		if w.armVals == nil {
			w.armVals = map[Branch][]armAnswers{}
		}
		w.armVals[b] = append(seen, av)
	}
	return av.conds
}

// armAnswers is what an arm's conditions asked of the values it tests,
// what valueKey answered, and what the arm then required (see armValues).
type armAnswers struct {
	asked   []parser.Expr
	answers []string
	conds   []Condition
}

// holdsIn reports whether valueKey gives in inst the answers a did.
func (a *armAnswers) holdsIn(w *simWorker, inst *instance) bool {
	for i, e := range a.asked {
		if w.valueKey(inst, e, 0) != a.answers[i] {
			return false
		}
	}
	return true
}

// dependsOnData is dependsOnData, memoised.
func (w *simWorker) dependsOnData(cond parser.Node) bool {
	d, ok := w.dataDep[cond]
	if !ok {
		d = dependsOnData(cond)
		w.dataDep[cond] = d
	}
	return d
}

// pathDependsOnData is PathDependsOnData, memoised by conditional.
func (w *simWorker) pathDependsOnData(path []Branch) bool {
	return slices.ContainsFunc(path, func(b Branch) bool { return w.dependsOnData(b.Cond) })
}

// valueKey names the value expression e reads in inst, the same name for
// every expression of one catalog reading the same value, or "" when e is
// no such value (or one valueKey cannot follow): a fact (FactKey), a
// top-scope variable, a class's parameter or variable (one per catalog:
// a class is evaluated once), a defined type's local variable (one per
// instance), or a defined type's parameter, named as the value its
// instance's declaration passes (or its default).
func (w *simWorker) valueKey(inst *instance, e parser.Expr, depth int) string {
	if depth > maxValueDepth || inst == nil {
		return ""
	}
	e = parser.Unparen(e)
	if k := FactKey(e); k != "" {
		return k
	}
	v, ok := e.(*parser.Variable)
	if !ok {
		return ""
	}
	name := v.Name
	if rest, ok := strings.CutPrefix(name, "::"); ok {
		if strings.Contains(rest, "::") {
			return "$" + NormalizeClassName(rest)
		}
		return "$::" + rest
	}
	if strings.Contains(name, "::") {
		return "$" + NormalizeClassName(name)
	}
	sc := inst.scope
	if sc == nil || w.lambdaShadows(sc, name) {
		return ""
	}
	switch sc.Kind {
	case TopScope:
		return "$::" + name
	case ClassScope:
		if inst.def != nil && (scopeParam(sc, name) != nil || len(sc.Assigned(name)) > 0) {
			return "$" + inst.def.Name + "::" + name
		}
	case DefineScope:
		if name == "title" || name == "name" {
			return ""
		}
		if len(sc.Assigned(name)) > 0 {
			return fmt.Sprintf("$%p::%s", inst, name) // one instance's
		}
		p := scopeParam(sc, name)
		if p == nil || inst.def == nil || w.a.defaulted[inst.def.Name] != 0 {
			return "" // a resource default may set it
		}
		if decl := inst.via; decl != nil && decl.Resource != nil {
			if val := attrValue(decl.Resource, name); val != nil {
				return w.valueKey(inst.parent, val, depth+1)
			}
			if resourceSets(decl.Resource, "*") {
				return ""
			}
		}
		if p.Default != nil {
			return w.valueKey(inst, p.Default, depth+1)
		}
	}
	return ""
}

// lambdaShadows reports whether a lambda in scope s's body has a
// parameter or a variable of that name: a test inside it may read that.
func (w *simWorker) lambdaShadows(s *Scope, name string) bool {
	return slices.ContainsFunc(w.a.lambdas[s], func(l *Scope) bool {
		return scopeParam(l, name) != nil || len(l.Assigned(name)) > 0
	})
}

// scopeParam returns s's parameter named name, or nil.
func scopeParam(s *Scope, name string) *parser.Parameter {
	for _, p := range s.Params {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// exclusiveValues reports whether two lists of valueConditions require
// incompatible values of one subject.
func exclusiveValues(xs, ys []Condition) bool {
	for _, x := range xs {
		for _, y := range ys {
			if x.Subject == y.Subject && !Compatible(x, y) {
				return true
			}
		}
	}
	return false
}

// titleKeyed reports whether resource r, in a defined type's body, is on
// an arm that requires the instance's title to be one literal string
// (`if $name == 'itk'`, directly or through a variable assigned from
// $title or $name): two instances have different titles, so at most one
// of them takes the arm. (Puppet's == ignores case, so 'itk' and 'ITK'
// would both take it; a tree declaring both is not worth the doubt.)
func titleKeyed(r *Resource) bool {
	owner := r.Scope.Owner()
	if owner.Kind != DefineScope {
		return false
	}
	subject := func(e parser.Expr) string {
		e = parser.Unparen(e)
		v, ok := e.(*parser.Variable)
		if !ok {
			return ""
		}
		if v.Name == "title" || v.Name == "name" {
			return "title"
		}
		as := owner.Assigned(v.Name)
		if len(as) == 0 || scopeParam(owner, v.Name) != nil {
			return ""
		}
		for _, a := range as {
			src, ok := a.Value.(*parser.Variable)
			if !ok || src.Name != "title" && src.Name != "name" {
				return ""
			}
		}
		return "title"
	}
	for _, b := range r.Branch {
		cs, _ := ArmConditions(b, subject)
		for _, c := range cs {
			if c.Subject == "title" && c.kind == equalCond && !c.negate && len(c.values) == 1 && len(c.numbers) == 0 &&
				len(c.bools) == 0 && !c.undef && len(c.regexes) == 0 {
				return true
			}
		}
	}
	return false
}
