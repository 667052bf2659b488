package reporter

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/width"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// ANSI escape sequences of the text format's colours.
const (
	ansiReset   = "\x1b[0m"
	ansiBold    = "\x1b[1m"
	ansiDim     = "\x1b[2m"
	ansiRed     = "\x1b[1;31m"
	ansiGreen   = "\x1b[1;32m"
	ansiMagenta = "\x1b[1;35m"
	ansiCyan    = "\x1b[1;36m"
)

// palette paints text with ANSI colours, or leaves it alone when colour is off.
type palette struct{ on bool }

func (p palette) paint(code, s string) string {
	if !p.on || s == "" {
		return s
	}
	return code + s + ansiReset
}

// The text format writes each finding's pieces straight into its buffer,
// not through fmt and concatenated strings: a style preset can report
// 100,000 findings, and formatting them was a fifth of such a run.

// write writes s painted, as paint returns it.
func (p palette) write(w *bufio.Writer, code, s string) {
	if !p.on || s == "" {
		w.WriteString(s)
		return
	}
	w.WriteString(code)
	w.WriteString(s)
	w.WriteString(ansiReset)
}

// open and close bracket text written in between with code, for text
// that is never empty.
func (p palette) open(w *bufio.Writer, code string) {
	if p.on {
		w.WriteString(code)
	}
}

func (p palette) close(w *bufio.Writer) {
	if p.on {
		w.WriteString(ansiReset)
	}
}

func (p palette) severity(s diagnostics.Severity) string {
	switch s {
	case diagnostics.Error:
		return p.paint(ansiRed, s.String()+":")
	case diagnostics.Warning:
		return p.paint(ansiMagenta, s.String()+":")
	}
	return p.paint(ansiCyan, s.String()+":")
}

// writeText writes one block per finding — "file:line:col: severity: message
// [rule]", the source line, a caret line under the range, the related
// locations and, with Options.Verbose, the detail — then a line "path:
// error: message" per path error, and a summary line.
func writeText(w io.Writer, r *Report, opts Options) error {
	bw := bufio.NewWriter(w)
	pal := palette{on: opts.Color}
	lines := newLineSource(r)
	var ex excerpter
	for _, d := range r.Findings {
		// The rule stays on the first line, so that line alone parses as
		// file:line:col: severity: message [rule] even when the message
		// has more lines; those follow, indented.
		first, rest, _ := strings.Cut(printable(d.Message), "\n")
		pal.open(bw, ansiBold)
		writeLocation(bw, d.File, d.Start)
		bw.WriteByte(':')
		pal.close(bw)
		bw.WriteByte(' ')
		bw.WriteString(pal.severity(d.Severity))
		bw.WriteByte(' ')
		pal.write(bw, ansiBold, first)
		bw.WriteByte(' ')
		pal.open(bw, ansiDim)
		bw.WriteByte('[')
		bw.WriteString(d.Rule)
		bw.WriteByte(']')
		pal.close(bw)
		bw.WriteByte('\n')
		if rest != "" {
			bw.WriteString("  ")
			bw.WriteString(indentLines(rest, "  "))
			bw.WriteByte('\n')
		}
		// An empty line (such as the one after the final newline, where
		// "end of input" errors point) has nothing to underline.
		if runes, ok := ex.line(lines, d.File, int(d.Start.Line)); ok && len(runes) > 0 && d.Start.IsValid() {
			text, indent, marks := ex.window(runes, d.Start, d.End)
			if text != "" {
				bw.WriteString(printable(text))
				bw.WriteByte('\n')
			}
			bw.WriteString(indent)
			pal.write(bw, ansiGreen, marks)
			bw.WriteByte('\n')
		}
		for _, rel := range d.Related {
			fmt.Fprintf(bw, "    %s %s\n", location(rel.File, rel.Start)+":", indentLines(printable(rel.Message), "      "))
		}
		if opts.Verbose && d.Detail != "" {
			writeDetail(bw, d.Detail)
		}
	}
	for _, e := range r.Errors {
		fmt.Fprintf(bw, "%s %s %s\n", pal.paint(ansiBold, location(e.Path, parser.Pos{})+":"),
			pal.severity(diagnostics.Error), pal.paint(ansiBold, indentLines(printable(e.Message), "  ")))
	}
	for _, e := range r.Notices {
		fmt.Fprintf(bw, "%s %s %s\n", pal.paint(ansiBold, location(e.Path, parser.Pos{})+":"),
			pal.severity(diagnostics.Info), indentLines(printable(e.Message), "  "))
	}
	fmt.Fprintln(bw, pal.paint(ansiBold, summary(r)))
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing text report: %w", err)
	}
	return nil
}

