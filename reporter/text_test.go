package reporter

import (
	"slices"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/diagnostics"
)

func TestCaretLine(t *testing.T) {
	tests := []struct {
		name       string
		line       string
		start, end [2]int // line, column
		want       string // indentation + marks
	}{
		{"one column", "abc", [2]int{1, 2}, [2]int{1, 3}, " ^"},
		{"range", "$x = $y", [2]int{1, 6}, [2]int{1, 8}, "     ^~"},
		{"first column", "abc", [2]int{1, 1}, [2]int{1, 4}, "^~~"},
		{"empty range", "abc", [2]int{1, 2}, [2]int{1, 2}, " ^"},
		{"unset end", "abc", [2]int{1, 3}, [2]int{0, 0}, "  ^"},
		{"end before start", "abcdef", [2]int{1, 4}, [2]int{1, 2}, "   ^"},
		{"tabs kept in indentation", "\t\tx = 1", [2]int{1, 3}, [2]int{1, 4}, "\t\t^"},
		{"tab and multi-byte", "\t$é = \"ünïcode\"", [2]int{1, 7}, [2]int{1, 16}, "\t     ^~~~~~~~~"},
		{"multi-byte before", "ü = ö", [2]int{1, 5}, [2]int{1, 6}, "    ^"},
		{"emoji takes two columns", "😀 = x", [2]int{1, 5}, [2]int{1, 6}, "     ^"},
		{"CJK before the range", "'日本語' + x", [2]int{1, 9}, [2]int{1, 10}, "           ^"},
		{"CJK inside the range", "$名前 = 1", [2]int{1, 1}, [2]int{1, 4}, "^~~~~"},
		{"wide first rune of the range", "日x", [2]int{1, 1}, [2]int{1, 3}, "^~~"},
		{"fullwidth letters", "ＡＢ = x", [2]int{1, 6}, [2]int{1, 7}, "       ^"},
		{"emoji presentation selector takes no column", "❤️ x", [2]int{1, 4}, [2]int{1, 5}, "  ^"},
		{"combining mark takes no column", "e\u0301 = x", [2]int{1, 5}, [2]int{1, 6}, "   ^"},
		{"combining mark inside range", "$e\u0301x", [2]int{1, 1}, [2]int{1, 5}, "^~~"},
		{"tab inside range", "a\tb", [2]int{1, 1}, [2]int{1, 4}, "^\t~"},
		{"multi-line range to end of line", "file { 'x':", [2]int{1, 1}, [2]int{3, 2}, "^~~~~~~~~~~"},
		{"multi-line from last column", "abc", [2]int{1, 3}, [2]int{2, 1}, "  ^"},
		{"missing token at end of line", "$x =", [2]int{1, 5}, [2]int{1, 5}, "    ^"},
		{"column far past the end", "ab", [2]int{1, 40}, [2]int{1, 41}, "  ^"},
		{"end past the end", "ab", [2]int{1, 1}, [2]int{1, 40}, "^~"},
		{"empty line", "", [2]int{1, 1}, [2]int{1, 1}, "^"},
		{"column zero", "ab", [2]int{1, 0}, [2]int{1, 0}, "^"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			indent, marks := caretLine(tt.line, pos(tt.start[0], tt.start[1]), pos(tt.end[0], tt.end[1]))
			if got := indent + marks; got != tt.want {
				t.Errorf("caretLine(%q) = %q, want %q", tt.line, got, tt.want)
			}
			if strings.TrimLeft(indent, " \t") != "" {
				t.Errorf("indentation %q has more than blanks", indent)
			}
		})
	}
}

