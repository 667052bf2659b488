package parser

import "strings"

// Node is implemented by every syntax tree node.
type Node interface {
	Span() Span
}

// Expr is an expression node. In Puppet nearly everything is an expression,
// including definitions and conditionals.
type Expr interface {
	Node
	exprNode()
}

// Base holds the source range of a node. Every node embeds it, which gives
// the node its Span method.
type Base struct {
	Range Span
}

// Span returns the source range of the node.
func (b Base) Span() Span { return b.Range }

func (Base) exprNode() {}

// File is the result of parsing one source file.
type File struct {
	Path     string
	Src      []byte
	Lines    *LineIndex
	Program  *Program
	Comments []*Comment
	Errors   []*SyntaxError
	EPP      bool
	// Tasks is set when the file was parsed in Bolt's tasks mode.
	Tasks bool
}

// Comment is a source comment. Comments are not part of the tree; they are
// kept in File.Comments in source order.
type Comment struct {
	Span
	// Text is the comment without the leading '#' or the '/*' '*/' delimiters.
	Text string
	// Block is true for a /* */ comment.
	Block bool
	// OwnLine is true when only whitespace precedes the comment on its line.
	OwnLine bool
}

// SyntaxError is a parse error in Puppet's words, positioned at the offending
// token (or at the end of the input).
type SyntaxError struct {
	Span
	Message string
	// Definer is set when the offending token is a keyword where the name
	// of a definition belongs (`class if {}`): it is the keyword that
	// introduced the name ("class", "define", "function" or "plan"), and
	// the span covers the misused keyword.
	Definer string
}

