package rules

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ducklint/ducklint/rules/model"
)

// QualifiedReadWithoutInclude reports $a::b::x reads where class a::b is
// not guaranteed to have been evaluated before the read.
func QualifiedReadWithoutInclude() *Rule {
	return &Rule{
		ID:       "qualified-read-without-include",
		Title:    "A qualified variable read of a class that may not be evaluated yet",
		Severity: Warning,
		Kind:     PerFile,
		Doc: `"A class must be declared to access its variables; just having the class available in your modules is
insufficient." Reading $a::b::x gives undef unless class a::b has already been evaluated, which follows Puppet's
evaluation order: code runs as written and include, require, contain and class { 'x': } evaluate the class at
once; a class declared on every arm of a conditional (an arm that fails counts), or required by
if !defined(Class['x']) { fail() }, is declared after it; a defined type's body runs after the scope declaring the
instance, and every scope above it, has run to its end, and after the instances declared before it; a virtual
instance runs where it is realized; a function's body runs where it is called. The read is safe when a::b is the
reading class or one it inherits from, is declared earlier on every path to the read, or is guaranteed by every
declaration (or call) of the reading class, defined type or function, transitively, as in the module pattern
class foo { contain foo::install } where foo::install reads $foo::package. A class nothing in the tree declares is
taken to come after its own module's classes, not after other modules'. A warning names a chain of declarations
that reaches the read with a::b declared on no arm before it; the finding is info when it depends on data (a::b
declared under a condition only, or the read under a test of a parameter the declaration passes) or on what
nodes get from outside the tree (a chain starting outside the tree and a class nothing in the tree declares, or
a reading class nothing declares). Reads guarded by defined(...), in plans, and of classes not in the tree are not
checked. A read in an EPP template is checked at every epp() call that renders it.`,
		Context: model.NeedDefinitions | model.NeedTopScope | model.NeedQualifiedReads,
		OneJob:  true, // every check asks Static.Guarantee
		Run:     runQualifiedReadWithoutInclude,
	}
}

func runQualifiedReadWithoutInclude(p *Pass) {
	st := staticScope(p)
	for _, r := range st.Reads(p.File) {
		if r.DefinedGuard || r.Resolution.Kind == model.Unresolved {
			continue // guarded by defined(), or unknown-qualified-variable's business
		}
		owner := r.Scope.Owner().Kind
		if owner == model.PlanScope {
			continue // plans run on their own, not in a catalog
		}
		class, name, ok := model.QualifiedTarget(r.Var)
		if !ok {
			continue
		}
		def := p.Program.Class(class)
		if def == nil || !st.ClassHasVariable(def, name) {
			continue // unknown-qualified-variable's business, or not in the tree
		}
		if owner == model.TemplateScope {
			reportTemplateRead(p, r, class, st.TemplateGuarantee(r, class))
			continue
		}
		if v := st.Guarantee(r, class); !v.OK {
			reportQualifiedRead(p, r, class, v)
		}
	}
}

// reportTemplateRead reports a read in an EPP template that an epp() call
// renders before the class is surely evaluated.
func reportTemplateRead(p *Pass, r *model.Read, class string, v model.Verdict) {
	if v.OK {
		return
	}
	call := v.Call
	at := lineOf(p.File, call.File, call.Call.Span())
	d := Diagnostic{File: p.File.Path, Start: r.Var.Span().Start, End: r.Var.Span().End,
		Message: fit(fmt.Sprintf("%s reads class %s, which is not guaranteed to be evaluated before epp() renders this template (%s)",
			varRef(r.Var), class, at),
			fmt.Sprintf("%s reads class %s, which is not guaranteed to be evaluated before epp() renders this template", varRef(r.Var), class),
			varRef(r.Var)+" reads a class that is not guaranteed to be evaluated before epp() renders this template"),
		Related: []Related{RelatedAt(call.File, call.Call.Span(), "rendered here without "+class+" being evaluated first")}}
	detail := fmt.Sprintf("The epp() call at %s renders it: \"a class must be declared to access its variables\", or Puppet "+
		"reads undef. Include %s before rendering", at, class)
	if !v.Certain {
		d.Severity = Info
		detail += uncertainty(v.Why, class)
	}
	d.Detail = detail + "."
	p.Report(d)
}

