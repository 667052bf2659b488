package rules

import (
	"fmt"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules/builtin"
)

// ReservedVariable reports assignments to reserved variables and
// parameters named like them.
func ReservedVariable() *Rule {
	return &Rule{
		ID:       "reserved-variable",
		Title:    "A reserved variable is assigned or used as a parameter name",
		Severity: Error,
		Kind:     PerFile,
		Doc: `The regex capture variables $0, $1, ..., $facts, $trusted and $server_facts cannot be assigned
anywhere; $title and $name cannot be assigned in a class, defined type, node or at top scope, and none
of these can be a class or defined type parameter. Puppet's built-in variables and facts ($hostname,
$environment, $clientcert, custom facts from the tree's lib/facter, ...) are reserved at top scope but
may be re-used in classes, defined types and nodes. Puppet rejects the numeric variables and the
reserved parameters when it validates the file, and fails the others only when it compiles the
catalog. Fact names are matched exactly: a name shaped like a per-device fact ($network_zone,
$ipaddress_eth0) is a fact only on nodes with that device and is not reported. $servername and the
other server variables fail only when a Puppet server compiles (warning), $agent_specified_environment
only when the run names its environment (info).`,
		Run: runReservedVariable,
	}
}

// scopeOwner is the kind of code a variable is assigned in.
type scopeOwner int

const (
	ownerTop  scopeOwner = iota // top scope: main manifest, lone file, example
	ownerFile                   // outside definitions in an autoloaded file or template
	ownerClass
	ownerDefine
	ownerNode
	ownerFunction // function or plan
	ownerLambda
)

func (o scopeOwner) String() string {
	switch o {
	case ownerTop:
		return "at top scope"
	case ownerClass:
		return "in a class"
	case ownerDefine:
		return "in a defined type"
	case ownerNode:
		return "in a node definition"
	case ownerFunction:
		return "in a function"
	case ownerLambda:
		return "in a lambda"
	}
	return "here"
}

// ownerOf returns the kind of scope the innermost scope-creating ancestor
// of nodes[i] makes (parents as Pass.NodeParents gives them).
func ownerOf(nodes []parser.Node, parents []int32, i int, top scopeOwner) scopeOwner {
	for j := parents[i]; j >= 0; j = parents[j] {
		switch nodes[j].(type) {
		case *parser.ClassDef:
			return ownerClass
		case *parser.DefineDef:
			return ownerDefine
		case *parser.NodeDef:
			return ownerNode
		case *parser.FunctionDef, *parser.PlanDef:
			return ownerFunction
		case *parser.Lambda:
			return ownerLambda
		}
	}
	return top
}

// fileTopOwner says whether the outermost code of a file runs at top scope.
func fileTopOwner(f *parser.File, src *load.File) scopeOwner {
	if f.EPP {
		return ownerFile
	}
	if src == nil {
		return ownerTop
	}
	switch src.Role {
	case load.MainManifest, load.Lone, load.ModuleOther:
		return ownerTop
	}
	return ownerFile
}

func runReservedVariable(p *Pass) {
	f := p.File.Parsed
	if f == nil || f.Program == nil {
		return
	}
	top := fileTopOwner(f, p.File.Source)
	nodes, parents := p.Nodes(), p.NodeParents()
	var kinds nodeKinds = 1<<kindAssign | 1<<kindClassDef | 1<<kindDefineDef | 1<<kindFunctionDef | 1<<kindPlanDef | 1<<kindLambda |
		1<<kindEPPTemplate
	for i, n := range p.nodesOf(kinds) {
		switch n := n.(type) {
		case *parser.Assign:
			owner := ownerOf(nodes, parents, i, top)
			for _, v := range assignedVariables(n.LHS) {
				if msg, detail, sev := reservedAssignment(p, v.Name, owner); msg != "" {
					p.Report(Diagnostic{File: p.File.Path, Start: v.Span().Start, End: v.Span().End, Message: msg, Detail: detail,
						Severity: sev})
				}
			}
		case *parser.ClassDef:
			checkReservedParams(p, n.Params, "class")
		case *parser.DefineDef:
			checkReservedParams(p, n.Params, "defined type")
		case *parser.FunctionDef:
			checkReservedParams(p, n.Params, "function")
		case *parser.PlanDef:
			checkReservedParams(p, n.Params, "plan")
		case *parser.Lambda:
			checkReservedParams(p, n.Params, "lambda")
		case *parser.EPPTemplate:
			checkReservedParams(p, n.Params, "template")
		}
	}
}

// assignedVariables returns the variables an assignment's left-hand side
// assigns: one variable, or the variables of an array destructuring.
func assignedVariables(lhs parser.Expr) []*parser.Variable {
	switch l := lhs.(type) {
	case *parser.Variable:
		return []*parser.Variable{l}
	case *parser.Array:
		var out []*parser.Variable
		for _, e := range l.Elems {
			out = append(out, assignedVariables(e)...)
		}
		return out
	case *parser.Paren:
		return assignedVariables(l.X)
	}
	return nil
}

