package rules

import (
	"fmt"
	"strings"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules/builtin"
	"github.com/ducklint/ducklint/rules/model"
)

// ReservedWord reports reserved words used as the whole name of a class,
// defined type, function, type alias or plan, or as a bare-word string.
func ReservedWord() *Rule {
	return &Rule{
		ID:         "reserved-word",
		Validation: true,
		Title:      "A reserved word is used as a name or as a bare-word string",
		Severity:   Error,
		Kind:       PerFile,
		Doc: `Puppet reserves and, application, attr, case, class, component, consumes, default, define,
else, elsif, environment, false, function, if, import, in, inherits, node, or, private, produces,
regexp, site, true, type, undef, unit and unless. They cannot be the name of a class, defined type,
function, type alias or plan, and must be quoted when meant as strings. Puppet's parser rejects the
keywords outright ("Syntax error at 'if'"; this rule reports those instead of syntax-error), its
validator rejects attr, private, regexp and unit, and it accepts the rest today although the words are
reserved. A reserved word as one segment of a longer name (httpd::site) is legal and not reported,
nor are quoted strings, attribute names and hash keys.`,
		Run: runReservedWord,
	}
}

// ReservedWordSyntaxError reports whether the syntax error e in f is a
// reserved keyword used as the name of a class, defined type, function or
// plan (`class if {}`), which the reserved-word rule reports in Puppet's
// words. It returns the word and the keyword that introduced the name.
// The syntax-error rule leaves such errors to reserved-word.
func ReservedWordSyntaxError(f *parser.File, e *parser.SyntaxError) (word, definer string, ok bool) {
	if f == nil || e == nil || e.Definer == "" {
		return "", "", false
	}
	start, end := int(e.Start.Offset), int(e.End.Offset)
	if start < 0 || end > len(f.Src) || start >= end {
		return "", "", false
	}
	return string(f.Src[start:end]), e.Definer, true
}

// definerKinds names what a defining keyword defines, in the words of the
// messages.
var definerKinds = map[string]string{
	"class": "class", "define": "defined type", "function": "function", "plan": "plan",
}

// puppetDefinitionNames are the names Puppet's validator uses for the
// definition kinds in its messages.
var puppetDefinitionNames = map[model.DefKind]string{
	model.ClassDef: "a Host Class Definition", model.DefineDef: "a 'define' expression",
	model.FunctionDef: "a Function Definition", model.PlanDef: "a Plan Definition",
}

func runReservedWord(p *Pass) {
	f := p.File.Parsed
	if f == nil {
		return
	}
	for _, e := range f.Errors {
		word, definer, ok := ReservedWordSyntaxError(f, e)
		if !ok {
			continue
		}
		p.ReportSpan(p.File, e.Span,
			fmt.Sprintf("'%s' is a reserved word (%s) and cannot be the name of a %s", word, reservedRole(word), definerKinds[definer]),
			fmt.Sprintf("Puppet's parser rejects the file: %q. Choose another name.", e.Message))
	}
	for _, d := range p.File.Definitions {
		checkReservedDefinitionName(p, d)
	}
	if f.Program == nil {
		return
	}
	nodes, parents := p.Nodes(), p.NodeParents()
	for i, n := range nodes {
		switch n := n.(type) {
		case *parser.Reserved:
			p.ReportSpan(p.File, n.Span(),
				fmt.Sprintf("'%s' is a reserved word (%s) and cannot be a bare-word string", n.Word, reservedRole(n.Word)),
				fmt.Sprintf("Puppet rejects it: \"Use of reserved word: %s, must be quoted if intended to be a String value\". Write '%s'.",
					n.Word, n.Word))
		case *parser.Name:
			role := reservedRole(n.Value)
			var parent parser.Node
			if j := parents[i]; j >= 0 {
				parent = nodes[j]
			}
			if role == "" || !isBareWordValue(n, parent) {
				continue
			}
			p.ReportSpan(p.File, n.Span(),
				fmt.Sprintf("'%s' is a reserved word (%s) and cannot be used as a bare-word string", n.Value, role),
				fmt.Sprintf("Puppet accepts it today, but reserved words must be quoted. Write '%s'.", n.Value))
		}
	}
}

// checkReservedDefinitionName reports a definition whose whole name is a
// reserved word that the parser let through (the keywords never get here).
func checkReservedDefinitionName(p *Pass, d *model.Definition) {
	if d.Kind == model.NodeDef {
		return
	}
	name := strings.TrimPrefix(d.Written, "::")
	if strings.Contains(name, "::") {
		return // a reserved word is one segment: no qualified name is one
	}
	word := strings.ToLower(name)
	role := reservedRole(word)
	if role == "" {
		return
	}
	if d.Kind != model.TypeAliasDef && name != word {
		return // Puppet lower-cases nothing here: Site is a different (and invalid) name
	}
	var verdict string
	switch {
	case d.Kind == model.TypeAliasDef && dataType(word) != "" && word != "unit":
		verdict = fmt.Sprintf("Puppet rejects it: it redefines the built-in data type %s", dataType(word))
	case d.Kind != model.TypeAliasDef && builtin.IsReservedTypeName(word):
		verdict = fmt.Sprintf("Puppet rejects it: \"The name: '%s' is already defined by Puppet and can not be used as the name of %s.\"",
			word, puppetDefinitionNames[d.Kind])
	default:
		verdict = "Puppet accepts it today, but the word is reserved and the name may stop working in any release"
	}
	p.ReportSpan(p.File, d.NameSpan, fmt.Sprintf("'%s' is a reserved word (%s) and cannot be the name of a %s", name, role, d.Kind),
		verdict+". Choose another name.")
}

// isBareWordValue reports whether the bare word n, whose parent node is
// parent (nil at the root), is used as a string value: not a function
// name, resource type, hash key or node matcher.
func isBareWordValue(n *parser.Name, parent parser.Node) bool {
	switch parent := parent.(type) {
	case *parser.Call:
		return parent.Func != parser.Expr(n)
	case *parser.Resource:
		return parent.Type != parser.Expr(n)
	case *parser.ResourceDefaults:
		return parent.Type != parser.Expr(n)
	case *parser.HashEntry:
		return parent.Key != parser.Expr(n)
	case *parser.NodeDef:
		return false
	case *parser.Access:
		return parent.Target != parser.Expr(n)
	}
	return true
}