// reportQualifiedRead reports a read of a class that is not surely
// evaluated first, naming the chain of declarations without it: a
// warning when that is wrong on a node the tree shows, info when it
// depends on data or on what nodes get from outside the tree.
func reportQualifiedRead(p *Pass, r *model.Read, class string, v model.Verdict) {
	msg := fit(fmt.Sprintf("%s reads class %s, which is not guaranteed to be evaluated yet", varRef(r.Var), class),
		varRef(r.Var)+" reads a class that is not guaranteed to be evaluated yet")
	detail := fmt.Sprintf("\"A class must be declared to access its variables\", or Puppet reads undef. Include %s first", class)
	var related []Related
	if len(v.Path) > 0 {
		declared := r.Scope.Owner().Def.Name
		var hops []string
		for _, d := range v.Path {
			verb, done := "declares", "declared"
			if d.Kind == model.FunctionCall {
				verb, done = "calls", "called"
			}
			related = append(related, RelatedAt(d.File, d.Span,
				fmt.Sprintf("%s is %s here without %s being evaluated first", declared, done, class)))
			hops = append(hops, fmt.Sprintf("%s %s %s", lineOf(p.File, d.File, d.Span), verb, declared))
			if o := d.Scope.Owner().Def; o != nil {
				declared = o.Name
			}
		}
		slices.Reverse(hops)
		detail += fmt.Sprintf(" (%s without it)", strings.Join(hops, ", which "))
	}
	d := Diagnostic{File: p.File.Path, Start: r.Var.Span().Start, End: r.Var.Span().End, Message: msg, Related: related}
	if why := chainUncertainty(p.Program, v.Path, class); v.Certain && why != "" {
		d.Severity = Info
		detail += why
	} else if !v.Certain {
		d.Severity = Info
		if v.Why == model.EntryRead {
			detail += fmt.Sprintf("; nothing in the tree declares %s, so whether %s comes first depends on how nodes get both (an ENC, Hiera)",
				r.Scope.Owner().Def.Name, class)
		} else {
			detail += uncertainty(v.Why, class)
		}
	}
	d.Detail = detail + "."
	p.Report(d)
}

// chainUncertainty says what a chain of declarations without the
// guarantee depends on, or "" when every node it starts from runs it: a
// declaration on the chain under a test of the node's data, or a chain
// starting at a class nothing declares in an environment with node
// definitions, where only an ENC assigns that class — after the node
// definition the host matched, which may evaluate the target first when
// some node definition (or top-scope code) reaches it.
func chainUncertainty(prog *model.Program, path []*model.Declaration, target string) string {
	for _, d := range path {
		if model.PathDependsOnData(d.Branch) {
			return fmt.Sprintf("; %s:%d declares %s only when the node's data takes a conditional arm, so this depends on data",
				d.File.Path, d.Span.Start.Line, d.Target)
		}
	}
	if len(path) == 0 {
		return ""
	}
	start := path[len(path)-1].Scope.Owner().Def
	if start == nil || start.Kind != model.ClassDef || len(prog.DeclarationsOf(start.Name)) > 0 || !prog.HasNodes(start.File) {
		return ""
	}
	if t := prog.Class(target); t != nil && t.Scope != nil && prog.Catalogs().ReachedFromMain(t.Scope) {
		return fmt.Sprintf("; nothing in the tree declares %s: only an ENC can, after the node definition the host matches, "+
			"which can evaluate %s first, so this depends on which node gets it", start.Name, target)
	}
	return ""
}

// uncertainty says what a finding that is not surely wrong depends on.
func uncertainty(why model.Uncertainty, class string) string {
	switch why {
	case model.ParameterTest:
		return "; the read runs there only for some values of the parameter its condition tests, so this depends on data"
	case model.FromOutside:
		return fmt.Sprintf("; nothing in the tree declares %s, so this depends on how nodes get it (an ENC, Hiera)", class)
	}
	return fmt.Sprintf("; %s is declared there only under a condition, so this depends on data", class)
}
