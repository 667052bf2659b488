package style

import (
	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// SpaceBeforeArrow flags a => of a one-line resource body that is not
// preceded by exactly one space.
func SpaceBeforeArrow() *Rule {
	return &Rule{
		ID:                "space-before-arrow",
		Check:             "space_before_arrow",
		Title:             "A => has other than one space before it",
		Detail:            `Put a single space before the => (--fix does).`,
		Severity:          diagnostics.Warning,
		PuppetLintDefault: true,
		Doc: `In a resource body whose => are all on one line (comments aside), each => must have exactly one
space before it; a body whose => span lines is arrow-alignment's. The finding is at the token
before the =>, as puppet-lint's space_before_arrow (added in puppet-lint 4.3.0) reports it. The fix
makes blanks between code and the => one space, as puppet-lint's fix does, and puts a space before a
=> that has none (puppet-lint's fix inserts it before the token before the =>, which leaves the
finding in place). A => that starts a line is not fixed.`,
		Run: runSpaceBeforeArrow,
	}
}

func runSpaceBeforeArrow(p *Pass) {
	toks := p.View.Tokens
	lines := p.View.Lines
	away := p.LexedAway()
	for _, r := range p.Resources() {
		first, last := -1, -1
		for j := r.Colon; j <= r.End; j++ {
			if toks[j].Kind == parser.TokFarrow && !away[j] {
				if first < 0 {
					first = j
				}
				last = j
			}
		}
		if first < 0 || lines.Pos(toks[first].Start).Line != lines.Pos(toks[last].Start).Line {
			continue
		}
		for j := first; j <= last; j++ {
			if toks[j].Kind != parser.TokFarrow || away[j] || j == 0 {
				continue
			}
			prev := toks[j-1]
			if prev.Text == " " {
				continue
			}
			f := Finding{Start: prev.Start, End: prev.End, Message: "there should be a single space before '=>'"}
			switch {
			case prev.Kind == parser.TokNewline || prev.Kind == parser.TokWhitespace && (j < 2 || toks[j-2].Kind == parser.TokNewline):
				// The => starts a line: one space before it would take
				// joining lines, which is not this rule's to decide.
			case prev.Kind == parser.TokWhitespace:
				f.Edits = []Edit{{Start: prev.Start, End: prev.End, NewText: " "}}
			default:
				// puppet-lint's fix inserts the space before the token
				// before the =>, which leaves the => where it was.
				f.Edits = []Edit{{Start: toks[j].Start, End: toks[j].Start, NewText: " "}}
			}
			p.Report(f)
		}
	}
}
