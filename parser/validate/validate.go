// Package validate applies to a parsed file the checks of Puppet's
// validator (lib/puppet/pops/validation/checker4_0.rb and, for files parsed
// in tasks mode, tasks_checker.rb) that the parser leaves out, and the
// duplicate-definition checks that `puppet parser validate` makes when it
// loads a file's definitions. Each issue carries Puppet's message and is
// placed where Puppet places it.
//
// Checks that ducklint reports through a more specific rule (naming rules,
// reserved words, reserved parameters, definition locations) are not
// repeated here; docs/validation.md lists every check of the validator and
// where it is reported.
package validate

import (
	"math/big"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/ducklint/ducklint/parser"
)

// Issue is one thing Puppet's validator rejects (or, when Strict, warns
// about under Puppet 7 and rejects under Puppet 8).
type Issue struct {
	parser.Span
	// Code is Puppet's name for the issue, e.g. "IDEM_EXPRESSION_NOT_LAST".
	Code    string
	Message string
	// Short, when set, is the part of a long Message that says what is
	// wrong, for where a message must fit on one line.
	Short string
	// Strict is set for issues whose severity is Puppet's strict setting:
	// a warning under Puppet 7's default (strict=warning), an error under
	// Puppet 8's (strict=error).
	Strict bool
}

// File returns the validation issues of a parsed file, in source order of
// the nodes they are found on. A file without a tree has none.
func File(f *parser.File) []Issue {
	if f == nil || f.Program == nil {
		return nil
	}
	c := &checker{file: f}
	c.run()
	c.duplicates()
	return c.issues
}

// FileNodes is File for a caller that has listed the file's nodes
// already: nodes are every node of f's tree in the order parser.Inspect
// visits them, and parents[i] is the index in nodes of nodes[i]'s parent
// (-1 for the root). It checks the list instead of walking the tree again.
func FileNodes(f *parser.File, nodes []parser.Node, parents []int32) []Issue {
	var v Validator
	return v.FileNodes(f, nodes, parents)
}

// A Validator validates files one after another, keeping the memory of
// its lists (the stack of ancestors, the definitions, the issues) from
// file to file, so that a file as most are needs none of its own. It is
// not safe for concurrent use; the zero value is ready to use.
type Validator struct{ c checker }

// FileNodes is the package's FileNodes. The issues it returns are v's
// own, valid until its next use.
func (v *Validator) FileNodes(f *parser.File, nodes []parser.Node, parents []int32) []Issue {
	if f == nil || f.Program == nil {
		return nil
	}
	c := &v.c
	c.reset(f)
	c.runNodes(nodes, parents)
	c.duplicates()
	return c.issues
}

type checker struct {
	file *parser.File
	// embedded is set when file is the text of a heredoc that a syntax
	// checker validates: it gathers no definitions (defs), whose
	// duplicates are the enclosing file's business.
	embedded bool
	stack    []parser.Node // ancestors of the node being checked, outermost first
	// at[k] is the index in the listed nodes of stack[k] (runNodes).
	at     []int32
	issues []Issue
	// defs gathers the file's definitions in the same walk, for
	// duplicates.
	defs definitions
	// keys are the literal keys of the hash being checked, keySet
	// those of a large one (duplicateKeys), and params the names of a
	// long parameter list (uniqueParams): their memory is kept from list
	// to list.
	keys   []hashKey
	keySet map[hashKey]bool
	params map[string]bool
}

// reset readies c to check f, keeping the memory of its lists and
// letting go of the issues and definitions of the file checked before.
// The stack is cut back as runNodes walks, and the lists and sets of
// keys and parameters are emptied where each is used.
func (c *checker) reset(f *parser.File) {
	clear(c.issues)
	clear(c.defs.list)
	c.file, c.embedded = f, false
	c.issues, c.defs.list, c.defs.classes = c.issues[:0], c.defs.list[:0], c.defs.classes[:0]
}

// run checks every node of the file.
func (c *checker) run() {
	parser.InspectStack(c.file.Program, func(n parser.Node, stack []parser.Node) bool {
		c.stack = stack
		c.check(n)
		if !c.embedded {
			c.defs.note(n, len(stack))
		}
		return true
	})
}