// The detail of a finding (--verbose) closes its block: each paragraph
// starts with "  = " and goes on indented, wrapped to fit a terminal, so
// it cannot be mistaken for the source line or a related location.
const (
	detailFirst  = "  = "
	detailIndent = "    "
	detailWidth  = 100
)

// writeDetail writes a finding's detail, wrapped.
func writeDetail(w io.Writer, detail string) {
	for para := range strings.SplitSeq(printable(detail), "\n") {
		for i, line := range wrap(para, detailWidth-len(detailIndent)) {
			prefix := detailIndent
			if i == 0 {
				prefix = detailFirst
			}
			fmt.Fprintln(w, strings.TrimRight(prefix+line, " "))
		}
	}
}

// wrap breaks s into lines of at most width characters at white space; a
// word longer than width gets a line of its own.
func wrap(s string, width int) []string {
	var lines []string
	line, n := "", 0 // n counts the characters of line
	for word := range strings.FieldsSeq(s) {
		w := utf8.RuneCountInString(word)
		switch {
		case n == 0:
			line, n = word, w
		case n+1+w <= width:
			line, n = line+" "+word, n+1+w
		default:
			lines = append(lines, line)
			line, n = word, w
		}
	}
	return append(lines, line)
}

// printable replaces control characters other than tab and line feed with
// U+FFFD, one column wide like most of what it replaces, so that source
// text cannot move the cursor or recolour the terminal; CRLF becomes LF.
func printable(s string) string {
	if plainASCII(s, true) || !strings.ContainsFunc(s, isControl) {
		return s
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	return strings.Map(func(r rune) rune {
		if isControl(r) {
			return unicode.ReplacementChar
		}
		return r
	}, s)
}

// plainASCII reports whether s is ASCII without control characters other
// than tab and, when newline is true, line feed: text that printable and
// location leave alone, found without decoding runes.
func plainASCII(s string, newline bool) bool {
	for i := range len(s) {
		if c := s[i]; (c < 0x20 || c >= 0x7f) && c != '\t' && (c != '\n' || !newline) {
			return false
		}
	}
	return true
}

func isControl(r rune) bool {
	return r != '\t' && r != '\n' && unicode.IsControl(r)
}

// indentLines puts indent before every line of s but the first.
func indentLines(s, indent string) string {
	return strings.ReplaceAll(s, "\n", "\n"+indent)
}

// writeLocation writes location(file, p).
func writeLocation(w *bufio.Writer, file string, p parser.Pos) {
	if !plainASCII(file, false) && strings.ContainsFunc(file, isLocationControl) {
		w.WriteString(location(file, p))
		return
	}
	w.WriteString(file)
	if !p.IsValid() {
		return
	}
	var num [24]byte
	w.WriteByte(':')
	w.Write(strconv.AppendInt(num[:0], int64(p.Line), 10))
	w.WriteByte(':')
	w.Write(strconv.AppendInt(num[:0], int64(max(p.Column, 1)), 10))
}

// isLocationControl reports whether location changes r in a file name.
func isLocationControl(r rune) bool { return r == '\n' || isControl(r) }

// location formats file:line:col, or just file when the position is unset
// (a finding about a whole file).
func location(file string, p parser.Pos) string {
	file = strings.ReplaceAll(printable(file), "\n", string(unicode.ReplacementChar))
	if !p.IsValid() {
		return file
	}
	return fmt.Sprintf("%s:%d:%d", file, p.Line, max(p.Column, 1))
}

// The source excerpt under a finding shows at most excerptWidth columns of
// a long line: a window starting excerptBefore columns before the range
// (on a grid of excerptStep code points, so that nearby findings share it),
// with an ellipsis where the line is cut. Output is then bounded per
// finding however long the line.
const (
	excerptWidth  = 120
	excerptBefore = 40
	excerptStep   = 40
	ellipsis      = '…'
)

// excerpter cuts the source excerpts of the findings, remembering the line
// of the last one (findings come sorted, so a line's findings follow each
// other) and the window last printed, which is not printed again.
type excerpter struct {
	file   string
	n      int
	runes  []rune
	fits   bool // the whole line is at most excerptWidth columns
	shown  bool // a window of this line has been printed
	ws, we int  // the window last printed
}

// line returns the code points of 1-based line n of file.
func (ex *excerpter) line(lines *lineSource, file string, n int) ([]rune, bool) {
	if ex.runes != nil && ex.file == file && ex.n == n {
		return ex.runes, true
	}
	text, ok := lines.line(file, n)
	if !ok {
		return nil, false
	}
	ex.file, ex.n, ex.runes, ex.shown = file, n, []rune(text), false
	cols := 0
	for _, r := range ex.runes {
		cols += runeWidth(r)
	}
	ex.fits = cols <= excerptWidth
	return ex.runes, true
}

// window returns the excerpt of the line to print for the range
// start..end ("" when it is the one printed last), and the indentation and
// marks that underline the range below it.
func (ex *excerpter) window(runes []rune, start, end parser.Pos) (text, indent, marks string) {
	first, last := caretRange(runes, start, end)
	ws, we := 0, len(runes)
	if !ex.fits {
		ws, we = cutWindow(runes, first)
	}
	if !ex.shown || ws != ex.ws || we != ex.we {
		ex.shown, ex.ws, ex.we = true, ws, we
		text = windowText(runes, ws, we)
	}
	indent, marks = caretMarks(runes, ws, we, first, last)
	return text, indent, marks
}

// caretRange returns the 0-based index of the first underlined code point
// of line and one past the last. A column past the end of the line (the
// position of a missing token) gets the caret just after the last
// character; a range that goes on past this line is underlined to its
// end; an empty range gets a single caret.
func caretRange(runes []rune, start, end parser.Pos) (first, last int) {
	first = min(max(int(start.Column), 1)-1, len(runes))
	last = first + 1
	switch {
	case end.Line == start.Line && end.Column > start.Column:
		last = min(int(end.Column)-1, len(runes))
	case end.Line > start.Line:
		last = len(runes)
	}
	return first, max(last, first+1)
}

// cutWindow returns the code points [ws, we) of a long line shown around
// index first: from excerptBefore columns before first, rounded down to
// the grid, for at most excerptWidth columns (fewer, counting the
// ellipses).
func cutWindow(runes []rune, first int) (ws, we int) {
	ws = max(0, first-excerptBefore) / excerptStep * excerptStep
	for {
		cols := 0
		if ws > 0 {
			cols++ // the leading ellipsis
		}
		we = ws
		for we < len(runes) {
			w := runeWidth(runes[we])
			if cols+w > excerptWidth-1 { // room for the trailing ellipsis
				break
			}
			cols += w
			we++
		}
		if we == len(runes) || first < we || ws == first {
			return ws, max(we, min(ws+1, len(runes)))
		}
		// Wide characters left first outside: start closer to it.
		ws = max(ws+1, first-excerptBefore/4)
	}
}

// windowText returns code points [ws, we) of the line, with an ellipsis
// for each cut end.
func windowText(runes []rune, ws, we int) string {
	var b strings.Builder
	if ws > 0 {
		b.WriteRune(ellipsis)
	}
	b.WriteString(string(runes[ws:we]))
	if we < len(runes) {
		b.WriteRune(ellipsis)
	}
	return b.String()
}

// caretMarks returns the indentation and the marks ("^~~~") that underline
// code points first..last, printed below the window [ws, we) of the line,
// so that they sit under the range. Columns count code points; on screen a
// code point takes its display width (see runeWidth), and the marks take
// the same. The indentation copies the line's tabs so it lines up whatever
// the tab width. Marks stop at the end of the window.
func caretMarks(runes []rune, ws, we, first, last int) (indent, marks string) {
	var ind strings.Builder
	if ws > 0 {
		ind.WriteByte(' ') // under the leading ellipsis
	}
	for _, r := range runes[ws:first] {
		cover(&ind, r, ' ')
	}
	var mk strings.Builder
	mk.WriteByte('^')
	if first < len(runes) && runes[first] != '\t' {
		for range runeWidth(runes[first]) - 1 {
			mk.WriteByte('~')
		}
	}
	for i := first + 1; i < min(last, we); i++ {
		cover(&mk, runes[i], '~')
	}
	return ind.String(), mk.String()
}

// caretLine returns the indentation and the marks that underline the
// range start..end of a whole line printed above them.
func caretLine(line string, start, end parser.Pos) (indent, marks string) {
	runes := []rune(line)
	first, last := caretRange(runes, start, end)
	return caretMarks(runes, 0, len(runes), first, last)
}

// cover writes what occupies the same screen width as r: a tab for a tab,
// otherwise fill once per column r takes.
func cover(b *strings.Builder, r rune, fill byte) {
	if r == '\t' {
		b.WriteByte('\t')
		return
	}
	for range runeWidth(r) {
		b.WriteByte(fill)
	}
}

// runeWidth is the number of terminal columns r takes: none for combining
// marks and format characters such as the zero-width joiner, two for East
// Asian wide and fullwidth characters (CJK ideographs, kana, hangul, most
// emoji), one for the rest. Terminals agree on these; characters of
// ambiguous width (some Greek and box-drawing ones in CJK locales) take one.
func runeWidth(r rune) int {
	if r < utf8.RuneSelf {
		return 1
	}
	if unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf) {
		return 0
	}
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return 2
	}
	return 1
}
