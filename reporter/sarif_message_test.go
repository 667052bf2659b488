package reporter

import (
	"regexp"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/diagnostics"
)

// sarifLink is an embedded link of SARIF plain text.
var sarifLink = regexp.MustCompile(`\[((?:[^\\\]\[]|\\.)*)\]\(([0-9]+)\)`)

// unlinkSARIF reads SARIF plain text as a viewer shows it: links become
// their text, escapes their character.
func unlinkSARIF(s string) string {
	s = sarifLink.ReplaceAllString(s, "$1")
	return regexp.MustCompile(`\\(.)`).ReplaceAllString(s, "$1")
}

func TestSARIFMessageLinks(t *testing.T) {
	rel := func(file string, line int) diagnostics.Related {
		return diagnostics.Related{Message: "here", File: file, Start: pos(line, 1), End: pos(line, 2)}
	}
	tests := []struct {
		name    string
		msg     string
		related []diagnostics.Related
		want    string
	}{
		{"no related", "plain $x", nil, "plain $x"},
		{"named by file:line", "meets the include in class 'base' (m/base.pp:2)", []diagnostics.Related{rel("m/base.pp", 2)},
			"meets the include in class 'base' ([m/base.pp:2](0))"},
		{"named by line in the same file", "$x is read before it is assigned (line 3)", []diagnostics.Related{rel("a.pp", 3)},
			"$x is read before it is assigned ([line 3](0))"},
		{"not named", "File default also sets 'mode'", []diagnostics.Related{rel("m/a.pp", 2), rel("a.pp", 9)},
			"File default also sets 'mode' (see [m/a.pp:2](0), [a.pp:9](1))"},
		{"a longer number is another line", "assigned (m/a.pp:12)", []diagnostics.Related{rel("m/a.pp", 1)},
			"assigned (m/a.pp:12) (see [m/a.pp:1](0))"},
		{"a longer path is another file", "assigned (xm/a.pp:1)", []diagnostics.Related{rel("m/a.pp", 1)},
			"assigned (xm/a.pp:1) (see [m/a.pp:1](0))"},
		{"the second mention stands alone", "line 30, then line 3", []diagnostics.Related{rel("a.pp", 3)},
			"line 30, then [line 3](0)"},
		{"two locations named once each", "first line 3, then m/b.pp:3", []diagnostics.Related{rel("m/b.pp", 3), rel("a.pp", 3)},
			"first [line 3](1), then [m/b.pp:3](0)"},
		{"brackets escaped outside and inside links", `File['/x'] and \ in x[1].pp:2`, []diagnostics.Related{rel("x[1].pp", 2)},
			`File\['/x'\] and \\ in [x\[1\].pp:2](0)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := diagnostics.Diagnostic{Rule: "r", File: "a.pp", Message: tt.msg, Related: tt.related}
			got := sarifResultMessage(&d)
			if got.Text != tt.want {
				t.Errorf("text = %q, want %q", got.Text, tt.want)
			}
			if got.Markdown != "" {
				t.Errorf("markdown %q for a finding without detail", got.Markdown)
			}
			if !strings.HasPrefix(unlinkSARIF(got.Text), tt.msg) {
				t.Errorf("text %q does not read as the message %q", got.Text, tt.msg)
			}
		})
	}
}

func TestSARIFMessageMarkdown(t *testing.T) {
	d := diagnostics.Diagnostic{Rule: "r", File: "a.pp", Message: "Class['x'] meets m/b.pp:2",
		Detail:  "Puppet fails: \"Duplicate declaration: Class[X]\"; see *this*, `that` and <b>it</b> | ~ & #1_2",
		Related: []diagnostics.Related{{Message: "here", File: "m/b.pp", Start: pos(2, 1)}}}
	got := sarifResultMessage(&d)
	if want := `Class\['x'\] meets [m/b.pp:2](0)`; got.Text != want {
		t.Errorf("text = %q, want %q", got.Text, want)
	}
	want := "Class\\['x'\\] meets [m/b.pp:2](0)\n\n" +
		"Puppet fails: \"Duplicate declaration: Class\\[X\\]\"; see \\*this\\*, \\`that\\` and \\<b\\>it\\</b\\> \\| \\~ \\& \\#1\\_2"
	if got.Markdown != want {
		t.Errorf("markdown = %q, want %q", got.Markdown, want)
	}
}

// TestSARIFMessageShortcuts holds the shortcuts of detailMemo.message (no
// parts for a finding without related locations, the last detail's
// markdown remembered) and backslashEscape's byte set to the plain
// composition they replace, over a run of findings whose details repeat
// and change.
func TestSARIFMessageShortcuts(t *testing.T) {
	plainEscape := func(s, special string) string {
		var b strings.Builder
		for i := range len(s) {
			if strings.IndexByte(special, s[i]) >= 0 {
				b.WriteByte('\\')
			}
			b.WriteByte(s[i])
		}
		return b.String()
	}
	strs := append(awkwardStrings(), "*a* [b] `c`", "*a* [b] `c`", "\\", "x")
	var memo detailMemo
	for i, s := range strs {
		for _, special := range []string{`\[]`, "\\`*_[]<>|~&#", ""} {
			if got, want := backslashEscape(s, special), plainEscape(s, special); got != want {
				t.Errorf("backslashEscape(%q, %q) = %q, want %q", s, special, got, want)
			}
		}
		for _, related := range [][]diagnostics.Related{nil, {{File: "a.pp", Start: pos(i+1, 1)}}} {
			d := diagnostics.Diagnostic{Rule: "r", File: "a.pp", Message: s, Detail: strs[(i+1)%len(strs)], Related: related}
			msg := nonEmpty(nonEmpty(d.Message, d.Rule), "(no message)")
			parts := linkRelated(msg, d)
			want := sarifMessage{Text: renderLinked(parts, sarifEscape)}
			if d.Detail != "" {
				want.Markdown = renderLinked(parts, markdownEscape) + "\n\n" + markdownEscape(d.Detail)
			}
			if got := memo.message(&d); got != want {
				t.Errorf("finding %d, %d related: message = %+v, want %+v", i, len(related), got, want)
			}
		}
	}
}