// runNodes is run over a listed tree (see FileNodes). The ancestors of
// node i are the nodes whose indexes are on the stack when it is reached,
// once the stack is cut back to its parent, as a pre-order list puts
// each parent before its descendants.
func (c *checker) runNodes(nodes []parser.Node, parents []int32) {
	stack, at := c.stack[:0], c.at[:0]
	for i, n := range nodes {
		for len(at) > 0 && at[len(at)-1] != parents[i] {
			at, stack = at[:len(at)-1], stack[:len(stack)-1]
		}
		c.stack = stack
		c.check(n)
		if !c.embedded {
			c.defs.note(n, len(stack))
		}
		at, stack = append(at, int32(i)), append(stack, n)
	}
	clear(stack[:cap(stack)]) // the tree is the file's, not the checker's to keep
	c.stack, c.at = stack[:0], at[:0]
}

func (c *checker) report(n parser.Node, code, msg string) {
	c.issues = append(c.issues, Issue{Span: n.Span(), Code: code, Message: msg})
}

func (c *checker) reportSpan(s parser.Span, code, msg string) {
	c.issues = append(c.issues, Issue{Span: s, Code: code, Message: msg})
}

// parent returns the i-th ancestor of the node being checked (0: its parent).
func (c *checker) parent(i int) parser.Node {
	if j := len(c.stack) - 1 - i; j >= 0 {
		return c.stack[j]
	}
	return nil
}

// inApply reports whether the node being checked is inside the body of a
// tasks-mode apply block.
func (c *checker) inApply() bool {
	for i := len(c.stack) - 1; i > 0; i-- {
		if a, ok := c.stack[i-1].(*parser.Apply); ok && c.stack[i] == parser.Node(a.Body) {
			return true
		}
	}
	return false
}

// scripting reports Puppet's tasks-mode rejection of a catalog expression
// outside an apply block; it returns true when it did.
func (c *checker) scripting(n parser.Node) bool {
	if !c.file.Tasks || c.inApply() {
		return false
	}
	c.report(n, "EXPRESSION_NOT_SUPPORTED_WHEN_SCRIPTING", aAnUC(n)+" is only available when compiling a catalog")
	return true
}

