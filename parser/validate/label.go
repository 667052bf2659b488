package validate

import (
	"strings"

	"github.com/ducklint/ducklint/parser"
)

// label is what Puppet's ModelLabelProvider calls the node in messages
// ("Literal Integer", "'if' statement", "Host Class Definition").
func label(n parser.Node) string {
	switch n := n.(type) {
	case *parser.StringLit:
		return "String"
	case *parser.InterpolatedString:
		return "Double Quoted String"
	case *parser.Heredoc:
		return "'@(" + n.Syntax + ")' expression"
	case *parser.Number:
		if n.IsFloat {
			return "Literal Float"
		}
		return "Literal Integer"
	case *parser.Bool:
		return "Boolean"
	case *parser.Undef:
		return "'undef' expression"
	case *parser.Default:
		return "'default' expression"
	case *parser.Regex:
		return "Regular Expression"
	case *parser.Name:
		if n.Word {
			return "String" // Puppet makes a WORD a string literal
		}
		return "Name"
	case *parser.TypeRef:
		return "Type-Name"
	case *parser.Reserved:
		return "Reserved Word '" + n.Word + "'"
	case *parser.Variable:
		return "Variable"
	case *parser.Array:
		return "Array Expression"
	case *parser.Hash:
		return "Hash Expression"
	case *parser.HashEntry:
		return "Hash Entry"
	case *parser.Access:
		return "'[]' expression"
	case *parser.Unary:
		switch n.Op {
		case "!":
			return "'not' expression"
		case "-":
			return "Unary Minus"
		}
		return "Unfold"
	case *parser.Binary:
		return "'" + n.Op + "' expression"
	case *parser.Paren:
		return "Parenthesized Expression"
	case *parser.Selector:
		return "Selector Expression"
	case *parser.SelectorCase:
		return "Selector Option"
	case *parser.Assign:
		return "'" + n.Op + "' expression"
	case *parser.Relationship:
		return "'" + n.Op + "' expression"
	case *parser.Call:
		return "Function Call"
	case *parser.MethodCall:
		return "Method call"
	case *parser.Lambda:
		return "Lambda"
	case *parser.Parameter:
		return "Parameter Definition"
	case *parser.If:
		return "'if' statement"
	case *parser.Unless:
		return "'unless' Statement"
	case *parser.Case:
		return "'case' statement"
	case *parser.CaseOption:
		return "Case Option"
	case *parser.Block:
		return "Block Expression"
	case *parser.ClassDef:
		return "Host Class Definition"
	case *parser.DefineDef:
		return "'define' expression"
	case *parser.NodeDef:
		return "Node Definition"
	case *parser.FunctionDef:
		return "Function Definition"
	case *parser.PlanDef:
		return "Plan Definition"
	case *parser.Apply:
		return "'apply' expression"
	case *parser.TypeAlias:
		if n.Mapping != nil {
			return "Type Mapping"
		}
		return "Type Alias"
	case *parser.TypeDefinition:
		return "Type Definition"
	case *parser.Resource:
		return "Resource Statement"
	case *parser.ResourceBody:
		return "Resource Instance Definition"
	case *parser.AttributeOp:
		if n.Append {
			return "'+>' expression"
		}
		return "'=>' expression"
	case *parser.ResourceDefaults:
		return "Resource Defaults Expression"
	case *parser.ResourceOverride:
		return "Resource Override"
	case *parser.Collector:
		if n.Exported {
			return "Exported Query"
		}
		return "Virtual Query"
	case *parser.EPPTemplate:
		return "Epp Template"
	case *parser.RenderString:
		return "Epp Text"
	case *parser.RenderExpr:
		return "Epp Interpolated Expression"
	}
	return "Expression"
}

// aAn is the label with its article, as Puppet's a_an: "a Literal
// Integer", "an 'if' statement" (a leading quote is skipped).
func aAn(n parser.Node) string {
	l := label(n)
	return article(l) + " " + l
}

// aAnUC is aAn capitalised, as Puppet's a_an_uc.
func aAnUC(n parser.Node) string {
	l := label(n)
	a := article(l)
	return strings.ToUpper(a[:1]) + a[1:] + " " + l
}

func article(text string) string {
	t := strings.TrimLeft(text, `"'`)
	if t != "" && strings.ContainsRune("aeiouy", rune(strings.ToLower(t[:1])[0])) {
		return "an"
	}
	return "a"
}
