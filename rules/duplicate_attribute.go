package rules

import (
	"fmt"
	"strings"

	"github.com/ducklint/ducklint/parser"
)

// DuplicateAttribute reports an attribute set twice in one resource body,
// resource default or override.
func DuplicateAttribute() *Rule {
	return &Rule{
		ID:       "duplicate-attribute",
		Title:    "An attribute is set twice in one resource body, default or override",
		Severity: Error,
		Kind:     PerFile,
		Aliases:  []string{"duplicate_params"},
		Doc: `The same attribute twice in one resource body (file { '/x': owner => 'root', owner => 'nobody' }),
also when one of them comes from a literal hash unfolded with * =>, fails evaluation: "The attribute
'owner' has already been set". Twice in a resource default (File { owner => … , owner => … }), or in
two resource defaults of one type in one block, fails with "Default already defined for File { owner }; cannot redefine", and twice in an override
(File['/x'] { … }) with "Duplicate parameter 'owner' for on File[/x]". Twice in a collector's
override fails the same way when the collector collects a resource, which depends on what the catalog
holds: a warning. Puppet's validator accepts all of these; they fail whenever the code is evaluated,
whatever the node.`,
		Run: runDuplicateAttribute,
	}
}

func runDuplicateAttribute(p *Pass) {
	for _, n := range p.nodesOf(1<<kindResource | 1<<kindResourceDefaults | 1<<kindBlock | 1<<kindResourceOverride | 1<<kindCollector) {
		switch n := n.(type) {
		case *parser.Resource:
			for _, b := range n.Bodies {
				duplicateAttrs(p, b.Attrs, Error, func(name string) (string, string) {
					return fmt.Sprintf("attribute %s is set twice in this resource body", name),
						fmt.Sprintf("Puppet fails evaluating it: \"The attribute '%s' has already been set\". Keep one.", name)
				})
			}
		case *parser.ResourceDefaults:
			typ := "the type"
			if t, ok := n.Type.(*parser.TypeRef); ok {
				typ = t.Value
			}
			duplicateAttrs(p, n.Attrs, Error, func(name string) (string, string) {
				return fmt.Sprintf("attribute %s is set twice in this resource default", name),
					fmt.Sprintf("Puppet fails evaluating it: \"Default already defined for %s { %s }; cannot redefine\". Keep one.", typ, name)
			})
		case *parser.Block:
			siblingDefaults(p, n)
		case *parser.ResourceOverride:
			duplicateAttrs(p, n.Attrs, Error, func(name string) (string, string) {
				return fmt.Sprintf("attribute %s is set twice in this override", name),
					fmt.Sprintf("Puppet fails evaluating it: \"Duplicate parameter '%s' for on <the resource>\". Keep one.", name)
			})
		case *parser.Collector:
			duplicateAttrs(p, n.Attrs, Warning, func(name string) (string, string) {
				return fmt.Sprintf("attribute %s is set twice in this collector's override", name),
					fmt.Sprintf("Puppet fails when the collector collects a resource: \"Duplicate parameter '%s' for on <the resource>\". Keep one.", name)
			})
		}
	}
}

// siblingDefaults reports an attribute that a resource default of b
// sets for a type an earlier default of b set it for: both run in one
// scope, and Puppet refuses the second.
func siblingDefaults(p *Pass, b *parser.Block) {
	type attrKey struct{ typ, name string }
	var first map[attrKey]parser.Span
	for _, st := range b.Stmts {
		d, ok := st.(*parser.ResourceDefaults)
		if !ok {
			continue
		}
		t, ok := d.Type.(*parser.TypeRef)
		if !ok {
			continue
		}
		if first == nil {
			first = map[attrKey]parser.Span{}
		}
		typ := strings.ToLower(strings.TrimPrefix(t.Value, "::"))
		here := map[string]bool{}
		for _, a := range d.Attrs {
			if a.Splat || here[a.Name] {
				continue // a duplicate within one default is reported on its own
			}
			here[a.Name] = true
			k := attrKey{typ, a.Name}
			earlier, dup := first[k]
			if !dup {
				first[k] = a.NameSpan
				continue
			}
			p.Report(Diagnostic{File: p.File.Path, Start: a.NameSpan.Start, End: a.NameSpan.End, Severity: Error,
				Message: fmt.Sprintf("attribute %s is set by an earlier resource default of %s in this scope", a.Name, t.Value),
				Detail: fmt.Sprintf("Puppet fails evaluating it: \"Default already defined for %s { %s }; cannot redefine\". "+
					"Set each attribute in one default.", t.Value, a.Name),
				Related: []Related{RelatedAt(p.File, earlier, "the earlier default sets it here")}})
		}
	}
}

// duplicateAttrs reports each attribute of attrs set before, by name or
// by a key of a literal hash unfolded with * =>; text gives the message
// and detail for a name.
func duplicateAttrs(p *Pass, attrs []*parser.AttributeOp, sev Severity, text func(name string) (msg, detail string)) {
	if len(attrs) < 2 {
		return
	}
	type set struct {
		name string
		span parser.Span
	}
	// A body sets a few attributes: a scan of the earlier ones finds a
	// name set before without the map that was most of this rule's
	// allocations; a long list gets the map.
	var buf [16]set
	seen := buf[:0]
	for _, a := range attrs {
		if !a.Splat {
			seen = append(seen, set{a.Name, a.NameSpan})
			continue
		}
		h, ok := parser.Unparen(a.Value).(*parser.Hash)
		if !ok {
			continue
		}
		for _, e := range h.Entries {
			if k, ok := parser.Unparen(e.Key).(*parser.StringLit); ok {
				seen = append(seen, set{k.Value, k.Span()})
			} else if k, ok := e.Key.(*parser.Name); ok {
				seen = append(seen, set{k.Value, k.Span()})
			}
		}
	}
	var first map[string]parser.Span
	if len(seen) > len(buf) {
		first = make(map[string]parser.Span, len(seen))
	}
	for i, s := range seen {
		var earlier parser.Span
		dup := false
		if first != nil {
			if earlier, dup = first[s.name]; !dup {
				first[s.name] = s.span
			}
		} else {
			for _, e := range seen[:i] {
				if e.name == s.name {
					earlier, dup = e.span, true
					break
				}
			}
		}
		if !dup {
			continue
		}
		msg, detail := text(s.name)
		p.Report(Diagnostic{File: p.File.Path, Start: s.span.Start, End: s.span.End, Severity: sev, Message: msg, Detail: detail,
			Related: []Related{RelatedAt(p.File, earlier, s.name+" is first set here")}})
	}
}