func (c *checker) check(n parser.Node) {
	switch n := n.(type) {
	case *parser.Block:
		c.checkBlock(n)
	case *parser.Assign:
		switch n.Op {
		case "=":
			c.assign(n.LHS)
			c.rvalue(n.RHS)
		default:
			c.reportSpan(n.OpSpan, "APPENDS_DELETES_NO_LONGER_SUPPORTED",
				"The operator '"+n.Op+"' is no longer supported. See http://links.puppet.com/remove-plus-equals")
		}
	case *parser.AttributeOp:
		if n.Append {
			switch p := c.parent(0).(type) {
			case *parser.ResourceBody, *parser.ResourceDefaults:
				c.report(n, "ILLEGAL_ATTRIBUTE_APPEND", "Illegal +> operation on attribute "+n.Name+
					". This operator can not be used in "+aAn(p))
			}
		}
		c.rvalue(n.Value)
	case *parser.Binary:
		c.rvalue(n.X)
		c.rvalue(n.Y)
	case *parser.Call:
		c.checkCall(n)
	case *parser.Case:
		c.rvalue(n.Test)
		seen := false
		for _, o := range n.Options {
			for _, v := range o.Values {
				if _, ok := v.(*parser.Default); ok {
					if seen {
						c.report(v, "DUPLICATE_DEFAULT", "This "+label(n)+" already has a 'default' entry - this is a duplicate")
					}
					seen = true
				}
			}
		}
	case *parser.CaseOption:
		for _, v := range n.Values {
			c.rvalue(v)
		}
	case *parser.Collector:
		if c.file.Tasks {
			if !c.inApply() {
				c.scripting(n)
				return
			}
			if n.Exported {
				c.report(n, "EXPRESSION_NOT_SUPPORTED_WHEN_COMPILING", aAnUC(n)+" is not available when compiling a catalog")
				return
			}
		}
		if n.Type == nil && n.Other != nil {
			c.report(n.Other, "ILLEGAL_EXPRESSION", "Illegal expression. "+aAnUC(n.Other)+" is unacceptable as type name in "+aAn(n))
		}
		if n.Query != nil {
			c.query(n.Query)
		}
	case *parser.Heredoc:
		// Heredocs inside a heredoc's text are not checked again: each
		// level would parse the rest of the file once more.
		if lit, ok := n.Text.(*parser.StringLit); ok && !c.embedded {
			c.externalSyntax(n.Syntax, lit)
		}
	case *parser.ClassDef:
		if c.file.Tasks {
			c.report(n, "EXPRESSION_NOT_SUPPORTED_WHEN_SCRIPTING", aAnUC(n)+" is only available when compiling a catalog")
			return
		}
		c.top(n)
		c.noCapture(n, n.Params)
		c.uniqueParams(n.Params)
		c.noIdemLast(n, n.Body)
	case *parser.DefineDef:
		if c.file.Tasks {
			c.report(n, "EXPRESSION_NOT_SUPPORTED_WHEN_SCRIPTING", aAnUC(n)+" is only available when compiling a catalog")
			return
		}
		c.top(n)
		c.noCapture(n, n.Params)
		c.uniqueParams(n.Params)
		c.noIdemLast(n, n.Body)
	case *parser.FunctionDef:
		c.top(n)
		c.definitionName(n, n.Name, classrefDecl())
		c.typeRef(n, n.ReturnType)
		c.uniqueParams(n.Params)
	case *parser.PlanDef:
		c.top(n)
		c.definitionName(n, n.Name, classrefDecl())
		c.uniqueParams(n.Params)
	case *parser.NodeDef:
		if c.scripting(n) {
			return
		}
		c.top(n)
		c.noIdemLast(n, n.Body)
		if n.Parent != nil {
			c.report(n.Parent, "ILLEGAL_NODE_INHERITANCE",
				"Node inheritance is not supported in Puppet >= 4.0.0. See http://links.puppet.com/puppet-node-inheritance-deprecation")
		}
	case *parser.TypeAlias:
		c.top(n)
		if n.Mapping != nil {
			c.typeMapping(n)
			return
		}
		c.definitionName(n, n.Name, classrefExtDecl())
		c.typeRef(n, n.Type)
	case *parser.TypeDefinition:
		c.top(n)
		c.report(n, "UNSUPPORTED_EXPRESSION", "Expressions of type "+aAn(n)+" are not supported in this version of Puppet")
	case *parser.EPPTemplate:
		c.noCapture(n, n.Params)
		c.uniqueParams(n.Params)
	case *parser.If:
		c.rvalue(n.Cond)
	case *parser.Unless:
		c.rvalue(n.Cond)
	case *parser.HashEntry:
		c.rvalue(n.Key)
		c.rvalue(n.Value)
	case *parser.Hash:
		c.duplicateKeys(n)
	case *parser.Lambda:
		last := len(n.Params) - 1
		for i, p := range n.Params {
			if p.CapturesRest && i != last {
				c.report(p, "CAPTURES_REST_NOT_LAST", "Parameter $"+p.Name+" is not last, and has 'captures rest'")
			}
		}
		c.typeRef(n, n.ReturnType)
	case *parser.Array:
		for _, e := range n.Elems {
			c.rvalue(e)
		}
	case *parser.Number:
		c.numericOverflow(n)
	case *parser.Parameter:
		c.checkParameter(n)
	case *parser.Relationship:
		if c.scripting(n) {
			return
		}
		c.relation(n.Left)
		c.relation(n.Right)
	case *parser.Resource:
		if c.scripting(n) {
			return
		}
		if name, ok := n.Type.(*parser.Name); ok && n.Form != "" && name.Value == "class" {
			c.report(n, "CLASS_NOT_VIRTUALIZABLE", "Classes are not virtualizable")
		}
	case *parser.ResourceBody:
		unfolds := 0
		for _, a := range n.Attrs {
			if a.Splat {
				if unfolds++; unfolds == 2 {
					c.report(a, "MULTIPLE_ATTRIBUTES_UNFOLD", "Unfolding of attributes from Hash can only be used once per resource body")
				}
			}
		}
	case *parser.ResourceDefaults:
		if c.scripting(n) {
			return
		}
		if n.Form != "" {
			c.report(n, "NOT_VIRTUALIZEABLE", "Resource Defaults are not virtualizable")
		}
	case *parser.ResourceOverride:
		if c.scripting(n) {
			return
		}
		if n.Form != "" {
			c.report(n, "NOT_VIRTUALIZEABLE", "Resource Defaults are not virtualizable")
		}
	case *parser.Apply:
		if c.file.Tasks && c.inApply() {
			c.report(n, "EXPRESSION_NOT_SUPPORTED_WHEN_COMPILING", aAnUC(n)+" is not available when compiling a catalog")
		}
	case *parser.Selector:
		c.rvalue(n.X)
		seen := false
		for _, sc := range n.Cases {
			if _, ok := sc.Match.(*parser.Default); ok {
				if seen {
					c.report(sc.Match, "DUPLICATE_DEFAULT", "This "+label(n)+" already has a 'default' entry - this is a duplicate")
					break // Puppet flags the second default only
				}
				seen = true
			}
		}
	case *parser.SelectorCase:
		c.rvalue(n.Match)
	case *parser.Unary:
		c.rvalue(n.X)
	}
}

