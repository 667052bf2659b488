package style

import (
	"strings"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// AbsoluteClassInclusion flags classes included, required, contained,
// declared or inherited by a name starting with ::.
func AbsoluteClassInclusion() *Rule {
	return &Rule{
		ID:     "absolute-class-inclusion",
		Check:  "relative_classname_inclusion",
		Title:  "A class is included by a name starting with ::",
		Detail: `Since Puppet 4 every class name is absolute, so the leading :: says nothing; write the name without it (--fix does).`,
		Doc: `A class named with a leading :: where it is included, contained or required (include ::apache),
declared as a resource (class { '::apache': }) or inherited (inherits ::apache::params). The
check relative_classname_inclusion of the voxpupuli plugin puppet-lint-absolute_classname-check,
reading the code as it does: after include, contain or require (the function or the statement, not
the require metaparameter), each bare name or single-quoted string on the rest of the line that is
not a function's name or one of its arguments; in a class resource, the names and single-quoted
strings before the title's colon; after inherits, the name. The fix removes the ::, but for the name
after inherits, which it leaves for you.`,
		Severity: diagnostics.Warning,
		Run: func(p *Pass) {
			toks := p.PuppetLintTokens()
			report := func(i int, fix bool) {
				t := toks[i]
				f := Finding{Start: t.Start, End: t.End, Message: "class included by absolute name (::$class)"}
				if fix {
					f.Edits = []Edit{{Start: t.Start, End: t.End, NewText: strings.Replace(t.Text, "::", "", 1)}}
				}
				p.Report(f)
			}
			// The tokens it looks at are names (include, class, inherits):
			// it ranges over the view's, in order, each with its
			// puppet-lint token.
			for _, v := range p.TokensOf(parser.TokName) {
				i := p.plIndexOf(int(v))
				if i < 0 {
					continue
				}
				t := toks[i]
				switch {
				case (t.Type == "NAME" || t.Type == "FUNCTION_NAME") && (t.Text == "include" || t.Text == "contain" || t.Text == "require"):
					s := plNextCode(toks, i)
					if s < 0 || toks[s].Type == "FARROW" {
						continue
					}
					depth := 0
					for ; s < len(toks) && toks[s].Type != "NEWLINE"; s++ {
						if !plIs(toks, s, "NAME", "FUNCTION_NAME", "SSTRING") {
							continue
						}
						n := plNextCode(toks, s)
						switch {
						case plIs(toks, n, "LPAREN"):
							depth++
						case depth > 0 && plIs(toks, n, "RPAREN"):
							depth--
						case depth == 0 && plValueIsAbsolute(toks[s]):
							report(s, true)
						}
					}
				case t.Type == "CLASS" && plIs(toks, plNextCode(toks, i), "LBRACE"):
					for s := plNextCode(toks, i); s < len(toks) && toks[s].Type != "COLON"; s++ {
						if plIs(toks, s, "NAME", "SSTRING") && plValueIsAbsolute(toks[s]) {
							report(s, true)
						}
					}
				case t.Type == "INHERITS":
					// Not fixed: the safe fix checks expressions, and the
					// parent's name is part of the class definition.
					if s := plNextCode(toks, i); plIs(toks, s, "NAME") && plValueIsAbsolute(toks[s]) {
						report(s, false)
					}
				}
			}
		},
	}
}
