package rules

import (
	"fmt"

	"github.com/ducklint/ducklint/rules/model"
)

// ParameterTypes reports class and defined-type parameters without a
// data type.
func ParameterTypes() *Rule {
	return &Rule{
		ID:           "parameter-types",
		Title:        "A class or defined-type parameter without a data type",
		Severity:     Warning,
		Kind:         PerFile,
		OffByDefault: true,
		Aliases:      []string{"parameter_types"},
		Doc: `A parameter of a class or defined type declared without a data type ($port rather than
Stdlib::Port $port) accepts any value, from a declaration or from Hiera, and the mistake shows up later, as
a wrong file or a failed resource, instead of as a type error naming the parameter. Parameters of
functions, plans, lambdas and EPP templates are not checked; nor are examples and tests. Off by default.`,
		Run: runParameterTypes,
	}
}

func runParameterTypes(p *Pass) {
	if p.File.Parsed == nil || p.File.Documentation() {
		return
	}
	for _, def := range p.File.Definitions {
		if def.Kind != model.ClassDef && def.Kind != model.DefineDef {
			continue
		}
		for _, prm := range def.Params {
			if prm.Type != nil {
				continue
			}
			kind := "class"
			if def.Kind == model.DefineDef {
				kind = "defined type"
			}
			p.ReportSpan(p.File, prm.NameSpan, fmt.Sprintf("parameter $%s of %s %s has no data type", prm.Name, kind, def.Name),
				fmt.Sprintf("Without a type, $%s accepts any value, from a declaration or from Hiera, and a wrong one fails later "+
					"and elsewhere. Write the type before the parameter: String $%s, Stdlib::Port $%s, Optional[...] when undef is "+
					"allowed; Any says that any value is meant.", prm.Name, prm.Name, prm.Name))
		}
	}
}