func TestSummary(t *testing.T) {
	diag := func(s diagnostics.Severity) diagnostics.Diagnostic { return diagnostics.Diagnostic{Severity: s} }
	tests := []struct {
		files    int
		findings []diagnostics.Diagnostic
		want     string
	}{
		{0, nil, "no problems found in 0 files"},
		{1, nil, "no problems found in 1 file"},
		{12, nil, "no problems found in 12 files"},
		{1, []diagnostics.Diagnostic{diag(diagnostics.Error)}, "1 file checked, 1 error, 0 warnings, 0 infos"},
		{3, []diagnostics.Diagnostic{diag(diagnostics.Warning), diag(diagnostics.Info), diag(diagnostics.Warning), diag(diagnostics.Error), diag(diagnostics.Error)},
			"3 files checked, 2 errors, 2 warnings, 1 info"},
	}
	for _, tt := range tests {
		if got := summary(&Report{Files: tt.files, Findings: diagnostics.Pointers(tt.findings)}); got != tt.want {
			t.Errorf("summary = %q, want %q", got, tt.want)
		}
	}
	// A path error never sits beside "no problems".
	oneError := []PathError{{Path: "x.pp", Message: "no such file or directory"}}
	if got, want := summary(&Report{Errors: oneError}), "1 path error; 0 files checked, 0 errors, 0 warnings, 0 infos"; got != want {
		t.Errorf("summary with a path error = %q, want %q", got, want)
	}
	two := append(oneError, PathError{Path: "y.pp", Message: "binary"})
	if got, want := summary(&Report{Files: 2, Errors: two, Findings: diagnostics.Pointers([]diagnostics.Diagnostic{diag(diagnostics.Warning)})}),
		"2 path errors; 2 files checked, 0 errors, 1 warning, 0 infos"; got != want {
		t.Errorf("summary with path errors and a finding = %q, want %q", got, want)
	}
}

func TestTextColor(t *testing.T) {
	plain := string(render(t, "text", fixtureReport(), Options{}))
	colored := string(render(t, "text", fixtureReport(), Options{Color: true}))
	if strings.Contains(plain, "\x1b[") {
		t.Errorf("plain text output has ANSI escapes:\n%s", plain)
	}
	if !strings.Contains(colored, ansiRed+"error:"+ansiReset) || !strings.Contains(colored, ansiGreen+"^") {
		t.Errorf("coloured output lacks the severity or caret colours:\n%q", colored)
	}
	if stripped := stripANSI(colored); stripped != plain {
		t.Errorf("coloured output differs from plain output in more than colour:\n%s\n---\n%s", stripped, plain)
	}
}

// stripANSI removes SGR escape sequences.
func stripANSI(s string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, "\x1b[")
		if i < 0 {
			return b.String() + s
		}
		b.WriteString(s[:i])
		j := strings.IndexByte(s[i:], 'm')
		if j < 0 {
			return b.String()
		}
		s = s[i+j+1:]
	}
}

