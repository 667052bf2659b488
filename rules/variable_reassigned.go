package rules

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules/model"
)

// VariableReassigned reports a second assignment to a variable in the same
// scope, which Puppet refuses.
func VariableReassigned() *Rule {
	return &Rule{
		ID:       "variable-reassigned",
		Title:    "A variable is assigned twice in the same scope",
		Severity: Error,
		Kind:     PerFile,
		Doc: `Puppet variables can be assigned once per scope: a second assignment to the same name in the same scope
(or an assignment to a parameter's name) fails the compilation with "Cannot reassign variable". If, unless
and case create no scope, so assignments on two arms of one conditional are fine, but an assignment before
an if and another inside it are not. Two conditionals whose conditions cannot both hold (one variable
compared with different values, a test and its negation, versioncmp() >= 0 and < 0) never both run. When
ducklint can neither show that the conditions exclude each other nor that both can hold, the finding is info.
Lambdas create a scope, so each iteration may assign its own variables.
Use a new name, or compute the value in one expression (a selector, or a conditional that returns it).
Variables listed in [scope] known_variables (ENC parameters, external facts) are already set at top scope,
so the main manifest cannot assign them either.`,
		Context: model.NeedTopScope | model.NeedDeclarers,
		Run:     runVariableReassigned,
	}
}

func runVariableReassigned(p *Pass) {
	st := staticScope(p)
	spent := 0 // pairs compared in the file, against its budget
	for sc := range st.ScopesIn(p.File) {
		checkReassigned(p, st, sc, &spent)
	}
}

// checkReassigned reports the assignments of scope sc in the pass's file
// that an earlier one of the same name can run with. It returns how many
// pairs of arms it compared, for tests that count the work.
func checkReassigned(p *Pass, st *model.Static, sc *model.Scope, spent *int) int {
	var an *reassignAnalysis // built for the first assignment that needs it
	// Most names are assigned once in a scope: only those assigned more
	// than once get an entry with their assignments (names); count, whose
	// entries are held in the map itself, finds them.
	var count map[string]int32
	if len(sc.Assignments) > 1 {
		count = make(map[string]int32, len(sc.Assignments))
		for _, a := range sc.Assignments {
			if reassignable(a) {
				count[a.Name]++
			}
		}
	}
	var names map[string]*reassignedName
	for _, a := range sc.Assignments {
		if count[a.Name] < 2 || !reassignable(a) {
			continue
		}
		if names == nil {
			names = map[string]*reassignedName{}
		}
		nm := names[a.Name]
		if nm == nil {
			nm = &reassignedName{}
			names[a.Name] = nm
		}
		nm.as = append(nm.as, a)
	}
	for _, a := range sc.Assignments {
		if !reassignable(a) {
			continue
		}
		pos, nm := 0, names[a.Name] // the assignment's index among those to its name
		if nm != nil {
			pos = nm.next
			nm.next++
		}
		if a.File != p.File {
			continue
		}
		if prm := findParameter(sc.Params, a.Name); prm != nil {
			p.ReportSpan(p.File, a.Var.Span(), fmt.Sprintf("%s is a parameter of %s and cannot be assigned", varRef(a.Var), scopeNoun(sc)),
				fmt.Sprintf("Puppet fails with \"Cannot reassign variable '$%s'\". Use a new name.", a.Name),
				RelatedAt(sc.File, prm.NameSpan, "parameter declared here"))
			continue
		}
		if sc.Kind == model.TopScope && pos == 0 && st.Configured(a.Name) {
			p.ReportSpan(p.File, a.Var.Span(), varRef(a.Var)+" is set at top scope before the main manifest runs",
				fmt.Sprintf("It is in [scope] known_variables (an ENC parameter or external fact): Puppet fails with \"Cannot "+
					"reassign variable '$%s'\". Use another name.", a.Name))
			continue
		}
		if pos == 0 {
			continue
		}
		if guardedByDefined(a) {
			continue // if !defined('$x') { $x = ... } assigns only when unassigned
		}
		if an == nil {
			an = newReassignAnalysis(sc, len(p.File.Parsed.Src), spent)
		}
		if *spent >= an.budget {
			continue // every further pair counts as exclusive: nothing more to find
		}
		reportReassignment(p, sc, an, nm, pos)
	}
	if an == nil {
		return 0
	}
	return an.compared
}

// reassignable reports whether assignment a is to a local variable of its
// scope, which can be assigned there only once.
func reassignable(a *model.Assignment) bool {
	return a.Var != nil && !a.Var.IsQualified() && !a.Var.IsTopScope() && !a.Var.IsNumeric()
}

// reassignedName holds the assignments to one name in one scope, in
// order, indexed by the arms they sit on once one needs checking, and
// what the check found for each arm.
type reassignedName struct {
	as    []*model.Assignment
	next  int // the index in as of the next assignment the scope's walk meets
	tree  *model.ArmTree
	found map[*model.ArmNode]earlier
}

