package style

import (
	"bytes"
	"fmt"
	"unicode/utf8"

	"github.com/ducklint/ducklint/parser"
)

// atLineEnd reports whether the token after index i of toks ends a line:
// a newline, or the end of the file.
func atLineEnd(toks []parser.Token, i int) bool {
	return i+1 == len(toks) || toks[i+1].Kind == parser.TokNewline
}

// isIndent reports whether the whitespace token at index i of toks starts
// a line after a newline (puppet-lint's INDENT, as opposed to WHITESPACE).
func isIndent(toks []parser.Token, i int) bool {
	return i > 0 && toks[i-1].Kind == parser.TokNewline
}

// checkLineLength reports each line of p's file longer than max
// characters. Lines are split at "\n" only, so a "\r" counts as a
// character, as in puppet-lint.
func checkLineLength(p *Pass, max int) {
	src := p.View.Src
	for start := 0; start <= len(src); {
		end := bytes.IndexByte(src[start:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += start
		}
		line := src[start:end]
		if len(line) > max && utf8.RuneCount(line) > max &&
			!bytes.Contains(line, []byte("://")) && !bytes.Contains(line, []byte("template(")) {
			over := start
			for n := 0; n < max; n++ {
				_, w := utf8.DecodeRune(src[over:end])
				over += w
			}
			p.Report(Finding{Start: over, End: end, Message: fmt.Sprintf("line has more than %d characters", max)})
		}
		start = end + 1
	}
}
