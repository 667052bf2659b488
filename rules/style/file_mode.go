package style

import (
	"regexp"
	"strings"
	"sync"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// fileModeRe matches the modes puppet-lint's file_mode accepts: four octal
// digits or a symbolic mode such as u=rwx,g+r.
var fileModeRe = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(?:[0-7]{4}|[ugoa]*[-=+][-=+rstwxXugo]*(?:,[ugoa]*[-=+][-=+rstwxXugo]*)*)\n?$`)
})

// threeDigitMode is a mode the fix can complete with a leading zero.
var threeDigitMode = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[0-7]{3}$`) })

// FileMode flags a file's mode that is neither four octal digits nor
// symbolic.
func FileMode() *Rule {
	return &Rule{
		ID:                "file-mode",
		Check:             "file_mode",
		Title:             "A file mode is not four octal digits or symbolic",
		Detail:            `Write the mode as four octal digits ('0644') or symbolically ('u=rw,go=r'); --fix turns three digits into a quoted four.`,
		Severity:          diagnostics.Warning,
		PuppetLintDefault: true,
		Doc: `The mode attribute of a file or concat resource whose value is not four octal digits ('0644') or
a symbolic mode ('u=rw,go=r'), as puppet-lint's file_mode finds it. A variable, undef or a function
call is not checked; a string that starts with an interpolation is checked by its text before the
interpolation, which puppet-lint flags too. As in puppet-lint, only the first mode of a resource
body that is not a variable is looked at. The fix turns three octal digits into four in single
quotes ('0644'), as puppet-lint's does; other values are fixed by hand.`,
		Run: func(p *Pass) {
			toks := p.View.Tokens
			for _, r := range p.Resources() {
				if name := r.TypeName(toks); name != "file" && name != "concat" {
					continue
				}
				for _, param := range r.Params {
					if toks[param].Text != "mode" {
						continue
					}
					v := valueOf(toks, param)
					if v < 0 {
						break
					}
					t := toks[v]
					if t.Kind == parser.TokVariable || (t.Kind == parser.TokName && (t.Text == "undef" || punctAt(toks, v+1, "("))) {
						break
					}
					value := t.Text
					switch t.Kind {
					case parser.TokSQString, parser.TokDQString:
						value = value[1 : len(value)-1]
					case parser.TokDQPre:
						value = strings.TrimSuffix(value[1:], "${")
					}
					if fileModeRe().MatchString(value) {
						break
					}
					f := Finding{Start: t.Start, End: t.End, Message: "mode should be represented as a 4 digit octal value or symbolic mode"}
					if threeDigitMode().MatchString(value) && t.Kind != parser.TokDQPre {
						f.Edits = []Edit{{Start: t.Start, End: t.End, NewText: "'0" + value + "'"}}
					}
					p.Report(f)
				}
			}
		},
	}
}
