package style

import (
	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// ParameterOrder flags required parameters listed after optional ones.
func ParameterOrder() *Rule {
	return &Rule{
		ID:                "parameter-order",
		Check:             "parameter_order",
		Title:             "A required parameter follows an optional one",
		Detail:            `List the parameters without a default value first, then those with one.`,
		Severity:          diagnostics.Warning,
		PuppetLintDefault: true,
		Doc: `A class or defined type parameter without a default value that comes after a parameter with
one, as puppet-lint's parameter_order check finds. A parameter counts as required when no = follows
it and the nearest core data type before it (skipping bracketed blocks) is not Optional; as in
puppet-lint, an untyped parameter takes the type written before an earlier parameter, and only
Puppet's core type names count as types (a parameter typed Stdlib::Port is not checked).`,
		Run: func(p *Pass) {
			toks := p.View.Tokens
			for _, d := range p.Definitions() {
				if d.ParamOpen < 0 {
					continue
				}
				depth, seenDefault := 0, false
				for i := d.ParamOpen + 1; i < d.ParamClose; i++ {
					t := toks[i]
					if t.Kind == parser.TokPunct {
						switch t.Text {
						case "(", "[", "{":
							depth++
						case ")", "]", "}":
							depth--
						case "=":
							seenDefault = true
						}
					}
					if depth != 0 || t.Kind != parser.TokVariable || !seenDefault {
						continue
					}
					prev := codeBefore(toks, i)
					if prev < 0 || !(prev == d.ParamOpen || isPunct(toks[prev], ",") || isPunct(toks[prev], "]") || isCoreType(toks[prev])) {
						continue
					}
					next := codeAfter(toks, i)
					if next >= 0 && !isPunct(toks[next], ",") && next != d.ParamClose {
						continue
					}
					if ty := typeBefore(toks, i); ty >= 0 && toks[ty].Text == "Optional" {
						continue
					}
					p.Report(Finding{Start: t.Start, End: t.End, Message: "optional parameter listed before required parameter"})
				}
			}
		},
	}
}

// coreTypes are the type names puppet-lint's lexer reads as types.
var coreTypes = map[string]bool{
	"Integer": true, "Float": true, "Boolean": true, "Regexp": true, "String": true, "Array": true,
	"Hash": true, "Resource": true, "Class": true, "Collection": true, "Scalar": true, "Numeric": true,
	"CatalogEntry": true, "Data": true, "Tuple": true, "Struct": true, "Optional": true, "NotUndef": true,
	"Variant": true, "Enum": true, "Pattern": true, "Any": true, "Callable": true, "Type": true,
	"Runtime": true, "Undef": true, "Default": true, "Sensitive": true,
}

func isCoreType(t parser.Token) bool { return t.Kind == parser.TokClassRef && coreTypes[t.Text] }

// typeBefore returns the index of the nearest core type name before token
// i, skipping balanced bracketed blocks, or -1.
func typeBefore(toks []parser.Token, i int) int {
	depth := 0
	for j := i - 1; j >= 0; j-- {
		t := toks[j]
		if t.Kind == parser.TokPunct {
			switch t.Text {
			case ")", "]", "}":
				depth++
			case "(", "[", "{":
				if depth > 0 {
					depth--
				}
			}
			continue
		}
		if depth == 0 && isCoreType(t) {
			return j
		}
	}
	return -1
}
