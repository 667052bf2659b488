package model

import (
	"regexp"
	"strings"

	"github.com/ducklint/ducklint/parser"
)

// interpolationPattern returns the regular expression matching every
// string the interpolated string s can be: each literal part as literal
// gives it (its i-th part of s, normalised), any text for each
// interpolation. It is nil when no literal part is text of its own (as
// literal says), since such a pattern would match nearly anything.
func interpolationPattern(s *parser.InterpolatedString, literal func(i int, v string) (text string, own bool)) *regexp.Regexp {
	var b strings.Builder
	own := false
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
	if !own {
		return nil
	}
	return regexp.MustCompile(b.String())
}
