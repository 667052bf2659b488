package rules

import (
	"strings"

	"github.com/ducklint/ducklint/parser"
)

// UnusedIgnore reports control comments that do nothing. The runner does the
// work, because only it sees which findings each directive suppressed.
func UnusedIgnore() *Rule {
	return &Rule{
		ID:       "unused-ignore",
		Title:    "A control comment suppresses nothing, names an unknown rule, or is never closed",
		Severity: Warning,
		Kind:     PerFile,
		Aliases:  nil,
		Doc: `A "# lint:ignore:<rule>" comment that no longer suppresses a finding hides the next real
problem on that line, and a misspelt rule name suppresses nothing at all. A block opened with
"# lint:ignore:<rule>" on a line of its own must be closed with "# lint:endignore"; an unclosed block is
reported and covers the rest of the file. Names of puppet-lint checks that have no ducklint
equivalent (e.g. 140chars) are left alone: they are for puppet-lint.`,
		Run: func(*Pass) {},
	}
}

// removeIgnoredName returns the exact fix of directive d's unused rule
// name: the name removed from its lint:ignore word when the word names
// others; the word removed when the comment holds other lint: words or
// says something before it; otherwise the whole comment (a comment in
// puppet-lint's form "# lint:ignore:rule reason", whose reason goes with
// it) and, for a block, its lint:endignore. A comment on a line of its
// own goes with its line. Nil for a /* */ comment, which is rare enough
// not to be worth the cases.
func removeIgnoredName(f *parser.File, d *directive, name string) []Edit {
	c := d.comment
	if c.Block || f.Src[c.Start.Offset] != '#' {
		return nil
	}
	body, at := commentBody(f, c)
	matches := directivePattern().FindAllStringSubmatchIndex(body, -1)
	type rawName struct{ word, start, end int } // its word's match, its range in body
	var names []rawName
	target := -1
	endignore := false
	for w, m := range matches {
		if m[4] < 0 { // lint:endignore
			endignore = true
			continue
		}
		off := m[4]
		for n := range strings.SplitSeq(body[m[4]:m[5]], ",") {
			if n != "" {
				if target < 0 && n == name {
					target = len(names)
				}
				names = append(names, rawName{w, off, off + len(n)})
			}
			off += len(n) + 1
		}
	}
	if target < 0 {
		return nil
	}
	t := names[target]
	inWord := 0
	for _, n := range names {
		if n.word == t.word {
			inWord++
		}
	}
	m := matches[t.word]
	switch {
	case inWord > 1 && t.end < len(body) && body[t.end] == ',':
		return []Edit{edit(f, at+t.start, at+t.end+1)}
	case inWord > 1: // the last name of its word: a comma precedes it
		return []Edit{edit(f, at+t.start-1, at+t.end)}
	case len(names) > 1 || endignore || strings.TrimSpace(body[:m[0]]) != "":
		return []Edit{removeWord(f, body, at, m[0], m[1])}
	}
	edits := []Edit{removeComment(f, c)}
	if d.block && d.end != nil {
		end, endAt := commentBody(f, d.end)
		ms := directivePattern().FindAllStringIndex(end, -1)
		if d.end.Block || f.Src[d.end.Start.Offset] != '#' || len(ms) != 1 {
			return nil // the lint:endignore shares its comment with another directive
		}
		if strings.TrimSpace(end[:ms[0][0]]) == "" {
			edits = append(edits, removeComment(f, d.end))
		} else {
			edits = append(edits, removeWord(f, end, endAt, ms[0][0], ms[0][1]))
		}
	}
	return edits
}

// commentBody returns the text of '#' comment c after its '#', and the
// offset of that text in the file.
func commentBody(f *parser.File, c *parser.Comment) (string, int) {
	at := int(c.Start.Offset) + 1
	return string(f.Src[at:c.End.Offset]), at
}

// removeWord returns the edit removing body[from:to] (body is at offset at
// of the file) with the blanks after it, or else the blanks before it.
func removeWord(f *parser.File, body string, at, from, to int) Edit {
	if to < len(body) && isBlank(body[to]) {
		for to < len(body) && isBlank(body[to]) {
			to++
		}
	} else {
		for from > 0 && isBlank(body[from-1]) {
			from--
		}
	}
	return edit(f, at+from, at+to)
}

// removeComment returns the edit removing comment c: its line when the
// line holds nothing else, otherwise the comment and the blanks before it.
func removeComment(f *parser.File, c *parser.Comment) Edit {
	src := f.Src
	from, to := int(c.Start.Offset), int(c.End.Offset)
	for from > 0 && isBlank(src[from-1]) {
		from--
	}
	if from == 0 || src[from-1] == '\n' {
		if to < len(src) && src[to] == '\r' {
			to++
		}
		if to < len(src) && src[to] == '\n' {
			to++
		}
	}
	return edit(f, from, to)
}

func isBlank(b byte) bool { return b == ' ' || b == '\t' }

// edit returns the edit deleting the file's bytes [from, to).
func edit(f *parser.File, from, to int) Edit {
	return Edit{Start: f.Lines.Pos(from), End: f.Lines.Pos(to)}
}
