package style

import (
	"strings"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// PuppetURLWithoutModules flags puppet:// URLs whose path does not start
// with modules/.
func PuppetURLWithoutModules() *Rule {
	return &Rule{
		ID:                "puppet-url-without-modules",
		Check:             "puppet_url_without_modules",
		Title:             "A puppet:// URL does not name modules/",
		Detail:            `A module's files are served under puppet:///modules/<module>/; insert modules/ after the mount point's slash (--fix does).`,
		Severity:          diagnostics.Warning,
		PuppetLintDefault: true,
		Doc: `A string starting with puppet:// whose path (after the server part, usually empty) does not start
with modules/, as puppet-lint's puppet_url_without_modules finds: puppet:///foo/bar.conf rather than
puppet:///modules/foo/bar.conf. For an interpolated string the text before the first interpolation
is checked. The fix inserts modules/ after the first slash that follows puppet://, in strings
without interpolation (an interpolated one is left to fix by hand).`,
		Run: func(p *Pass) {
			if !stringStarts(p, "puppet://") {
				return
			}
			for i := range p.View.Tokens {
				t := &p.View.Tokens[i]
				var body string
				switch t.Kind {
				case parser.TokSQString, parser.TokDQString:
					body = t.Text[1 : len(t.Text)-1]
				case parser.TokDQPre:
					body = strings.TrimSuffix(t.Text[1:], "${")
				default:
					continue
				}
				const scheme = "puppet://"
				if !strings.HasPrefix(body, scheme) {
					continue
				}
				slash := strings.IndexByte(body[len(scheme):], '/')
				if slash >= 0 {
					rest := body[len(scheme)+slash+1:]
					if rest != "" && strings.HasPrefix(rest, "modules/") {
						continue
					}
				}
				f := Finding{Start: t.Start, End: t.End, Message: "puppet:// URL without modules/ found"}
				// An interpolated string is fixed by hand: the edit would
				// rewrite part of one expression.
				if slash >= 0 && t.Kind != parser.TokDQPre {
					// The edit replaces the whole token: the safe fix
					// compares the trees, where the string is one node.
					at := 1 + len(scheme) + slash + 1
					f.Edits = []Edit{{Start: t.Start, End: t.End, NewText: t.Text[:at] + "modules/" + t.Text[at:]}}
				}
				p.Report(f)
			}
		},
	}
}
