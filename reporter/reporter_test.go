package reporter

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/reporter")

// goldenDir holds the expected outputs, relative to this package.
const goldenDir = "../testdata/reporter"

// Paths of the fixture's files. The second has a comma and a colon, which
// the github format must escape in its file property.
const (
	initPath  = "manifests/init.pp"
	otherPath = "manifests/other, odd:name.pp"
)

// fixtureSources are the files the fixture's findings point into. Line 2
// of init.pp starts with a tab and has multi-byte characters.
func fixtureSources() map[string][]byte {
	return map[string][]byte{
		initPath: []byte("class demo {\n" +
			"\t$é = \"ünïcode\"\n" +
			"  $x = $y\n" +
			"  file { '/tmp/a':\n" +
			"    ensure => present,\n" +
			"  }\n" +
			"}\n"),
		otherPath: []byte("include demo\r\n$z = 1\r\n"),
	}
}

// pos builds a position; offsets do not matter to reporters.
func pos(line, col int) parser.Pos { return parser.Pos{Line: int32(line), Column: int32(col)} }

// fixtureRules is a registry's worth of rules, sorted by ID.
func fixtureRules() []diagnostics.Rule {
	rs := []diagnostics.Rule{
		{ID: "class-redeclared", Title: "A class is declared resource-like and elsewhere", Severity: diagnostics.Warning,
			Doc: "A resource-like class declaration fails with \"Duplicate declaration\"\nwhen the class was declared before."},
		{ID: "invalid-module-name", Title: "Module directory name is not a valid module name", Severity: diagnostics.Error,
			Doc: "Module names are lower-case letters, digits and underscores."},
		{ID: "style-hint", Title: "Something could be written more plainly", Severity: diagnostics.Info,
			Doc: "Hints carry no risk: <em>style</em> & taste."},
		{ID: "unknown-variable", Title: "Variable that static scope cannot resolve", Severity: diagnostics.Warning,
			Doc: "An unqualified variable must be a parameter, assigned earlier in the same scope, or global."},
	}
	for i := range rs {
		rs[i].URL = "https://github.com/ducklint/ducklint/blob/main/docs/rules/" + rs[i].ID + ".md"
	}
	return rs
}

// fixtureReport exercises every feature of the formats: all severities,
// related locations (named in the message or not), a multi-line range, a
// whole-file finding, messages and details with characters that need
// escaping, findings with and without a detail, and a line with tabs and
// multi-byte characters.
func fixtureReport() *Report {
	srcs := fixtureSources()
	findings := []diagnostics.Diagnostic{
		{Rule: "style-hint", Severity: diagnostics.Info, File: initPath, Start: pos(2, 7), End: pos(2, 16),
			Message: `string "ünïcode" needs no interpolation; use single quotes`,
			Detail:  "A double-quoted string without ${...} or escapes is the same string in single quotes, which say so."},
		{Rule: "unknown-variable", Severity: diagnostics.Warning, File: initPath, Start: pos(3, 8), End: pos(3, 10),
			Message: "unknown variable $y: 100% unresolved, in class demo (line 2)\nPuppet says: Unknown variable: 'y' — évaluation stricte",
			Detail: "It is not a parameter or a variable assigned earlier in class demo, nor top-scope, so Puppet reads undef: " +
				"*not* `$z` of manifests/other, odd:name.pp:2, [scope] known_variables, <b>HTML</b> & a\\[0\\] | ~x~ # — " +
				"a long detail wraps in text output.\nA second paragraph.",
			Related: []diagnostics.Related{
				{Message: "$z is assigned here", File: otherPath, Start: pos(2, 1), End: pos(2, 3)},
				{Message: "and $é here", File: initPath, Start: pos(2, 2), End: pos(2, 4)},
			}},
		{Rule: "class-redeclared", Severity: diagnostics.Warning, File: initPath, Start: pos(4, 3), End: pos(6, 4),
			Message: "File['/tmp/a'] spans lines and meets Class[demo] at manifests/other, odd:name.pp:1",
			Detail:  "Declared again at manifests/other, odd:name.pp:1.",
			Related: []diagnostics.Related{{Message: "Class[demo] is declared here", File: otherPath, Start: pos(1, 1), End: pos(1, 13)}}},
		{Rule: "invalid-module-name", Severity: diagnostics.Error, File: otherPath,
			Message: "the file name is not a valid name"},
		{Rule: "unknown-variable", Severity: diagnostics.Error, File: otherPath, Start: pos(2, 1), End: pos(2, 3),
			Message: "variable $z is never read"},
	}
	return &Report{
		Findings: diagnostics.Pointers(findings), Files: 2, Rules: fixtureRules(), Version: "0.1.0",
		Source: func(path string) []byte { return srcs[path] },
	}
}

// errorsReport has a finding and path errors: a PATH argument as typed,
// a file found under a directory, and one whose name needs escaping.
func errorsReport() *Report {
	r := fixtureReport()
	r.Findings = r.Findings[:1]
	r.Files = 1
	r.Errors = []PathError{
		{Path: "/nonexistent/x.pp", Message: "no such file or directory"},
		{Path: otherPath, Message: "binary file (contains NUL bytes); not parsed"},
		{Path: "empty", Message: "no .pp or .epp files to lint in this directory"},
	}
	return r
}

