package style

import (
	"regexp"
	"strings"
	"sync"

	"github.com/ducklint/ducklint/parser"
)

// heredocVariable matches a variable name after a "$" as puppet-lint's
// string lexer reads it.
var heredocVariable = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(?:::)?(?:\w+(?:-\w+)*::)*\w+(?:-\w+)*`) })

// interpolatingBodies returns the heredoc bodies of toks whose opener
// quotes its tag (@("END")), so that variables in them are interpolated.
func interpolatingBodies(toks []parser.Token) []parser.Token {
	var openers []bool
	var out []parser.Token
	for i := range toks {
		t := &toks[i]
		switch t.Kind {
		case parser.TokHeredoc:
			tag := strings.TrimSpace(strings.TrimPrefix(t.Text, "@("))
			openers = append(openers, strings.HasPrefix(tag, `"`))
		case parser.TokHeredocBody:
			if len(openers) > 0 {
				if openers[0] {
					out = append(out, *t)
				}
				openers = openers[1:]
			}
		}
	}
	return out
}

// unbracedInBody returns the byte ranges, in the file, of the variables a
// heredoc body interpolates without braces ($x, not ${x}): a "$" not
// after a backslash and outside any ${...}, followed by a name.
func unbracedInBody(body parser.Token) [][2]int {
	var out [][2]int
	text := body.Text
	for i := 0; i < len(text); i++ {
		if text[i] != '$' || (i > 0 && text[i-1] == '\\') {
			continue
		}
		if i+1 < len(text) && text[i+1] == '{' {
			depth := 0
			for j := i + 1; j < len(text); j++ {
				if text[j] == '{' {
					depth++
				} else if text[j] == '}' {
					if depth--; depth == 0 {
						i = j
						break
					}
				}
			}
			continue
		}
		if n := len(heredocVariable().FindString(text[i+1:])); n > 0 {
			out = append(out, [2]int{body.Start + i, body.Start + i + 1 + n})
			i += n
		}
	}
	return out
}
