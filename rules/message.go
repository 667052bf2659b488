package rules

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules/model"
)

// MessageLimit is the most characters a finding's message should have: it
// must fit on one line of a GitHub annotation, an editor hover and a
// terminal. The explanation goes in Diagnostic.Detail.
const MessageLimit = 120

// excerptLimit bounds the text a message quotes from the source or from a
// string value (a defined() call, a tag, a node name), which can be of any
// length; the detail quotes it whole.
const excerptLimit = 48

// excerpt makes s fit in a one-line message: white space that breaks the
// line (line feeds and tabs, with the spaces around them) becomes one
// space, other control characters become U+FFFD, and text over
// excerptLimit characters is cut and ends with "…". Plain spaces are kept:
// in a tag or node name they are the problem.
func excerpt(s string) string {
	if len(s) <= excerptLimit && !strings.ContainsFunc(s, unicode.IsControl) {
		return s
	}
	var b strings.Builder
	// n counts the runes written; in a line break, spaces go on the line
	// break's one space, and so does a space before it.
	n, breaking, space := 0, false, false
	for _, r := range s {
		if n > excerptLimit {
			break // enough to know it is cut
		}
		switch {
		case r == '\n' || r == '\r' || r == '\t' || r == '\v' || r == '\f':
			if !space {
				b.WriteByte(' ')
				n++
			}
			breaking, space = true, true
			continue
		case r == ' ' && breaking:
			continue
		case unicode.IsControl(r):
			r = unicode.ReplacementChar
		}
		b.WriteRune(r)
		n++
		breaking, space = false, r == ' '
	}
	out := b.String()
	if n > excerptLimit {
		out = string([]rune(out)[:excerptLimit-1]) + "…"
	}
	return out
}

// fit returns the first of msgs, written from the most to the least
// complete, that fits in MessageLimit, or else the last: names in a real
// tree can be long, and what a shorter message leaves out its detail says.
func fit(msgs ...string) string {
	for _, m := range msgs {
		if utf8.RuneCountInString(m) <= MessageLimit {
			return m
		}
	}
	return msgs[len(msgs)-1]
}

// withPlace appends " (place)" to msg, a location such as "a/b.pp:3", when
// the message still fits in MessageLimit. The location is then readable on
// a terminal line; callers put it in the detail too (and mostly in a
// related location), so a long message loses nothing without it.
func withPlace(msg, place string) string { return fit(msg+" ("+place+")", msg) }

// at formats a location in another file for messages: "path:line".
func at(f *model.File, span parser.Span) string {
	return fmt.Sprintf("%s:%d", f.Path, span.Start.Line)
}

// sentence upper-cases the first letter of s, to start a sentence of a
// detail with a clause also used inside one.
func sentence(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return s
	}
	return string(unicode.ToUpper(r)) + s[size:]
}
