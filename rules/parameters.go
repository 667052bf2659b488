package rules

import (
	"fmt"
	"iter"
	"slices"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules/builtin"
	"github.com/ducklint/ducklint/rules/model"
)

// UnknownParameter reports attributes that the declared class, defined
// type or core resource type does not have.
func UnknownParameter() *Rule {
	return &Rule{
		ID:       "unknown-parameter",
		Title:    "A resource or class declaration sets a parameter the type does not have",
		Severity: Error,
		Kind:     PerFile,
		Context:  model.NeedDefinitions | model.NeedDeclarers | model.NeedTopScope,
		Doc: `Every attribute of a resource must be a parameter of its type or a metaparameter (before, require,
notify, subscribe, tag, alias, audit, loglevel, noop, schedule, stage); otherwise Puppet fails the catalog with
"Class[Web]: has no parameter named 'prot'" (classes and defined types) or "no parameter named 'mdoe'" (core
types). The rule checks resource-like class declarations and resources of defined types against the
parameters in the tree, and resources of core types against Puppet's own list of their attributes. Types from
modules outside the tree, and Ruby types of the tree, are not checked.`,
		Run: runUnknownParameter,
	}
}

// MissingParameter reports declarations that do not pass a parameter
// which has no default.
func MissingParameter() *Rule {
	return &Rule{
		ID:       "missing-parameter",
		Title:    "A defined-type resource does not pass a parameter that has no default",
		Severity: Error,
		Kind:     PerFile,
		Context:  model.NeedDefinitions | model.NeedDeclarers | model.NeedTopScope | model.NeedParameterSources,
		Doc: `A class or defined type parameter without a default value must be given a value, or Puppet fails with
"Web::Vhost[b]: expects a value for parameter 'docroot'" — also when its type is Optional. A defined type's
parameters can only get values from the declaration (or a resource default or collector override for the
type), so a resource that passes none is an error. Classes are not checked: their parameters can also come
from Hiera data, which this rule does not read.`,
		Run: runMissingParameter,
	}
}

// declaredParams is what a resource declaration is checked against.
type declaredParams struct {
	// kind is "class" or "defined type"; "" for a core type.
	kind string
	name string
	defs []*model.Definition
}

// paramsOf returns what the resource type typ (lower case; "class" with
// the class's name) declares, and false when the tree does not know.
func paramsOf(p *Pass, typ, class string) (declaredParams, bool) {
	kind, name, dk := "defined type", typ, model.DefineDef
	if typ == "class" {
		kind, name, dk = "class", class, model.ClassDef
	}
	defs := p.lookup(dk, name)
	if len(defs) == 0 {
		return declaredParams{}, false
	}
	return declaredParams{kind: kind, name: model.NormalizeClassName(name), defs: defs}, true
}

// has reports whether one of the definitions has parameter attr.
func (dp declaredParams) has(attr string) bool {
	return slices.ContainsFunc(dp.defs, func(d *model.Definition) bool { return d.Param(attr) != nil })
}

// hasAttr reports whether the type accepts attribute attr: a parameter, a
// metaparameter or "name" (which sets $name).
func (dp declaredParams) hasAttr(attr string) bool {
	return dp.has(attr) || attr == "name" || builtin.IsMetaparameter(attr)
}

// declRef names a declared class or resource as Puppet's errors do
// (Class[Apache], Apache::Vhost[main]). Most declarations have no finding:
// the name is put together only for those that do.
type declRef struct {
	typ, title string
	class      bool // title is a class name, written as Puppet refers to it
}

// classRef is the reference of class name.
func classRef(name string) declRef { return declRef{title: name, class: true} }

// resourceRef is the reference of the resource of type typ with title.
func resourceRef(typ, title string) declRef { return declRef{typ: typ, title: title} }

// String renders the reference: Class[Apache::Mod] for class
// apache::mod, Apache::Vhost[main] for a resource.
func (r declRef) String() string {
	if r.class {
		return "Class[" + refName(r.title) + "]"
	}
	return refName(r.typ) + "[" + r.title + "]"
}

// titleText renders a literal title for messages, "" for others.
func titleText(e parser.Expr) string {
	if s, ok := e.(*parser.StringLit); ok {
		return s.Value
	}
	if n, ok := e.(*parser.Name); ok {
		return n.Value
	}
	return ""
}

func runUnknownParameter(p *Pass) {
	for i, r := range nodesOfType[*parser.Resource](p) {
		typ := r.TypeName()
		if typ == "" {
			continue
		}
		for _, body := range r.Bodies {
			if typ == "class" {
				var named [2]literalClass
				for _, c := range appendLiteralClasses(named[:0], body.Title) {
					if dp, ok := paramsOf(p, "class", c.name); ok {
						checkAttrs(p, i, body, dp, classRef(c.name))
					}
				}
				continue
			}
			title := titleText(body.Title)
			if dp, ok := paramsOf(p, typ, ""); ok {
				checkAttrs(p, i, body, dp, resourceRef(typ, title))
				continue
			}
			if !builtin.IsCoreType(typ) {
				continue
			}
			for _, a := range body.Attrs {
				if a.Splat {
					continue
				}
				if has, _ := builtin.HasTypeAttribute(typ, a.Name); has {
					continue
				}
				sev, why, ok := compileSeverity(p, siteAt(p, i))
				if !ok {
					break
				}
				attrs, _ := builtin.TypeAttributes(typ)
				msg := fmt.Sprintf("%s has no parameter named '%s'", typ, a.Name)
				if near := nearestName(a.Name, append(attrs, builtin.Metaparameters()...)); near != "" {
					msg += fmt.Sprintf("; did you mean '%s'?", near)
				}
				p.Report(Diagnostic{File: p.File.Path, Start: a.NameSpan.Start, End: a.NameSpan.End, Severity: sev, Message: msg,
					Detail: withWhy(fmt.Sprintf("Puppet fails the catalog with \"no parameter named '%s'\" on %s[%s]. Resource type %s has "+
						"the parameters and properties in Puppet's type reference, and the metaparameters.", a.Name, refName(typ), title, typ), why)})
			}
		}
	}
}

