package style

import (
	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// RightToLeftRelationship flags the <- relationship arrow.
func RightToLeftRelationship() *Rule {
	return &Rule{
		ID:                "right-to-left-relationship",
		Check:             "right_to_left_relationship",
		Title:             "A relationship arrow points right to left",
		Detail:            `Write the relationship left to right (Package['x'] -> Service['x']), in the order Puppet applies them.`,
		Severity:          diagnostics.Warning,
		PuppetLintDefault: true,
		Doc: `A <- relationship (the resource on the right is applied first). As in puppet-lint, the
notifying <~ arrow is not flagged.`,
		Run: func(p *Pass) {
			for _, i := range p.TokensOf(parser.TokPunct) {
				t := &p.View.Tokens[i]
				if t.Text == "<-" {
					p.Report(Finding{Start: t.Start, End: t.End, Message: "right-to-left (<-) relationship"})
				}
			}
		},
	}
}
