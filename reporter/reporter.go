// Package reporter writes lint findings in ducklint's output formats: a
// human-readable text format, JSON for editors and scripts, SARIF for code
// scanning, and GitHub Actions workflow commands for annotations.
package reporter

import (
	"encoding/json"
	"fmt"
	"github.com/ducklint/ducklint/internal/words"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// Report is everything a formatter needs.
type Report struct {
	// Findings are already sorted by file, line, column and rule.
	Findings []*diagnostics.Diagnostic
	// Files is the number of files linted.
	Files int
	// Rules is every rule of the registry, sorted by ID; SARIF lists them
	// all. Only the formats ListsRules names read it.
	Rules []diagnostics.Rule
	// Source returns the contents of a reported file by its reported path,
	// for source snippets and fingerprints. It may be nil or return nil.
	Source func(path string) []byte
	// Version is ducklint's version, e.g. "0.1.0".
	Version string
	// Enclosing names the innermost definition around a position of a
	// reported file ("class ntp::config", "node 'web01'"), "" for none.
	// SARIF fingerprints use it; it may be nil.
	Enclosing func(path string, p parser.Pos) string
	// Dir is the absolute working directory that relative paths are
	// relative to. SARIF locates a path outside it ("../x.pp") by an
	// absolute file URI; when Dir is empty such a path stays relative.
	Dir string
	// Errors are the paths that could not be linted (missing, unreadable,
	// binary, not a regular file, a directory without Puppet files), in
	// path order. Every format reports them, and a report with errors
	// never says "no problems".
	Errors []PathError
	// Baseline is set when a baseline file is in use; Findings are then
	// the findings it does not accept.
	Baseline *Baseline
	// Notices are the paths left out on purpose because they lead outside
	// the tree (a symbolic link to elsewhere), in path order. Every format
	// reports them at info; they do not make a report fail.
	Notices []PathError
}

// PathError is a path that could not be linted (diagnostics.PathError).
type PathError = diagnostics.PathError

// Options tune a formatter's output.
type Options struct {
	// Color enables ANSI colours (text format only). The caller decides:
	// terminal detection, NO_COLOR, --color and --no-color.
	Color bool
	// Verbose adds each finding's detail to the text format (--verbose).
	// The json and sarif formats always carry it; github never does, as an
	// annotation has room for the message only.
	Verbose bool
}

// Formatter writes a report to w.
type Formatter func(w io.Writer, r *Report, opts Options) error

// formatters returns the name -> formatter table. It is built on each call
// so the package holds no mutable state.
func formatters() map[string]Formatter {
	return map[string]Formatter{
		"text":   writeText,
		"json":   writeJSON,
		"sarif":  writeSARIF,
		"github": writeGitHub,
	}
}

// Lookup returns the formatter called name: "text", "json", "sarif" or "github".
func Lookup(name string) (Formatter, bool) {
	f, ok := formatters()[name]
	return f, ok
}

// ListsRules reports whether the format called name reads Report.Rules:
// a run writing only other formats need not describe every rule.
func ListsRules(name string) bool { return name == "sarif" }

// Names returns the names of all formats, sorted.
func Names() []string {
	names := make([]string, 0, 4)
	for name := range formatters() {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// ruleListing is one rule in the JSON output of ListRules.
type ruleListing struct {
	ID       string `json:"id"`
	Severity string `json:"severity"`
	Title    string `json:"title"`
	Doc      string `json:"doc"`
	URL      string `json:"url"`
	// OffByDefault is present, and true, for a rule that runs only when
	// the configuration or --enable switches it on.
	OffByDefault bool `json:"off_by_default,omitempty"`
	// Aliases are the puppet-lint check names the rule answers to.
	Aliases []string `json:"aliases,omitempty"`
}

// ListRules writes every rule for --list-rules: a JSON array when format is
// "json", otherwise an aligned text table of id, default severity and title.
// A rule that is off by default says so next to its severity.
func ListRules(w io.Writer, rs []diagnostics.Rule, format string) error {
	if format == "json" {
		list := make([]ruleListing, 0, len(rs))
		for _, r := range rs {
			list = append(list, ruleListing{
				ID: r.ID, Severity: r.Severity.String(), Title: r.Title, Doc: r.Doc, URL: r.URL,
				OffByDefault: r.OffByDefault, Aliases: r.Aliases,
			})
		}
		return encodeJSON(w, list)
	}
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "RULE\tSEVERITY\tTITLE")
	for _, r := range rs {
		sev := r.Severity.String()
		if r.OffByDefault {
			sev += " (off by default)"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\n", r.ID, sev, oneLine(r.Title))
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("writing rule list: %w", err)
	}
	return nil
}

// encodeJSON writes v as indented JSON with a trailing newline, leaving
// '<', '>' and '&' unescaped so messages stay readable.
func encodeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("encoding JSON: %w", err)
	}
	return nil
}

// oneLine folds line breaks into spaces, for table cells.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// source returns the contents of path, or nil when the report has none.
func (r *Report) source(path string) []byte {
	if r.Source == nil {
		return nil
	}
	return r.Source(path)
}

// counts tallies findings by severity.
type counts struct{ errors, warnings, infos int }

func countFindings(ds []*diagnostics.Diagnostic) counts {
	var c counts
	for _, d := range ds {
		switch d.Severity {
		case diagnostics.Error:
			c.errors++
		case diagnostics.Warning:
			c.warnings++
		default:
			c.infos++
		}
	}
	return c
}

// summary is the closing line of the text and github formats. It says
// "no problems" only when every path could be linted and nothing was found.
func summary(r *Report) string {
	if len(r.Findings) == 0 && len(r.Errors) == 0 {
		return fmt.Sprintf("no problems found in %s", words.Count(r.Files, "file", "files")) + baselineSummary(r)
	}
	c := countFindings(r.Findings)
	line := fmt.Sprintf("%s checked, %s, %s, %s",
		words.Count(r.Files, "file", "files"), words.Count(c.errors, "error", "errors"),
		words.Count(c.warnings, "warning", "warnings"), words.Count(c.infos, "info", "infos"))
	if len(r.Errors) > 0 {
		line = words.Count(len(r.Errors), "path error", "path errors") + "; " + line
	}
	return line + baselineSummary(r)
}

// lineSource hands out source lines of reported files, indexing each file
// once per formatter call.
type lineSource struct {
	report  *Report
	indexes map[string]*parser.LineIndex
}

func newLineSource(r *Report) *lineSource {
	return &lineSource{report: r, indexes: map[string]*parser.LineIndex{}}
}

// index returns the line index of file's source, nil when it is unknown.
func (ls *lineSource) index(file string) *parser.LineIndex {
	idx, ok := ls.indexes[file]
	if !ok {
		if src := ls.report.source(file); src != nil {
			idx = parser.NewLineIndex(src)
		}
		ls.indexes[file] = idx
	}
	return idx
}

// line returns the text of 1-based line n of file without its terminator,
// and whether the file's source is known and has that line.
func (ls *lineSource) line(file string, n int) (string, bool) {
	idx := ls.index(file)
	if idx == nil || n < 1 || n > idx.LineCount() {
		return "", false
	}
	return string(idx.Line(n)), true
}

// rangeEnd returns end, or start when end is unset or lies before start,
// so every format reports a well-formed range whatever a rule filled in.
func rangeEnd(start, end parser.Pos) parser.Pos {
	if !end.IsValid() || end.Line < start.Line || (end.Line == start.Line && end.Column < start.Column) {
		return start
	}
	return end
}
