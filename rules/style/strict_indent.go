package style

import (
	"fmt"
	"strconv"
	"strings"

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
	lines := tokenLines(toks)
	matches := matchBrackets(toks)
	indent, colonIndent := 0, -1 // colonIndent: the line of the ":" a resource body opened, or -1
	for n, t := range toks {
		if t.Kind != parser.TokNewline || n+1 == len(toks) {
			continue
		}
		tempIndent := 0

		// Brackets opened on the line before this newline.
		openGroups := 0
		var matchedOpenLines []int
		for j := n - 1; j >= 0 && toks[j].Kind != parser.TokNewline; j-- {
			if toks[j].Kind == parser.TokHeredoc {
				tempIndent++
			}
			if isOpenBracket(toks[j]) {
				m, ok := matches[j]
				switch {
				case !ok:
					openGroups++
				case lines[m] > lines[j] && !containsInt(matchedOpenLines, lines[m]):
					openGroups++
					matchedOpenLines = append(matchedOpenLines, lines[m])
				}
			}
		}
		indent += openGroups

		// The last token of that line, but blanks and # comments.
		prev := n - 1
		for prev >= 0 && (toks[prev].Kind == parser.TokWhitespace && !isIndent(toks, prev) || toks[prev].Kind == parser.TokComment) {
			prev--
		}
		if prev >= 0 {
			switch pt := toks[prev]; {
			case isPunct(pt, ":"):
				if openGroups == 0 && colonIndent < 0 {
					colonIndent = lines[prev]
					indent++
				}
			case isPunct(pt, ";"):
				if colonIndent >= 0 {
					colonIndent = -1
					indent--
				}
			case isPunct(pt, "=") || pt.Kind == parser.TokFarrow:
				tempIndent++
			}
		}

		// Brackets closed on this line.
		var matchedCloseLines []int
		for j := n + 1; j < len(toks) && toks[j].Kind != parser.TokNewline; j++ {
			u := toks[j]
			switch {
			case isCloseBracket(u):
				m, ok := matches[j]
				if ok && lines[m] < lines[j] && !containsInt(matchedCloseLines, lines[m]) {
					indent--
					matchedCloseLines = append(matchedCloseLines, lines[m])
				}
				if isPunct(u, "}") && colonIndent >= 0 && ok && lines[m] < colonIndent {
					indent--
					colonIndent = -1
				}
			case isPunct(u, ";") && colonIndent >= 0 && (toks[j-1].Kind == parser.TokNewline || isIndent(toks, j-1)) &&
				(j+1 == len(toks) || toks[j+1].Kind == parser.TokNewline):
				// A lone ; ends the resource body on the next line already.
				tempIndent--
			}
		}

		if indent < 0 {
			next := toks[n+1]
			p.Report(Finding{Start: next.Start, End: next.Start,
				Message: "Error calculating indent: the brackets do not balance"})
			return
		}

		next := toks[n+1]
		actual := 0
		switch next.Kind {
		case parser.TokWhitespace:
			actual = len([]rune(next.Text))
		case parser.TokHeredocBody:
			actual = heredocMargin(next.Text)
		}
		expected := (indent + tempIndent) * per
		if actual == expected || next.Kind == parser.TokComment || next.Kind == parser.TokNewline {
			continue
		}
		f := Finding{Start: next.Start, End: next.End, Message: "indent should be " + strconv.Itoa(expected) + " chars and is " + strconv.Itoa(actual)}
		switch next.Kind {
		case parser.TokWhitespace:
			f.Edits = []Edit{{Start: next.Start, End: next.End, NewText: spaces(expected)}}
		case parser.TokHeredocBody:
			if text, ok := shiftHeredoc(next.Text, expected-actual); ok {
				f.Edits = []Edit{{Start: next.Start, End: next.End, NewText: text}}
			}
		default:
			f.End = next.Start
			f.Edits = []Edit{{Start: next.Start, End: next.Start, NewText: spaces(expected)}}
		}
		p.Report(f)
	}
}

// tokenLines returns the 1-based line each token starts on.
func tokenLines(toks []parser.Token) []int {
	out := make([]int, len(toks))
	line := 1
	for i, t := range toks {
		out[i] = line
		line += strings.Count(t.Text, "\n")
	}
	return out
}

// matchBrackets pairs each (, [ and { with the ) ] or } closing it, both
// ways, by token index; each kind is matched on its own, as puppet-lint
// does, and an unmatched bracket has no entry.
func matchBrackets(toks []parser.Token) map[int]int {
	out := map[int]int{}
	var open [3][]int
	for i, t := range toks {
		if t.Kind != parser.TokPunct || len(t.Text) != 1 {
			continue
		}
		if k := strings.IndexByte("([{", t.Text[0]); k >= 0 {
			open[k] = append(open[k], i)
		} else if k := strings.IndexByte(")]}", t.Text[0]); k >= 0 && len(open[k]) > 0 {
			m := open[k][len(open[k])-1]
			open[k] = open[k][:len(open[k])-1]
			out[i], out[m] = m, i
		}
	}
	return out
}

func isOpenBracket(t parser.Token) bool {
	return t.Kind == parser.TokPunct && (t.Text == "(" || t.Text == "[" || t.Text == "{")
}

func isCloseBracket(t parser.Token) bool {
	return t.Kind == parser.TokPunct && (t.Text == ")" || t.Text == "]" || t.Text == "}")
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
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
