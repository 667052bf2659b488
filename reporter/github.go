package reporter

import (
	"bufio"
	"fmt"
	"io"
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
	for _, d := range r.Findings {
		fmt.Fprintf(bw, "::%s %s::%s\n", githubCommand(d.Severity), githubProperties(d), githubEscapeData(githubMessage(d)))
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

// githubProperties formats the command's properties. Columns are sent only
// for a range on one line: the runner rejects them otherwise.
func githubProperties(d diagnostics.Diagnostic) string {
	props := []string{"file=" + githubEscapeProperty(d.File)}
	if d.Start.IsValid() {
		end := rangeEnd(d.Start, d.End)
		props = append(props, fmt.Sprintf("line=%d", d.Start.Line))
		if end.Line == d.Start.Line {
			props = append(props, fmt.Sprintf("col=%d,endLine=%d,endColumn=%d", max(d.Start.Column, 1), end.Line, max(end.Column, 1)))
		} else {
			props = append(props, fmt.Sprintf("endLine=%d", end.Line))
		}
	}
	props = append(props, "title="+githubEscapeProperty(d.Rule))
	return strings.Join(props, ",")
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
func githubEscapeData(s string) string { return githubEscape(s, "%\r\n") }

// githubEscapeProperty escapes a workflow command's property value: like
// the message, plus ':' and ',' which delimit properties.
func githubEscapeProperty(s string) string { return githubEscape(s, "%\r\n:,") }

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