// emptyReport has no findings.
func emptyReport() *Report {
	return &Report{Files: 3, Rules: fixtureRules(), Version: "0.1.0"}
}

// golden compares got with the golden file name, or rewrites it under -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join(goldenDir, name)
	if *update {
		if err := os.MkdirAll(goldenDir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("reading golden file (run go test ./reporter -update to create it): %v", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (run go test ./reporter -update if the change is intended)\n--- got:\n%s\n--- want:\n%s", name, got, want)
	}
}

// render runs the named formatter on r.
func render(t *testing.T, format string, r *Report, opts Options) []byte {
	t.Helper()
	f, ok := Lookup(format)
	if !ok {
		t.Fatalf("Lookup(%q) failed", format)
	}
	var buf bytes.Buffer
	if err := f(&buf, r, opts); err != nil {
		t.Fatalf("%s formatter: %v", format, err)
	}
	return buf.Bytes()
}

func TestGolden(t *testing.T) {
	tests := []struct {
		golden string
		format string
		report func() *Report
		opts   Options
	}{
		{"text.golden", "text", fixtureReport, Options{}},
		{"text-color.golden", "text", fixtureReport, Options{Color: true}},
		{"text-verbose.golden", "text", fixtureReport, Options{Verbose: true}},
		{"text-empty.golden", "text", emptyReport, Options{}},
		{"json.golden", "json", fixtureReport, Options{}},
		{"json-empty.golden", "json", emptyReport, Options{}},
		{"sarif.golden", "sarif", fixtureReport, Options{}},
		{"sarif-empty.golden", "sarif", emptyReport, Options{}},
		{"github.golden", "github", fixtureReport, Options{}},
		{"github-empty.golden", "github", emptyReport, Options{}},
		{"text-errors.golden", "text", errorsReport, Options{}},
		{"json-errors.golden", "json", errorsReport, Options{}},
		{"sarif-errors.golden", "sarif", errorsReport, Options{}},
		{"github-errors.golden", "github", errorsReport, Options{}},
	}
	for _, tt := range tests {
		t.Run(tt.golden, func(t *testing.T) {
			golden(t, tt.golden, render(t, tt.format, tt.report(), tt.opts))
		})
	}
}

func TestListRulesGolden(t *testing.T) {
	for _, tt := range []struct{ golden, format string }{
		{"list-rules.golden", "text"},
		{"list-rules-json.golden", "json"},
	} {
		t.Run(tt.golden, func(t *testing.T) {
			var buf bytes.Buffer
			if err := ListRules(&buf, fixtureRules(), tt.format); err != nil {
				t.Fatal(err)
			}
			golden(t, tt.golden, buf.Bytes())
		})
	}
}

func TestLookupAndNames(t *testing.T) {
	want := []string{"github", "json", "sarif", "text"}
	if got := Names(); !slices.Equal(got, want) {
		t.Errorf("Names() = %v, want %v", got, want)
	}
	for _, name := range want {
		if f, ok := Lookup(name); !ok || f == nil {
			t.Errorf("Lookup(%q) = %v, %v; want a formatter", name, f, ok)
		}
	}
	for _, name := range []string{"", "TEXT", "xml", "checkstyle"} {
		if _, ok := Lookup(name); ok {
			t.Errorf("Lookup(%q) succeeded, want no such format", name)
		}
	}
}

// TestNoSource checks that every format copes without source text: no
// Source function at all, or one that knows nothing.
func TestNoSource(t *testing.T) {
	for _, source := range []func(string) []byte{nil, func(string) []byte { return nil }} {
		r := fixtureReport()
		r.Source = source
		for _, name := range Names() {
			if out := render(t, name, r, Options{}); len(out) == 0 {
				t.Errorf("%s: no output", name)
			}
		}
		if out := render(t, "text", r, Options{}); bytes.Contains(out, []byte("^")) {
			t.Errorf("text output has a caret line without source:\n%s", out)
		}
	}
}

// TestMalformedPositions feeds positions no rule should produce; every
// format must still write something sensible and never panic.
func TestMalformedPositions(t *testing.T) {
	srcs := fixtureSources()
	r := &Report{
		Files: 1, Rules: fixtureRules(), Source: func(p string) []byte { return srcs[p] },
		Findings: diagnostics.Pointers([]diagnostics.Diagnostic{
			{Rule: "style-hint", Severity: diagnostics.Info, File: initPath, Start: pos(2, 500), End: pos(2, 900), Message: "column past the end"},
			{Rule: "style-hint", Severity: diagnostics.Info, File: initPath, Start: pos(3, 5), End: pos(1, 1), Message: "end before start"},
			{Rule: "style-hint", Severity: diagnostics.Info, File: initPath, Start: pos(99, 1), End: pos(99, 2), Message: "line past the end"},
			{Rule: "no-such-rule", Severity: diagnostics.Severity(0), File: "/abs/path.pp", Start: pos(1, 0), Message: ""},
		}),
	}
	for _, name := range Names() {
		if out := render(t, name, r, Options{Color: true}); len(out) == 0 {
			t.Errorf("%s: no output", name)
		}
	}
}
