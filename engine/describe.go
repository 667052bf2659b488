package engine

import (
	"fmt"
	"path"
	"strings"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules"
	"github.com/ducklint/ducklint/rules/model"
)

// navigator answers Definition and Hover over the small program built for
// one position.
type navigator struct {
	s    *Snapshot
	prog *model.Program
	file *model.File // the file asked about
}

// named describes the class, resource type, type or function t names.
func (nv *navigator) named(t *target) *navigation {
	var kinds []model.DefKind
	switch t.kind {
	case targetClass:
		kinds = []model.DefKind{model.ClassDef}
	case targetResourceType:
		kinds = []model.DefKind{model.DefineDef}
	case targetTypeRef:
		kinds = []model.DefKind{model.DefineDef, model.TypeAliasDef}
	case targetFunction:
		kinds = []model.DefKind{model.FunctionDef}
	}
	for _, k := range kinds {
		if defs := nv.visible(nv.prog.Lookup(k, t.name)); len(defs) > 0 {
			return nv.definitions(t.name, defs)
		}
	}
	switch t.kind {
	case targetResourceType, targetTypeRef:
		return nv.ruby("resource type", t.name, func(m rubyDefs) []load.Defined { return m.types })
	case targetFunction:
		return nv.ruby("function", t.name, func(m rubyDefs) []load.Defined { return m.functions })
	}
	return nil
}

// visible keeps, of defs, those Puppet could load for the file asked
// about: in it, or in its environment (or anywhere when it has none).
// When none is, all are kept: the name is still defined there.
func (nv *navigator) visible(defs []*model.Definition) []*model.Definition {
	env := nv.file.Source.Env
	var out []*model.Definition
	for _, d := range defs {
		if d.File == nv.file || env == nil || d.File.Source.Env == env {
			out = append(out, d)
		}
	}
	if len(out) == 0 {
		return defs
	}
	return out
}

// rubyDefs are the Ruby extensions of one module or environment.
type rubyDefs struct{ types, functions []load.Defined }

// ruby describes a resource type or function defined in Ruby.
func (nv *navigator) ruby(what, name string, pick func(rubyDefs) []load.Defined) *navigation {
	var all []rubyDefs
	for _, m := range nv.prog.Tree.Modules {
		all = append(all, rubyDefs{m.RubyTypes, m.RubyFunctions})
	}
	for _, e := range nv.prog.Tree.Envs {
		all = append(all, rubyDefs{e.RubyTypes, e.RubyFunctions})
	}
	out := &navigation{}
	var where []string
	for _, m := range all {
		for _, d := range pick(m) {
			if !strings.EqualFold(d.Name, name) {
				continue
			}
			one := parser.Pos{Line: 1, Column: 1}
			out.locations = append(out.locations, diagnostics.Location{File: d.File, Start: one, End: one})
			where = append(where, "`"+d.File+"`")
		}
	}
	if len(where) == 0 {
		return nil
	}
	out.hover = fmt.Sprintf("**%s** `%s` (Ruby)\n\nDefined in %s.", what, name, strings.Join(where, ", "))
	return out
}

// definitions describes a name with its definitions defs.
func (nv *navigator) definitions(name string, defs []*model.Definition) *navigation {
	out := &navigation{}
	var where []string
	for _, d := range defs {
		out.locations = append(out.locations, location(d.File, d.NameSpan))
		where = append(where, fmt.Sprintf("`%s:%d`", d.File.Path, d.NameSpan.Start.Line))
	}
	d := defs[0]
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** `%s`\n\n```puppet\n%s\n```\n\n", d.Kind, d.Name, signature(d))
	if len(defs) == 1 {
		fmt.Fprintf(&b, "Defined at %s.", where[0])
	} else {
		fmt.Fprintf(&b, "Defined %d times: %s.", len(defs), strings.Join(where, ", "))
	}
	if doc := docComment(d.File.Parsed, d.Node.Span().Start.Line); doc != "" {
		b.WriteString("\n\n---\n\n" + doc)
	}
	out.hover = b.String()
	return out
}

// parameter describes a parameter at its declaration.
func (nv *navigator) parameter(p *parser.Parameter) *navigation {
	st := nv.prog.Static(rules.KnownGlobal)
	for sc := range st.ScopesIn(nv.file) {
		for _, q := range sc.Params {
			if q == p {
				return nv.param(sc, p)
			}
		}
	}
	if epp := nv.file.Parsed.Program.EPP; epp != nil {
		for _, q := range epp.Params {
			if q == p {
				return &navigation{locations: []diagnostics.Location{location(nv.file, p.NameSpan)},
					hover: fmt.Sprintf("**template parameter** `$%s`\n\n```puppet\n%s\n```", p.Name, sourceOf(nv.file.Parsed, p.Span()))}
			}
		}
	}
	return nil
}

