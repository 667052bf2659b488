package ducklint_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ducklint/ducklint"
)

// One run writes several formats: GitHub annotations on standard output and
// SARIF and JSON files, each the same as a run with that format alone.
func TestSeveralOutputsInOneRun(t *testing.T) {
	dir := writeTree(t, sampleTree)
	code, out, errOut := run(t, dir, "", "--output", "github", "--output", "sarif=out.sarif", "--output", "json=reports/../out.json")
	if code != ducklint.ExitFindings || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	for format, file := range map[string]string{"github": "", "sarif": "out.sarif", "json": "out.json"} {
		_, alone, _ := run(t, dir, "", "-f", format)
		got := out
		if file != "" {
			data, err := os.ReadFile(filepath.Join(dir, file))
			if err != nil {
				t.Fatal(err)
			}
			got = string(data)
		}
		if got != alone {
			t.Errorf("%s output differs from a run with -f %s:\n%s\nwant:\n%s", format, format, got, alone)
		}
	}
	if r := decode(t, readFile(t, filepath.Join(dir, "out.json"))); len(r.Findings) != 1 {
		t.Errorf("json file: %+v", r)
	}
	assertNoTempFiles(t, dir)
}

// -f/--format still works, and with --output it names what goes to
// standard output.
func TestFormatWithOutput(t *testing.T) {
	dir := writeTree(t, sampleTree)
	code, out, _ := run(t, dir, "", "-f", "json", "--output", "text=report.txt", "--color")
	if code != ducklint.ExitFindings {
		t.Fatalf("exit %d", code)
	}
	decode(t, out)
	text := readFile(t, filepath.Join(dir, "report.txt"))
	if !strings.Contains(text, "bad.pp:3:1: error: ") || strings.Contains(text, "\x1b[") {
		t.Errorf("text file (no colour in files, even with --color):\n%q", text)
	}
	// Only files: nothing on standard output; "-" is standard output.
	code, out, _ = run(t, dir, "", "--output", "json=only.json")
	if code != ducklint.ExitFindings || out != "" {
		t.Errorf("--output json=only.json: exit %d, stdout %q", code, out)
	}
	decode(t, readFile(t, filepath.Join(dir, "only.json")))
	if _, out, _ = run(t, dir, "", "--output", "json=-"); !strings.HasPrefix(out, "{") {
		t.Errorf("--output json=- writes %q", out)
	}
}

func TestOutputUsageErrors(t *testing.T) {
	dir := writeTree(t, sampleTree)
	cases := []struct {
		args []string
		msg  string
	}{
		{[]string{"--output", "json", "--output", "text"}, "--output json and --output text both write to standard output"},
		{[]string{"-f", "json", "--output", "text"}, "--format json and --output text both write to standard output"},
		{[]string{"--output", "sarif=a.sarif", "--output", "json=./a.sarif"}, "--output sarif=a.sarif and --output json=./a.sarif write the same file"},
		{[]string{"--output", "xml=a.xml"}, `unknown format "xml"`},
		{[]string{"--output", "json="}, `"json=" has no path after "="`},
		{[]string{"--output", "sarif=missing/dir/x.sarif"}, "cannot write --output sarif=missing/dir/x.sarif: no such file or directory"},
		{[]string{"--output", "sarif=sub"}, "cannot write --output sarif=sub: sub is a directory"},
	}
	for _, c := range cases {
		code, out, errOut := run(t, dir, "", c.args...)
		if code != ducklint.ExitUsage || !strings.Contains(errOut, c.msg) || out != "" {
			t.Errorf("%v: exit %d, stderr %q, stdout %q; want exit 2 and %q", c.args, code, errOut, out, c.msg)
		}
	}
	assertNoTempFiles(t, dir)
}

// A path error does not stop the report: files get what standard output
// gets, and nothing is left half-written or behind.
func TestOutputFilesWithPathErrors(t *testing.T) {
	dir := writeTree(t, sampleTree)
	code, out, _ := run(t, dir, "", "-f", "json", "--output", "json=x.json", "nope.pp", "bad.pp")
	if code != ducklint.ExitUsage {
		t.Fatalf("exit %d", code)
	}
	if got := readFile(t, filepath.Join(dir, "x.json")); got != out {
		t.Errorf("x.json:\n%s\nstandard output:\n%s", got, out)
	}
	assertNoTempFiles(t, dir)
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func assertNoTempFiles(t *testing.T, dir string) {
	t.Helper()
	matches, err := filepath.Glob(filepath.Join(dir, ".*.tmp"))
	if err != nil || len(matches) > 0 {
		t.Errorf("temporary files left: %v %v", matches, err)
	}
}

// The JSON of --list-rules follows the standard output format.
func TestListRulesWithOutput(t *testing.T) {
	_, out, _ := run(t, t.TempDir(), "", "--list-rules", "--output", "json")
	var list []map[string]any
	if err := json.Unmarshal([]byte(out), &list); err != nil || len(list) == 0 {
		t.Errorf("--list-rules --output json: %v\n%s", err, out)
	}
}