// checkBlock is check_BlockExpression. A Block of the tree is a
// BlockExpression of Puppet's when it has two or more statements (Puppet
// keeps a lone statement without a block).
func (c *checker) checkBlock(b *parser.Block) {
	if len(b.Stmts) < 2 {
		return
	}
	if name, ok := resourceWithoutTitle(b, c.file.Tasks); ok {
		c.report(b, "RESOURCE_WITHOUT_TITLE", "This expression is invalid. Did you try declaring a '"+name+"' resource without a title?")
		return
	}
	for _, s := range b.Stmts[:len(b.Stmts)-1] {
		if idem(s) {
			c.report(s, "IDEM_EXPRESSION_NOT_LAST", "This "+label(s)+" has no effect. A value was produced and then forgotten "+
				"(one or more preceding expressions may have the wrong form)")
			return // Puppet flags the first only
		}
	}
}

// resourceWithoutTitle reports whether b is what the parser makes of a
// resource declared without a title (notify { message => 'x' }): a name
// followed by a hash. Tasks mode does not look for it.
func resourceWithoutTitle(b *parser.Block, tasks bool) (string, bool) {
	if tasks || len(b.Stmts) != 2 {
		return "", false
	}
	name, ok := b.Stmts[0].(*parser.Name)
	if !ok || name.Word {
		return "", false
	}
	if _, ok := b.Stmts[1].(*parser.Hash); !ok {
		return "", false
	}
	return name.Value, true
}

// noIdemLast is internal_check_no_idem_last: a class, define or node body
// may not end with an expression that has no effect.
func (c *checker) noIdemLast(def parser.Node, body *parser.Block) {
	if body == nil || len(body.Stmts) == 0 {
		return
	}
	last := body.Stmts[len(body.Stmts)-1]
	if b, ok := last.(*parser.Block); ok {
		if _, ok := resourceWithoutTitle(b, c.file.Tasks); ok {
			return // reported as RESOURCE_WITHOUT_TITLE
		}
	}
	if idem(last) {
		c.report(last, "IDEM_NOT_ALLOWED_LAST", "This "+label(last)+" has no effect. "+aAnUC(def)+
			" can not end with a value-producing expression without other effect")
	}
}

// idem reports whether evaluating n is known to have no effect (Puppet's
// idem visitor).
func idem(n parser.Node) bool {
	switch n := n.(type) {
	case nil:
		return true
	case *parser.StringLit, *parser.Number, *parser.Bool, *parser.Undef, *parser.Default, *parser.Regex,
		*parser.Name, *parser.TypeRef, *parser.Reserved, *parser.Array, *parser.Hash, *parser.Access,
		*parser.Variable, *parser.InterpolatedString, *parser.Heredoc, *parser.Selector:
		return true
	case *parser.Unary:
		return true
	case *parser.Binary:
		return n.Op != "=~" && n.Op != "!~" // a match sets $0, $1, ...
	case *parser.Paren:
		return idem(n.X)
	case *parser.Block:
		if n == nil {
			return true
		}
		for _, s := range n.Stmts {
			if !idem(s) {
				return false
			}
		}
		return true
	case *parser.If:
		if n == nil {
			return true
		}
		return idem(n.Cond) && idem(n.Then) && (n.Else == nil || idem(n.Else))
	case *parser.Unless:
		return idem(n.Cond) && idem(n.Then) && idem(n.Else)
	case *parser.Case:
		if !idem(n.Test) {
			return false
		}
		for _, o := range n.Options {
			for _, v := range o.Values {
				if !idem(v) {
					return false
				}
			}
			if !idem(o.Body) {
				return false
			}
		}
		return true
	}
	return false
}

