package style

import "github.com/ducklint/ducklint/parser"

// appendBracketPairs appends to dst, for each token of toks, the index of
// the bracket token it pairs with: each (, [ and { with the ), ] or }
// closing it and back, each kind matched on its own as puppet-lint does;
// -1 for an unmatched bracket and every other token.
func appendBracketPairs(dst []int32, toks []parser.Token) []int32 {
	base := len(dst)
	var open [3][]int32
	for i := range toks {
		dst = append(dst, -1)
		t := &toks[i]
		if t.Kind != parser.TokPunct || len(t.Text) != 1 {
			continue
		}
		k := -1
		switch t.Text[0] {
		case '(':
			k = 0
		case '[':
			k = 1
		case '{':
			k = 2
		case ')':
			k = 3
		case ']':
			k = 4
		case '}':
			k = 5
		}
		switch {
		case k < 0:
		case k < 3:
			open[k] = append(open[k], int32(i))
		case len(open[k-3]) > 0:
			m := open[k-3][len(open[k-3])-1]
			open[k-3] = open[k-3][:len(open[k-3])-1]
			dst[base+i], dst[base+int(m)] = m, int32(i)
		}
	}
	return dst
}
