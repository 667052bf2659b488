package rules

import (
	"fmt"
	"strings"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules/model"
)

// site is where a catalog compile error would be raised: the definition
// around a node of the pass's file and the conditional arms it is on.
type site struct {
	def    *model.Definition // nil at top level
	branch []model.Branch    // outermost first
}

// siteAt returns the site of node i of p.Nodes().
func siteAt(p *Pass, i int) site {
	nodes, parents := p.Nodes(), p.NodeParents()
	var s site
	var grandchild parser.Node
	child := nodes[i]
	for j := parents[i]; j >= 0; j = parents[j] {
		n := nodes[j]
		if arm, ok := armOf(n, child, grandchild); ok {
			s.branch = append(s.branch, model.Branch{Cond: n, Arm: arm})
		}
		switch n.(type) {
		case *parser.ClassDef, *parser.DefineDef, *parser.FunctionDef, *parser.NodeDef, *parser.PlanDef:
			if s.def == nil {
				for _, d := range p.File.Definitions {
					if d.Node == n {
						s.def = d
					}
				}
			}
		}
		grandchild, child = child, n
	}
	for l, r := 0, len(s.branch)-1; l < r; l, r = l+1, r-1 {
		s.branch[l], s.branch[r] = s.branch[r], s.branch[l]
	}
	return s
}

// armOf returns the arm of conditional n that child is (or, for a case
// option or selector case, that grandchild is the body of), numbered as
// the model numbers arms; false when child is not an arm of n (its test,
// an option's values, or n is no conditional).
func armOf(n, child, grandchild parser.Node) (int, bool) {
	switch c := n.(type) {
	case *parser.If:
		switch {
		case child == parser.Node(c.Then):
			return 0, true
		case c.Else != nil && child == parser.Node(c.Else):
			return 1, true
		}
	case *parser.Unless:
		switch {
		case child == parser.Node(c.Then):
			return 0, true
		case c.Else != nil && child == parser.Node(c.Else):
			return 1, true
		}
	case *parser.Case:
		for i, o := range c.Options {
			if child == parser.Node(o) && grandchild == parser.Node(o.Body) {
				return i, true
			}
		}
	case *parser.Selector:
		for i, sc := range c.Cases {
			if child == parser.Node(sc) && grandchild == sc.Value {
				return i, true
			}
		}
	}
	return 0, false
}

// compileSeverity is how sure a compile error at s is: ok is false when
// the code there never runs or Puppet never compiles it into a catalog — a
// Bolt plan, an arm that cannot be taken, an arm that runs only when
// defined() finds one of names. The severity is Info, with why saying what
// it depends on, in documentation (examples, tests), on arms that the
// node's data decides (a parameter, a lookup), and in code that only what
// the tree does not show can evaluate (see entryUncertainty); else Error.
func compileSeverity(p *Pass, s site, names ...string) (sev Severity, why string, ok bool) {
	if s.def != nil && s.def.Kind == model.PlanDef {
		return 0, "", false
	}
	if model.ArmCannotRun(s.def, s.branch) {
		return 0, "", false
	}
	for _, b := range s.branch {
		_, present := model.ArmImplies(b.Cond, b.Arm)
		for _, call := range present {
			if testsAny(call, names) {
				return 0, "", false
			}
		}
	}
	switch {
	case p.File.Documentation() && !(model.IsExample(p.File.Source) && s.def == nil):
		return Info, "This is example or test code, which Puppet does not load on its own.", true
	case model.PathDependsOnData(s.branch):
		return Info, "The code runs only on nodes whose data takes this branch.", true
	}
	if why := entryUncertainty(p.Program, s.def); why != "" {
		return Info, why, true
	}
	return Error, "", true
}

// entryUncertainty says why the code of class or defined type def may
// never be evaluated, as far as the tree shows, or "" when some catalog
// the tree shows evaluates it (or when the tree cannot show it, as in a
// module, whose public classes are for others to declare):
//   - in an environment with node definitions, nothing declares it — not
//     by name, and not by a pattern such as `include "role::${role}"` in
//     the main manifests or a node — so only an ENC or Hiera classes can,
//     or, for a defined type, nothing instantiates it;
//   - every declaration of it sits on a branch the node's data decides.
func entryUncertainty(prog *model.Program, def *model.Definition) string {
	if def == nil || def.Kind != model.ClassDef && def.Kind != model.DefineDef {
		return ""
	}
	decls := prog.DeclarationsOf(def.Name)
	if len(decls) == 0 {
		if !prog.HasNodes(def.File) || def.Kind == model.ClassDef && prog.DeclaredByPattern(def.Name) {
			return ""
		}
		if def.Kind == model.DefineDef {
			return fmt.Sprintf("Nothing in the tree declares a %s resource, so this code runs only if something outside it does.", def.Name)
		}
		return fmt.Sprintf("Nothing in the tree declares class %s (the node definitions do not reach it), so this fails only "+
			"on nodes an ENC or Hiera assigns it to.", def.Name)
	}
	for _, d := range decls {
		if !model.PathDependsOnData(d.Branch) {
			return ""
		}
	}
	d := decls[0]
	return fmt.Sprintf("Every declaration of %s is on a branch the node's data decides (as at %s:%d), so this fails only "+
		"on nodes whose data takes one.", def.Name, d.File.Path, d.Span.Start.Line)
}

// testsAny reports whether a defined() call names one of names (lower
// case): as a string, a type or a Class['name'] reference.
func testsAny(call parser.Node, names []string) bool {
	args, _ := model.DefinedArgs(call)
	found := false
	for _, a := range args {
		parser.Inspect(a, func(n parser.Node) bool {
			var v string
			switch n := n.(type) {
			case *parser.StringLit:
				v = n.Value
			case *parser.TypeRef:
				v = n.Value
			case *parser.Name:
				v = n.Value
			default:
				return !found
			}
			for _, name := range names {
				found = found || model.NormalizeClassName(v) == name
			}
			return !found
		})
	}
	return found
}

// refName writes a class or type name as Puppet's messages do: each
// segment capitalised (Web::Vhost).
func refName(name string) string {
	segs := strings.Split(model.NormalizeClassName(name), "::")
	for i, s := range segs {
		if s != "" {
			segs[i] = strings.ToUpper(s[:1]) + s[1:]
		}
	}
	return strings.Join(segs, "::")
}
