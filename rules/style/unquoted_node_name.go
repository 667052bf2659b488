package style

import (
	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// UnquotedNodeName flags node names written as bare words.
func UnquotedNodeName() *Rule {
	return &Rule{
		ID:                "unquoted-node-name",
		Check:             "unquoted_node_name",
		Title:             "A node name is not quoted",
		Detail:            `Quote the node name ('web01.example.com'); --fix does.`,
		Severity:          diagnostics.Warning,
		PuppetLintDefault: true,
		Doc: `A bare word among the names of a node definition, between node and its {, other than default,
as puppet-lint's unquoted_node_name check finds. The fix quotes the name in single quotes. A dotted
name (node web01.example.com) is one name to Puppet: ducklint quotes it whole, where puppet-lint
quotes each word apart and writes code Puppet rejects.`,
		Run: func(p *Pass) {
			toks := p.View.Tokens
			for _, at := range p.TokensOf(parser.TokName) {
				i, t := int(at), toks[at]
				if !isKeyword(t, "node") {
					continue
				}
				for j := i + 1; j < len(toks) && !isPunct(toks[j], "{"); j++ {
					if !nodeNamePart(toks[j]) {
						continue
					}
					// A run of adjacent words, numbers and dots is one name.
					end, bare := j, false
					for ; end < len(toks) && nodeNamePart(toks[end]); end++ {
						if toks[end].Kind == parser.TokName && toks[end].Text != "default" {
							bare = true
						}
					}
					if bare {
						start, stop := toks[j].Start, toks[end-1].End
						name := string(p.View.Src[start:stop])
						p.Report(Finding{Start: start, End: stop, Message: "unquoted node name found",
							Edits: []Edit{{Start: start, End: stop, NewText: "'" + name + "'"}}})
					}
					j = end - 1
				}
			}
		},
	}
}

// nodeNamePart reports whether t can be part of an unquoted node name.
func nodeNamePart(t parser.Token) bool {
	return t.Kind == parser.TokName || t.Kind == parser.TokNumber || isPunct(t, ".")
}