// Error formats the error as "message (line: L, column: C)" like Puppet.
func (e *SyntaxError) Error() string {
	return e.Message + " (line: " + itoa(int(e.Start.Line)) + ", column: " + itoa(int(e.Start.Column)) + ")"
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	neg := n < 0
	if neg {
		n = -n
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// Program is the root of a file's tree.
type Program struct {
	Base
	Body *Block
	// EPP is set for templates: it holds the parameters and the body, and
	// Body is then the same block as EPP.Body.
	EPP *EPPTemplate
}

// Block is a sequence of statements.
type Block struct {
	Base
	Stmts []Expr
}

// StringLit is a string without interpolation: a single- or double-quoted
// string, a literal part of an interpolated string, or heredoc text.
type StringLit struct {
	Base
	// Value is the string after escape processing (and, in heredocs, margin
	// removal). The source text, quotes included, is the node's Span.
	Value string
	// Quote is '\'' or '"' for quoted strings, 0 for literal parts of
	// interpolated strings and heredoc text.
	Quote byte
}

// InterpolatedString is a double-quoted string (or heredoc text) with
// interpolation. Literal parts are *StringLit with Quote 0; interpolated
// parts are the expressions themselves.
type InterpolatedString struct {
	Base
	Parts []Expr
}

// Heredoc is a @(TAG:syntax/escapes) heredoc. Its span covers the
// @(...) token only; Text lies on the lines that follow, so it is the one
// child outside its parent's span.
type Heredoc struct {
	Base
	Tag          string
	Syntax       string
	Escapes      string
	Interpolated bool
	// Text is a *StringLit or *InterpolatedString; its positions are in the
	// file, on the lines following the heredoc's opening line.
	Text Expr
}

// Number is an integer or float literal.
type Number struct {
	Base
	Raw     string
	IsFloat bool
	// Radix is 8, 10 or 16.
	Radix int
}

// Bool is true or false.
type Bool struct {
	Base
	Value bool
}

// Undef is the undef literal.
type Undef struct{ Base }

// Default is the default literal.
type Default struct{ Base }

// Regex is a /regex/ literal.
type Regex struct {
	Base
	// Pattern is the text between the slashes, as written.
	Pattern string
}

// Name is a bare word (NAME or WORD token), which evaluates to a string.
type Name struct {
	Base
	Value string
	// Word is true for a WORD token such as foo-bar or _x: Puppet makes it
	// a string literal, never a function or resource type name.
	Word bool
}

// TypeRef is a capitalised name (CLASSREF), a type or resource reference.
type TypeRef struct {
	Base
	Value string
}

// Reserved is a reserved word used as a value (attr, private).
type Reserved struct {
	Base
	Word string
}

// Variable is $name.
type Variable struct {
	Base
	// Name is the name without '$', e.g. "x", "::x", "a::b::c", "0".
	Name string
}

// IsQualified reports whether the name contains "::" after an optional
// leading "::" (e.g. $a::b).
func (v *Variable) IsQualified() bool {
	return strings.Contains(strings.TrimPrefix(v.Name, "::"), "::")
}

// IsTopScope reports whether the name starts with "::".
func (v *Variable) IsTopScope() bool { return strings.HasPrefix(v.Name, "::") }

// IsNumeric reports whether the name is all digits (a match variable such as $0).
func (v *Variable) IsNumeric() bool {
	if v.Name == "" {
		return false
	}
	for i := 0; i < len(v.Name); i++ {
		if v.Name[i] < '0' || v.Name[i] > '9' {
			return false
		}
	}
	return true
}

// ShortName returns the last segment of the name ("c" for $a::b::c).
func (v *Variable) ShortName() string {
	if i := strings.LastIndex(v.Name, "::"); i >= 0 {
		return v.Name[i+2:]
	}
	return v.Name
}

// Array is [a, b, ...].
type Array struct {
	Base
	Elems []Expr
}

// Hash is {k => v, ...}, or a hash without braces in an argument list.
type Hash struct {
	Base
	Entries []*HashEntry
}

// HashEntry is one key => value pair.
type HashEntry struct {
	Base
	Key, Value Expr
}

// Access is target[keys].
type Access struct {
	Base
	Target Expr
	Keys   []Expr
}

// Unary is a prefix operator: "!", "-" or "*" (splat).
type Unary struct {
	Base
	Op string
	X  Expr
}

// Binary is a binary operator: arithmetic, comparison, "in", "=~", "!~",
// "and", "or", "<<", ">>".
type Binary struct {
	Base
	Op     string
	X, Y   Expr
	OpSpan Span
}

// Paren is a parenthesised expression.
type Paren struct {
	Base
	X Expr
}

// Unparen returns e inside any parentheses around it.
func Unparen(e Expr) Expr {
	for {
		p, ok := e.(*Paren)
		if !ok {
			return e
		}
		e = p.X
	}
}

// Selector is x ? { match => value, ... }.
type Selector struct {
	Base
	X     Expr
	Cases []*SelectorCase
}

// SelectorCase is one match => value entry of a selector.
type SelectorCase struct {
	Base
	Match, Value Expr
}

// Assign is an assignment: "=", "+=" or "-=".
type Assign struct {
	Base
	Op       string
	LHS, RHS Expr
	OpSpan   Span
}

// Relationship is a -> b, a ~> b, a <- b or a <~ b.
type Relationship struct {
	Base
	Op          string
	Left, Right Expr
	OpSpan      Span
}

// Call is a function call, with parentheses or as a statement call
// (include a, notice 'x').
type Call struct {
	Base
	// Func is usually a *Name; it may be a *TypeRef or *Access (calling a
	// type), or any expression (rejected by validation).
	Func   Expr
	Args   []Expr
	Lambda *Lambda
	// Statement is true for a call without parentheses.
	Statement bool
}

// FuncName returns the called name for a *Name or *TypeRef functor, else "".
func (c *Call) FuncName() string {
	switch f := c.Func.(type) {
	case *Name:
		return f.Value
	case *TypeRef:
		return f.Value
	}
	return ""
}

// MethodCall is receiver.name(args) |params| { ... }.
type MethodCall struct {
	Base
	Receiver  Expr
	Name      string
	NameSpan  Span
	Args      []Expr
	Lambda    *Lambda
	HasParens bool
}

// Lambda is |params| >> ReturnType { body }.
type Lambda struct {
	Base
	Params     []*Parameter
	ReturnType Expr
	Body       *Block
}

// Parameter is one parameter of a class, define, function, plan, lambda or
// EPP template.
type Parameter struct {
	Base
	Type         Expr
	Name         string
	NameSpan     Span
	Default      Expr
	CapturesRest bool
}

// If is if/elsif/else.
type If struct {
	Base
	Cond Expr
	Then *Block
	// Else is nil, a *Block, or an *If for elsif.
	Else Expr
}

// Unless is unless/else.
type Unless struct {
	Base
	Cond Expr
	Then *Block
	Else *Block
}

// Case is case test { options }.
type Case struct {
	Base
	Test    Expr
	Options []*CaseOption
}

// CaseOption is one "values: { body }" of a case.
type CaseOption struct {
	Base
	Values []Expr
	Body   *Block
}

// ClassDef is a class definition. Name is as written: nested classes are
// not prefixed with the enclosing class name.
type ClassDef struct {
	Base
	Name       string
	NameSpan   Span
	Params     []*Parameter
	Parent     string
	ParentSpan Span
	Body       *Block
}

// DefineDef is a defined resource type.
type DefineDef struct {
	Base
	Name     string
	NameSpan Span
	Params   []*Parameter
	Body     *Block
}

// NodeDef is a node definition.
type NodeDef struct {
	Base
	// Matchers are *StringLit, *InterpolatedString, *Regex, *Default, or
	// *Name for dotted and bare host names.
	Matchers []Expr
	Parent   Expr
	Body     *Block
}

// FunctionDef is a Puppet-language function.
type FunctionDef struct {
	Base
	Name       string
	NameSpan   Span
	Params     []*Parameter
	ReturnType Expr
	Body       *Block
}

// PlanDef is a Bolt plan (parsed in tasks mode only).
type PlanDef struct {
	Base
	Name     string
	NameSpan Span
	Params   []*Parameter
	Body     *Block
}

// Apply is a Bolt apply(targets, options) { body } block (tasks mode only).
type Apply struct {
	Base
	Args []Expr
	Body *Block
}

// TypeAlias is type Name = Type. Type mappings (type Runtime[...] = ...)
// are a TypeAlias whose Mapping is the left-hand side access expression.
type TypeAlias struct {
	Base
	Name     string
	NameSpan Span
	Type     Expr
	// Mapping is set for a type mapping: the left-hand side, e.g. Runtime[ruby, 'X'].
	Mapping Expr
}

// TypeDefinition is the experimental type Name inherits Parent { body }.
type TypeDefinition struct {
	Base
	Name     string
	NameSpan Span
	Parent   string
	Body     *Block
}

// Resource is a resource declaration with titles, including class resources.
type Resource struct {
	Base
	// Form is "", "virtual" (@) or "exported" (@@).
	Form   string
	Type   Expr
	Bodies []*ResourceBody
}

// TypeName returns the lowercased type name for a *Name or *TypeRef type
// (e.g. "file", "foo::bar", "class"), without a leading "::"; "" otherwise.
func (r *Resource) TypeName() string {
	var s string
	switch t := r.Type.(type) {
	case *Name:
		s = t.Value
	case *TypeRef:
		s = t.Value
	default:
		return ""
	}
	return strings.ToLower(strings.TrimPrefix(s, "::"))
}

// ResourceBody is "title: attributes" in a resource.
type ResourceBody struct {
	Base
	Title Expr
	Attrs []*AttributeOp
}

// AttributeOp is name => value, name +> value, or * => hash.
type AttributeOp struct {
	Base
	Name     string
	NameSpan Span
	// Append is true for +> (add to the value a parent class gave), false
	// for =>.
	Append bool
	Value  Expr
	// Splat is true for * => value (Name is then "*").
	Splat bool
}

// ResourceDefaults is Type { attributes }.
type ResourceDefaults struct {
	Base
	Form string
	// Type is usually a *TypeRef.
	Type  Expr
	Attrs []*AttributeOp
}

// ResourceOverride is Type['title'] { attributes }.
type ResourceOverride struct {
	Base
	Form   string
	Target Expr
	Attrs  []*AttributeOp
}

// Collector is Type <| query |> { attributes } or the exported <<| |>> form.
type Collector struct {
	Base
	// Type is the collected type; it is nil when the left-hand side is not
	// a plain type reference, which is then in Other (rejected by validation).
	Type     *TypeRef
	Other    Expr
	Exported bool
	// Query is nil for an empty query.
	Query Expr
	Attrs []*AttributeOp
}

// Nop is an empty expression. The parser does not produce it: an empty
// file has a Program whose Body has no statements.
type Nop struct{ Base }

// EPPTemplate is the parsed form of an EPP template.
type EPPTemplate struct {
	Base
	Params    []*Parameter
	HasParams bool
	Body      *Block
}

// RenderString is literal template text.
type RenderString struct {
	Base
	Text string
}

// RenderExpr is a <%= expr %> tag.
type RenderExpr struct {
	Base
	X Expr
}
