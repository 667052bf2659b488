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
parameter (or look it up in Hiera) instead.`,
		Run: runNodeScopeRead,
	}
}

func runNodeScopeRead(p *Pass) {
	for _, r := range staticScope(p).Reads(p.File) {
		if r.Resolution.Kind != model.ResolvedNode {
			continue
		}
		a := r.Resolution.Assignment
		p.ReportSpan(p.File, r.Var.Span(), fmt.Sprintf(
			"%s is assigned only in node definitions (%s): %s sees node scope only when declared inside that node, and classes declared at top scope bypass node scope entirely; pass it as a parameter",
			varRef(r.Var), lineOf(p.File, a.File, a.Var.Span()), scopeNoun(r.Scope)),
			RelatedAt(a.File, a.Var.Span(), "assigned in node scope here"))
	}
}
