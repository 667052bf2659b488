package style

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// StrictIndentOptions are the options of strict-indent.
type StrictIndentOptions struct {
	// CharsPerIndent is the width of one level of indentation
	// (puppet-lint's chars_per_indent).
	CharsPerIndent int `toml:"chars_per_indent"`
}

// Validate checks the options after decoding.
func (o *StrictIndentOptions) Validate() error {
	if o.CharsPerIndent < 1 {
		return fmt.Errorf("chars_per_indent must be at least 1, not %d", o.CharsPerIndent)
	}
	return nil
}

// StrictIndent flags lines not indented by the brackets open around them.
func StrictIndent() *Rule {
	return &Rule{
		ID:       "strict-indent",
		Check:    "strict_indent",
		Title:    "A line is not indented by the brackets, resource bodies and assignments around it",
		Detail:   `Indent each line two spaces (chars_per_indent) per bracket, brace or parenthesis opened on earlier lines and not yet closed, and per resource body; --fix does.`,
		Severity: diagnostics.Warning,
		NewOptions: func() any {
			return &StrictIndentOptions{CharsPerIndent: 2}
		},
		Doc: `The indentation each line should have, worked out as the voxpupuli plugin puppet-lint-strict_indent-check
does: one level (chars_per_indent spaces, 2 by default) for each {, [ or ( on earlier lines that is
still open (brackets opened on one line count once per line they are closed on), one for a resource
body after "title:" until its ";" or closing brace, and one for the line after one ending in =, =>
or a heredoc's @(TAG). A heredoc's indentation is that of its closing tag. Comments at the start of a
line and empty lines are not checked; other lines must start with exactly that many blanks. The fix
re-indents the line, and shifts a heredoc with a | margin as a whole.`,
		Run: runStrictIndent,
	}
}

func runStrictIndent(p *Pass) {
	toks := p.View.Tokens
	per := p.Options.(*StrictIndentOptions).CharsPerIndent
	lines := p.TokenLines()
	pairs := p.BracketPairs()           // an open bracket's pair is after it, a closing one's before
	indent, colonIndent := 0, int32(-1) // colonIndent: the line of the ":" a resource body opened, or -1
	// The lines of the brackets matched on the line before a newline and
	// on the line after it: a line counts once however many of its
	// brackets pair with one line.
	var matchedOpenLines, matchedCloseLines []int32
	newlines := p.TokensOf(parser.TokNewline)
	// What the line before a newline opens: the first line's counted here,
	// each later one's as the line is scanned for what it closes.
	nextOpenGroups, nextHeredocs := 0, 0
	if len(newlines) > 0 {
		nextOpenGroups, nextHeredocs = openedOn(toks, lines, pairs, 0, int(newlines[0]), &matchedOpenLines)
	}
	// The last finding's indentations and message: lines in a row are
	// often off by the same amount.
	lastExpected, lastActual, lastMessage := 0, 0, ""
	for k, at := range newlines {
		n := int(at)
		if n+1 == len(toks) {
			continue
		}
		tempIndent := 0

		// Brackets opened on the line before this newline.
		openGroups := nextOpenGroups
		tempIndent += nextHeredocs
		indent += openGroups

		// The last token of that line, but blanks and # comments.
		prev := n - 1
		for prev >= 0 && (toks[prev].Kind == parser.TokWhitespace && !isIndent(toks, prev) || toks[prev].Kind == parser.TokComment) {
			prev--
		}
		if prev >= 0 {
			switch pt := &toks[prev]; {
			case pt.Kind == parser.TokFarrow:
				tempIndent++
			case pt.Kind != parser.TokPunct:
			case pt.Text == ":":
				if openGroups == 0 && colonIndent < 0 {
					colonIndent = lines[prev]
					indent++
				}
			case pt.Text == ";":
				if colonIndent >= 0 {
					colonIndent = -1
					indent--
				}
			case pt.Text == "=":
				tempIndent++
			}
		}

		// Brackets closed on this line, and what it opens (for the next
		// newline), in one pass.
		matchedCloseLines = matchedCloseLines[:0]
		end := len(toks) // the next newline
		if k+1 < len(newlines) {
			end = int(newlines[k+1])
		}
		nextOpenGroups, nextHeredocs = 0, 0
		matchedOpenLines = matchedOpenLines[:0]
		for j := n + 1; j < end; j++ {
			u := &toks[j]
			if u.Kind != parser.TokPunct || len(u.Text) != 1 {
				if u.Kind == parser.TokHeredoc {
					nextHeredocs++
				}
				continue
			}
			switch u.Text[0] {
			case '(', '[', '{': // counted as openedOn counts them
				m := pairs[j]
				switch {
				case m < 0:
					nextOpenGroups++
				case lines[m] > lines[j] && !slices.Contains(matchedOpenLines, lines[m]):
					nextOpenGroups++
					matchedOpenLines = append(matchedOpenLines, lines[m])
				}
			case ')', ']', '}':
				m := pairs[j]
				if m >= 0 && lines[m] < lines[j] && !slices.Contains(matchedCloseLines, lines[m]) {
					indent--
					matchedCloseLines = append(matchedCloseLines, lines[m])
				}
				if u.Text == "}" && colonIndent >= 0 && m >= 0 && lines[m] < colonIndent {
					indent--
					colonIndent = -1
				}
			case ';':
				if colonIndent >= 0 && (toks[j-1].Kind == parser.TokNewline || isIndent(toks, j-1)) &&
					(j+1 == len(toks) || toks[j+1].Kind == parser.TokNewline) {
					// A lone ; ends the resource body on the next line already.
					tempIndent--
				}
			}
		}

		next := &toks[n+1]
		if indent < 0 {
			p.Report(Finding{Start: next.Start, End: next.Start,
				Message: "Error calculating indent: the brackets do not balance"})
			return
		}

		actual := 0
		switch next.Kind {
		case parser.TokWhitespace:
			actual = utf8.RuneCountInString(next.Text)
		case parser.TokHeredocBody:
			actual = heredocMargin(next.Text)
		}
		expected := (indent + tempIndent) * per
		if actual == expected || next.Kind == parser.TokComment || next.Kind == parser.TokNewline {
			continue
		}
		// A tree indented by another width than the option's has a
		// finding on most lines, with few distinct messages: each is made
		// once (Intern), and the edit needs no slice of its own (OneEdit).
		if expected != lastExpected || actual != lastActual || lastMessage == "" {
			var msg [64]byte
			m := append(msg[:0], "indent should be "...)
			m = strconv.AppendInt(m, int64(expected), 10)
			m = append(m, " chars and is "...)
			m = strconv.AppendInt(m, int64(actual), 10)
			lastExpected, lastActual, lastMessage = expected, actual, p.Intern(m)
		}
		f := Finding{Start: next.Start, End: next.End, Message: lastMessage}
		switch next.Kind {
		case parser.TokWhitespace:
			f.Edits = p.OneEdit(Edit{Start: next.Start, End: next.End, NewText: spaces(expected)})
		case parser.TokHeredocBody:
			if text, ok := shiftHeredoc(next.Text, expected-actual); ok {
				f.Edits = p.OneEdit(Edit{Start: next.Start, End: next.End, NewText: text})
			}
		default:
			f.End = next.Start
			f.Edits = p.OneEdit(Edit{Start: next.Start, End: next.Start, NewText: spaces(expected)})
		}
		p.Report(f)
	}
}

