package rules

import (
	"math"
	"slices"
	"strings"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules/model"
)

// reassignAnalysis decides, for two assignments to one variable in one
// scope, whether they can run together. Puppet variables cannot change
// within a scope once assigned, so two conditionals that test the same
// variable, fact or deterministic function call read the same value, and
// arms requiring incompatible values never both run.
type reassignAnalysis struct {
	sc *model.Scope
	// stable and free memoise the conditions of branches: over values that
	// do not change within the scope, and over the parameters the caller
	// chooses.
	stable map[model.Branch][]model.Condition
	free   map[model.Branch]freeConds
	params map[string]*parser.Parameter
	// consts are the variables the scope assigns a literal once, before
	// any conditional.
	consts map[string]*model.Assignment
	// compared counts the pairs of assignments (or arms) exclusive and
	// bothRun looked at.
	compared int
	// spent counts the pairs compared by every analysis of the file,
	// which together may compare budget (see reassignBudgetPerByte).
	spent  *int
	budget int
}

// The pairs of arms one file's reassignment checks may compare: per byte
// of the file, plus a base. Most pairs are never compared (an ArmTree
// prunes them), but arms that exclude each other by value, n × `if $p ==
// 'vI' { $x = I }`, are compared one pair at a time: n² for n arms. Past
// the budget every further pair counts as exclusive, which can only leave
// a reassignment unreported, never report a wrong one. Real files use a
// small fraction of it (the most in the public corpus: 2,972 pairs, 2% of
// that 35 KB params.pp's budget), so only input built to be slow reaches
// it. It depends only on the file, so narrowed and whole runs agree.
const (
	reassignBudgetPerByte = 2
	reassignBudgetBase    = 1 << 16
)

// overBudget reports whether the file's analyses compared as many pairs
// as it allows, and counts one more pair when not.
func (an *reassignAnalysis) overBudget() bool {
	if *an.spent >= an.budget {
		return true
	}
	*an.spent++
	return false
}

type freeConds struct {
	cs       []model.Condition
	complete bool
}

// newReassignAnalysis prepares the checks of scope sc of a file of
// fileSize bytes, whose analyses count the pairs they compare in spent.
func newReassignAnalysis(sc *model.Scope, fileSize int, spent *int) *reassignAnalysis {
	return &reassignAnalysis{sc: sc, stable: map[model.Branch][]model.Condition{},
		free: map[model.Branch]freeConds{}, params: freeParams(sc), consts: constants(sc),
		spent: spent, budget: reassignBudgetBase + reassignBudgetPerByte*fileSize}
}

// constants returns the variables scope sc assigns exactly once, outside
// any conditional, to a literal.
func constants(sc *model.Scope) map[string]*model.Assignment {
	var out map[string]*model.Assignment
	count := map[string]int{}
	for _, a := range sc.Assignments {
		count[a.Name]++
	}
	for _, a := range sc.Assignments {
		if count[a.Name] != 1 || len(a.Branch) > 0 || a.Value == nil || sc.Owner().HasParam(a.Name) {
			continue
		}
		if _, ok := model.LiteralValue(a.Value); !ok {
			continue
		}
		if out == nil {
			out = map[string]*model.Assignment{}
		}
		out[a.Name] = a
	}
	return out
}

// exclusive reports whether assignments a and b provably never both run:
// they sit on different arms of one conditional, or on arms of two that
// require incompatible values of one subject whose value is the same when
// both tests read it.
func (an *reassignAnalysis) exclusive(a, b *model.Assignment) bool {
	an.compared++
	if an.overBudget() {
		return true
	}
	if model.Exclusive(a.Branch, b.Branch) || an.neverRuns(a) || an.neverRuns(b) {
		return true
	}
	for _, bx := range a.Branch {
		for _, by := range b.Branch {
			if bx == by {
				continue
			}
			for _, cx := range an.stableConds(a.File, bx) {
				for _, cy := range an.stableConds(b.File, by) {
					if cx.Subject == cy.Subject && !model.Compatible(cx, cy) &&
						an.unchanged(cx.Expr, a.File, cy.Expr, b.File) {
						return true
					}
				}
			}
		}
	}
	return false
}

