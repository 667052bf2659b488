package rules

import (
	"fmt"

	"github.com/ducklint/ducklint/rules/model"
)

// ClassRedeclared reports resource-like class declarations that another
// declaration of the same class can precede in one catalog.
func ClassRedeclared() *Rule {
	return &Rule{
		ID:             "class-redeclared",
		Title:          "A resource-like class declaration can meet another declaration of the class",
		Severity:       Warning,
		Kind:           WholeProgram,
		UsesSimulation: true,
		Doc: `Classes are singletons. include, require and contain may repeat a declaration, but a
resource-like declaration (class { 'x': ... }) must be the first and only one that sets the class's
parameters: when any other declaration of the class was evaluated before it, or when it is evaluated
twice, catalog compilation fails with "Duplicate declaration: Class[X] is already declared". The rule
simulates evaluation order per node definition (and for classes an ENC could declare) and reports a
resource-like declaration that another declaration can precede. Declarations in different node
definitions, or on different arms of one if/unless/case, never meet.`,
		Context: model.NeedDefinitions | model.NeedTopScope | model.NeedResourceLike,
		Run:     runClassRedeclared,
	}
}

func runClassRedeclared(p *Pass) {
	for _, rd := range p.Program.Dynamic().Redeclared {
		rl := rd.ResourceLike
		title := typeRefName(rl.Target)
		const fix = " Declare the class with include and set its parameters in Hiera."
		if rd.Other == nil && rd.Conditional {
			p.Report(Diagnostic{File: rl.File.Path, Start: rl.Span.Start, End: rl.Span.End, Severity: Info,
				Message: fit(fmt.Sprintf("class { '%s': } in %s can run twice in one catalog", rl.Target, rl.Scope.Describe()),
					fmt.Sprintf("class { '%s': } can run twice in one catalog", rl.Target)),
				Detail: "Puppet fails with \"Duplicate declaration\" when the node's data lets it run twice in one catalog." + fix})
			continue
		}
		if rd.Other == nil {
			p.ReportSpan(rl.File, rl.Span,
				fit(fmt.Sprintf("class { '%s': } in %s runs once per instance of it", rl.Target, rl.Scope.Describe()),
					fmt.Sprintf("class { '%s': } runs once per instance of the defined type", rl.Target)),
				fmt.Sprintf("The second instance's declaration fails with \"Duplicate declaration: Class[%s] is already declared\".", title)+fix)
			continue
		}
		o := rd.Other
		// The class is written at the finding; where the other declaration
		// is tells findings on one line apart.
		meets := fmt.Sprintf("class { '%s': } can meet %s", rl.Target, otherDeclaration(o.Kind))
		msg := fit(fmt.Sprintf("%s in %s (%s)", meets, o.Scope.Describe(), at(o.File, o.Span)),
			fmt.Sprintf("%s in %s", meets, o.Scope.Describe()),
			fmt.Sprintf("resource-like declaration can meet %s in %s", otherDeclaration(o.Kind), o.Scope.Describe()), meets)
		related := []Related{RelatedAt(o.File, o.Span, fmt.Sprintf("class '%s' is also declared here (%s)", rl.Target, o.Kind))}
		const fixEverywhere = " Declare the class with include everywhere and set its parameters in Hiera, or make this the only declaration."
		if rd.Conditional {
			p.Report(Diagnostic{File: rl.File.Path, Start: rl.Span.Start, End: rl.Span.End, Severity: Info, Message: msg,
				Detail: fmt.Sprintf("Puppet fails with \"Duplicate declaration\" on a node whose data takes the conditional arms that "+
					"also declare it in %s (%s) first.", o.Scope.Describe(), at(o.File, o.Span)) + fixEverywhere,
				Related: related})
			continue
		}
		if rd.Apart {
			p.Report(Diagnostic{File: rl.File.Path, Start: rl.Span.Start, End: rl.Span.End, Severity: Info, Message: msg,
				Detail: fmt.Sprintf("Puppet fails with \"Duplicate declaration\" on a node that also gets %s (%s) first; nothing in "+
					"the tree assigns both to one node, an ENC or Hiera could.", o.Scope.Describe(), at(o.File, o.Span)) + fixEverywhere,
				Related: related})
			continue
		}
		p.ReportSpan(rl.File, rl.Span, msg,
			fmt.Sprintf("The two can be in one catalog; when the %s in %s (%s) is evaluated first, Puppet fails with "+
				"\"Duplicate declaration: Class[%s] is already declared\".", o.Kind, o.Scope.Describe(), at(o.File, o.Span), title)+fixEverywhere,
			related...)
	}
}

// otherDeclaration names the other declaration a resource-like one meets,
// for messages: "the include", "another one" (resource-like too).
func otherDeclaration(k model.DeclKind) string {
	switch k {
	case model.ResourceLike:
		return "another one"
	case model.Inherits:
		return "the inheritance"
	}
	return "the " + k.String()
}