// openedOn counts the brackets opened by toks[from:to], one line: each
// not closed, and one per later line its brackets close on; and the
// heredoc openers there. lines and pairs are the view's TokenLines and
// BracketPairs; matched is scratch space.
func openedOn(toks []parser.Token, lines, pairs []int32, from, to int, matched *[]int32) (groups, heredocs int) {
	*matched = (*matched)[:0]
	for j := from; j < to; j++ {
		t := &toks[j]
		if t.Kind == parser.TokHeredoc {
			heredocs++
		}
		if isOpenBracket(t) {
			m := pairs[j]
			switch {
			case m < 0:
				groups++
			case lines[m] > lines[j] && !slices.Contains(*matched, lines[m]):
				groups++
				*matched = append(*matched, lines[m])
			}
		}
	}
	return groups, heredocs
}

func isOpenBracket(t *parser.Token) bool {
	return t.Kind == parser.TokPunct && (t.Text == "(" || t.Text == "[" || t.Text == "{")
}

// heredocMargin is the indentation of a heredoc: the blanks before its
// closing tag (and its | margin), the last line of the body token.
func heredocMargin(body string) int {
	last := body[strings.LastIndexByte(body, '\n')+1:]
	return len(last) - len(strings.TrimLeft(last, " \t"))
}

// shiftHeredoc moves a heredoc body (its text and its closing tag line)
// by change columns, keeping its value. Only a heredoc with a | margin
// can move: Puppet removes the margin (the tag line's indentation) from
// each line that starts with at least that many blanks, and leaves a
// shorter line as it is. So the lines at or beyond the margin move with
// it, a shorter line stays, and when a shorter line would no longer be
// shorter than the new margin the heredoc is not moved.
func shiftHeredoc(body string, change int) (string, bool) {
	lines := strings.Split(body, "\n")
	tagLine := lines[len(lines)-1]
	if !strings.HasPrefix(strings.TrimLeft(tagLine, " \t"), "|") {
		return "", false
	}
	margin := leadingBlanks(tagLine)
	if margin+change < 0 {
		return "", false
	}
	for i, l := range lines {
		k := leadingBlanks(l)
		switch {
		case i < len(lines)-1 && k < margin:
			if k >= margin+change {
				return "", false
			}
		case change < 0:
			lines[i] = l[-change:]
		default:
			lines[i] = strings.Repeat(" ", change) + l
		}
	}
	return strings.Join(lines, "\n"), true
}

// leadingBlanks counts the spaces and tabs a line starts with.
func leadingBlanks(l string) int {
	return len(l) - len(strings.TrimLeft(l, " \t"))
}

// indentSpaces is the indentation spaces() cuts from.
const indentSpaces = "                                                                                                                                "

// spaces returns n spaces, without allocating for any indentation a
// manifest plausibly has (up to 128 columns).
func spaces(n int) string {
	if n <= len(indentSpaces) {
		return indentSpaces[:n]
	}
	return strings.Repeat(" ", n)
}
