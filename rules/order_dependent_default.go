package rules

import (
	"fmt"
	"strings"

	"github.com/ducklint/ducklint/rules/model"
)

// OrderDependentDefault reports classes declared from several scopes whose
// resource defaults differ for a type the class declares resources of.
func OrderDependentDefault() *Rule {
	return &Rule{
		ID:             "order-dependent-default",
		Title:          "A class gets different resource defaults depending on which declaration runs first",
		Severity:       Warning,
		Kind:           WholeProgram,
		UsesSimulation: true,
		Doc: `A class is evaluated once, where it is first declared, and that scope becomes its parent for
resource defaults. When a class is declared from two scopes that can both be in one catalog and whose
defaults differ for a resource type the class uses, its resources get whichever defaults the first
evaluated declaration carries: reordering two include statements, or an ENC listing classes in another
order, silently changes the catalog. Declarations on different arms of one conditional, or in different
node definitions, never meet and are not compared; only attributes that can change one of the class's
resources count (not those each sets itself, nor properties of resources being removed). A warning when
one catalog the tree shows has both declarations, info when only an ENC's choice of classes does.`,
		Context: model.NeedDefinitions | model.NeedTopScope | model.NeedDefaultsOnTheWay,
		Run:     runOrderDependentDefault,
	}
}

func runOrderDependentDefault(p *Pass) {
	for _, od := range p.Program.Dynamic().OrderDependent {
		c := od.Class
		typ := typeRefName(od.Type)
		msg := fit(fmt.Sprintf("class '%s' gets different %s defaults depending on which declaration Puppet evaluates first", c.Name, typ),
			fmt.Sprintf("class '%s' gets different %s defaults depending on evaluation order", c.Name, typ))
		detail := fmt.Sprintf("Declared from %s it gets %s, declared from %s it gets %s. A class's parent scope for defaults is "+
			"\"the first scope in which it was declared\", so \"the contents of a given scope are evaluation-order dependent\". "+
			"Set the attributes in class '%s' itself, or declare it from one place.",
			siteLabel(od.A.Decl), defaultsLabel(typ, od.A.Defaults), siteLabel(od.B.Decl), defaultsLabel(typ, od.B.Defaults), c.Name)
		var related []Related
		for _, s := range od.Sites {
			related = append(related, RelatedAt(s.File, s.Span, fmt.Sprintf("declared here (%s in %s)", s.Kind, s.Scope.Describe())))
		}
		sev := Warning
		if !od.Shown {
			sev = Info
			detail += " The two declarations meet only in a catalog an ENC or other code not in the tree puts together."
		}
		p.Report(Diagnostic{Severity: sev, File: c.File.Path, Start: c.NameSpan.Start, End: c.NameSpan.End,
			Message: msg, Detail: detail, Related: related})
	}
}

// siteLabel names a declaration: "class 'a' (a/init.pp:3)".
func siteLabel(d *model.Declaration) string {
	return fmt.Sprintf("%s (%s:%d)", d.Scope.Describe(), d.File.Path, d.Span.Start.Line)
}

// defaultsLabel describes effective defaults: "message from the Notify
// default at f.pp:2".
func defaultsLabel(typ string, ds []model.AttrDefault) string {
	if len(ds) == 0 {
		return "no " + typ + " default"
	}
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = fmt.Sprintf("'%s' from the default at %s:%d", d.Attr, d.Default.File.Path, d.Default.Node.Span().Start.Line)
	}
	return strings.Join(parts, ", ")
}