// top is Puppet's check that a definition is at top level or directly in
// a class (an apply block in tasks mode). Functions, type aliases and type
// definitions must be in the file's top-level block itself.
func (c *checker) top(def parser.Node) {
	absolute := false
	switch d := def.(type) {
	case *parser.FunctionDef, *parser.PlanDef, *parser.TypeDefinition:
		absolute = true
	case *parser.TypeAlias:
		absolute = d.Mapping == nil
	}
	// Walk up Puppet's containers.
	for i := len(c.stack) - 1; i >= 0; i-- {
		switch p := c.stack[i].(type) {
		case *parser.Program:
			if !c.file.EPP {
				return
			}
		case *parser.ClassDef:
			return
		case *parser.Apply:
			return
		case *parser.Block:
			if !blockExpression(p, c.stack[i-1]) {
				continue
			}
			if absolute && !isTopBlock(c.stack[i-1], c.file.EPP) {
				c.report(def, "NOT_ABSOLUTE_TOP_LEVEL", aAnUC(def)+" may only appear at toplevel")
				return
			}
			continue
		}
		c.report(def, "NOT_TOP_LEVEL", "Classes, definitions, and nodes may only appear at toplevel or inside other classes")
		return
	}
}

// blockExpression reports whether b, whose parent is parent, is a
// BlockExpression of Puppet's. The bodies of definitions, lambdas, case
// options, templates and apply blocks always are; the top-level block and
// the branches of if and unless are only with two or more statements
// (Puppet keeps a lone statement without a block).
func blockExpression(b *parser.Block, parent parser.Node) bool {
	switch parent.(type) {
	case *parser.Program, *parser.If, *parser.Unless:
		return len(b.Stmts) >= 2
	}
	return len(b.Stmts) > 0
}

// isTopBlock reports whether a block whose parent is p is the file's
// top-level block (the Program's; not an EPP template's body).
func isTopBlock(p parser.Node, epp bool) bool {
	_, ok := p.(*parser.Program)
	return ok && !epp
}

var (
	classrefDecl    = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\A[a-z]\w*(?:::[a-z]\w*)*\z`) })
	classrefExtDecl = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\A[A-Z]\w*(?:::[A-Z]\w*)*\z`) })
	paramName       = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\A[a-z_]\w*\z`) })
	numericParam    = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\A(?:0x)?[0-9]+\z`) })
)

// definitionName is ILLEGAL_DEFINITION_NAME for functions, plans and type
// aliases (class and define names are invalid-class-name's).
func (c *checker) definitionName(def parser.Node, name string, pattern *regexp.Regexp) {
	if !pattern.MatchString(name) {
		c.report(def, "ILLEGAL_DEFINITION_NAME", "Unacceptable name. The name '"+name+"' is unacceptable as the name of "+aAn(def))
	}
}

// typeRef is internal_check_type_ref: a return type or aliased type must
// be a type reference, possibly parameterised.
func (c *checker) typeRef(container parser.Node, t parser.Expr) {
	if t == nil {
		return
	}
	n := t
	switch a := t.(type) {
	case *parser.Access:
		n = a.Target
	case *parser.Hash:
		return // type X = { ... } is Object[{ ... }]
	}
	if _, ok := n.(*parser.TypeRef); !ok {
		c.report(t, "ILLEGAL_EXPRESSION", "Illegal expression. "+aAnUC(t)+" is unacceptable as a type reference in "+aAn(container))
	}
}

// typeMapping is check_TypeMapping: type Runtime[...] = ... .
func (c *checker) typeMapping(n *parser.TypeAlias) {
	kind := 0 // 0: not Runtime[...], 1: Runtime[...], 2: Runtime[..., [regexp, replacement]]
	if a, ok := n.Mapping.(*parser.Access); ok {
		if t, ok := a.Target.(*parser.TypeRef); ok && t.Value == "Runtime" {
			kind = 1
			if len(a.Keys) == 2 && patternWithReplacement(a.Keys[1]) {
				kind = 2
			}
		}
	}
	single := "Illegal type mapping. Expected a Type on the left side, got " + aAnUC(n)
	regexp := "Illegal type mapping. Expected a Tuple[Regexp,String] on the left side, got " + aAnUC(n)
	switch {
	case kind == 0:
		c.report(n, "UNSUPPORTED_EXPRESSION", "Expressions of type "+aAn(n)+" are not supported in this version of Puppet")
	case patternWithReplacement(n.Type):
		if kind == 1 {
			c.report(n, "ILLEGAL_SINGLE_TYPE_MAPPING", single)
		}
	case isTypeRef(n.Type):
		if kind == 2 {
			c.report(n, "ILLEGAL_REGEXP_TYPE_MAPPING", regexp)
		}
	case kind == 1:
		c.report(n, "ILLEGAL_SINGLE_TYPE_MAPPING", single)
	default:
		c.report(n, "ILLEGAL_REGEXP_TYPE_MAPPING", regexp)
	}
}