// earliest finds, for assignments on a's arm, the first assignment of t
// that provably runs together with them and the first that is not
// provably exclusive. Whether two assignments exclude each other or both
// run depends only on the arms they sit on, so the answer holds for every
// assignment on a's arm. Exclusion, and what makes bothRun fail for arms
// branching off a's path (an arm whose conditions are not all over
// parameters and constants), carries over to everything below an arm, so
// those subtrees are pruned; only arms nested with a's, or branching off
// below a's last such arm, can both run with it.
func (an *reassignAnalysis) earliest(t *model.ArmTree, a *model.Assignment) earlier {
	rep := func(n *model.ArmNode) *model.Assignment {
		if len(n.Items) > 0 {
			return t.Item(n.Items[0])
		}
		return &model.Assignment{Branch: n.Path, File: n.File}
	}
	unsure := t.Search(&model.ArmSearch{Path: a.Branch, Verdict: func(n *model.ArmNode, _ bool) model.ArmVerdict {
		if an.exclusive(a, rep(n)) {
			return model.ArmPrune
		}
		return model.ArmAccept
	}})
	free := an.params != nil || an.consts != nil
	last := -1 // a's last arm whose conditions are not all over parameters and constants
	if free {
		for k, br := range a.Branch {
			if !an.freeConds(a.File, br).complete {
				last = k
			}
		}
	}
	both := t.Search(&model.ArmSearch{Path: a.Branch,
		BranchOff: func(depth int) bool { return free && depth > last },
		Verdict: func(n *model.ArmNode, nested bool) model.ArmVerdict {
			b := rep(n)
			switch {
			case an.exclusive(a, b):
				return model.ArmPrune
			case nested:
				return model.ArmAccept
			case !an.freeConds(b.File, n.Path[len(n.Path)-1]).complete:
				return model.ArmPrune
			}
			if _, _, ok := an.bothRun(a, b); ok {
				return model.ArmAccept
			}
			return model.ArmReject
		}})
	return earlier{both: both, unsure: unsure}
}

// neverRuns reports whether a test on the way to assignment a reads a
// constant of the scope that makes it fail.
func (an *reassignAnalysis) neverRuns(a *model.Assignment) bool {
	if an.consts == nil {
		return false
	}
	for _, br := range a.Branch {
		for _, c := range an.freeConds(a.File, br).cs {
			if k := an.consts[strings.TrimPrefix(c.Subject, "$")]; k != nil {
				if v, _ := model.LiteralValue(k.Value); !c.Holds(v) {
					return true
				}
			}
		}
	}
	return false
}

func (an *reassignAnalysis) stableConds(f *model.File, b model.Branch) []model.Condition {
	if cs, ok := an.stable[b]; ok {
		return cs
	}
	cs, _ := model.ArmConditions(b, stableSubject(f))
	an.stable[b] = cs
	return cs
}

// stableSubject names a test expression whose value depends only on
// variables, facts and deterministic functions: a fact by its canonical
// name, a variable by its name, anything else by its source text. Whether
// the variables it reads keep their value between two tests is checked
// apart (unchanged).
func stableSubject(f *model.File) model.SubjectFunc {
	return func(e parser.Expr) string {
		e = parser.Unparen(e)
		if key := model.FactKey(e); key != "" && !legacyLocal(e) {
			return key
		}
		if v, ok := e.(*parser.Variable); ok && !v.IsNumeric() {
			return "$" + v.Name
		}
		if !deterministic(e) {
			return ""
		}
		span := e.Span()
		src := f.Parsed.Src
		if span.Start.Offset < 0 || int(span.End.Offset) > len(src) || span.Start.Offset >= span.End.Offset {
			return ""
		}
		return string(src[span.Start.Offset:span.End.Offset])
	}
}

