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
insufficient." Reading $a::b::x gives undef unless class a::b has already been evaluated, which depends on
evaluation order. The read is safe when a::b is the reading class or one it inherits from; when a::b (or a
class that always declares it) is declared with include, require, contain or a class resource earlier in
the same scope, on a path that surely reaches the read; or when every place in the tree that declares the
reading class or defined type is itself guaranteed to have evaluated a::b first, as in the module pattern
class foo { contain foo::install } where foo::install reads $foo::package. The finding names a declaration
that breaks the guarantee. Nothing is guessed about a reading class or define that nothing in the tree declares
(an ENC, Hiera or a module's users declare it). A declaring class nothing declares is taken to come after its
own module's classes (the module's convention: include its main class first), not after other modules' (a
role assigned by an ENC guarantees none of the profiles it does not declare).
A parameter default counts only for the declarations that pass no value for it. Reads under a
conditional that tests defined(...), in functions, and of classes not in the tree are not checked. A read in an
EPP template is checked at every epp() call that renders it.`,
		Run: runQualifiedReadWithoutInclude,
	}
}

func runQualifiedReadWithoutInclude(p *Pass) {
	st := staticScope(p)
	for _, r := range st.Reads(p.File) {
		class, name, ok := model.QualifiedTarget(r.Var)
		if !ok {
			continue
		}
		def := p.Program.Class(class)
		if def == nil || !st.ClassHasVariable(def, name) || r.DefinedGuard || r.Resolution.Kind == model.Unresolved {
			continue // unknown-qualified-variable's business, or not in the tree
		}
		switch r.Scope.Owner().Kind {
		case model.FunctionScope, model.PlanScope:
			continue // evaluated wherever they are called from
		case model.TemplateScope:
			if ok, call := st.TemplateGuarantee(r, class); !ok {
				p.ReportSpan(p.File, r.Var.Span(), fmt.Sprintf(
					"%s reads class %s, which is not guaranteed to be evaluated before epp() renders this template (%s): \"a class must be declared to access its variables\", or Puppet reads undef; include %s before rendering",
					varRef(r.Var), class, lineOf(p.File, call.File, call.Call.Span()), class),
					RelatedAt(call.File, call.Call.Span(), "rendered here without "+class+" being evaluated first"))
			}
			continue
		}
		ok, breaking := st.Guarantee(r, class)
		if ok {
			continue
		}
		msg := fmt.Sprintf("%s reads class %s, which is not guaranteed to be evaluated before this point: \"a class must be declared to access its variables\", or Puppet reads undef; include %s first",
			varRef(r.Var), class, class)
		var related []Related
		owner := r.Scope.Owner()
		switch {
		case breaking != nil:
			path := st.BreakingPath(r, class, breaking)
			declared := owner.Def.Name
			var hops []string
			for _, d := range path {
				related = append(related, RelatedAt(d.File, d.Span,
					fmt.Sprintf("%s is declared here without %s being evaluated first", declared, class)))
				hops = append(hops, fmt.Sprintf("%s declares %s", lineOf(p.File, d.File, d.Span), declared))
				if o := d.Scope.Owner().Def; o != nil {
					declared = o.Name
				}
			}
			slices.Reverse(hops)
			msg += fmt.Sprintf(" (%s without it)", strings.Join(hops, ", which "))
		}
		p.ReportSpan(p.File, r.Var.Span(), msg, related...)
	}
}
