package rules

import (
	"strings"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// Edit is an exact fix's replacement of a range (diagnostics.Edit).
type Edit = diagnostics.Edit

// replaceExpr returns the edit that replaces expression n of the pass's
// file with code, an expression that starts with '$' ($facts['os']),
// written as the place of n needs it: as is, without its '$' inside
// "${...}", and as "${...}" where n is a "$x" interpolated in a string.
func replaceExpr(p *Pass, n parser.Node, code string, unbracedInString bool) []Edit {
	src := p.File.Parsed.Src
	span := n.Span()
	if int(span.End.Offset) > len(src) || span.Start.Offset >= span.End.Offset {
		return nil
	}
	text := code
	switch {
	case src[span.Start.Offset] != '$':
		text = strings.TrimPrefix(code, "$") // inside "${...}"
	case unbracedInString:
		text = "${" + strings.TrimPrefix(code, "$") + "}"
	}
	return []Edit{{Start: span.Start, End: span.End, NewText: text}}
}

// interpolatedParts tells whether an expression of the pass's file is
// interpolated directly by a string ("$x" or "${x}"), for replaceExpr.
// The set is made on the first question: most files have no fix to make.
type interpolatedParts struct {
	p     *Pass
	parts map[parser.Node]bool
}

func (ip *interpolatedParts) has(n parser.Node) bool {
	if ip.parts == nil {
		ip.parts = map[parser.Node]bool{}
		for _, s := range nodesOfType[*parser.InterpolatedString](ip.p) {
			for _, e := range s.Parts {
				ip.parts[e] = true
			}
		}
	}
	return ip.parts[n]
}
