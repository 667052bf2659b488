package rules

import (
	"fmt"
	"strings"

	"github.com/ducklint/ducklint/rules/model"
)

// UnknownQualifiedVariable reports $a::b::x reads that can never resolve:
// class a::b has no such variable, a::b is an anonymous scope, or the
// module is in the tree without such a class.
func UnknownQualifiedVariable() *Rule {
	return &Rule{
		ID:       "unknown-qualified-variable",
		Title:    "A qualified variable that does not exist",
		Severity: Error,
		// Puppet 7 reads undef with a warning where Puppet 8, with
		// strict_variables on by default, fails the catalog.
		Puppet7Severity: Warning,
		Kind:            PerFile,
		Doc: `A qualified name $a::b::x reads variable x of class a::b: a parameter of the class, a variable assigned in
its body (not inside a lambda there), or one of a class it inherits from. It is undef when the class has no
such variable; when a::b is a defined type or node, whose scopes are anonymous ("Node scope and the local
scopes created by lambdas and defined resources are anonymous and cannot be directly referenced"); or when
module a is in the tree but has no class a::b. Modules that are not loaded are not guessed at. Puppet 7
reads undef with an "Unknown variable" warning; Puppet 8 (strict_variables on by default) fails the
catalog, an error when the target version is 8. A read in the arguments of fail() is info: the
catalog fails at that call either way, and only the message loses the value.`,
		Context: model.NeedDefinitions,
		Run:     runUnknownQualifiedVariable,
	}
}

func runUnknownQualifiedVariable(p *Pass) {
	st := staticScope(p)
	sug := newSuggester(p.File)
	for _, r := range st.Reads(p.File) {
		class, name, ok := model.QualifiedTarget(r.Var)
		if !ok {
			continue
		}
		if len(p.Program.Lookup(model.ClassDef, class)) > 0 {
			defs := st.VisibleClasses(p.File, class)
			if len(defs) == 0 {
				continue // defined only where Puppet would not load it from here
			}
			found := false
			for _, d := range defs {
				found = found || st.ClassHasVariable(d, name)
			}
			if !found && !model.ArmCannotRun(r.Scope.Owner().Def, r.Branch) {
				d := defs[0]
				msg := fmt.Sprintf("%s: class %s has no parameter or variable $%s", varRef(r.Var), class, name)
				if near := sug.nearest(d, name, st.ClassVariableCount(d), func(yield func(string)) { st.EachClassVariable(d, yield) }); near != "" {
					msg += fmt.Sprintf("; did you mean $%s::%s?", class, near)
				}
				reportQualified(p, r, msg,
					fmt.Sprintf("Neither class %s (%s) nor a class it inherits from has a parameter or variable $%s, so %s.",
						class, lineOf(p.File, d.File, d.NameSpan), name, unsetRead(p.Puppet)),
					RelatedAt(d.File, d.NameSpan, "class "+class))
			}
			continue
		}
		if d := p.Program.Define(class); d != nil {
			reportQualified(p, r, fmt.Sprintf("%s: %s is a defined type, whose scope is anonymous", varRef(r.Var), class),
				"A defined type's scope cannot be referenced by name, so "+unsetRead(p.Puppet)+". Pass the value as a parameter instead.",
				RelatedAt(d.File, d.NameSpan, "defined type "+class))
			continue
		}
		mod, _, _ := strings.Cut(class, "::")
		if st.ModuleLoaded(mod) {
			reportQualified(p, r, fmt.Sprintf("%s: module %s has no class %s", varRef(r.Var), mod, class),
				fmt.Sprintf("Module %s is in the tree and no file of it defines class %s, so %s.", mod, class, unsetRead(p.Puppet)))
		}
	}
}

// reportQualified reports read r: info when it is in fail()'s arguments,
// where the catalog fails either way.
func reportQualified(p *Pass, r *model.Read, msg, detail string, related ...Related) {
	var sev Severity // 0: the rule's
	if r.InFail {
		sev, detail = Info, detail+" "+failMessageRead
	}
	span := r.Var.Span()
	p.Report(Diagnostic{Start: span.Start, End: span.End, Severity: sev, Message: msg, Detail: detail, Related: related})
}
