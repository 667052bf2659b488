package style

import "github.com/ducklint/ducklint/diagnostics"

// LookupInParameter flags lookup() in a parameter list.
func LookupInParameter() *Rule {
	return &Rule{
		ID:     "lookup-in-parameter",
		Check:  "lookup_in_parameter",
		Title:  "A parameter's default calls lookup()",
		Detail: `Leave the default to automatic parameter lookup, or put it in the module's Hiera data.`,
		Doc: `A call of lookup() inside the parameter list of a class or defined type (class name ( ... )).
The check of the voxpupuli plugin puppet-lint-lookup_in_parameter-check. Puppet already looks up
every class parameter in Hiera as <class>::<parameter>; a lookup() default hides the parameter's real
default in data under another key. As in the plugin, a class whose name touches its ( (class
foo(...)) is not looked at, nor a lookup without parentheses ('k'.lookup) or with a blank before
them (lookup ('k')).`,
		Severity: diagnostics.Warning,
		Run: func(p *Pass) {
			if !hasName(p, "lookup") {
				return // what it reports is a call of lookup
			}
			toks := p.PuppetLintTokens()
			// depth is the ( nesting inside a parameter list, 0 outside one.
			active, depth := false, 0
			for i, t := range toks {
				switch t.Type {
				case "CLASS", "DEFINE":
					if name := plNextCode(toks, i); plIs(toks, name, "NAME") && plIs(toks, plNextCode(toks, name), "LPAREN") {
						active, depth = true, 0
					}
				case "LPAREN":
					if active {
						depth++
					}
				case "RPAREN":
					if active {
						depth--
						if depth == 0 {
							active = false
						}
					}
				case "FUNCTION_NAME":
					if active && t.Text == "lookup" {
						p.Report(Finding{Start: t.Start, End: t.End, Message: "lookup used to set the default value of a parameter"})
					}
				}
			}
		},
	}
}
