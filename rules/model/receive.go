package model

import (
	"slices"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules/builtin"
)

// What a resource does with the defaults that reach it: which attributes
// it sets itself, which it resets to undef, and which cannot matter because
// the resource is being removed.

// exprDefault returns the `default:` body of r's resource expression, whose
// attributes every other body of the expression gets as its own (they beat
// any resource default statement, Puppet 7 verified); nil when it has none.
func exprDefault(r *Resource) *parser.ResourceBody {
	if r.Node == nil || len(r.Node.Bodies) < 2 {
		return nil
	}
	for _, b := range r.Node.Bodies {
		if _, ok := b.Title.(*parser.Default); ok {
			return b
		}
	}
	return nil
}

// isExprDefault reports whether r is the `default:` body of its resource
// expression, which declares no resource.
func isExprDefault(r *Resource) bool {
	if r.Body == nil {
		return false
	}
	_, ok := r.Body.Title.(*parser.Default)
	return ok
}

// resourceSets reports whether r sets attribute name itself, in its body or
// its expression's `default:` body ("*": either has a splat). An attribute
// set on the resource always wins over a resource default, also when it is
// set to undef (Puppet 7 verified).
func resourceSets(r *Resource, name string) bool {
	return bodySets(r.Body, name) || bodySets(exprDefault(r), name)
}

// resourceAttrNames lists the attributes r sets itself (see resourceSets).
func resourceAttrNames(r *Resource) []string {
	names := attrNames(r.Body)
	ed := exprDefault(r)
	if ed == nil {
		return names
	}
	for _, n := range attrNames(ed) {
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return names
}

// attrValue returns the expression r gives attribute name, its body's
// before its expression default's; nil when it sets none.
func attrValue(r *Resource, name string) parser.Expr {
	for _, b := range []*parser.ResourceBody{r.Body, exprDefault(r)} {
		if b == nil {
			continue
		}
		for _, op := range b.Attrs {
			if !op.Splat && op.Name == name {
				return op.Value
			}
		}
	}
	return nil
}

// isRemoved reports whether r is a core resource whose literal ensure
// removes it (file { 'x': ensure => absent }).
func isRemoved(r *Resource) bool { return removes(r, attrValue(r, "ensure")) }

// isRemovedIn is isRemoved for r evaluated in instance inst: an ensure
// that is a parameter of the defined type inst is an instance of, set
// literally by the instance's declaration, is that literal.
func isRemovedIn(r *Resource, inst *instance) bool {
	ensure := attrValue(r, "ensure")
	if v, ok := ensure.(*parser.Variable); ok && inst != nil && inst.def != nil && inst.def.Kind == DefineDef &&
		r.Scope == inst.def.Scope && inst.def.HasParam(v.Name) && inst.via != nil && inst.via.Resource != nil &&
		!resourceSets(inst.via.Resource, "*") {
		// A parameter cannot be reassigned, and r is in the body itself,
		// where no lambda parameter shadows it.
		ensure = attrValue(inst.via.Resource, v.Name)
	}
	return removes(r, ensure)
}

// removes reports whether ensure value e, as written, removes a resource of
// r's type.
func removes(r *Resource, e parser.Expr) bool {
	var v string
	switch e := e.(type) {
	case *parser.StringLit:
		v = e.Value
	case *parser.Name:
		v = e.Value
	case *parser.Bool:
		if e.Value {
			return false
		}
		v = "false"
	default:
		return false
	}
	return builtin.RemovesResource(r.Type, v)
}

// mattering returns the attributes of attrs that can change r, evaluated in
// inst: all of them, unless r is being removed, when Puppet ignores its
// properties.
func mattering(r *Resource, inst *instance, attrs []string) []string {
	if !isRemovedIn(r, inst) {
		return attrs
	}
	return slices.DeleteFunc(slices.Clone(attrs), func(a string) bool { return builtin.IgnoredWhenAbsent(r.Type, a) })
}

// irrelevantAttrs lists the attributes no default can change on r: those
// it sets itself and, when it is being removed, its type's properties.
func irrelevantAttrs(r *Resource) []string {
	names := resourceAttrNames(r)
	if isRemoved(r) {
		for _, p := range builtin.AbsentIgnoredProperties(r.Type) {
			if !slices.Contains(names, p) {
				names = append(names, p)
			}
		}
	}
	return names
}

// irrelevantTo reports whether a default's attribute name cannot change r
// (see irrelevantAttrs).
func irrelevantTo(r *Resource, name string) bool {
	return resourceSets(r, name) || isRemoved(r) && builtin.IgnoredWhenAbsent(r.Type, name)
}

// resetsToUndef reports whether r resets one of a default's attributes to
// undef itself: only a default reaching it gives that a purpose, so the
// resource was written knowing the defaults it receives.
func resetsToUndef(r *Resource, ads []AttrDefault) bool {
	for _, ad := range ads {
		if _, ok := attrValue(r, ad.Attr).(*parser.Undef); ok {
			return true
		}
	}
	return false
}

// isUndefValue reports whether a default's value as written is undef.
func isUndefValue(ad AttrDefault) bool { return ad.Value == "undef" }
