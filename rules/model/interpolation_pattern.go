package model

import (
	"regexp"
	"strings"

	"github.com/ducklint/ducklint/parser"
)

// interpolationSource returns the source of the regular expression
// matching every string the interpolated string s can be: each literal
// part as literal gives it (its i-th part of s, normalised), any text for
// each interpolation. own is false when no literal part is text of its
// own (as literal says), since such a pattern would match nearly
// anything. Building the source is cheap; compiling it is not, so callers
// that need only the text, or only whether there is one, do not compile.
func interpolationSource(s *parser.InterpolatedString, literal func(i int, v string) (text string, own bool)) (src string, own bool) {
	var b strings.Builder
	b.WriteString("^")
	for i, part := range s.Parts {
		if lit, ok := part.(*parser.StringLit); ok {
			v, o := literal(i, lit.Value)
			b.WriteString(regexp.QuoteMeta(v))
			own = own || o
			continue
		}
		b.WriteString("(?s:.*)")
	}
	b.WriteString("$")
	return b.String(), own
}

// compiledPatterns compiles each distinct pattern source once for its
// owner (one collecting goroutine, or one index built once). The sources
// are built from quoted text and "(?s:.*)", so they always compile.
type compiledPatterns map[string]*regexp.Regexp

func (c *compiledPatterns) compile(src string) *regexp.Regexp {
	if re, ok := (*c)[src]; ok {
		return re
	}
	if *c == nil {
		*c = compiledPatterns{}
	}
	re := regexp.MustCompile(src)
	(*c)[src] = re
	return re
}
