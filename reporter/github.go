package reporter

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/ducklint/ducklint/diagnostics"
)

// githubAnnotationLimit is how many annotations of each level GitHub shows
// for one step; it drops the rest silently.
const githubAnnotationLimit = 10

// writeGitHub writes one GitHub Actions workflow command per finding
// (::error, ::warning or ::notice), which the runner turns into an
// annotation on the file, an ::error per path error (an annotation of the
// run, with no file: the path may not exist), then a plain summary line
// for the log.
func writeGitHub(w io.Writer, r *Report, _ Options) error {
	bw := bufio.NewWriter(w)
	for i := range r.Findings {
		writeGitHubFinding(bw, r.Findings[i])
	}
	for _, e := range r.Errors {
		fmt.Fprintf(bw, "::error title=%s::%s\n", githubEscapeProperty("ducklint path error"),
			githubEscapeData(e.Path+": "+e.Message))
	}
	for _, e := range r.Notices {
		fmt.Fprintf(bw, "::notice title=%s::%s\n", githubEscapeProperty("ducklint"),
			githubEscapeData(e.Path+": "+e.Message))
	}
	line := summary(r)
	if c := countFindings(r.Findings); max(c.errors, c.warnings, c.infos) > githubAnnotationLimit {
		line += fmt.Sprintf(" (GitHub shows at most %d annotations of each severity per step; the SARIF or text output has them all)", githubAnnotationLimit)
	}
	fmt.Fprintln(bw, line)
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing github report: %w", err)
	}
	return nil
}

// githubCommand maps a severity to its workflow command.
func githubCommand(s diagnostics.Severity) string {
	switch s {
	case diagnostics.Error:
		return "error"
	case diagnostics.Warning:
		return "warning"
	}
	return "notice"
}

// writeGitHubFinding writes the workflow command of one finding,
// "::level file=F,line=L,col=C,endLine=L,endColumn=C,title=RULE::message":
// piece by piece into the buffer, because a style preset can report
// 100,000 findings. Columns are sent only for a range on one line: the
// runner rejects them otherwise.
func writeGitHubFinding(bw *bufio.Writer, d *diagnostics.Diagnostic) {
	var num [24]byte
	writeNum := func(name string, n int32) {
		bw.WriteString(name)
		bw.Write(strconv.AppendInt(num[:0], int64(n), 10))
	}
	bw.WriteString("::")
	bw.WriteString(githubCommand(d.Severity))
	bw.WriteString(" file=")
	writeGitHubEscaped(bw, d.File, githubPropertySpecial)
	if d.Start.IsValid() {
		end := rangeEnd(d.Start, d.End)
		writeNum(",line=", d.Start.Line)
		if end.Line == d.Start.Line {
			writeNum(",col=", max(d.Start.Column, 1))
			writeNum(",endLine=", end.Line)
			writeNum(",endColumn=", max(end.Column, 1))
		} else {
			writeNum(",endLine=", end.Line)
		}
	}
	bw.WriteString(",title=")
	writeGitHubEscaped(bw, d.Rule, githubPropertySpecial)
	bw.WriteString("::")
	if len(d.Related) == 0 {
		writeGitHubEscaped(bw, d.Message, githubDataSpecial)
	} else {
		writeGitHubEscaped(bw, githubMessage(*d), githubDataSpecial)
	}
	bw.WriteByte('\n')
}

// The bytes a workflow command's message, and its property values, escape.
const (
	githubDataSpecial     = "%\r\n"
	githubPropertySpecial = "%\r\n:,"
)

// writeGitHubEscaped writes githubEscape(s, special).
func writeGitHubEscaped(bw *bufio.Writer, s, special string) {
	var set byteSet
	for i := range len(special) {
		set.add(special[i])
	}
	const hex = "0123456789ABCDEF"
	start := 0
	for i := range len(s) {
		if c := s[i]; set.has(c) {
			bw.WriteString(s[start:i])
			bw.Write([]byte{'%', hex[c>>4], hex[c&0xF]})
			start = i + 1
		}
	}
	bw.WriteString(s[start:])
}

// githubMessage is the finding's message followed by its related
// locations, one per line: an annotation has no other place for them.
func githubMessage(d diagnostics.Diagnostic) string {
	var b strings.Builder
	b.WriteString(d.Message)
	for _, rel := range d.Related {
		fmt.Fprintf(&b, "\n%s: %s", location(rel.File, rel.Start), rel.Message)
	}
	return b.String()
}

// githubEscapeData escapes a workflow command's message: '%', CR and LF.
func githubEscapeData(s string) string { return githubEscape(s, githubDataSpecial) }

// githubEscapeProperty escapes a workflow command's property value: like
// the message, plus ':' and ',' which delimit properties.
func githubEscapeProperty(s string) string { return githubEscape(s, githubPropertySpecial) }

// githubEscape percent-encodes the bytes of s that are in special, all
// ASCII, in one pass, so the '%' of an escape is never escaped again.
func githubEscape(s, special string) string {
	if !strings.ContainsAny(s, special) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := range len(s) {
		if c := s[i]; strings.IndexByte(special, c) >= 0 {
			fmt.Fprintf(&b, "%%%02X", c)
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}
