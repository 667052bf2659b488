package rules

import (
	"fmt"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules/model"
)

// UnknownResourceReference reports relationships to resources and classes
// that no catalog holding them can hold.
func UnknownResourceReference() *Rule {
	return &Rule{
		ID:             "unknown-resource-reference",
		Title:          "A relationship to a resource or class no catalog holding it can hold",
		Severity:       Error,
		Kind:           PerFile,
		UsesSimulation: true,
		Doc: `The relationship metaparameters (before, require, notify, subscribe) and the chaining arrows
(->, ~>, <-, <~) need the resource or class they name to be in the catalog: Puppet fails with "Could not
find resource 'Service[ngnix]' in parameter 'require'" or "... for relationship from ...". The rule
reports a reference with a literal title, to a resource type the tree knows or to a class of the tree,
when no catalog evaluating the reference holds the target: nothing in the tree declares it (error), only
a virtual resource nothing realizes or an exported one nothing collects (error), or it is declared only in
other catalogs, as the evaluation simulation per entry point finds (another node's, the other arm of a
conditional; warning, info when only classes nothing declares hold it). Nothing is reported when code the
simulations cannot follow could provide it: a resource of the type with a computed title,
create_resources or ensure_resource, ensure_packages (for packages), a resource of a computed type or
class, or a class or defined type that code outside the tree may define.`,
		Context: model.NeedDefinitions | model.NeedTopScope | model.NeedReferenceProviders,
		Run:     runUnknownResourceReference,
	}
}

func runUnknownResourceReference(p *Pass) {
	var misses map[model.RefKey]*model.RefMiss
	for i, n := range p.nodesOf(1<<kindResource | 1<<kindRelationship) {
		var refs []parser.Expr
		var params []string // the parameter each of refs is in, "" for a relationship's
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
						refs = append(refs, ref)
						params = append(params, op.Name)
					}
				}
			}
		case *parser.Relationship:
			for _, side := range []parser.Expr{n.Left, n.Right} {
				for _, ref := range model.TitleElems(side) {
					refs = append(refs, ref)
					params = append(params, "")
				}
			}
		}
		if len(refs) == 0 {
			continue
		}
		if misses == nil {
			misses = p.Program.Dynamic().RefMisses
		}
		for j, ref := range refs {
			checkReference(p, i, misses, ref, params[j])
		}
	}
}

// checkReference reports ref, a reference of node i of the file in
// relationship parameter param ("" in a relationship), when it names a
// resource with a literal title that nothing can declare, or that no
// catalog holding the reference holds (misses).
func checkReference(p *Pass, i int, misses map[model.RefKey]*model.RefMiss, e parser.Expr, param string) {
	ref, ok := model.RefOf(e)
	if !ok || ref.Type == "node" {
		return
	}
	if ref.Type != "class" && !p.Program.IsKnownResourceType(ref.Type) {
		return // unknown types are unknown-resource-type's
	}
	for _, t := range ref.Titles {
		title, lit, ok := model.TitleKey(ref.Type, t)
		if !ok || !lit {
			continue
		}
		if ref.Type == "class" {
			if p.Program.Class(title) == nil {
				continue // unknown classes are unknown-class's
			}
		} else {
			title = model.NormalizeTitle(ref.Type, title)
		}
		miss := misses[model.RefKey{Expr: e, Title: title}]
		nowhere := ref.Type != "class" && !p.Program.CanProvide(ref.Type, title)
		if miss == nil && !nowhere {
			continue
		}
		what := model.CapitalizeType(ref.Type) + "[" + title + "]"
		if ref.Type == "class" {
			what = "Class[" + refName(title) + "]"
		}
		sev, why, ok := compileSeverity(p, siteAt(p, i), title)
		if !ok {
			continue
		}
		where := "for a relationship"
		if param != "" {
			where = fmt.Sprintf("in parameter '%s'", param)
		}
		puppet := fmt.Sprintf("Could not find resource '%s' %s", what, where)
		var msg, detail string
		var related []Related
		switch {
		case nowhere:
			msg = fit(fmt.Sprintf("no resource %s is declared anywhere in the tree", excerpt(what)),
				"no such resource is declared anywhere in the tree")
			detail = fmt.Sprintf("Puppet fails the catalog with \"%s\": no code of the tree declares a %s with that title, "+
				"namevar or alias, and nothing could declare one with a computed title. Fix the title, or declare the "+
				"resource (or include the class that does).", puppet, ref.Type)
		case miss.Unrealized:
			msg = fit(fmt.Sprintf("%s is only declared virtual or exported, and nothing realizes or collects it", excerpt(what)),
				"the resource is only declared virtual or exported, and nothing realizes or collects it")
			detail = fmt.Sprintf("Puppet fails with \"Could not find dependency %s\": a virtual resource is in the catalog only once "+
				"realize() or a collector realizes it, and an exported one only on the nodes that collect it. Realize it, "+
				"or declare it as an ordinary resource.", what)
		case !miss.Elsewhere:
			msg = fit(fmt.Sprintf("%s is in no catalog that holds this reference", excerpt(what)),
				"the resource is in no catalog that holds this reference")
			detail = fmt.Sprintf("Puppet fails with \"%s\" wherever this code runs: no code evaluated with it declares %s. "+
				"Declare it, or include the class that does.", puppet, what)
		default:
			place := ""
			if o := miss.OtherRes; o != nil {
				place = at(o.File, o.Body.Title.Span())
				related = append(related, RelatedAt(o.File, o.Body.Title.Span(), what+" is declared here"))
			} else if o := miss.Other; o != nil {
				place = at(o.File, o.Span)
				related = append(related, RelatedAt(o.File, o.Span, what+" is declared here"))
			}
			msg = withPlace(fit(fmt.Sprintf("%s is declared only in catalogs without this reference", excerpt(what)),
				"the target is declared only in catalogs without this reference"), place)
			detail = fmt.Sprintf("Puppet fails with \"%s\": the tree declares %s (%s), but no catalog that evaluates this "+
				"code evaluates that declaration too (another node's, or another arm of a conditional). Include the class "+
				"that declares it where this code runs, or drop the relationship.", puppet, what, place)
			if sev == Error {
				sev = Warning
				if !miss.Shown && p.Program.HasNodes(p.File) {
					sev = Info
					why = "Only classes nothing in the tree declares (an ENC or Hiera may assign them) declare it."
				}
			}
		}
		if miss != nil && !miss.RefShown && sev != Info && p.Program.HasNodes(p.File) {
			sev = Info
			why = "Only classes or defined types nothing in the tree declares reach this code: an ENC or Hiera may " +
				"assign them with the class that declares the target."
		}
		if why != "" {
			detail += " " + why
		}
		p.Report(Diagnostic{File: p.File.Path, Start: e.Span().Start, End: e.Span().End, Severity: sev,
			Message: msg, Detail: detail, Related: related})
	}
}
