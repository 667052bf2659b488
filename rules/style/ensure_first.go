package style

import (
	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// EnsureFirst flags an ensure attribute that is not a resource's first.
func EnsureFirst() *Rule {
	return &Rule{
		ID:                "ensure-first",
		Check:             "ensure_first_param",
		Title:             "ensure is not a resource's first attribute",
		Detail:            `Move ensure to the top of the resource's attributes: it says whether the rest matters.`,
		Severity:          diagnostics.Warning,
		PuppetLintDefault: true,
		Doc: `A resource body (other than a class declared like a resource) in which ensure is not the first
attribute, as puppet-lint's ensure_first_param finds it. The style guide puts ensure first because it
decides whether the other attributes matter at all.

The fix, as puppet-lint's, makes ensure and the first attribute change places: each from its name to
the end of its value, so the commas, comments and line breaks around them stay where they are. It is
not offered where either attribute holds a comment or a heredoc, and the safe --fix refuses it where
the two values depend on the order they are evaluated in (a function call and a variable of a class,
an assignment and a read).`,
		Run: func(p *Pass) {
			toks := p.View.Tokens
			for _, r := range p.Resources() {
				if r.Type >= 0 && toks[r.Type].Keyword && toks[r.Type].Text == "class" {
					continue
				}
				for k, param := range r.Params {
					if toks[param].Text != "ensure" {
						continue
					}
					if k > 0 {
						t := toks[param]
						p.Report(Finding{Start: t.Start, End: t.End, Message: "ensure found on line but it's not the first attribute",
							Edits: swapAttributes(p.View.Src, toks, r, r.Params[0], param)})
					}
					break
				}
			}
		},
	}
}

// swapAttributes returns the edits that make the attributes at a and b of
// resource r change places, each from its name to the end of its value;
// nil when either holds a comment or a heredoc, which the swap would part
// from the lines they belong to.
func swapAttributes(src []byte, toks []parser.Token, r resource, a, b int) []Edit {
	ea, eb := attributeEnd(toks, r, a), attributeEnd(toks, r, b)
	if ea < 0 || eb < 0 {
		return nil
	}
	for _, span := range [][2]int{{a, ea}, {b, eb}} {
		for j := span[0]; j <= span[1]; j++ {
			switch toks[j].Kind {
			case parser.TokComment, parser.TokBlockComment, parser.TokHeredoc, parser.TokHeredocBody:
				return nil
			}
		}
	}
	textA := string(src[toks[a].Start:toks[ea].End])
	textB := string(src[toks[b].Start:toks[eb].End])
	return []Edit{
		{Start: toks[a].Start, End: toks[ea].End, NewText: textB},
		{Start: toks[b].Start, End: toks[eb].End, NewText: textA},
	}
}

// attributeEnd returns the index of the last token of the value of the
// attribute whose name is at param: the last code token before the ","
// that ends it or the end of the body; -1 if there is none.
func attributeEnd(toks []parser.Token, r resource, param int) int {
	stop := nextOf(toks, param, ",", ";", "}")
	if stop < 0 || stop > r.End {
		stop = r.End
	}
	end := prevCode(toks, stop)
	if end <= param {
		return -1
	}
	return end
}