func patternWithReplacement(e parser.Expr) bool {
	a, ok := e.(*parser.Array)
	if !ok || len(a.Elems) != 2 {
		return false
	}
	_, re := a.Elems[0].(*parser.Regex)
	_, str := a.Elems[1].(*parser.StringLit)
	return re && str
}

func isTypeRef(e parser.Expr) bool {
	if a, ok := e.(*parser.Access); ok {
		e = a.Target
	}
	_, ok := e.(*parser.TypeRef)
	return ok
}

// noCapture is internal_check_no_capture: classes, defines and templates
// take no *$rest parameter.
func (c *checker) noCapture(container parser.Node, params []*parser.Parameter) {
	for _, p := range params {
		if p.CapturesRest {
			c.report(p, "CAPTURES_REST_NOT_SUPPORTED", "Parameter $"+p.Name+" has 'captures rest' - not supported in "+aAn(container))
		}
	}
}

// uniqueParams is internal_check_parameter_name_uniqueness.
func (c *checker) uniqueParams(params []*parser.Parameter) {
	if len(params) <= 16 {
		// A short list is compared pair by pair, with no map to make.
		for i, p := range params {
			if slices.ContainsFunc(params[:i], func(q *parser.Parameter) bool { return q.Name == p.Name }) {
				c.report(p, "DUPLICATE_PARAMETER", "The parameter '"+p.Name+"' is declared more than once in the parameter list")
			}
		}
		return
	}
	// Emptied before use, as duplicateKeys' set is.
	if c.params = emptied(c.params); c.params == nil {
		c.params = make(map[string]bool, len(params))
	}
	for _, p := range params {
		if c.params[p.Name] {
			c.report(p, "DUPLICATE_PARAMETER", "The parameter '"+p.Name+"' is declared more than once in the parameter list")
		}
		c.params[p.Name] = true
	}
}

// emptied returns m empty, for its next use: m itself when it is small,
// nil when it has grown too large to clear for a short list (or is nil).
func emptied[K comparable](m map[K]bool) map[K]bool {
	if len(m) > 256 {
		return nil
	}
	clear(m)
	return m
}

// checkParameter is check_Parameter. Names of class and define parameters
// are invalid-parameter-name's; the names of other parameters that the
// variable naming rule accepts (qualified and numeric ones) are checked here.
func (c *checker) checkParameter(p *parser.Parameter) {
	switch c.parent(0).(type) {
	case *parser.ClassDef, *parser.DefineDef:
	default:
		if numericParam().MatchString(p.Name) {
			c.reportSpan(p.NameSpan, "ILLEGAL_NUMERIC_PARAMETER", "The numeric parameter name '$"+p.Name+
				"' cannot be used (clashes with numeric match result variables)")
		} else if strings.Contains(p.Name, "::") && !paramName().MatchString(p.Name) {
			c.reportSpan(p.NameSpan, "ILLEGAL_PARAM_NAME", "Illegal parameter name. The given name '"+p.Name+
				"' does not conform to the naming rule /^[a-z_]\\w*$/")
		}
	}
	if p.Default != nil {
		c.noAssignment(p.Default)
	}
}

// noAssignment is internal_check_illegal_assignment: no assignment in a
// parameter's default value, except inside a lambda.
func (c *checker) noAssignment(e parser.Node) {
	parser.Inspect(e, func(n parser.Node) bool {
		switch n.(type) {
		case *parser.Lambda:
			return false
		case *parser.Assign:
			c.report(n, "ILLEGAL_ASSIGNMENT_CONTEXT", "Assignment not allowed here")
			return false
		}
		return true
	})
}

