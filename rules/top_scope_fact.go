package rules

import (
	"fmt"
	"strings"

	"github.com/ducklint/ducklint/rules/builtin"
	"github.com/ducklint/ducklint/rules/model"
)

// TopScopeFact reports core facts read as top-scope variables ($::os,
// $os) instead of through $facts.
func TopScopeFact() *Rule {
	return &Rule{
		ID:       "top-scope-fact",
		Title:    "A core fact read as a top-scope variable instead of through $facts",
		Severity: Info,
		Kind:     PerFile,
		Aliases:  []string{"top_scope_facts"},
		Doc: `A core (structured) fact read as a top-scope variable, $::os or $os where nothing local shadows it,
works, but reads like any other top-scope variable: a reader cannot tell it is a fact, a local variable or
parameter of the same name silently takes its place, and an ENC or main manifest can set a top-scope
variable of that name. $facts['os'] is always the fact. Legacy facts are legacy-fact's; custom facts are
not reported.`,
		Context: model.NeedDefinitions | model.NeedTopScope | model.NeedTemplateRenderers,
		Run:     runTopScopeFact,
	}
}

func runTopScopeFact(p *Pass) {
	st := staticScope(p)
	inString := &interpolatedParts{p: p}
	for _, r := range st.Reads(p.File) {
		if r.Resolution.Kind != model.ResolvedFact || r.Var.IsQualified() {
			continue
		}
		name := strings.TrimPrefix(r.Var.Name, "::")
		if !builtin.IsCoreFact(name) || st.Configured(name) {
			continue
		}
		p.Report(Diagnostic{Start: r.Var.Span().Start, End: r.Var.Span().End,
			Message: fmt.Sprintf("fact %s read as a top-scope variable: use $facts['%s']", varRef(r.Var), name),
			Detail: fmt.Sprintf("%s is Facter's core fact %s, but read as a variable it looks like any other top-scope variable, and a "+
				"variable or parameter of the same name takes its place. $facts['%s'] is always the fact, on Puppet 7 and 8 alike.",
				varRef(r.Var), name, name),
			Edits: replaceExpr(p, r.Var, "$facts['"+name+"']", inString.has(r.Var))})
	}
}
