package reporter

import (
	"bufio"
	"fmt"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

func TestGitHubEscaping(t *testing.T) {
	tests := []struct {
		in, data, property string
	}{
		{"plain", "plain", "plain"},
		{"100%", "100%25", "100%25"},
		{"%25", "%2525", "%2525"},
		{"a\nb", "a%0Ab", "a%0Ab"},
		{"a\r\nb", "a%0D%0Ab", "a%0D%0Ab"},
		{"a: b, c", "a: b, c", "a%3A b%2C c"},
		{"x::y", "x::y", "x%3A%3Ay"},
		{"é ü — 😀", "é ü — 😀", "é ü — 😀"},
		{"%0A", "%250A", "%250A"},
		{"", "", ""},
	}
	for _, tt := range tests {
		if got := githubEscapeData(tt.in); got != tt.data {
			t.Errorf("githubEscapeData(%q) = %q, want %q", tt.in, got, tt.data)
		}
		if got := githubEscapeProperty(tt.in); got != tt.property {
			t.Errorf("githubEscapeProperty(%q) = %q, want %q", tt.in, got, tt.property)
		}
	}
}

func TestGitHubProperties(t *testing.T) {
	tests := []struct {
		name string
		d    diagnostics.Diagnostic
		want string
	}{
		{"one line", diagnostics.Diagnostic{Rule: "r", File: "a.pp", Start: pos(3, 5), End: pos(3, 9)},
			"file=a.pp,line=3,col=5,endLine=3,endColumn=9,title=r"},
		{"columns dropped across lines", diagnostics.Diagnostic{Rule: "r", File: "a.pp", Start: pos(3, 5), End: pos(7, 2)},
			"file=a.pp,line=3,endLine=7,title=r"},
		{"unset end", diagnostics.Diagnostic{Rule: "r", File: "a.pp", Start: pos(3, 5)},
			"file=a.pp,line=3,col=5,endLine=3,endColumn=5,title=r"},
		{"whole file", diagnostics.Diagnostic{Rule: "r", File: "a.pp"}, "file=a.pp,title=r"},
		{"escaped path", diagnostics.Diagnostic{Rule: "r", File: "x,y:z%.pp", Start: pos(1, 1), End: pos(1, 2)},
			"file=x%2Cy%3Az%25.pp,line=1,col=1,endLine=1,endColumn=2,title=r"},
	}
	for _, tt := range tests {
		if got := githubProperties(tt.d); got != tt.want {
			t.Errorf("%s: githubProperties = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestGitHubCommandPerSeverity(t *testing.T) {
	out := string(render(t, "github", fixtureReport(), Options{}))
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != len(fixtureReport().Findings)+1 {
		t.Fatalf("got %d lines, want one per finding and a summary:\n%s", len(lines), out)
	}
	for i, d := range fixtureReport().Findings {
		want := "::" + map[diagnostics.Severity]string{diagnostics.Error: "error", diagnostics.Warning: "warning", diagnostics.Info: "notice"}[d.Severity] + " "
		if !strings.HasPrefix(lines[i], want) {
			t.Errorf("line %d = %q, want prefix %q", i+1, lines[i], want)
		}
	}
}

func TestGitHubAnnotationLimitNote(t *testing.T) {
	r := &Report{Files: 1}
	for range githubAnnotationLimit {
		r.Findings = append(r.Findings, &diagnostics.Diagnostic{Rule: "r", Severity: diagnostics.Warning, File: "a.pp", Message: "m"})
	}
	if out := string(render(t, "github", r, Options{})); strings.Contains(out, "at most") {
		t.Errorf("note printed for %d findings:\n%s", githubAnnotationLimit, out)
	}
	r.Findings = append(r.Findings, r.Findings[0])
	if out := string(render(t, "github", r, Options{})); !strings.Contains(out, "at most 10 annotations") {
		t.Errorf("no note for %d findings:\n%s", len(r.Findings), out)
	}
}

// TestGitHubAnnotationsHaveNoDetail checks that an annotation carries the
// finding's short message, titled by its rule, and never its detail: an
// annotation has room for a line, and the rule's documentation explains.
func TestGitHubAnnotationsHaveNoDetail(t *testing.T) {
	r := fixtureReport()
	for _, verbose := range []bool{false, true} {
		out := string(render(t, "github", r, Options{Verbose: verbose}))
		for _, d := range r.Findings {
			if d.Detail != "" && strings.Contains(out, githubEscapeData(d.Detail)) {
				t.Errorf("verbose=%v: the detail of %q is in an annotation", verbose, d.Message)
			}
			first, _, _ := strings.Cut(d.Message, "\n")
			if !strings.Contains(out, ",title="+githubEscapeProperty(d.Rule)+"::"+githubEscapeData(first)) {
				t.Errorf("verbose=%v: no annotation titled %s with the message %q:\n%s", verbose, d.Rule, first, out)
			}
		}
	}
}

// githubProperties formats a command's properties as the writer did with
// fmt: the oracle of TestGitHubFindingMatchesFormatted.
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

// TestGitHubFindingMatchesFormatted holds writeGitHubFinding to the
// command composed with fmt and the escaping functions, over strings
// needing every escape, positions unset, on one line and over several.
func TestGitHubFindingMatchesFormatted(t *testing.T) {
	strs := append(awkwardStrings(), "100% done\r\n", "a:b,c")
	var ds []diagnostics.Diagnostic
	for i, s := range strs {
		for k, end := range []parser.Pos{{}, pos(i+1, 0), pos(i+1, i+9), pos(i+3, 2)} {
			d := diagnostics.Diagnostic{Rule: s, Severity: diagnostics.Severity(k % 4), Message: s, File: s, Start: pos(i+1, i%2), End: end}
			if k == 1 {
				d.Start = parser.Pos{}
			}
			if k == 2 {
				d.Related = []diagnostics.Related{{Message: s, File: "x%.pp", Start: pos(2, 3)}}
			}
			ds = append(ds, d)
		}
	}
	for _, d := range ds {
		var b strings.Builder
		bw := bufio.NewWriter(&b)
		writeGitHubFinding(bw, &d)
		if err := bw.Flush(); err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf("::%s %s::%s\n", githubCommand(d.Severity), githubProperties(d), githubEscapeData(githubMessage(d)))
		if b.String() != want {
			t.Errorf("writeGitHubFinding = %q, want %q", b.String(), want)
		}
	}
}
