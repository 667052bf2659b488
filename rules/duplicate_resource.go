package rules

import (
	"fmt"

	"github.com/ducklint/ducklint/rules/model"
)

// DuplicateResource reports resources that one catalog can hold twice.
func DuplicateResource() *Rule {
	return &Rule{
		ID:             "duplicate-resource",
		Title:          "The same resource can be declared twice in one catalog",
		Severity:       Error,
		Kind:           WholeProgram,
		UsesSimulation: true,
		Doc: `A catalog holds each resource once: two declarations with the same type and title, or of a type
whose name is the identity of what it manages (file, package, service, user, group, ...) with the same
namevar (file { 'a': path => '/x' } and file { '/x': }), fail compilation with "Duplicate declaration:
T[x] is already declared" or "Cannot alias T[a] to [x] ... already declared". ducklint simulates
evaluation per entry point (node definitions, top-scope code, classes an ENC may assign) and reports a
resource another declaration meets in one catalog, including a literal title in a defined type that is
instantiated more than once. Virtual and exported resources count: Puppet refuses a second declaration
of one too. Declarations on different arms of one conditional, or on arms requiring opposite values of
one fact, class variable or parameter the catalog fixes, never meet, nor do a defined type's instances on
an arm only one title takes; declarations under a defined() guard, ensure_resource and ensure_packages,
and titles that are not literals are not duplicates.`,
		Context: model.NeedDefinitions | model.NeedTopScope | model.NeedResourceKeys,
		Run:     runDuplicateResource,
	}
}

func runDuplicateResource(p *Pass) {
	for _, d := range p.Program.Dynamic().Duplicates {
		r, o := d.Resource, d.Other
		what := model.KeyText(d.Key)
		span := r.Body.Title.Span()
		const fix = " Declare it in one class and include that class where it is needed, or make it virtual and realize it."
		if o == r {
			where := "its defined type"
			if d.Instances != nil {
				where = "defined type " + typeRefName(d.Instances.Target)
			}
			msg := fit(fmt.Sprintf("%s is declared once per instance of %s, and one catalog can hold two", what, where),
				fmt.Sprintf("%s is declared once per instance of the defined type", what))
			var related []Related
			detail := fmt.Sprintf("Its title does not depend on the instance, so the second instance fails with "+
				"\"Duplicate declaration: %s is already declared\".", what)
			if d.Instances != nil {
				related = append(related, RelatedAt(d.Instances.File, d.Instances.Span, "an instance is declared here"))
			}
			sev := Error
			if d.Conditional {
				sev = Info
				detail = "Its title does not depend on the instance; two instances meet on a node whose data takes the " +
					"conditional arms that declare them, and Puppet then fails with \"Duplicate declaration\"."
			}
			p.Report(Diagnostic{File: r.File.Path, Start: span.Start, End: span.End, Severity: sev, Message: msg,
				Detail: detail + " Use a title made from $title, or" + lowerFirst(fix), Related: related})
			continue
		}
		oSpan := o.Body.Title.Span()
		where := o.Scope.Describe()
		msg := withPlace(fit(fmt.Sprintf("%s is also declared in %s", what, where), fmt.Sprintf("%s is declared twice", what)),
			at(o.File, oSpan))
		puppet := fmt.Sprintf("Duplicate declaration: %s is already declared", what)
		if !model.HasTitleKey(r, d.Key) || !model.HasTitleKey(o, d.Key) {
			puppet = fmt.Sprintf("Cannot alias %s ... already declared", what)
		}
		detail := fmt.Sprintf("One catalog can evaluate both this and the declaration in %s (%s); the second fails with \"%s\".",
			where, at(o.File, oSpan), puppet)
		sev := Error
		if d.Conditional {
			sev = Info
			detail = fmt.Sprintf("A node whose data takes the conditional arms that declare both this and the declaration in %s (%s) "+
				"fails with \"%s\".", where, at(o.File, oSpan), puppet)
		}
		p.Report(Diagnostic{File: r.File.Path, Start: span.Start, End: span.End, Severity: sev, Message: msg,
			Detail: detail + fix, Related: []Related{RelatedAt(o.File, oSpan, what+" is also declared here")}})
	}
}

// lowerFirst lower-cases the first letter of a sentence to continue another.
func lowerFirst(s string) string {
	if len(s) > 1 && s[0] == ' ' && s[1] >= 'A' && s[1] <= 'Z' {
		return " " + string(s[1]+'a'-'A') + s[2:]
	}
	return s
}
