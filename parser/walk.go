package parser

// Children returns the direct children of n in source order. Absent
// optional children are left out.
func Children(n Node) []Node {
	var out []Node
	EachChild(n, func(c Node) { out = append(out, c) })
	return out
}

// EachChild calls f for each direct child of n in source order, leaving out
// absent optional children. Unlike Children it allocates nothing, which
// matters to walks over every node of a large tree.
func EachChild(n Node, f func(Node)) {
	add := func(c Node) {
		if !isNil(c) {
			f(c)
		}
	}
	addExprs := func(es []Expr) {
		for _, e := range es {
			add(e)
		}
	}
	addParams := func(ps []*Parameter) {
		for _, p := range ps {
			add(p)
		}
	}
	addAttrs := func(as []*AttributeOp) {
		for _, a := range as {
			add(a)
		}
	}
	switch n := n.(type) {
	case *Program:
		if n.EPP != nil {
			add(n.EPP)
		} else {
			add(n.Body)
		}
	case *Block:
		addExprs(n.Stmts)
	case *InterpolatedString:
		addExprs(n.Parts)
	case *Heredoc:
		add(n.Text)
	case *Array:
		addExprs(n.Elems)
	case *Hash:
		for _, e := range n.Entries {
			add(e)
		}
	case *HashEntry:
		add(n.Key)
		add(n.Value)
	case *Access:
		add(n.Target)
		addExprs(n.Keys)
	case *Unary:
		add(n.X)
	case *Binary:
		add(n.X)
		add(n.Y)
	case *Paren:
		add(n.X)
	case *Selector:
		add(n.X)
		for _, c := range n.Cases {
			add(c)
		}
	case *SelectorCase:
		add(n.Match)
		add(n.Value)
	case *Assign:
		add(n.LHS)
		add(n.RHS)
	case *Relationship:
		add(n.Left)
		add(n.Right)
	case *Call:
		add(n.Func)
		addExprs(n.Args)
		add(n.Lambda)
	case *MethodCall:
		add(n.Receiver)
		addExprs(n.Args)
		add(n.Lambda)
	case *Lambda:
		addParams(n.Params)
		add(n.ReturnType)
		add(n.Body)
	case *Parameter:
		add(n.Type)
		add(n.Default)
	case *If:
		add(n.Cond)
		add(n.Then)
		add(n.Else)
	case *Unless:
		add(n.Cond)
		add(n.Then)
		add(n.Else)
	case *Case:
		add(n.Test)
		for _, o := range n.Options {
			add(o)
		}
	case *CaseOption:
		addExprs(n.Values)
		add(n.Body)
	case *ClassDef:
		addParams(n.Params)
		add(n.Body)
	case *DefineDef:
		addParams(n.Params)
		add(n.Body)
	case *NodeDef:
		addExprs(n.Matchers)
		add(n.Parent)
		add(n.Body)
	case *FunctionDef:
		addParams(n.Params)
		add(n.ReturnType)
		add(n.Body)
	case *PlanDef:
		addParams(n.Params)
		add(n.Body)
	case *Apply:
		addExprs(n.Args)
		add(n.Body)
	case *TypeAlias:
		add(n.Mapping)
		add(n.Type)
	case *TypeDefinition:
		add(n.Body)
	case *Resource:
		add(n.Type)
		for _, b := range n.Bodies {
			add(b)
		}
	case *ResourceBody:
		add(n.Title)
		addAttrs(n.Attrs)
	case *AttributeOp:
		add(n.Value)
	case *ResourceDefaults:
		add(n.Type)
		addAttrs(n.Attrs)
	case *ResourceOverride:
		add(n.Target)
		addAttrs(n.Attrs)
	case *Collector:
		add(n.Type)
		add(n.Other)
		add(n.Query)
		addAttrs(n.Attrs)
	case *EPPTemplate:
		addParams(n.Params)
		add(n.Body)
	case *RenderExpr:
		add(n.X)
	}
}

// isNil reports whether n is nil or an interface holding a nil pointer.
func isNil(n Node) bool {
	switch n := n.(type) {
	case nil:
		return true
	case *Block:
		return n == nil
	case *Lambda:
		return n == nil
	case *TypeRef:
		return n == nil
	case *EPPTemplate:
		return n == nil
	case *Parameter:
		return n == nil
	case *AttributeOp:
		return n == nil
	case *HashEntry:
		return n == nil
	case *SelectorCase:
		return n == nil
	case *CaseOption:
		return n == nil
	case *ResourceBody:
		return n == nil
	case *If:
		return n == nil
	}
	return false
}

// Inspect walks the tree rooted at n in depth-first source order, calling
// f for each node. If f returns false, the children of that node are
// skipped.
func Inspect(n Node, f func(Node) bool) {
	var walk func(Node)
	walk = func(n Node) {
		if isNil(n) || !f(n) {
			return
		}
		EachChild(n, walk)
	}
	walk(n)
}

// InspectStack is like Inspect but also passes the ancestors of each node,
// outermost first. The stack slice is reused between calls: copy it to keep
// it.
func InspectStack(n Node, f func(n Node, stack []Node) bool) {
	stack := make([]Node, 0, 32) // deep enough for real code: one allocation, not one per doubling
	var walk func(Node)
	walk = func(n Node) {
		if isNil(n) || !f(n, stack) {
			return
		}
		stack = append(stack, n)
		EachChild(n, walk)
		stack = stack[:len(stack)-1]
	}
	walk(n)
}