// legacyLocal reports whether e is an unqualified legacy fact name such as
// $osfamily, which a scope may assign a local variable of its own.
func legacyLocal(e parser.Expr) bool {
	v, ok := e.(*parser.Variable)
	return ok && !strings.HasPrefix(v.Name, "::") && v.Name != "facts" && v.Name != "trusted"
}

// catalogFunctions read the catalog or the calling scope rather than their
// arguments, so two calls with the same arguments may answer differently.
var catalogFunctions = map[string]bool{
	"defined": true, "defined_with_params": true, "tagged": true, "getparam": true, "getvar": true,
	"ensure_resource": true, "ensure_resources": true, "ensure_packages": true, "create_resources": true,
	"template": true, "inline_template": true, "epp": true, "inline_epp": true, "generate": true,
	"include": true, "require": true, "contain": true, "realize": true, "tag": true,
}

// deterministic reports whether e reads at least one variable or calls a
// function, and its value depends only on variables, literals and
// functions that answer the same for the same arguments.
func deterministic(e parser.Expr) bool {
	ok, reads := true, false
	parser.Inspect(e, func(n parser.Node) bool {
		switch v := n.(type) {
		case *parser.Variable:
			reads = true
			ok = ok && !v.IsNumeric() // $1 changes with every match
		case *parser.Call:
			reads = true
			ok = ok && v.Lambda == nil && !catalogFunctions[strings.TrimPrefix(v.FuncName(), "::")]
		case *parser.MethodCall:
			reads = true
			ok = ok && v.Lambda == nil && !catalogFunctions[v.Name]
		case *parser.StringLit, *parser.InterpolatedString, *parser.Number, *parser.Bool, *parser.Undef,
			*parser.Name, *parser.TypeRef, *parser.Regex, *parser.Array, *parser.Hash, *parser.HashEntry,
			*parser.Access, *parser.Paren, *parser.Unary, *parser.Binary, *parser.Default:
		default:
			ok = false
		}
		return ok
	})
	return ok && reads
}

// unchanged reports whether expression x (in file fx) and y (in fy), which
// read the same variables, read the same values: no assignment in the
// scope to a variable they read, and no class or defined type declared
// when they read another class's variable, lies between the two reads.
func (an *reassignAnalysis) unchanged(x parser.Expr, fx *model.File, y parser.Expr, fy *model.File) bool {
	lo, hi := x.Span().Start.Offset, y.Span().Start.Offset
	if lo > hi {
		lo, hi = hi, lo
	}
	between := func(f *model.File, span parser.Span) bool {
		return fx != fy || (f == fx && span.Start.Offset > lo && span.Start.Offset < hi)
	}
	ok := true
	check := func(n parser.Node) bool {
		v, isVar := n.(*parser.Variable)
		if !isVar || !ok {
			return ok
		}
		name := v.Name
		if an.sc.Kind == model.TopScope {
			name = strings.TrimPrefix(name, "::")
		}
		switch {
		case v.IsQualified():
			for _, d := range an.sc.Declarations {
				ok = ok && !between(d.File, d.Span)
			}
		case !strings.HasPrefix(name, "::"):
			for _, a := range an.sc.Assigned(name) {
				ok = ok && !between(a.File, a.Var.Span())
			}
		}
		return ok
	}
	parser.Inspect(x, check)
	parser.Inspect(y, check)
	return ok
}

