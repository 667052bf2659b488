package model

import (
	"strings"

	"github.com/ducklint/ducklint/parser/load"
)

// DeclaringFunctions maps the name of a function that declares classes to
// the pattern of the class it includes for each literal argument: with
// "role::%s", `role(db::primary)` includes class role::db::primary.
// Control repos assign roles this way (a node calls `role(x)`), so these
// calls are what makes a node an entry point reaching its role.
type DeclaringFunctions map[string]string

// Pattern returns the class name pattern of function fn, or "".
func (d DeclaringFunctions) Pattern(fn string) string {
	if len(d) == 0 {
		return ""
	}
	return d[strings.ToLower(strings.TrimPrefix(fn, "::"))]
}

// ExpandClassPattern returns the class a declaring function's pattern
// names for argument arg (a normalised class name).
func ExpandClassPattern(pattern, arg string) string {
	return NormalizeClassName(strings.Replace(pattern, "%s", arg, 1))
}

// TreeDeclaringFunctions returns the declaring functions in effect for a
// tree: those its Ruby functions show (see load.Defined.Declares) and,
// over them, those the configuration names.
func TreeDeclaringFunctions(tree *load.Tree, configured DeclaringFunctions) DeclaringFunctions {
	out := DeclaringFunctions{}
	add := func(fns []load.Defined) {
		for _, fn := range fns {
			if len(fn.Declares) > 0 {
				out[strings.ToLower(fn.Name)] = fn.Declares[0]
			}
		}
	}
	if tree != nil {
		for _, m := range tree.Modules {
			add(m.RubyFunctions)
		}
		for _, e := range tree.Envs {
			add(e.RubyFunctions)
		}
	}
	for fn, pattern := range configured {
		out[strings.ToLower(strings.TrimPrefix(fn, "::"))] = pattern
	}
	return out
}
