package style

import "github.com/ducklint/ducklint/diagnostics"

// FileEnsurePresent flags file resources with ensure => present.
func FileEnsurePresent() *Rule {
	return &Rule{
		ID:     "file-ensure-present",
		Check:  "file_ensure",
		Title:  "A file resource has ensure => present",
		Detail: `Say which kind of file is meant: ensure => file, directory or link.`,
		Doc: `A file resource body whose first ensure attribute is present (a bare word or a quoted
string). The check of the voxpupuli plugin puppet-lint-file_ensure-check. With present, Puppet
creates an empty file where nothing exists and accepts whatever is there otherwise: a directory or
a link as well as a file. Not fixed: the plugin's fix writes file (link, where the body has a
target), which makes Puppet replace a directory or a link it accepted before.`,
		Severity: diagnostics.Warning,
		Run: func(p *Pass) {
			toks := p.PuppetLintTokens()
			view := p.View.Tokens
			for _, r := range p.Resources() {
				if r.TypeName(view) != "file" {
					continue
				}
				colon, end := p.plIndexOf(r.Colon), p.plIndexOf(r.End)
				if colon < 0 || end < 0 {
					continue
				}
				for i := colon; i <= end; i++ {
					if toks[i].Type != "NAME" || toks[i].Text != "ensure" || !plIs(toks, plNextCode(toks, i), "FARROW") {
						continue
					}
					v := plNextCode(toks, plNextCode(toks, i))
					if v >= 0 && plStringValue(toks[v]) == "present" {
						t := toks[v]
						p.Report(Finding{Start: t.Start, End: t.End, Message: "ensure set to present on file resource"})
					}
					break
				}
			}
		},
	}
}