// bothRun reports whether assignments a and b provably run together in
// some evaluation of the scope: one runs whenever the other does, or the
// arms that tell them apart test only parameters, which the caller sets
// independently, and some values of them the parameter types allow make
// every test on the way to both assignments hold. when describes such
// values for the message, and overridden holds the parameters among them
// whose literal defaults fail the tests: then both run only when a caller
// passes other values.
func (an *reassignAnalysis) bothRun(a, b *model.Assignment) (when string, overridden []callerValue, ok bool) {
	an.compared++
	if an.overBudget() {
		return "", nil, false
	}
	onlyA, onlyB, common := splitPaths(a.Branch, b.Branch)
	if len(onlyA) == 0 || len(onlyB) == 0 {
		return "", nil, true
	}
	if an.params == nil && an.consts == nil {
		return "", nil, false
	}
	var cs []model.Condition
	for _, br := range onlyB {
		fc := an.freeConds(b.File, br)
		if !fc.complete {
			return "", nil, false
		}
		cs = append(cs, fc.cs...)
	}
	for _, br := range onlyA {
		fc := an.freeConds(a.File, br)
		if !fc.complete {
			return "", nil, false
		}
		cs = append(cs, fc.cs...)
	}
	for _, br := range common {
		cs = append(cs, an.freeConds(a.File, br).cs...)
	}
	var parts []string
	for _, subject := range subjectsOf(cs) {
		var mine []model.Condition
		for _, c := range cs {
			if c.Subject == subject {
				mine = append(mine, c)
			}
		}
		name := strings.TrimPrefix(subject, "$")
		if c := an.consts[name]; c != nil {
			v, _ := model.LiteralValue(c.Value)
			if !slices.ContainsFunc(mine, func(c model.Condition) bool { return !c.Holds(v) }) {
				continue
			}
			return "", nil, false
		}
		prm := an.params[name]
		v, found := model.Witness(mine, func(v model.Value) bool { return typeAccepts(prm.Type, v) })
		if !found {
			return "", nil, false
		}
		parts = append(parts, subject+" is "+v.String())
		if prm.Default == nil {
			continue
		}
		if d, ok := model.LiteralValue(parser.Unparen(prm.Default)); ok && slices.ContainsFunc(mine, func(c model.Condition) bool { return !c.Holds(d) }) {
			overridden = append(overridden, callerValue{param: name, conds: mine})
		}
	}
	if len(parts) == 0 {
		return "", nil, true
	}
	return " and both run when " + strings.Join(parts, " and "), overridden, true
}

// callerValue is a parameter that must hold a value other than its
// default for two assignments to run together: the conditions on it.
type callerValue struct {
	param string
	conds []model.Condition
}

// passes reports whether declaration d (class { 'x': } or a defined-type
// resource) may give every parameter of cvs a value meeting its
// conditions: a literal that does, or a '*' splat, which may. It returns
// the attribute or splat that decides, for the report.
func passesValues(d *model.Declaration, cvs []callerValue) (parser.Node, bool) {
	res, ok := d.Node.(*parser.Resource)
	if !ok || (d.Kind != model.ResourceLike && d.Kind != model.DefineInstance) {
		return nil, false
	}
	for _, body := range res.Bodies {
		var at parser.Node
		all := true
		for _, cv := range cvs {
			met := false
			for _, a := range body.Attrs {
				if a.Splat {
					met, at = true, a
					break
				}
				if a.Name != cv.param {
					continue
				}
				v, lit := model.LiteralValue(parser.Unparen(a.Value))
				if lit && !slices.ContainsFunc(cv.conds, func(c model.Condition) bool { return !c.Holds(v) }) {
					met = true
					if at == nil {
						at = a
					}
				}
			}
			all = all && met
		}
		if all {
			return at, true
		}
	}
	return nil, false
}

// freeConds returns the conditions of arm b (in file f) over parameters
// and constants, and whether they are all the arm requires.
func (an *reassignAnalysis) freeConds(f *model.File, b model.Branch) freeConds {
	if fc, ok := an.free[b]; ok {
		return fc
	}
	cs, complete := model.ArmConditions(b, func(e parser.Expr) string {
		e = parser.Unparen(e)
		v, ok := e.(*parser.Variable)
		if !ok {
			return ""
		}
		if c := an.consts[v.Name]; c != nil {
			if c.File == f && c.Var.Span().Start.Offset < v.Span().Start.Offset {
				return "$" + v.Name
			}
			return "" // read before the assignment: the variable of an outer scope
		}
		if an.params[v.Name] != nil {
			return "$" + v.Name
		}
		return ""
	})
	fc := freeConds{cs: cs, complete: complete}
	an.free[b] = fc
	return fc
}