// assign checks the left-hand side of an assignment. Numeric variables
// are reserved-variable's.
func (c *checker) assign(lhs parser.Expr) {
	switch l := lhs.(type) {
	case *parser.Variable:
		if strings.Contains(l.Name, "::") && !l.IsNumeric() {
			c.report(l, "CROSS_SCOPE_ASSIGNMENT", "Illegal attempt to assign to '"+l.Name+"'. Cannot assign to variables in other namespaces")
		}
	case *parser.Access:
		c.report(l, "ILLEGAL_INDEXED_ASSIGNMENT", "Illegal attempt to assign via [index/key]. Not an assignable reference")
	case *parser.Array:
		for _, e := range l.Elems {
			c.assign(e)
		}
	default:
		c.report(l, "ILLEGAL_ASSIGNMENT", "Illegal attempt to assign to '"+aAn(l)+"'. Not an assignable reference")
	}
}

// rvalue checks that an expression used for its value produces one.
func (c *checker) rvalue(e parser.Expr) {
	for {
		switch n := e.(type) {
		case *parser.Collector, *parser.ClassDef, *parser.DefineDef, *parser.NodeDef, *parser.FunctionDef,
			*parser.PlanDef, *parser.TypeAlias, *parser.TypeDefinition:
			c.report(n, "NOT_RVALUE", "Invalid use of expression. "+aAnUC(n)+" does not produce a value")
		case *parser.Unary:
			e = n.X
			continue
		case *parser.Paren:
			e = n.X
			continue
		}
		return
	}
}

// relation checks one side of a relationship: collectors and
// relationships are fine there; anything else must produce a value.
func (c *checker) relation(e parser.Expr) {
	switch e.(type) {
	case *parser.Collector, *parser.Relationship:
		return
	}
	c.rvalue(e)
}

// query checks a collector's query: only ==, != , and, or, parentheses,
// variables, names and literal strings, numbers and booleans.
func (c *checker) query(e parser.Expr) {
	switch n := e.(type) {
	case *parser.Binary:
		switch n.Op {
		case "==", "!=":
			return
		case "and", "or":
			c.query(n.X)
			c.query(n.Y)
			return
		}
	case *parser.Paren:
		c.query(n.X)
		return
	case *parser.Variable, *parser.Number, *parser.StringLit, *parser.Bool:
		return
	case *parser.Name:
		return // a name, or a WORD, which is a literal string
	}
	c.report(e, "ILLEGAL_QUERY_EXPRESSION", "Illegal query expression. "+aAnUC(e)+" cannot be used in a query")
}

// checkCall is check_CallNamedFunctionExpression.
func (c *checker) checkCall(n *parser.Call) {
	switch f := n.Func.(type) {
	case *parser.Name, *parser.TypeRef:
		return
	case *parser.Access:
		if _, ok := f.Target.(*parser.TypeRef); ok {
			return
		}
	case *parser.RenderString:
		c.report(n, "ILLEGAL_EPP_PARAMETERS", "Ambiguous EPP parameter expression. Probably missing '<%-' before parameters to remove leading whitespace")
		return
	}
	c.report(n.Func, "ILLEGAL_EXPRESSION", "Illegal expression. "+aAnUC(n.Func)+" is unacceptable as function name in "+aAn(n))
}

// maxInteger is Puppet's largest Integer, 2**63-1.
var maxInteger = new(big.Int).SetUint64(1<<63 - 1)

// numericOverflow is check_LiteralInteger. Integer literals are never
// negative (a minus sign is an operator).
func (c *checker) numericOverflow(n *parser.Number) {
	if n.IsFloat || len(n.Raw) < 18 {
		return // shorter literals fit in 63 bits in any radix (0x8000000000000000 has 18 characters)
	}
	v, ok := integerValue(n)
	if ok && v.Cmp(maxInteger) > 0 {
		c.report(n, "NUMERIC_OVERFLOW", aAnUC(n)+" resulted in a value outside of Puppet Integer max range, got '"+formatHex(v)+"'")
	}
}

// integerValue is the value of an integer literal.
func integerValue(n *parser.Number) (*big.Int, bool) {
	return new(big.Int).SetString(integerDigits(n), n.Radix)
}

// integerDigits is the digits of integer n in its radix, without the
// prefix that gives the radix.
func integerDigits(n *parser.Number) string {
	raw := n.Raw
	switch n.Radix {
	case 16:
		raw = raw[2:]
	case 8:
		raw = strings.TrimPrefix(raw, "0")
		if raw == "" {
			raw = "0"
		}
	}
	return raw
}

// formatHex formats v as Ruby's "%#+x" does: +0x1f.
func formatHex(v *big.Int) string {
	return "+0x" + v.Text(16)
}
