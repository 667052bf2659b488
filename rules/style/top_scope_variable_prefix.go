package style

import (
	"regexp"
	"strings"
	"sync"

	"github.com/ducklint/ducklint/diagnostics"
)

// plTopScopeQualified matches the name of a qualified variable written
// with a leading :: (::apache::port), whose first segment has at least two
// characters, as puppet-lint-topscope-variable-check matches it.
var plTopScopeQualified = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^::[a-z0-9_][a-zA-Z0-9_]+::`) })

// TopScopeVariablePrefix flags a class's variable read with a leading ::
// ($::apache::port) in a file that defines a class or defined type.
func TopScopeVariablePrefix() *Rule {
	return &Rule{
		ID:     "top-scope-variable-prefix",
		Check:  "topscope_variable",
		Title:  "A qualified variable is written with a leading ::",
		Detail: `A qualified name is always looked up from the top scope: write $apache::port, not $::apache::port (--fix drops the ::).`,
		Doc: `A qualified variable written with a leading :: ($::apache::port) in a file that defines a class
or defined type. The check topscope_variable of the voxpupuli plugin
puppet-lint-topscope-variable-check. Puppet resolves a qualified name from the top scope whether or not
it starts with ::, so the :: says nothing; the fix removes it.`,
		Severity: diagnostics.Warning,
		Run: func(p *Pass) {
			toks := p.PuppetLintTokens()
			if len(plDefinitionKeywords(p, toks)) == 0 {
				return
			}
			for _, at := range p.plTokensOf("VARIABLE") {
				i, t := int(at), toks[at]
				if plUnenclosedVariable(toks, i) {
					continue
				}
				name := strings.TrimPrefix(t.Text, "$")
				if !strings.HasPrefix(name, "::") || !plTopScopeQualified().MatchString(name) {
					continue
				}
				// The edit replaces the variable up to the end of its name
				// (the token may take in an index), the expression the safe
				// fix compares.
				sigil := len(t.Text) - len(name)
				end := sigil + 2
				for end < len(t.Text) && (isNameByte(t.Text[end]) || t.Text[end] == ':') {
					end++
				}
				p.Report(Finding{Start: t.Start, End: t.End,
					Message: "use $" + name[2:] + " instead of $" + name,
					Edits:   []Edit{{Start: t.Start, End: t.Start + end, NewText: t.Text[:sigil] + t.Text[sigil+2:end]}}})
			}
		},
	}
}

// plUnenclosedVariable reports whether the VARIABLE toks[i] is interpolated
// without braces ("$x"), which puppet-lint's lexer types UNENC_VARIABLE.
func plUnenclosedVariable(toks []plToken, i int) bool {
	if i == 0 {
		return false
	}
	prev := toks[i-1]
	return (prev.Type == "DQPRE" || prev.Type == "DQMID") && !strings.HasSuffix(prev.Text, "${")
}

// isNameByte reports whether c may be part of a variable's name segment.
func isNameByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
