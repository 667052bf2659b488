package rules

import (
	"fmt"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules/model"
)

// UnknownResourceReference reports relationships to resources nothing in
// the tree can declare.
func UnknownResourceReference() *Rule {
	return &Rule{
		ID:       "unknown-resource-reference",
		Title:    "A relationship to a resource nothing can declare",
		Severity: Error,
		Kind:     PerFile,
		Doc: `The relationship metaparameters (before, require, notify, subscribe) and the chaining arrows
(->, ~>, <-, <~) need the resource they name to be in the catalog: Puppet fails with "Could not find
resource 'Service[ngnix]' in parameter 'require'" or "... for relationship from ...". The rule reports
a reference with a literal title to a resource type the tree knows (built in, a defined type or a Ruby
type of the tree) when no code of the tree declares a resource of that type with that title, namevar
or alias. Nothing is reported when something could: a resource of the type with a computed title,
create_resources or ensure_resource, ensure_packages (for packages), a resource of a computed type or
class, or a class or defined type that code outside the tree may define (a module the tree depends on
but does not hold, or any module when the tree does not say what it depends on).`,
		Context: model.NeedDefinitions | model.NeedReferenceProviders,
		Run:     runUnknownResourceReference,
	}
}

func runUnknownResourceReference(p *Pass) {
	for _, n := range p.Nodes() {
		switch n := n.(type) {
		case *parser.Resource:
			if n.TypeName() == "" {
				continue
			}
			for _, b := range n.Bodies {
				for _, op := range b.Attrs {
					if op.Splat || !model.IsRelationshipParam(op.Name) {
						continue
					}
					for _, ref := range model.TitleElems(op.Value) {
						checkReference(p, ref, fmt.Sprintf("in parameter '%s'", op.Name))
					}
				}
			}
		case *parser.Relationship:
			for _, side := range []parser.Expr{n.Left, n.Right} {
				for _, ref := range model.TitleElems(side) {
					checkReference(p, ref, "for a relationship")
				}
			}
		}
	}
}

// checkReference reports ref when it names a resource with a literal
// title that nothing can declare.
func checkReference(p *Pass, e parser.Expr, where string) {
	ref, ok := model.RefOf(e)
	if !ok || ref.Type == "class" || ref.Type == "node" || !p.Program.IsKnownResourceType(ref.Type) {
		return // classes are unknown-class's; unknown types unknown-resource-type's
	}
	for _, t := range ref.Titles {
		title, lit, ok := model.TitleKey(ref.Type, t)
		if !ok || !lit || p.Program.CanProvide(ref.Type, title) {
			continue
		}
		what := model.CapitalizeType(ref.Type) + "[" + title + "]"
		p.Report(Diagnostic{File: p.File.Path, Start: e.Span().Start, End: e.Span().End,
			Message: fit(fmt.Sprintf("no resource %s is declared anywhere in the tree", excerpt(what)),
				"no such resource is declared anywhere in the tree"),
			Detail: fmt.Sprintf("Puppet fails the catalog with \"Could not find resource '%s' %s\": no code of the tree declares "+
				"a %s with that title, namevar or alias, and nothing could declare one with a computed title. Fix the title, "+
				"or declare the resource (or include the class that does).", what, where, ref.Type)})
	}
}
