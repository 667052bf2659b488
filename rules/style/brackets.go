package style

import (
	"slices"

	"github.com/ducklint/ducklint/parser"
)

// appendBracketPairs appends to dst, for each token of toks, the index of
// the bracket token it pairs with: each (, [ and { with the ), ] or }
// closing it and back, each kind matched on its own as puppet-lint does;
// -1 for an unmatched bracket and every other token. puncts are the
// indexes of toks's punctuation, in order (File.TokensOf): only they can
// be brackets. open is scratch space for the brackets not yet closed.
func appendBracketPairs(dst []int32, toks []parser.Token, puncts []int32, open *[3][]int32) []int32 {
	base := len(dst)
	dst = slices.Grow(dst, len(toks))[:base+len(toks)]
	for i := base; i < len(dst); i++ {
		dst[i] = -1
	}
	for k := range open {
		open[k] = open[k][:0]
	}
	for _, at := range puncts {
		i := int(at)
		t := &toks[i]
		if len(t.Text) != 1 {
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
			open[k] = append(open[k], at)
		case len(open[k-3]) > 0:
			m := open[k-3][len(open[k-3])-1]
			open[k-3] = open[k-3][:len(open[k-3])-1]
			dst[base+i], dst[base+int(m)] = m, at
		}
	}
	return dst
}
