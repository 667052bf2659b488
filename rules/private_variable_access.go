package rules

import (
	"fmt"
	"strings"

	"github.com/ducklint/ducklint/rules/model"
)

// PrivateVariableAccess reports qualified reads of private names (a
// segment starting with '_') from outside the module that owns them.
func PrivateVariableAccess() *Rule {
	return &Rule{
		ID:       "private-variable-access",
		Title:    "A private variable read from outside its module",
		Severity: Info,
		Kind:     PerFile,
		Doc: `A qualified variable name with a segment starting with an underscore ($apache::_cfg, $a::_impl::x) marks a
name private to its module. Reading it from outside the module is deprecated: the module may rename or
drop it at any time. Use the module's documented parameters or a function it provides instead.`,
		Run: runPrivateVariableAccess,
	}
}

func runPrivateVariableAccess(p *Pass) {
	for _, r := range staticScope(p).Reads(p.File) {
		if _, _, ok := model.QualifiedTarget(r.Var); !ok {
			continue
		}
		segs := strings.Split(strings.TrimPrefix(r.Var.Name, "::"), "::")
		private := ""
		for _, s := range segs {
			if strings.HasPrefix(s, "_") {
				private = s
				break
			}
		}
		mod := strings.ToLower(segs[0])
		if private == "" || inModule(r.Scope, p.File, mod) {
			continue
		}
		p.ReportSpan(p.File, r.Var.Span(),
			fmt.Sprintf("%s is private to module %s (its segment %s starts with '_')", varRef(r.Var), mod, private),
			"Reading it from outside the module is deprecated. Use the module's parameters instead.")
	}
}