// param describes parameter p of scope sc.
func (nv *navigator) param(sc *model.Scope, p *parser.Parameter) *navigation {
	f := sc.File
	if sc.Def != nil {
		f = sc.Def.File
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**parameter** `$%s` of %s\n\n```puppet\n%s\n```\n\nDefined at `%s:%d`.",
		p.Name, scopeName(sc), sourceOf(f.Parsed, p.Span()), f.Path, p.NameSpan.Start.Line)
	if sc.Def != nil {
		if doc := paramDoc(docComment(f.Parsed, sc.Def.Node.Span().Start.Line), p.Name); doc != "" {
			b.WriteString("\n\n---\n\n" + doc)
		}
	}
	return &navigation{locations: []diagnostics.Location{location(f, p.NameSpan)}, hover: b.String()}
}

// variable describes a $variable: where Puppet's static scoping finds it
// from its place, or, for a qualified one, in its class.
func (nv *navigator) variable(v *parser.Variable) *navigation {
	st := nv.prog.Static(rules.KnownGlobal)
	if class, name, ok := model.QualifiedTarget(v); ok {
		return nv.qualified(v, class, name)
	}
	for _, r := range st.Reads(nv.file) {
		if r.Var == v {
			return nv.resolved(st, r)
		}
	}
	// Not a read: the target of an assignment.
	for sc := range st.ScopesIn(nv.file) {
		for _, a := range sc.Assignments {
			if a.Var == v {
				return nv.assignments("variable", v, sc, []*model.Assignment{a})
			}
		}
	}
	return nil
}

// resolved describes the variable of read r by its resolution.
func (nv *navigator) resolved(st *model.Static, r *model.Read) *navigation {
	res := r.Resolution
	name := strings.TrimPrefix(r.Var.Name, "::")
	note := func(what, says string) *navigation {
		return &navigation{hover: fmt.Sprintf("**%s** `$%s`: %s", what, name, says)}
	}
	switch res.Kind {
	case model.ResolvedFact:
		if st.CustomFact(name) {
			return note("fact", "a custom fact (Facter.add in a module's lib/facter), set by Facter on the agent; not assigned in Puppet code.")
		}
		return note("fact", "set by Facter on the agent; not assigned in Puppet code.")
	case model.ResolvedBuiltin:
		return note("built-in variable", "set by Puppet.")
	case model.ResolvedCapture:
		return note("match variable", "a capture of the last regular-expression match in this scope.")
	case model.ResolvedConfig:
		return note("known variable", "listed in the configuration's `[scope] known_variables` (an ENC parameter or external fact).")
	case model.ResolvedFunction:
		return note("variable", "set at top scope by a Ruby function of the tree.")
	case model.ResolvedMetaparam:
		return note("metaparameter", "set in this body when the declaration passes it.")
	case model.ResolvedTemplateArg:
		return note("template argument", "passed by the epp() calls rendering this template.")
	case model.ResolvedNode:
		return nv.assignments("node-scope variable", r.Var, res.Scope, st.NodeAssignments(nv.file, name))
	}
	if res.Param != nil && res.Scope != nil {
		return nv.param(res.Scope, res.Param)
	}
	if res.Assignment != nil {
		what := "variable"
		switch res.Kind {
		case model.ResolvedTop:
			what = "top-scope variable"
		case model.ResolvedInherited:
			what = "inherited variable"
		case model.ResolvedEnclosing:
			what = "variable of an enclosing scope"
		case model.ResolvedLocal:
			what = "local variable"
		}
		return nv.assignments(what, r.Var, res.Scope, []*model.Assignment{res.Assignment})
	}
	return nil
}

// qualified describes $class::name: the parameter or assignments of class
// (or of the nearest class it inherits that has it).
func (nv *navigator) qualified(v *parser.Variable, class, name string) *navigation {
	defs := nv.visible(nv.prog.Lookup(model.ClassDef, class))
	for _, d := range defs {
		for _, c := range append([]*model.Definition{d}, nv.prog.Ancestors(d)...) {
			if c.Scope == nil {
				continue
			}
			for _, p := range c.Params {
				if p.Name == name {
					return nv.param(c.Scope, p)
				}
			}
			if as := c.Scope.Assigned(name); len(as) > 0 {
				return nv.assignments("class variable", v, c.Scope, as)
			}
		}
	}
	return nil
}

// assignments describes variable v by its assignments as in scope sc.
func (nv *navigator) assignments(what string, v *parser.Variable, sc *model.Scope, as []*model.Assignment) *navigation {
	if len(as) == 0 {
		return nil
	}
	out := &navigation{}
	var where []string
	for _, a := range as {
		out.locations = append(out.locations, location(a.File, a.Var.Span()))
		where = append(where, fmt.Sprintf("`%s:%d`", a.File.Path, a.Var.Span().Start.Line))
	}
	a := as[0]
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** `$%s`", what, a.Name)
	if sc != nil {
		fmt.Fprintf(&b, " of %s", scopeName(sc))
	}
	if a.Value != nil {
		fmt.Fprintf(&b, "\n\n```puppet\n$%s = %s\n```", a.Name, sourceOf(a.File.Parsed, a.Value.Span()))
	}
	if len(as) == 1 {
		fmt.Fprintf(&b, "\n\nAssigned at %s.", where[0])
	} else {
		fmt.Fprintf(&b, "\n\nAssigned at %s.", strings.Join(where, ", "))
	}
	out.hover = b.String()
	return out
}

