package model

import (
	"strings"

	"github.com/ducklint/ducklint/parser"
)

// paramType is where the type of the resources a create_resources,
// ensure_resource or ensure_resources call declares comes from when no
// literal names it: a parameter of the function, class or defined type
// around the call, directly, through a lambda iterating over it, through a
// case conversion (`$resource.downcase`), or behind the @ or @@ of a
// virtual or exported resource ("@@${resource}"). The program knows which types
// that can be: the literals the function's calls pass, or, for a class or
// defined type, the values its declarations pass (see resolveParamTypes).
type paramType struct {
	def   string // the definition's normalised name
	kind  DefKind
	param string
	index int // the parameter's position, for a function's calls
}

// caseConversions are the functions that change only a type name's case.
var caseConversions = map[string]bool{"downcase": true, "capitalize": true, "upcase": true}

// paramTypeOf returns the parameter type expression e of scope s takes its
// value from, false when e is anything else (an assignment, a fact, data
// looked up): then it may be any type.
func (c *collector) paramTypeOf(e parser.Expr, s *Scope, depth int) (paramType, bool) {
	if e == nil || depth > 8 {
		return paramType{}, false
	}
	switch v := parser.Unparen(e).(type) {
	case *parser.MethodCall:
		if caseConversions[v.Name] && len(v.Args) == 0 && v.Lambda == nil {
			return c.paramTypeOf(v.Receiver, s, depth+1)
		}
	case *parser.Call:
		if caseConversions[strings.TrimPrefix(v.FuncName(), "::")] && len(v.Args) == 1 && v.Lambda == nil {
			return c.paramTypeOf(v.Args[0], s, depth+1)
		}
	case *parser.InterpolatedString:
		// "@@${type}" and "@${type}" declare exported or virtual ones.
		parts := v.Parts
		if len(parts) == 2 {
			if lit, ok := parts[0].(*parser.StringLit); ok && (lit.Value == "@" || lit.Value == "@@") {
				parts = parts[1:]
			}
		}
		if len(parts) == 1 {
			return c.paramTypeOf(parts[0], s, depth+1)
		}
	case *parser.Variable:
		if strings.Contains(v.Name, "::") {
			return paramType{}, false
		}
		for sc := s; sc != nil; sc = sc.Parent {
			for _, a := range sc.Assignments {
				if a.Name == v.Name {
					return paramType{}, false
				}
			}
			if lambda, ok := sc.Node.(*parser.Lambda); ok && sc.Kind == LambdaScope {
				for _, p := range lambda.Params {
					if p.Name == v.Name {
						if src, ok := c.lambdaSources[lambda]; ok {
							return c.paramTypeOf(src, sc.Parent, depth+1)
						}
						return paramType{}, false
					}
				}
				continue
			}
			d := sc.Def
			if d == nil || (d.Kind != FunctionDef && d.Kind != ClassDef && d.Kind != DefineDef) {
				return paramType{}, false
			}
			for i, p := range d.Params {
				if p.Name == v.Name {
					return paramType{def: d.Name, kind: d.Kind, param: p.Name, index: i}, true
				}
			}
			return paramType{}, false
		}
	}
	return paramType{}, false
}

// resolveParamTypes adds to g the types the calls or declarations of the
// definition of pt give its parameter: for a function, the literal (or
// literally assigned) types its calls pass, or its parameter's default;
// for a class or defined type, any type when a declaration passes the
// parameter (or a '*' splat). A class parameter no declaration passes
// takes its value from Hiera or an ENC, which the model does not read as
// code: the class is noted in g.fromData.
func (p *Program) resolveParamTypes(pt paramType, g *genericTypesOnce) {
	switch pt.kind {
	case FunctionDef:
		var def *parser.Parameter
		for _, d := range p.Lookup(FunctionDef, pt.def) {
			if pt.index < len(d.Params) {
				def = d.Params[pt.index]
			}
		}
		for _, call := range p.CallsOf(pt.def) {
			var args []parser.Expr
			switch n := call.Node.(type) {
			case *parser.Call:
				args = n.Args
			case *parser.MethodCall:
				args = append([]parser.Expr{n.Receiver}, n.Args...)
			default:
				g.anyType = true
				return
			}
			var arg parser.Expr
			switch {
			case pt.index < len(args):
				arg = args[pt.index]
			case def != nil && def.Default != nil:
				arg = def.Default
			default:
				continue // no value: the call fails, declaring nothing
			}
			ts := literalTypes(arg, call.Scope)
			if len(ts) == 0 {
				if lit, ok := arg.(*parser.StringLit); ok {
					ts = []target{{NormalizeClassName(lit.Value), lit.Span()}}
				}
			}
			if len(ts) == 0 {
				g.anyType = true
				return
			}
			for _, t := range ts {
				g.types[t.name] = true
			}
		}
	case ClassDef, DefineDef:
		for _, d := range p.DeclarationsOf(pt.def) {
			res, ok := d.Node.(*parser.Resource)
			if !ok {
				continue // include, require, contain: no parameters
			}
			for _, body := range res.Bodies {
				for _, a := range body.Attrs {
					if a.Splat || a.Name == pt.param {
						g.anyType = true
						return
					}
				}
			}
		}
		if pt.kind == ClassDef {
			g.fromData = append(g.fromData, pt.def)
		}
	default:
		g.anyType = true
	}
}

// firstArg returns a call's first argument, nil when it has none.
func firstArg(call *parser.Call) parser.Expr {
	if len(call.Args) == 0 {
		return nil
	}
	return call.Args[0]
}
