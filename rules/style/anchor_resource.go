package style

import "github.com/ducklint/ducklint/diagnostics"

// AnchorResource flags anchor resources.
func AnchorResource() *Rule {
	return &Rule{
		ID:     "anchor-resource",
		Check:  "anchor_resource",
		Title:  "An anchor resource",
		Detail: `Use contain for the classes the anchors enclose; Puppet contains them without anchors since 3.4.`,
		Doc: `A resource of type anchor (stdlib's anchor pattern). The check of the voxpupuli plugin
puppet-lint-anchor-check. Since Puppet 3.4 the contain function keeps a class's resources inside the
class that contains it, which is what a pair of anchors was for. Not fixed: replacing anchors with
contain changes the relationships, which needs reading the class.`,
		Severity: diagnostics.Warning,
		Run: func(p *Pass) {
			view := p.View.Tokens
			for _, r := range p.Resources() {
				if r.TypeName(view) == "anchor" {
					t := view[r.Type]
					p.Report(Finding{Start: t.Start, End: t.End, Message: "manifest includes anchor resource"})
				}
			}
		},
	}
}
