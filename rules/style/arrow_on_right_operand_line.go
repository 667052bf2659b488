package style

import (
	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// ArrowOnRightOperandLine flags a chaining arrow at the end of the left
// operand's line.
func ArrowOnRightOperandLine() *Rule {
	return &Rule{
		ID:                "arrow-on-right-operand-line",
		Check:             "arrow_on_right_operand_line",
		Title:             "A chaining arrow ends the left operand's line",
		Detail:            `Start the right operand's line with the arrow (--fix moves it).`,
		Severity:          diagnostics.Warning,
		PuppetLintDefault: true,
		Doc: `A -> or ~> chaining arrow whose right operand starts on a later line, as puppet-lint's
arrow_on_right_operand_line check finds: the style guide puts the arrow at the start of the right
operand's line. The fix moves the arrow there, followed by a space, and drops the blank that was
before it when only a line break or blanks follow.`,
		Run: func(p *Pass) {
			toks := p.View.Tokens
			lines := p.View.Lines
			for _, at := range p.TokensOf(parser.TokPunct) {
				i, t := int(at), toks[at]
				if t.Text != "->" && t.Text != "~>" {
					continue
				}
				right := codeAfter(toks, i)
				if right < 0 || lines.Pos(toks[right].Start).Line == lines.Pos(t.Start).Line {
					continue
				}
				del := Edit{Start: t.Start, End: t.End}
				if left := codeBefore(toks, i); left >= 0 && toks[left+1].Kind == parser.TokWhitespace && left+2 == i &&
					i+1 < len(toks) && (toks[i+1].Kind == parser.TokNewline || toks[i+1].Kind == parser.TokWhitespace) {
					del.Start = toks[left+1].Start
				}
				p.Report(Finding{Start: t.Start, End: t.End, Message: "arrow should be on the right operand's line",
					Edits: []Edit{del, {Start: toks[right].Start, End: toks[right].Start, NewText: t.Text + " "}}})
			}
		},
	}
}