// reservedAssignment returns the finding (message and detail) for
// assigning $name in a scope of the given owner, and its severity, or "".
// Severity 0 is the rule's.
func reservedAssignment(p *Pass, name string, owner scopeOwner) (msg, detail string, sev Severity) {
	const topFix = " Assign it in a class or node instead, or use another name."
	switch {
	case isNumericName(name):
		return fmt.Sprintf("$%s is a regex capture variable, set by regular expressions and reserved", name),
			fmt.Sprintf("Puppet rejects the file: \"Illegal attempt to assign to the numeric match result variable '$%s'. Numeric "+
				"variables are not assignable\". Use another name.", name), 0
	case name == "facts" || name == "trusted":
		return fmt.Sprintf("$%s is reserved for facts and cannot be reassigned, at any scope", name),
			fmt.Sprintf("Puppet fails the catalog: \"Attempt to assign to a reserved variable name: '%s'\". Use another name.", name), 0
	case name == "server_facts":
		return "$server_facts is reserved for trusted server facts and cannot be reassigned, at any scope",
			"Puppet fails the catalog: \"Attempt to assign to a reserved variable name: 'server_facts'\". Use another name.", 0
	case (name == "title" || name == "name") && owner != ownerLambda && owner != ownerFunction && owner != ownerFile:
		what := "the title of a class or defined type"
		if name == "name" {
			what = "a synonym for $title"
		}
		return fmt.Sprintf("$%s is reserved: it is %s, and cannot be assigned %s", name, what, owner),
			fmt.Sprintf("Puppet fails the catalog: \"Cannot reassign built in (or already assigned) variable '$%s'\". Use another "+
				"name.", name), 0
	case owner != ownerTop:
		return "", "", 0
	case isFactName(name):
		return fmt.Sprintf("$%s is a fact, and facts are reserved at top scope", name),
			fmt.Sprintf("Puppet fails the catalog: \"Cannot reassign variable '$%s'\".", name) + topFix, 0
	case builtin.IsTopScopeReserved(name):
		return fmt.Sprintf("$%s is one of Puppet's built-in variables, which are reserved at top scope", name),
			fmt.Sprintf("Puppet fails the catalog: \"Cannot reassign variable '$%s'\".", name) + topFix, 0
	case staticScope(p).CustomFact(name):
		return fmt.Sprintf("$%s is a custom fact of this tree (lib/facter), and facts are reserved at top scope", name),
			fmt.Sprintf("Puppet fails the catalog on every node where the fact resolves: \"Cannot reassign variable '$%s'\".", name) +
				topFix, 0
	case builtin.IsServerVariable(name):
		return fmt.Sprintf("$%s is set at top scope by a Puppet server compiling the catalog", name),
			fmt.Sprintf("puppet apply does not set it; under a server Puppet fails the catalog: \"Cannot reassign variable "+
				"'$%s'\". Use another name.", name), Warning
	case builtin.IsConditionalBuiltin(name):
		return fmt.Sprintf("$%s is set at top scope when the agent names its environment", name),
			fmt.Sprintf("Then Puppet fails the catalog: \"Cannot reassign variable '$%s'\". Use another name.", name), Info
	}
	return "", "", 0
}

// checkReservedParams reports parameters named like reserved variables.
func checkReservedParams(p *Pass, params []*parser.Parameter, container string) {
	for _, par := range params {
		name := par.Name
		var msg, detail string
		switch {
		case isNumericName(name):
			msg = fmt.Sprintf("parameter $%s of a %s is a regex capture variable name, which is reserved", name, container)
			detail = fmt.Sprintf("Puppet rejects the file: \"The numeric parameter name '$%s' cannot be used (clashes with numeric "+
				"match result variables)\". Use another name.", name)
		case name == "facts" || name == "trusted" || name == "server_facts":
			msg = fmt.Sprintf("parameter $%s of a %s hides the reserved variable $%s", name, container, name)
			detail = fmt.Sprintf("$%s cannot be reassigned at any scope; Puppet fails the catalog: \"Attempt to assign to a "+
				"reserved variable name: '%s'\". Use another name.", name, name)
		case (name == "title" || name == "name") && (container == "class" || container == "defined type"):
			puppetContainer := "Host Class Definition"
			if container == "defined type" {
				puppetContainer = "'define' expression"
			}
			msg = fmt.Sprintf("parameter $%s of a %s: $title and $name are reserved for the title of a class or defined type",
				name, container)
			detail = fmt.Sprintf("Puppet rejects the file: \"The parameter $%s redefines a built in parameter in the %s\". Use "+
				"another name.", name, puppetContainer)
		}
		if msg != "" {
			p.ReportSpan(p.File, par.NameSpan, msg, detail)
		}
	}
}

func isNumericName(name string) bool {
	if name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		if name[i] < '0' || name[i] > '9' {
			return false
		}
	}
	return true
}
