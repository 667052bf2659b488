package rules

import (
	"fmt"
)

// ClassRedeclared reports resource-like class declarations that another
// declaration of the same class can precede in one catalog.
func ClassRedeclared() *Rule {
	return &Rule{
		ID:       "class-redeclared",
		Title:    "A resource-like class declaration can meet another declaration of the class",
		Severity: Warning,
		Kind:     WholeProgram,
		Doc: `Classes are singletons. include, require and contain may repeat a declaration, but a
resource-like declaration (class { 'x': ... }) must be the first and only one that sets the class's
parameters: when any other declaration of the class was evaluated before it, or when it is evaluated
twice, catalog compilation fails with "Duplicate declaration: Class[X] is already declared". The rule
simulates evaluation order per node definition (and for classes an ENC could declare) and reports a
resource-like declaration that another declaration can precede. Declarations in different node
definitions, or on different arms of one if/unless/case, never meet.`,
		Run: runClassRedeclared,
	}
}

func runClassRedeclared(p *Pass) {
	for _, rd := range p.Program.Dynamic().Redeclared {
		rl := rd.ResourceLike
		title := typeRefName(rl.Target)
		if rd.Other == nil {
			p.ReportSpan(rl.File, rl.Span, fmt.Sprintf("resource-like declaration of class '%s' in %s runs once per instance "+
				"of it, and the second one fails with \"Duplicate declaration: Class[%s] is already declared\"; declare the "+
				"class with include and set its parameters in Hiera", rl.Target, rl.Scope.Describe(), title))
			continue
		}
		o := rd.Other
		if rd.Conditional && o == nil {
			p.Report(Diagnostic{File: rl.File.Path, Start: rl.Span.Start, End: rl.Span.End, Severity: Info,
				Message: fmt.Sprintf("resource-like declaration of class '%s' in %s fails with \"Duplicate declaration\" when "+
					"conditions let it run twice in one catalog", rl.Target, rl.Scope.Describe())})
			continue
		}
		if rd.Conditional {
			p.Report(Diagnostic{File: rl.File.Path, Start: rl.Span.Start, End: rl.Span.End, Severity: Info,
				Message: fmt.Sprintf("resource-like declaration of class '%s' fails with \"Duplicate declaration\" on a node "+
					"whose data takes the conditional arms that also declare it in %s (%s:%d) first",
					rl.Target, o.Scope.Describe(), o.File.Path, o.Span.Start.Line),
				Related: []Related{RelatedAt(o.File, o.Span, fmt.Sprintf("class '%s' is also declared here (%s)", rl.Target, o.Kind))}})
			continue
		}
		if rd.Apart {
			p.Report(Diagnostic{File: rl.File.Path, Start: rl.Span.Start, End: rl.Span.End, Severity: Info,
				Message: fmt.Sprintf("resource-like declaration of class '%s' fails with \"Duplicate declaration\" on a node "+
					"that also gets %s (%s:%d) first; nothing in the tree assigns both to one node, an ENC or Hiera could",
					rl.Target, o.Scope.Describe(), o.File.Path, o.Span.Start.Line),
				Related: []Related{RelatedAt(o.File, o.Span, fmt.Sprintf("class '%s' is also declared here (%s)", rl.Target, o.Kind))}})
			continue
		}
		p.ReportSpan(rl.File, rl.Span, fmt.Sprintf("resource-like declaration of class '%s' can meet the %s of it in %s "+
			"(%s:%d) in one catalog; when that one is evaluated first Puppet fails with \"Duplicate declaration: Class[%s] "+
			"is already declared\"; declare the class with include everywhere and set its parameters in Hiera, or make this "+
			"the only declaration", rl.Target, o.Kind, o.Scope.Describe(), o.File.Path, o.Span.Start.Line, title),
			RelatedAt(o.File, o.Span, fmt.Sprintf("class '%s' is also declared here (%s)", rl.Target, o.Kind)))
	}
}
