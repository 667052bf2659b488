package reporter

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ducklint/ducklint/diagnostics"
)

// sarifResultMessage is a result's message: the finding's one-line message
// as text, and as markdown followed by its detail when it has one (SARIF
// viewers that render markdown show it in place of the text; GitHub code
// scanning shows the text). Both link the related locations.
func sarifResultMessage(d *diagnostics.Diagnostic) sarifMessage {
	var details detailMemo
	return details.message(d)
}

// detailMemo remembers the markdown of the last detail it escaped: a rule's
// findings usually share one detail, and a style preset can report 100,000
// of them.
type detailMemo struct{ detail, markdown string }

// message is sarifResultMessage(d).
func (dm *detailMemo) message(d *diagnostics.Diagnostic) sarifMessage {
	msg := nonEmpty(nonEmpty(d.Message, d.Rule), "(no message)")
	var m sarifMessage
	var parts []linkedPart
	if len(d.Related) == 0 {
		m.Text = sarifEscape(msg) // the one part renderLinked would write
	} else {
		parts = linkRelated(msg, *d)
		m.Text = renderLinked(parts, sarifEscape)
	}
	if d.Detail != "" {
		if d.Detail != dm.detail || dm.markdown == "" {
			dm.detail, dm.markdown = d.Detail, markdownEscape(d.Detail)
		}
		if parts == nil {
			m.Markdown = markdownEscape(msg) + "\n\n" + dm.markdown
		} else {
			m.Markdown = renderLinked(parts, markdownEscape) + "\n\n" + dm.markdown
		}
	}
	return m
}

// linkedPart is a piece of a message: plain text, or the text of a link to
// the related location with index target (target >= 0).
type linkedPart struct {
	text   string
	target int
}

// linkRelated splits msg into plain text and links to d's related
// locations, SARIF's embedded links ("[text](id)", ids being the indexes
// of relatedLocations): where the message names a related location — its
// file:line, or "line N" when it is in the finding's own file — that text
// becomes the link; the locations it does not name are appended as
// "(see file:line, ...)" links, so every one is a click away.
func linkRelated(msg string, d diagnostics.Diagnostic) []linkedPart {
	var links []span // where the message names a related location
	var unnamed []int
	for i, rel := range d.Related {
		if !rel.Start.IsValid() {
			continue
		}
		names := []string{fmt.Sprintf("%s:%d", rel.File, rel.Start.Line)}
		if rel.File == d.File {
			names = append([]string{"line " + strconv.Itoa(int(rel.Start.Line))}, names...)
		}
		if sp, ok := findName(msg, names, links); ok {
			sp.target = i
			links = append(links, sp)
		} else {
			unnamed = append(unnamed, i)
		}
	}
	slices.SortFunc(links, func(a, b span) int { return a.start - b.start })
	var parts []linkedPart
	at := 0
	for _, sp := range links {
		parts = append(parts, linkedPart{msg[at:sp.start], -1}, linkedPart{msg[sp.start:sp.end], sp.target})
		at = sp.end
	}
	parts = append(parts, linkedPart{msg[at:], -1})
	for k, i := range unnamed {
		sep := ", "
		if k == 0 {
			sep = " (see "
		}
		rel := d.Related[i]
		parts = append(parts, linkedPart{sep, -1}, linkedPart{fmt.Sprintf("%s:%d", rel.File, rel.Start.Line), i})
	}
	if len(unnamed) > 0 {
		parts = append(parts, linkedPart{")", -1})
	}
	return parts
}

// span is where a message names a related location.
type span struct{ start, end, target int }

// findName finds the first of names in msg that stands alone and is not in
// one of the spans taken.
func findName(msg string, names []string, taken []span) (span, bool) {
	for _, name := range names {
		for from := 0; ; {
			j := strings.Index(msg[from:], name)
			if j < 0 {
				break
			}
			sp := span{start: from + j, end: from + j + len(name)}
			if standsAlone(msg, sp.start, sp.end) && !slices.ContainsFunc(taken, func(t span) bool {
				return sp.start < t.end && t.start < sp.end
			}) {
				return sp, true
			}
			from = sp.end
		}
	}
	return span{}, false
}

// standsAlone reports whether msg[start:end] is a whole location, not part
// of a longer path or number ("a.pp:1" in "aa.pp:12").
func standsAlone(msg string, start, end int) bool {
	if end < len(msg) && msg[end] >= '0' && msg[end] <= '9' {
		return false
	}
	if start == 0 {
		return true
	}
	c := msg[start-1]
	return !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("/._-", c) >= 0)
}

// renderLinked writes parts with escape applied to all text, links as
// "[text](id)".
func renderLinked(parts []linkedPart, escape func(string) string) string {
	var b strings.Builder
	for _, p := range parts {
		if p.target < 0 {
			b.WriteString(escape(p.text))
			continue
		}
		fmt.Fprintf(&b, "[%s](%d)", escape(p.text), p.target)
	}
	return b.String()
}

// sarifEscape escapes the characters of embedded-link syntax in SARIF plain
// text, as GitHub's own CodeQL does: '\', '[' and ']' get a backslash, so a
// resource reference such as File['/x'] is not read as a link.
func sarifEscape(s string) string { return backslashEscape(s, `\[]`) }

// markdownEscape escapes what GitHub-flavoured markdown would format in
// plain text: emphasis, code, links, HTML, tables and strikethrough.
func markdownEscape(s string) string { return backslashEscape(s, "\\`*_[]<>|~&#") }

// backslashEscape puts a backslash before each byte of s that is in
// special (all ASCII).
func backslashEscape(s, special string) string {
	var set byteSet
	for i := range len(special) {
		set.add(special[i])
	}
	first := 0
	for first < len(s) && !set.has(s[first]) {
		first++
	}
	if first == len(s) {
		return s
	}
	b := make([]byte, 0, len(s)+8)
	b = append(b, s[:first]...)
	for i := first; i < len(s); i++ {
		if set.has(s[i]) {
			b = append(b, '\\')
		}
		b = append(b, s[i])
	}
	return string(b)
}

// byteSet is a set of bytes, one bit each.
type byteSet [4]uint64

func (bs *byteSet) add(c byte)      { bs[c>>6] |= 1 << (c & 63) }
func (bs *byteSet) has(c byte) bool { return bs[c>>6]&(1<<(c&63)) != 0 }
