package style

import "slices"

// This file walks the values of the relationship metaparameters the way
// puppet-lint-resource_reference_syntax does, for its two checks of the
// titles of resource references.

// plReferenceTitles calls visit with the index in toks of each token that
// directly follows the [ of a resource reference (a type name, then [ with
// nothing between) in the value of a require, subscribe, notify, before,
// consume or export attribute of a resource body. The value runs from the
// => up to the body's next attribute name or its end.
func plReferenceTitles(p *Pass, toks []plToken, visit func(title int)) {
	var params []int
	for _, r := range p.Resources() {
		colon, end := p.plIndexOf(r.Colon), p.plIndexOf(r.End)
		if colon < 0 || end < 0 {
			continue
		}
		params = params[:0]
		for _, a := range r.Params {
			if i := p.plIndexOf(a); i >= 0 {
				params = append(params, i)
			}
		}
		for _, a := range params {
			switch toks[a].Text {
			case "require", "subscribe", "notify", "before", "consume", "export":
			default:
				continue
			}
			for v := plNextCode(toks, a); v >= colon && v+1 <= end && !slices.Contains(params, v+1); v++ {
				if toks[v+1].Type == "CLASSREF" && plIs(toks, v+2, "LBRACK") && v+3 < len(toks) {
					visit(v + 3)
				}
			}
		}
	}
}