func TestTextNeutralisesControlCharacters(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain\ttab", "plain\ttab"},
		{"line\nbreak", "line\nbreak"},
		{"crlf\r\nline", "crlf\nline"},
		{"\x1b[2Jclear", "\uFFFD[2Jclear"},
		{"bell\a, nul\x00, del\x7f", "bell\uFFFD, nul\uFFFD, del\uFFFD"},
		{"lone\rcr", "lone\uFFFDcr"},
		{"é ü — 😀", "é ü — 😀"},
	}
	for _, tt := range tests {
		if got := printable(tt.in); got != tt.want {
			t.Errorf("printable(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}

	srcs := map[string][]byte{"a.pp": []byte("$x = \"\x1b[31m\" + $y\n")}
	r := &Report{Files: 1, Source: func(p string) []byte { return srcs[p] }, Findings: diagnostics.Pointers([]diagnostics.Diagnostic{{
		Rule: "unknown-variable", Severity: diagnostics.Warning, File: "a.pp", Start: pos(1, 16), End: pos(1, 18),
		Message: "unknown \x1b[0m $y",
	}})}
	got := string(render(t, "text", r, Options{}))
	want := "a.pp:1:16: warning: unknown \uFFFD[0m $y [unknown-variable]\n" +
		"$x = \"\uFFFD[31m\" + $y\n" +
		"               ^~\n" +
		"1 file checked, 0 errors, 1 warning, 0 infos\n"
	if got != want {
		t.Errorf("text output:\n%q\nwant:\n%q", got, want)
	}
	if loc := location("a\nb\x1b.pp", pos(1, 1)); loc != "a\uFFFDb\uFFFD.pp:1:1" {
		t.Errorf("location = %q, want line breaks and escapes in the path replaced", loc)
	}
}

func TestTextSnippetOnlyForNonEmptyLines(t *testing.T) {
	src := []byte("class a {\n")
	r := &Report{Files: 1, Source: func(string) []byte { return src }, Findings: diagnostics.Pointers([]diagnostics.Diagnostic{
		{Rule: "syntax-error", Severity: diagnostics.Error, File: "a.pp", Start: pos(1, 9), End: pos(1, 10), Message: "first"},
		{Rule: "syntax-error", Severity: diagnostics.Error, File: "a.pp", Start: pos(2, 1), End: pos(2, 1), Message: "Syntax error at end of input"},
	})}
	want := "a.pp:1:9: error: first [syntax-error]\n" +
		"class a {\n" +
		"        ^\n" +
		"a.pp:2:1: error: Syntax error at end of input [syntax-error]\n" +
		"1 file checked, 2 errors, 0 warnings, 0 infos\n"
	if got := string(render(t, "text", r, Options{})); got != want {
		t.Errorf("text output:\n%s\nwant:\n%s", got, want)
	}
}

func TestWrap(t *testing.T) {
	tests := []struct {
		in    string
		width int
		want  []string
	}{
		{"", 10, []string{""}},
		{"one two three", 7, []string{"one two", "three"}},
		{"one two three", 13, []string{"one two three"}},
		{"éé éé", 5, []string{"éé éé"}}, // characters, not bytes
		{"a verylongword b", 4, []string{"a", "verylongword", "b"}},
		{"spaces  and\ttabs", 20, []string{"spaces and tabs"}},
	}
	for _, tt := range tests {
		if got := wrap(tt.in, tt.width); !slices.Equal(got, tt.want) {
			t.Errorf("wrap(%q, %d) = %q, want %q", tt.in, tt.width, got, tt.want)
		}
	}
}

// TestTextDetailOnlyWhenVerbose checks that the text format explains a
// finding only when asked: the detail is long, the message says enough to
// scan a list.
func TestTextDetailOnlyWhenVerbose(t *testing.T) {
	r := &Report{Files: 1, Findings: diagnostics.Pointers([]diagnostics.Diagnostic{{Rule: "r", Severity: diagnostics.Warning, File: "a.pp",
		Start: pos(1, 1), Message: "short", Detail: "the long explanation"}})}
	if out := string(render(t, "text", r, Options{})); strings.Contains(out, "explanation") {
		t.Errorf("detail without --verbose:\n%s", out)
	}
	if out := string(render(t, "text", r, Options{Verbose: true})); !strings.Contains(out, "\n  = the long explanation\n") {
		t.Errorf("no detail with --verbose:\n%s", out)
	}
}

func TestTextExcerptOfLongLine(t *testing.T) {
	line := strings.Repeat("a", 300) + "$target" + strings.Repeat("b", 300)
	r := &Report{Files: 1, Source: func(string) []byte { return []byte(line + "\n") }, Findings: diagnostics.Pointers([]diagnostics.Diagnostic{
		{Rule: "unknown-variable", Severity: diagnostics.Warning, File: "a.pp", Start: pos(1, 301), End: pos(1, 308), Message: "m"},
	})}
	// The window starts 40 code points before the range, rounded down to a
	// multiple of 40 (240), and holds 118 of them between the ellipses.
	want := "a.pp:1:301: warning: m [unknown-variable]\n" +
		"…" + strings.Repeat("a", 60) + "$target" + strings.Repeat("b", 51) + "…\n" +
		" " + strings.Repeat(" ", 60) + "^~~~~~~\n" +
		"1 file checked, 0 errors, 1 warning, 0 infos\n"
	if got := string(render(t, "text", r, Options{})); got != want {
		t.Errorf("text output:\n%s\nwant:\n%s", got, want)
	}
}

func TestTextExcerptWindowKeepsWideCharactersAligned(t *testing.T) {
	// 200 CJK ideographs (400 columns) before the range: the window must
	// still hold the range, at most excerptWidth columns wide.
	line := strings.Repeat("日", 200) + "$x" + strings.Repeat("本", 100)
	runes := []rune(line)
	for _, col := range []int{1, 150, 201, 202, 250, 302} {
		var ex excerpter
		ex.runes, ex.fits = runes, false
		text, indent, marks := ex.window(runes, pos(1, col), pos(1, col+1))
		if w := displayWidth(text); w > excerptWidth {
			t.Errorf("column %d: excerpt %d columns wide", col, w)
		}
		// The caret sits under the code point at col.
		under := []rune(text)
		at := 0
		cols := displayWidth(indent)
		for i, r := range under {
			if at == cols {
				if want := runes[col-1]; r != want && !(col-1 >= len(runes)) {
					t.Errorf("column %d: caret under %q, want %q", col, r, want)
				}
				break
			}
			at += runeWidth(r)
			if i == len(under)-1 {
				t.Errorf("column %d: caret at %d past the excerpt %q", col, cols, text)
			}
		}
		if !strings.HasPrefix(marks, "^") {
			t.Errorf("column %d: marks %q", col, marks)
		}
	}
}

func displayWidth(s string) int {
	n := 0
	for _, r := range s {
		n += runeWidth(r)
	}
	return n
}

func TestTextPrintsALineExcerptOnceForFindingsUnderIt(t *testing.T) {
	src := []byte("$x = \"${y}\"; $x = \"${y}\"\n")
	r := &Report{Files: 1, Source: func(string) []byte { return src }, Findings: diagnostics.Pointers([]diagnostics.Diagnostic{
		{Rule: "r", Severity: diagnostics.Warning, File: "a.pp", Start: pos(1, 9), End: pos(1, 10), Message: "first"},
		{Rule: "r", Severity: diagnostics.Warning, File: "a.pp", Start: pos(1, 22), End: pos(1, 23), Message: "second"},
	})}
	want := "a.pp:1:9: warning: first [r]\n" +
		"$x = \"${y}\"; $x = \"${y}\"\n" +
		"        ^\n" +
		"a.pp:1:22: warning: second [r]\n" +
		"                     ^\n" +
		"1 file checked, 0 errors, 2 warnings, 0 infos\n"
	if got := string(render(t, "text", r, Options{})); got != want {
		t.Errorf("text output:\n%s\nwant:\n%s", got, want)
	}
}

// TestTextOutputIsLinearInFindings renders n findings spread over one line
// of n statements: the output must grow linearly, with a bounded size per
// finding, not with the line's length times the findings.
func TestTextOutputIsLinearInFindings(t *testing.T) {
	size := func(n int) int {
		line := strings.Repeat(`$x = "${y}"; `, n)
		var fs []diagnostics.Diagnostic
		for i := range n {
			col := int32(i*13 + 9)
			fs = append(fs, diagnostics.Diagnostic{Rule: "r", Severity: diagnostics.Warning, File: "a.pp", Start: pos(1, int(col)),
				End: pos(1, int(col)+1), Message: "m"})
		}
		r := &Report{Files: 1, Source: func(string) []byte { return []byte(line + "\n") }, Findings: diagnostics.Pointers(fs)}
		return len(render(t, "text", r, Options{}))
	}
	small, large := size(2000), size(4000)
	if per := small / 2000; per > 3*excerptWidth {
		t.Errorf("%d bytes per finding", per)
	}
	if float64(large) > 2.2*float64(small) {
		t.Errorf("%d bytes for 2,000 findings on a line, %d for 4,000: not linear", small, large)
	}
}

// TestPlainASCIIAgreesWithIsControl holds the ASCII shortcut of printable
// and location to the rune test it skips: a string it calls plain has no
// character those functions change.
func TestPlainASCIIAgreesWithIsControl(t *testing.T) {
	strs := awkwardStrings()
	for c := range 256 {
		strs = append(strs, string([]byte{'a', byte(c), 'b'}), string(rune(c)))
	}
	for _, s := range strs {
		if plainASCII(s, true) && strings.ContainsFunc(s, isControl) {
			t.Errorf("plainASCII(%q, true) but it has a control character", s)
		}
		if plainASCII(s, false) && strings.ContainsFunc(s, isLocationControl) {
			t.Errorf("plainASCII(%q, false) but location changes it", s)
		}
		if want := strings.ContainsFunc(s, isLocationControl); len(s) == 3 && s[1] < 0x80 && plainASCII(s, false) == want {
			t.Errorf("plainASCII(%q, false) = %v for an ASCII string", s, !want)
		}
	}
}