// scopeName names a scope for hovers: "class `ntp::config`", "top scope".
func scopeName(sc *model.Scope) string {
	o := sc.Owner()
	if o.Def != nil {
		if o.Kind == model.NodeScope {
			return fmt.Sprintf("node `%s`", o.Def.Name)
		}
		return fmt.Sprintf("%s `%s`", o.Kind, o.Def.Name)
	}
	switch o.Kind {
	case model.TopScope:
		return "top scope"
	case model.TemplateScope:
		return "this template"
	}
	if o.File != nil {
		return "the top-level code of `" + path.Base(o.File.Path) + "`"
	}
	return o.Kind.String()
}

// location is span of file f as a diagnostics.Location.
func location(f *model.File, span parser.Span) diagnostics.Location {
	return diagnostics.Location{File: f.Path, Start: span.Start, End: span.End}
}

// maxSourceLen bounds the source text a hover quotes for one parameter,
// default or value.
const maxSourceLen = 120

// sourceOf returns the source text of span in pf, its whitespace runs
// collapsed and cut at maxSourceLen code points.
func sourceOf(pf *parser.File, span parser.Span) string {
	from, to := int(span.Start.Offset), int(span.End.Offset)
	if from < 0 || to > len(pf.Src) || to < from {
		return ""
	}
	text := strings.Join(strings.Fields(string(pf.Src[from:to])), " ")
	if r := []rune(text); len(r) > maxSourceLen {
		text = string(r[:maxSourceLen]) + " …"
	}
	return text
}

// signature writes definition d's header: its keyword, name, parameters
// with their types and defaults, parent class or return type.
func signature(d *model.Definition) string {
	pf := d.File.Parsed
	var b strings.Builder
	switch n := d.Node.(type) {
	case *parser.TypeAlias:
		return "type " + n.Name + " = " + sourceOf(pf, n.Type.Span())
	case *parser.NodeDef:
		return "node " + d.Written
	}
	keyword := map[model.DefKind]string{model.ClassDef: "class", model.DefineDef: "define", model.FunctionDef: "function", model.PlanDef: "plan"}[d.Kind]
	b.WriteString(keyword + " " + d.Name)
	if len(d.Params) > 0 {
		b.WriteString("(\n")
		for _, p := range d.Params {
			b.WriteString("  " + sourceOf(pf, p.Span()) + ",\n")
		}
		b.WriteString(")")
	}
	if d.Parent != "" {
		b.WriteString(" inherits " + d.Parent)
	}
	if fn, ok := d.Node.(*parser.FunctionDef); ok && fn.ReturnType != nil {
		b.WriteString(" >> " + sourceOf(pf, fn.ReturnType.Span()))
	}
	return b.String()
}

// docComment returns the comment block right above line (its lines, the
// '#' and one space after it removed), "" for none: the comments alone on
// their lines that end each on the line before the next, the last on the
// line before line.
func docComment(pf *parser.File, line int32) string {
	var lines []string
	want := line - 1
	for i := len(pf.Comments) - 1; i >= 0 && want > 0; i-- {
		c := pf.Comments[i]
		if c.Start.Line >= line {
			continue // on or after the definition's first line
		}
		if !c.OwnLine || c.End.Line != want {
			break
		}
		if c.Block {
			var block []string
			for l := range strings.SplitSeq(c.Text, "\n") {
				block = append(block, strings.TrimPrefix(strings.TrimLeft(strings.TrimSpace(l), "*"), " "))
			}
			lines = append(block, lines...)
		} else {
			lines = append([]string{strings.TrimPrefix(c.Text, " ")}, lines...)
		}
		want = c.Start.Line - 1
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}

// paramDoc returns the lines of a puppet-strings doc comment describing
// parameter name (`@param name ...` and its indented continuation).
func paramDoc(doc, name string) string {
	var out []string
	in := false
	for l := range strings.SplitSeq(doc, "\n") {
		fields := strings.Fields(l)
		switch {
		case len(fields) >= 2 && fields[0] == "@param" && strings.TrimPrefix(fields[1], "$") == name:
			in = true
			out = append(out, strings.TrimSpace(l))
		case in && strings.HasPrefix(l, " ") && strings.TrimSpace(l) != "" && !strings.HasPrefix(strings.TrimSpace(l), "@"):
			out = append(out, strings.TrimSpace(l))
		default:
			in = false
		}
	}
	return strings.Join(out, "\n")
}
