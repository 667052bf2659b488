package rules

import (
	"fmt"

	"github.com/ducklint/ducklint/rules/model"
)

// NodeScopeRead reports classes and defined types reading variables that
// only node definitions assign.
func NodeScopeRead() *Rule {
	return &Rule{
		ID:       "node-scope-read",
		Title:    "A class or defined type reads a variable only node definitions assign",
		Severity: Warning,
		Kind:     PerFile,
		Doc: `Variables assigned in a node definition live in node scope. A class or defined type sees node scope only
when it is declared inside that node: "Classes and resources declared at top scope bypass node scope
entirely, and so cannot access variables or defaults from node scope." Such a class depends on where it is
declared, and reads undef when an ENC, Hiera or top-scope code declares it. Pass the value as a class
parameter (or look it up in Hiera) instead. A read guarded by defined('$x') is not reported; one the code
expects may be unset (an argument of pick() or pick_default(), tested against undef) is info: it works
unless strict_variables is on, as it is by default from Puppet 8.`,
		Context: model.NeedDefinitions | model.NeedTopScope,
		Run:     runNodeScopeRead,
	}
}

func runNodeScopeRead(p *Pass) {
	for _, r := range staticScope(p).Reads(p.File) {
		if r.Resolution.Kind != model.ResolvedNode || r.CheckedDefined {
			continue // a checked read runs only where the node assigned it
		}
		a := r.Resolution.Assignment
		msg := withPlace(varRef(r.Var)+" is assigned only in node definitions", lineOf(p.File, a.File, a.Var.Span()))
		detail := fmt.Sprintf("It is assigned at %s. %s sees node scope only when declared inside that node, and classes declared "+
			"at top scope bypass node scope entirely. Pass it as a parameter.", lineOf(p.File, a.File, a.Var.Span()), sentence(scopeNoun(r.Scope)))
		var sev Severity // 0: the rule's
		if r.AllowsUndef {
			sev = Info
			detail += " The code expects it may be unset (pick(), an undef test), which works only without strict_variables, on by default from Puppet 8."
		}
		p.Report(Diagnostic{Start: r.Var.Span().Start, End: r.Var.Span().End, Message: msg, Detail: detail, Severity: sev,
			Related: []Related{RelatedAt(a.File, a.Var.Span(), "assigned in node scope here")}})
	}
}