// freeParams returns the parameters a caller chooses that the scope reads
// under their own name: those of the class, defined type, function or plan
// owning it, less names a lambda on the way rebinds. nil when there are none.
func freeParams(sc *model.Scope) map[string]*parser.Parameter {
	owner := sc.Owner()
	switch owner.Kind {
	case model.ClassScope, model.DefineScope, model.FunctionScope, model.PlanScope:
	default:
		return nil
	}
	out := map[string]*parser.Parameter{}
	for _, p := range owner.Params {
		out[p.Name] = p
	}
	for s := sc; s != owner && s != nil; s = s.Parent {
		for _, p := range s.Params {
			delete(out, p.Name)
		}
		for _, a := range s.Assignments {
			delete(out, a.Name)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// splitPaths returns the arms only path x, only path y, and both take.
func splitPaths(x, y []model.Branch) (onlyX, onlyY, common []model.Branch) {
	for _, b := range x {
		if slices.Contains(y, b) {
			common = append(common, b)
		} else {
			onlyX = append(onlyX, b)
		}
	}
	for _, b := range y {
		if !slices.Contains(x, b) {
			onlyY = append(onlyY, b)
		}
	}
	return onlyX, onlyY, common
}

// subjectsOf returns the distinct subjects of cs in order of appearance.
func subjectsOf(cs []model.Condition) []string {
	var out []string
	for _, c := range cs {
		if !slices.Contains(out, c.Subject) {
			out = append(out, c.Subject)
		}
	}
	return out
}

// typeAccepts reports whether a parameter of type t (nil: untyped) may be
// given value v. It answers false for types it does not know (aliases,
// Pattern), so a witness is only one Puppet would accept.
func typeAccepts(t parser.Expr, v model.Value) bool {
	switch t := t.(type) {
	case nil:
		return true
	case *parser.TypeRef:
		return plainTypeAccepts(t.Value, v)
	case *parser.Access:
		ref, ok := t.Target.(*parser.TypeRef)
		if !ok {
			return false
		}
		return parameterisedTypeAccepts(ref.Value, t.Keys, v)
	}
	return false
}

func plainTypeAccepts(name string, v model.Value) bool {
	_, isString := v.IsString()
	_, isBool := v.IsBool()
	n, isNumber := v.IsNumber()
	switch name {
	case "Any", "Data", "Optional":
		return true
	case "Scalar", "ScalarData", "NotUndef":
		return !v.IsUndef()
	case "String":
		return isString
	case "Boolean":
		return isBool
	case "Numeric", "Float":
		return isNumber
	case "Integer":
		return isNumber && n == math.Trunc(n)
	case "Undef":
		return v.IsUndef()
	}
	return false
}

func parameterisedTypeAccepts(name string, args []parser.Expr, v model.Value) bool {
	switch name {
	case "Optional":
		return v.IsUndef() || (len(args) == 1 && typeAccepts(args[0], v))
	case "NotUndef":
		return !v.IsUndef() && (len(args) == 0 || typeAccepts(args[0], v))
	case "Variant":
		return slices.ContainsFunc(args, func(a parser.Expr) bool { return typeAccepts(a, v) })
	case "Enum":
		s, ok := v.IsString()
		if !ok {
			return false
		}
		return slices.ContainsFunc(args, func(a parser.Expr) bool {
			switch lit := a.(type) {
			case *parser.StringLit:
				return lit.Value == s
			case *parser.Name:
				return lit.Value == s
			}
			return false
		})
	}
	return false
}
