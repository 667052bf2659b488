package style

import (
	"bytes"
	"regexp"
	"strings"
	"sync"

	"github.com/ducklint/ducklint/parser"
)

// This file holds what the rules about interpolated strings share.

// stringEnd returns the index of the token that ends the interpolated
// string starting at index pre (a TokDQPre), skipping strings nested in
// its interpolations; -1 if the string does not end.
func stringEnd(toks []parser.Token, pre int) int {
	depth := 0
	for j := pre; j < len(toks); j++ {
		switch toks[j].Kind {
		case parser.TokDQPre:
			depth++
		case parser.TokDQPost:
			if depth--; depth == 0 {
				return j
			}
		}
	}
	return -1
}

// isInterpolated reports whether toks[i] directly follows the text of an
// interpolated string: a string start or middle.
func isInterpolated(toks []parser.Token, i int) bool {
	if i == 0 {
		return false
	}
	k := toks[i-1].Kind
	return k == parser.TokDQPre || k == parser.TokDQMid
}

// indexedVariable matches what puppet-lint's lexer takes as one variable
// token at a "$": the name and any run of bracketed indexes after it, each
// up to its first "]" on the line.
var indexedVariable = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^\$(?:::)?(?:\w+(?:-\w+)*::)*\w+(?:-\w+)*(?:\[.+?\])*`)
})

// fillLexedAway returns, for each token of toks, whether puppet-lint's lexer
// never sees it because it is inside an index that lexer swallows into the
// variable before it ($h["${k}"] is one variable token to puppet-lint, so
// the string in it is not checked). vars are the indexes of toks's
// variables, in order (File.TokensOf): only they can start an index. It
// reuses the memory of away. Rules get it from Pass.LexedAway, which
// computes it once per file.
func fillLexedAway(away []bool, src []byte, toks []parser.Token, vars []int32) []bool {
	if cap(away) < len(toks) {
		away = make([]bool, len(toks))
	} else {
		away = away[:len(toks)]
		clear(away)
	}
	last := -1 // the last token lexed away
	for _, v := range vars {
		i := int(v)
		t := &toks[i]
		if i <= last || !strings.HasPrefix(t.Text, "$") || t.End >= len(src) || src[t.End] != '[' ||
			isInterpolated(toks, i) {
			continue
		}
		// The pattern matches no newline: given the rest of the line
		// alone, the matcher need not take the rest of the file in.
		line := src[t.Start:]
		if nl := bytes.IndexByte(line, '\n'); nl >= 0 {
			line = line[:nl]
		}
		end := t.Start + len(indexedVariable().Find(line))
		for i+1 < len(toks) && toks[i+1].Start < end {
			i++
			away[i] = true
			last = i
		}
	}
	return away
}
