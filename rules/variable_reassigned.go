package rules

import (
	"fmt"
	"strconv"
	"strings"

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
an if and another inside it are not. Lambdas create a scope, so each iteration may assign its own variables.
Use a new name, or compute the value in one expression (a selector, or a conditional that returns it).
Variables listed in [scope] known_variables (ENC parameters, external facts) are already set at top scope,
so the main manifest cannot assign them either.`,
		Run: runVariableReassigned,
	}
}

func runVariableReassigned(p *Pass) {
	st := staticScope(p)
	for _, sc := range st.ScopesIn(p.File) {
		seen := map[string][]*model.Assignment{}
		for _, a := range sc.Assignments {
			if a.Var == nil || a.Var.IsQualified() || a.Var.IsTopScope() || a.Var.IsNumeric() {
				continue
			}
			prev := seen[a.Name]
			seen[a.Name] = append(prev, a)
			if a.File != p.File {
				continue
			}
			if prm := findParameter(sc.Params, a.Name); prm != nil {
				p.ReportSpan(p.File, a.Var.Span(), fmt.Sprintf(
					"%s is a parameter of %s and cannot be assigned: Puppet fails with \"Cannot reassign variable '$%s'\"; use a new name",
					varRef(a.Var), scopeNoun(sc), a.Name), RelatedAt(sc.File, prm.NameSpan, "parameter declared here"))
				continue
			}
			if sc.Kind == model.TopScope && len(prev) == 0 && st.Configured(a.Name) {
				p.ReportSpan(p.File, a.Var.Span(), fmt.Sprintf(
					"%s is set at top scope before the main manifest runs (it is in [scope] known_variables: an ENC parameter or external fact): Puppet fails with \"Cannot reassign variable '$%s'\"; use another name",
					varRef(a.Var), a.Name))
				continue
			}
			if guardedByDefined(a) {
				continue // if !defined('$x') { $x = ... } assigns only when unassigned
			}
			for _, b := range prev {
				if model.Exclusive(a.Branch, b.Branch) || oppositeConditions(a, b) || differentValues(a, b) {
					continue
				}
				p.ReportSpan(p.File, a.Var.Span(), fmt.Sprintf(
					"%s is already assigned in %s (%s): Puppet fails with \"Cannot reassign variable '$%s'\"; use a new name or assign once",
					varRef(a.Var), scopeNoun(sc), lineOf(p.File, b.File, b.Var.Span()), a.Name),
					RelatedAt(b.File, b.Var.Span(), "first assigned here"))
				break
			}
		}
	}
}

// oppositeConditions reports whether assignments a and b sit on arms of
// two conditionals that test the same expression with opposite outcomes,
// as in `if $x { $v = 1 }` and `unless $x { $v = 2 }`. Variables cannot
// change once assigned, so the two arms never both run.
func oppositeConditions(a, b *model.Assignment) bool {
	for _, x := range a.Branch {
		tx, vx, ok := branchTest(a.File, x)
		if !ok {
			continue
		}
		for _, y := range b.Branch {
			if ty, vy, ok := branchTest(b.File, y); ok && tx == ty && vx != vy {
				return true
			}
		}
	}
	return false
}

// branchTest returns the source text of the condition an if/unless arm
// tests, without parentheses and negations, and whether the arm runs when
// that text is true.
func branchTest(f *model.File, b model.Branch) (text string, when bool, ok bool) {
	cond, when, ok := model.ArmTest(b)
	if !ok {
		return "", false, false
	}
	span := cond.Span()
	src := f.Parsed.Src
	if span.Start.Offset < 0 || int(span.End.Offset) > len(src) || span.Start.Offset >= span.End.Offset {
		return "", false, false
	}
	return string(src[span.Start.Offset:span.End.Offset]), when, true
}

// differentValues reports whether assignments a and b sit on arms of two
// conditionals that require incompatible values of one variable, as in
// `if $ensure == present { $v = 1 }` and `if $ensure == absent { $v = 2 }`.
// Both assignments are in one scope, where a variable cannot change.
func differentValues(a, b *model.Assignment) bool {
	return model.ExclusiveValues(a.Branch, b.Branch, func(br model.Branch) (model.Condition, bool) {
		return model.ArmCondition(br, variableSubject)
	})
}

// variableSubject names a variable, or a variable indexed by literal keys
// ($h['a']), whose value is the same wherever one scope reads it; "" for
// anything else.
func variableSubject(e parser.Expr) string {
	switch v := e.(type) {
	case *parser.Variable:
		return "$" + v.Name
	case *parser.Access:
		base := variableSubject(v.Target)
		if base == "" {
			return ""
		}
		for _, k := range v.Keys {
			lit, ok := k.(*parser.StringLit)
			if !ok {
				return ""
			}
			base += "[" + strconv.Quote(lit.Value) + "]"
		}
		return base
	}
	return ""
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
