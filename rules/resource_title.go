package rules

import (
	"fmt"
	"strconv"

	"github.com/ducklint/ducklint/parser"
)

// InvalidResourceTitle reports literal resource titles Puppet refuses
// when it evaluates the resource expression.
func InvalidResourceTitle() *Rule {
	return &Rule{
		ID:       "invalid-resource-title",
		Title:    "A resource expression has a literal title Puppet refuses",
		Severity: Error,
		Kind:     PerFile,
		Doc: `A title written as undef ("Missing title. The title expression resulted in undef"), an undef, a
number or a Boolean in a title array ("Missing title at index 1. …", "Illegal title type at index 0.
Expected String, got Integer"), an empty string ("Empty string title at 0. Title strings must have a
length greater than zero."), or the same literal title twice in one resource expression, across its
bodies or in one title array ("The title '/x' has already been used in this resource expression", also
for two default: bodies). Puppet's validator accepts these; evaluating the expression fails, whatever
the node. Titles that are not literals are not checked.`,
		Run: runInvalidResourceTitle,
	}
}

// titleKey is a literal title of a resource body, to find one used twice:
// a string's (kind 's') or default (kind 'd').
type titleKey struct {
	kind byte
	s    string
}

func runInvalidResourceTitle(p *Pass) {
	for _, r := range nodesOfType[*parser.Resource](p) {
		first := map[titleKey]parser.Span{}
		for _, b := range r.Bodies {
			title := parser.Unparen(b.Title)
			if _, ok := title.(*parser.Undef); ok {
				p.ReportSpan(p.File, title.Span(), "this resource's title is undef",
					`Puppet fails evaluating it: "Missing title. The title expression resulted in undef".`)
				continue
			}
			elems := []parser.Expr{title}
			if a, ok := title.(*parser.Array); ok {
				elems = a.Elems
			}
			for i, e := range elems {
				e = parser.Unparen(e)
				var msg, detail string
				var key titleKey // the zero key: none
				switch e := e.(type) {
				case *parser.Undef:
					msg = "a title of this resource is undef"
					detail = fmt.Sprintf("Missing title at index %d. The title expression resulted in an undef title", i)
				case *parser.Number:
					typ := "Integer"
					if e.IsFloat {
						typ = "Float"
					}
					msg = fmt.Sprintf("a title of this resource is the number %s, not a string", e.Raw)
					detail = fmt.Sprintf("Illegal title type at index %d. Expected String, got %s", i, typ)
				case *parser.Bool:
					msg = fmt.Sprintf("a title of this resource is the Boolean %t, not a string", e.Value)
					detail = fmt.Sprintf("Illegal title type at index %d. Expected String, got Boolean", i)
				case *parser.StringLit:
					if e.Value == "" {
						msg = "a title of this resource is the empty string"
						detail = fmt.Sprintf("Empty string title at %d. Title strings must have a length greater than zero.", i)
					}
					key = titleKey{kind: 's', s: e.Value}
				case *parser.Name:
					key = titleKey{kind: 's', s: e.Value}
				case *parser.Default:
					key = titleKey{kind: 'd'}
				}
				if msg != "" {
					p.ReportSpan(p.File, e.Span(), msg, "Puppet fails evaluating it: \""+detail+"\".")
					continue
				}
				if key.kind == 0 {
					continue
				}
				if earlier, dup := first[key]; dup {
					shown := "default"
					if key.kind == 's' {
						shown = key.s
					}
					p.ReportSpan(p.File, e.Span(), "title "+strconv.Quote(shown)+" is used twice in this resource expression",
						fmt.Sprintf("Puppet fails evaluating it: \"The title '%s' has already been used in this resource expression\". Merge the bodies.", shown),
						RelatedAt(p.File, earlier, "the title is first used here"))
					continue
				}
				first[key] = e.Span()
			}
		}
	}
}