// earlier are the indexes of the first assignments that run together with
// (both) and that may run with (unsure) those on one arm, -1 for none.
type earlier struct{ both, unsure int }

// reportReassignment reports assignment pos of nm when an earlier one can
// run with it: an error when one provably runs together with it (the
// first such), info when ducklint cannot tell (the first it cannot rule
// out), nothing when they all exclude it.
func reportReassignment(p *Pass, sc *model.Scope, an *reassignAnalysis, nm *reassignedName, pos int) {
	if nm.tree == nil {
		nm.tree, nm.found = model.NewArmTree(nm.as), map[*model.ArmNode]earlier{}
	}
	a := nm.as[pos]
	u := nm.tree.NodeOf(pos)
	e, ok := nm.found[u]
	if !ok {
		e = an.earliest(nm.tree, a)
		nm.found[u] = e
	}
	if e.both >= 0 && e.both < pos {
		b := nm.as[e.both]
		when, overridden, _ := an.bothRun(a, b)
		msg := fmt.Sprintf("%s is already assigned in %s (%s)", varRef(a.Var), scopeNoun(sc), lineOf(p.File, b.File, b.Var.Span()))
		detail := fmt.Sprintf("Puppet fails with \"Cannot reassign variable '$%s'\". Use a new name or assign once.", a.Name)
		var sev Severity // the rule's
		related := []Related{RelatedAt(b.File, b.Var.Span(), "first assigned here")}
		if len(overridden) > 0 {
			// The defaults keep the two apart: only a declaration passing
			// other values fails, so the tree must show one.
			if d, at := declarationPassing(p, sc, overridden); at != nil {
				related = append(related, RelatedAt(d.File, at.Span(), "declared with those values here"))
			} else {
				sev = Info
				detail = fmt.Sprintf("With the defaults of %s they do not both run, and no declaration in the tree passes those values; "+
					"one that does makes Puppet fail with \"Cannot reassign variable '$%s'\". Use a new name, or assign once.",
					paramList(overridden), a.Name)
			}
		}
		if utf8.RuneCountInString(msg+when) <= MessageLimit {
			msg += when
		} else {
			detail = sentence(strings.TrimPrefix(when, " and ")) + ". " + detail
		}
		p.Report(Diagnostic{Severity: sev, File: p.File.Path, Start: a.Var.Span().Start, End: a.Var.Span().End, Message: msg, Detail: detail,
			Related: related})
		return
	}
	if e.unsure < 0 || e.unsure >= pos {
		return
	}
	unsure := nm.as[e.unsure]
	p.Report(Diagnostic{Severity: Info, File: p.File.Path, Start: a.Var.Span().Start, End: a.Var.Span().End,
		Message: fmt.Sprintf("%s is also assigned in %s (%s), maybe under conditions that hold together",
			varRef(a.Var), scopeNoun(sc), lineOf(p.File, unsure.File, unsure.Var.Span())),
		Detail: fmt.Sprintf("ducklint cannot tell whether the conditions of both assignments can hold at once; if they can, Puppet "+
			"fails with \"Cannot reassign variable '$%s'\". Assign it once (in one if/elsif/else or case), or use a new name.", a.Name),
		Related: []Related{RelatedAt(unsure.File, unsure.Var.Span(), "also assigned here")}})
}

// declarationPassing returns a declaration in the program of the class or
// defined type owning sc that may pass the values cvs asks for, and the
// attribute that passes them; nil when none does.
func declarationPassing(p *Pass, sc *model.Scope, cvs []callerValue) (*model.Declaration, parser.Node) {
	def := sc.Owner().Def
	if def == nil || p.Program == nil {
		return nil, nil
	}
	for _, d := range p.Program.DeclarationsOf(def.Name) {
		if at, ok := passesValues(d, cvs); ok {
			return d, at
		}
	}
	return nil, nil
}

// paramList names the parameters of cvs: "$a", "$a and $b".
func paramList(cvs []callerValue) string {
	names := make([]string, len(cvs))
	for i, cv := range cvs {
		names[i] = "$" + cv.param
	}
	return strings.Join(names, " and ")
}

// guardedByDefined reports whether assignment a sits in a conditional that
// tests defined('$name') for its own variable.
func guardedByDefined(a *model.Assignment) bool {
	for _, b := range a.Branch {
		var cond parser.Expr
		switch c := b.Cond.(type) {
		case *parser.If:
			cond = c.Cond
		case *parser.Unless:
			cond = c.Cond
		default:
			continue
		}
		found := false
		parser.Inspect(cond, func(n parser.Node) bool {
			if call, ok := n.(*parser.Call); ok && strings.TrimPrefix(call.FuncName(), "::") == "defined" {
				for _, arg := range call.Args {
					if lit, ok := arg.(*parser.StringLit); ok && strings.TrimPrefix(lit.Value, "$") == a.Name {
						found = true
					}
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

func findParameter(ps []*parser.Parameter, name string) *parser.Parameter {
	for _, p := range ps {
		if p.Name == name {
			return p
		}
	}
	return nil
}