// checkAttrs reports the attributes of body that class or defined type dp
// does not have; ref names the resource as Puppet does.
func checkAttrs(p *Pass, i int, body *parser.ResourceBody, dp declaredParams, ref declRef) {
	for _, a := range body.Attrs {
		if a.Splat || dp.hasAttr(a.Name) {
			continue
		}
		sev, why, ok := compileSeverity(p, siteAt(p, i))
		if !ok {
			return
		}
		var names []string
		for _, d := range dp.defs {
			for _, prm := range d.Params {
				names = append(names, prm.Name)
			}
		}
		msg := fmt.Sprintf("%s %s has no parameter named '%s'", dp.kind, dp.name, a.Name)
		if near := nearestName(a.Name, names); near != "" {
			msg += fmt.Sprintf("; did you mean '%s'?", near)
		}
		d := dp.defs[0]
		p.Report(Diagnostic{File: p.File.Path, Start: a.NameSpan.Start, End: a.NameSpan.End, Severity: sev, Message: fit(msg),
			Detail: withWhy(fmt.Sprintf("Puppet fails the catalog with \"%s: has no parameter named '%s'\". The parameters are those of "+
				"%s %s (%s) and the metaparameters.", ref.String(), a.Name, dp.kind, dp.name, at(d.File, d.NameSpan)), why),
			Related: []Related{RelatedAt(d.File, d.NameSpan, dp.kind+" "+dp.name)}})
	}
}

func runMissingParameter(p *Pass) {
	for i, r := range nodesOfType[*parser.Resource](p) {
		typ := r.TypeName()
		if typ == "" {
			continue
		}
		for body, attrs := range titledBodies(r) {
			if slices.ContainsFunc(attrs, func(a *parser.AttributeOp) bool { return a.Splat }) {
				continue // the hash may hold any parameter
			}
			if typ == "class" {
				continue // a class's parameters can come from Hiera
			}
			if dp, ok := paramsOf(p, typ, ""); ok && len(dp.defs) == 1 && !p.Program.Names().Defaulted(typ) {
				checkMissing(p, i, attrs, dp, resourceRef(typ, titleText(body.Title)), r.Type.Span())
			}
		}
	}
}

// titledBodies yields each body of r that has a title, with the attributes
// it sets: its own after those of a body titled default:, which gives its
// attributes to the others. The list is the caller's to read, not to
// change.
func titledBodies(r *parser.Resource) iter.Seq2[*parser.ResourceBody, []*parser.AttributeOp] {
	return func(yield func(*parser.ResourceBody, []*parser.AttributeOp) bool) {
		var shared []*parser.AttributeOp
		for _, body := range r.Bodies {
			if _, ok := body.Title.(*parser.Default); ok {
				shared = append(shared, body.Attrs...)
			}
		}
		for _, body := range r.Bodies {
			if _, ok := body.Title.(*parser.Default); ok {
				continue
			}
			attrs := slices.Clip(body.Attrs) // the body's own: an append copies
			if len(shared) > 0 {
				attrs = append(slices.Clone(shared), body.Attrs...)
			}
			if !yield(body, attrs) {
				return
			}
		}
	}
}

// checkMissing reports the parameters of dp without a default that attrs
// do not set.
func checkMissing(p *Pass, i int, attrs []*parser.AttributeOp, dp declaredParams, ref declRef, span parser.Span) {
	d := dp.defs[0]
	for _, prm := range d.Params {
		if prm.Default != nil || prm.CapturesRest {
			continue
		}
		if slices.ContainsFunc(attrs, func(a *parser.AttributeOp) bool { return a.Name == prm.Name }) {
			continue
		}
		sev, why, ok := compileSeverity(p, siteAt(p, i))
		if !ok {
			return
		}
		detail := withWhy(fmt.Sprintf("Parameter $%s of %s %s (%s) has no default, and Puppet fails the catalog with \"%s: expects a value "+
			"for parameter '%s'\".", prm.Name, dp.kind, dp.name, at(d.File, prm.NameSpan), ref.String(), prm.Name), why)
		p.Report(Diagnostic{File: p.File.Path, Start: span.Start, End: span.End, Severity: sev,
			Message: fit(fmt.Sprintf("%s %s: parameter '%s' has no default and is not passed", dp.kind, dp.name, prm.Name),
				fmt.Sprintf("parameter '%s' has no default and is not passed", prm.Name)),
			Detail:  detail,
			Related: []Related{RelatedAt(d.File, prm.NameSpan, fmt.Sprintf("parameter $%s", prm.Name))}})
	}
}

// withWhy appends to a finding's detail why its severity is info, if it is.
func withWhy(detail, why string) string {
	if why == "" {
		return detail
	}
	return detail + " " + why
}
