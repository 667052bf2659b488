package rules

import (
	"fmt"
	"strings"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules/builtin"
	"github.com/ducklint/ducklint/rules/model"
)

// knownGlobal tells the static-scope analysis which names every scope sees
// without an assignment: built-in variables and facts.
func knownGlobal(name string) (model.ResolutionKind, bool) {
	switch {
	case builtin.IsBuiltinVariable(name):
		return model.ResolvedBuiltin, true
	case builtin.IsKnownTopScopeVariable(name):
		return model.ResolvedFact, true
	}
	return model.Unresolved, false
}

// KnownGlobal is the source of facts and built-in variables rules give
// the static-scope analysis (model.Program.Static): tools that ask the
// model where a variable resolves pass it too, so they agree with the
// rules.
func KnownGlobal(name string) (model.ResolutionKind, bool) { return knownGlobal(name) }

// staticScope returns the program's static-scope analysis.
func staticScope(p *Pass) *model.Static { return p.Program.Static(knownGlobal) }

// lineOf returns "file:line" of a span for messages, shortened to "line N"
// when it is in file f.
func lineOf(f *model.File, in *model.File, span parser.Span) string {
	if f == in {
		return fmt.Sprintf("line %d", span.Start.Line)
	}
	return fmt.Sprintf("%s:%d", in.Path, span.Start.Line)
}

// scopeNoun names the scope a read is in, for messages.
func scopeNoun(sc *model.Scope) string {
	o := sc.Owner()
	switch o.Kind {
	case model.ClassScope, model.DefineScope, model.FunctionScope, model.PlanScope:
		if o.Def != nil {
			return fmt.Sprintf("%s %s", o.Kind, o.Def.Name)
		}
	case model.NodeScope:
		return "this node definition"
	case model.TopScope:
		return "top scope"
	case model.TemplateScope:
		return "this template"
	}
	return "this file"
}

// varRef writes a variable as read, with its '$'.
func varRef(v *parser.Variable) string { return "$" + v.Name }

// inModule reports whether a scope's code belongs to module mod (its class
// or define is mod or mod::..., or its file is in module mod).
func inModule(sc *model.Scope, f *model.File, mod string) bool {
	o := sc.Owner()
	if o.Def != nil && (o.Def.Kind == model.ClassDef || o.Def.Kind == model.DefineDef || o.Def.Kind == model.FunctionDef) {
		first, _, _ := strings.Cut(o.Def.Name, "::")
		return first == mod
	}
	return f.Source != nil && f.Source.Module != nil && f.Source.Module.Name == mod
}
