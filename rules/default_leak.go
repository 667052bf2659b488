package rules

import (
	"fmt"
	"strings"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules/model"
)

// DefaultLeak reports resource defaults in class and defined-type bodies
// that reach resources in other classes or defined types through dynamic
// scope.
func DefaultLeak() *Rule {
	return &Rule{
		ID:             "default-leak",
		Title:          "A resource default in a class or defined type reaches resources elsewhere",
		Severity:       Warning,
		Kind:           WholeProgram,
		UsesSimulation: true,
		Doc: `Puppet looks up resource defaults by dynamic scope: a class's parent scope is the first scope
that declares it, a defined type's is the scope that declares the instance, and an undeclared base class
is inserted where its derived class is declared. A default such as File { mode => '0600' } in a class body
therefore also applies to resources in every class that body declares first, and in every defined-type
instance it declares (those bodies run lazily, after the class body, so even a default written after the
instance reaches it). The rule simulates Puppet's evaluation order and reports a default only when it
can change a resource of its type in another class or defined type: not attributes the resource sets
itself (also in a default: body), not properties of a resource being removed (ensure => absent), not a
resource that resets one of the default's attributes to undef (itself or by a default of its scope),
and not definitions private to the default's own module. Defaults at top scope and in node definitions
are the documented place for them and are not reported. A leak is a warning when a catalog the tree
shows has it, info when it needs classes an ENC declares in a particular order.`,
		Context: model.NeedDefinitions | model.NeedTopScope | model.NeedDefaults,
		Run:     runDefaultLeak,
	}
}

func runDefaultLeak(p *Pass) {
	for _, l := range p.Program.Dynamic().Leaks {
		d := l.Default
		where := d.Scope.Describe()
		target := "another scope"
		if l.Target != nil {
			target = fmt.Sprintf("%s '%s'", l.Target.Kind, l.Target.Name)
		}
		sets := fmt.Sprintf("%s default in %s also sets %s", typeRefName(d.Type), where, strings.Join(quoteAll(l.Attrs), ", "))
		full := fmt.Sprintf("%s on %s in %s", sets, briefResourceLabel(l.Resource), target)
		msg := fit(full, fmt.Sprintf("%s in %s", sets, target), sets+" elsewhere")
		detail := ""
		if msg != full {
			detail = fmt.Sprintf("It sets them on %s in %s. ", resourceLabel(l.Resource), target)
		}
		detail += sentence(reachLabel(l, where)) + ": Puppet applies resource defaults by dynamic scope, where a scope's " +
			"parent is \"the first scope in which it was declared\". Set the attributes on the resources themselves (or in a " +
			"`default:` body of one resource expression), or move the default to top or node scope."
		var related []Related
		switch {
		case l.Via != nil && l.Via.Kind == model.Inherits && l.Via.Scope.Def != nil:
			related = append(related, RelatedAt(l.Via.File, l.Via.Span,
				fmt.Sprintf("%s inherits from %s here, so the default reaches its body and what it declares",
					l.Via.Scope.Def.Name, l.Via.Target)))
		case l.Via != nil:
			related = append(related, RelatedAt(l.Via.File, l.Via.Span,
				fmt.Sprintf("%s declared here (%s), so the default reaches its body", l.Via.Target, l.Via.Kind)))
		}
		related = append(related, RelatedAt(l.Resource.File, resourceSpan(l.Resource),
			fmt.Sprintf("%s gets %s from the default", resourceLabel(l.Resource), strings.Join(l.Attrs, ", "))))
		sev := Warning
		if !l.Shown {
			sev = Info
			detail += " It does only when an ENC or other code not in the tree declares classes in an order that lets this " +
				"scope evaluate them first."
		}
		span := d.Node.Type.Span()
		p.Report(Diagnostic{Severity: sev, File: d.File.Path, Start: span.Start, End: span.End, Message: msg, Detail: detail,
			Related: related})
	}
}

// reachLabel says how the default's scope (where) reaches the affected
// resource, as a clause: "class 'a' declares it first".
func reachLabel(l *model.Leak, where string) string {
	switch {
	case l.Via == nil || l.Target == nil:
		return "the default reaches it from " + where
	case l.Via.Kind == model.Inherits && l.Via.Scope.Def != nil:
		return fmt.Sprintf("%s reaches it as the base class of '%s'", where, l.Via.Scope.Def.Name)
	case l.Via.Target == l.Target.Name && l.Via.Kind == model.DefineInstance:
		return where + " instantiates it"
	case l.Via.Target == l.Target.Name:
		return where + " declares it first"
	}
	return fmt.Sprintf("%s reaches it through its %s of '%s'", where, l.Via.Kind, l.Via.Target)
}

// typeRefName writes a lower-cased type name as Puppet's type reference:
// "apache::vhost" -> "Apache::Vhost".
func typeRefName(t string) string {
	segs := strings.Split(t, "::")
	for i, s := range segs {
		if s != "" {
			segs[i] = strings.ToUpper(s[:1]) + s[1:]
		}
	}
	return strings.Join(segs, "::")
}

// resourceLabel names a resource as Type['title'] when its title is a
// literal string.
func resourceLabel(r *model.Resource) string {
	if r.Body != nil {
		if s, ok := r.Body.Title.(*parser.StringLit); ok {
			return fmt.Sprintf("%s['%s']", typeRefName(r.Type), s.Value)
		}
	}
	return fmt.Sprintf("a %s resource", typeRefName(r.Type))
}

// briefResourceLabel names a resource for a message: Type['title'] cut to
// fit when its title is a literal string, else "a Type".
func briefResourceLabel(r *model.Resource) string {
	if r.Body != nil {
		if _, ok := r.Body.Title.(*parser.StringLit); ok {
			return excerpt(resourceLabel(r))
		}
	}
	return "a " + typeRefName(r.Type)
}

// resourceSpan is the title of a resource body, or its type.
func resourceSpan(r *model.Resource) parser.Span {
	if r.Body != nil && r.Body.Title != nil {
		return r.Body.Title.Span()
	}
	return r.Node.Type.Span()
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = "'" + s + "'"
	}
	return out
}
