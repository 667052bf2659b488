package rules

import (
	"strings"

	"github.com/ducklint/ducklint/parser"
)

// DefinedFunction reports every call of defined(), whose answer depends on
// evaluation order.
func DefinedFunction() *Rule {
	return &Rule{
		ID:       "defined-function",
		Title:    "defined() answers \"is it in the catalog yet\", which depends on evaluation order",
		Severity: Warning,
		Kind:     PerFile,
		Doc: `The defined function "actually answers 'is ourapp in the catalog?', not 'do you know what a
mytype is?'": for a resource or class reference it is true only when the declaration has already been
evaluated, so its answer depends on which class Puppet happens to evaluate first, and code that guards a
declaration with it breaks when includes are reordered. Declare shared resources in one class and include
that class (include is idempotent), realize virtual resources, or pass the decision in as a parameter.`,
		Run: runDefinedFunction,
	}
}

func runDefinedFunction(p *Pass) {
	if p.File.Parsed == nil || p.File.Parsed.Program == nil {
		return
	}
	for _, n := range p.Nodes() {
		var args []parser.Expr
		var span parser.Span
		switch c := n.(type) {
		case *parser.Call:
			if strings.TrimPrefix(c.FuncName(), "::") != "defined" {
				continue
			}
			args, span = c.Args, c.Func.Span()
		case *parser.MethodCall:
			if c.Name != "defined" {
				continue
			}
			args, span = append([]parser.Expr{c.Receiver}, c.Args...), c.NameSpan
		default:
			continue
		}
		p.ReportSpan(p.File, span, definedMessage(args))
	}
}

// nameMessage explains what defined() of a class or type name does in
// Puppet 4 and later, which is not what such code usually means.
func nameMessage(call string) string {
	return call + " only asks whether a class or resource type of that name exists, and is true even when nothing " +
		"declares it (Puppet 7); asking whether it is declared, with defined(Class['...']), gives an answer that " +
		"depends on evaluation order instead. Declare what the code needs with include, or pass the decision in " +
		"as a class parameter (from Hiera)"
}

func firstPart(s *parser.InterpolatedString) parser.Expr {
	if len(s.Parts) == 0 {
		return nil
	}
	return s.Parts[0]
}

// definedMessage explains, for the first argument, why the answer depends
// on evaluation order and what to write instead.
func definedMessage(args []parser.Expr) string {
	const tail = "; the Puppet docs: the defined function \"actually answers 'is ourapp in the catalog?', not " +
		"'do you know what a mytype is?'\""
	if len(args) > 0 {
		switch a := args[0].(type) {
		case *parser.Access, *parser.TypeRef:
			return "defined() of a resource or class reference is true only when its declaration has already been " +
				"evaluated, so the answer depends on evaluation order; declare the resource in one class and include " +
				"that class everywhere (include is idempotent), or realize a virtual resource" + tail
		case *parser.StringLit:
			if strings.HasPrefix(a.Value, "$") {
				return "defined('" + a.Value + "') is true only when the variable has been assigned by the time it runs, " +
					"which depends on evaluation order for variables of other classes; give the value a parameter " +
					"with a default, or test it with `=~ Undef`" + tail
			}
			return nameMessage("defined('" + a.Value + "')")
		case *parser.InterpolatedString:
			if lit, ok := firstPart(a).(*parser.StringLit); !ok || !strings.HasPrefix(lit.Value, "$") {
				return nameMessage("defined() of a name")
			}
		}
	}
	return "defined() is true for a class or resource only once its declaration has been evaluated, so its answer " +
		"depends on evaluation order; include the class (include is idempotent), declare shared resources in one " +
		"class and include it, or realize virtual resources instead" + tail
}
