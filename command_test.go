package ducklint_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ducklint/ducklint"
	"github.com/ducklint/ducklint/rules"
)

// writeTree creates files (path -> content) under a new temporary directory.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// run runs the command in-process in dir and returns exit code, stdout, stderr.
func run(t testing.TB, dir, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	cmd := &ducklint.Command{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errOut, Dir: dir,
		Getenv: func(string) string { return "" }}
	code := cmd.Main(append([]string{"ducklint"}, args...))
	return code, out.String(), errOut.String()
}

type jsonReport struct {
	Version  int `json:"version"`
	Findings []struct {
		Rule      string `json:"rule"`
		Severity  string `json:"severity"`
		Message   string `json:"message"`
		File      string `json:"file"`
		Line      int    `json:"line"`
		Column    int    `json:"column"`
		EndLine   int    `json:"end_line"`
		EndColumn int    `json:"end_column"`
		Related   []any  `json:"related"`
	} `json:"findings"`
	Files int `json:"files"`
}

func decode(t *testing.T, s string) jsonReport {
	t.Helper()
	var r jsonReport
	if err := json.Unmarshal([]byte(s), &r); err != nil {
		t.Fatalf("output is not the JSON contract: %v\n%s", err, s)
	}
	return r
}

var sampleTree = map[string]string{
	"good.pp":       "class good {\n  notice('ok')\n}\n",
	"bad.pp":        "class bad {\n  $x = [1,\n}\n",
	"sub/other.epp": "<%- | $x | -%>\n<%= $x %>\n",
}

func TestExitCodesAndJSON(t *testing.T) {
	dir := writeTree(t, sampleTree)
	code, out, _ := run(t, dir, "", "-f", "json")
	if code != ducklint.ExitFindings {
		t.Fatalf("exit = %d, want 1\n%s", code, out)
	}
	r := decode(t, out)
	if r.Version != 1 || r.Files != 3 || len(r.Findings) != 1 {
		t.Fatalf("report = %+v", r)
	}
	f := r.Findings[0]
	if f.Rule != "syntax-error" || f.Severity != "error" || f.File != "bad.pp" || f.Line != 3 || f.Column != 1 ||
		f.EndLine != 3 || f.EndColumn != 2 || f.Message != "Syntax error at '}'" || f.Related == nil {
		t.Errorf("finding = %+v", f)
	}

	code, out, _ = run(t, dir, "", "good.pp", "sub")
	if code != ducklint.ExitClean || !strings.Contains(out, "no problems") {
		t.Errorf("clean files: exit %d, output %q", code, out)
	}
}

func TestTextOutputAndFlagsAfterPaths(t *testing.T) {
	dir := writeTree(t, sampleTree)
	code, out, _ := run(t, dir, "", "bad.pp", "--format", "text")
	if code != 1 || !strings.Contains(out, "bad.pp:3:1: error: Syntax error at '}' [syntax-error]") {
		t.Errorf("exit %d, text output:\n%s", code, out)
	}
}

// "--" ends the flags: every argument after it is a path, wherever the
// "--" is (the GitHub Action passes its path input after one).
func TestDoubleDashEndsFlags(t *testing.T) {
	dir := writeTree(t, sampleTree)
	for _, args := range [][]string{
		{"-f", "json", "--", "good.pp", "--version"},
		{"-f", "json", "good.pp", "--", "--version"},
		{"-f", "json", "--", "good.pp", "--format", "text", "--version"},
	} {
		code, out, errOut := run(t, dir, "", args...)
		if code != ducklint.ExitUsage || !strings.Contains(errOut, "--version") || decode(t, out).Files != 1 {
			t.Errorf("%v: exit %d, stderr %q; want --version reported as a missing path", args, code, errOut)
		}
	}
}

// TestPuppetVersion checks --puppet-version and [puppet] version: the
// target version decides a finding's severity and words, the flag wins
// over the configuration, and a version ducklint does not support is a
// usage error.
func TestPuppetVersion(t *testing.T) {
	tree := map[string]string{"a.pp": "class a {\n  notice($nowhere)\n}\n"}
	check := func(dir string, args []string, sev, words string) {
		t.Helper()
		code, out, errOut := run(t, dir, "", append([]string{"-f", "json", "-v"}, args...)...)
		var r struct {
			Findings []struct{ Severity, Detail string } `json:"findings"`
		}
		if err := json.Unmarshal([]byte(out), &r); err != nil || code != ducklint.ExitFindings || len(r.Findings) != 1 {
			t.Fatalf("%v: exit %d, stderr %q, output %s", args, code, errOut, out)
		}
		if f := r.Findings[0]; f.Severity != sev || !strings.Contains(f.Detail, words) {
			t.Errorf("%v: %s finding %q; want %s saying %q", args, f.Severity, f.Detail, sev, words)
		}
	}
	dir := writeTree(t, tree)
	check(dir, nil, "error", "Puppet 8 fails the catalog")
	check(dir, []string{"--puppet-version", "7"}, "warning", "Puppet 7 reads undef")
	check(dir, []string{"--puppet-version=8"}, "error", "Puppet 8 fails the catalog")

	tree[".ducklint.toml"] = "[puppet]\nversion = 7\n"
	dir = writeTree(t, tree)
	check(dir, nil, "warning", "Puppet 7 reads undef")
	check(dir, []string{"--puppet-version", "8"}, "error", "Puppet 8 fails the catalog")

	for _, bad := range []string{"6", "8.1", "eight"} {
		code, _, errOut := run(t, dir, "", "--puppet-version", bad)
		if code != ducklint.ExitUsage || !strings.Contains(errOut, "want 7 or 8") {
			t.Errorf("--puppet-version %s: exit %d, stderr %q; want a usage error", bad, code, errOut)
		}
	}
	tree[".ducklint.toml"] = "[puppet]\nversion = 9\n"
	dir = writeTree(t, tree)
	if code, _, errOut := run(t, dir, ""); code != ducklint.ExitUsage || !strings.Contains(errOut, ".ducklint.toml:2: puppet.version: Puppet 9 is not supported") {
		t.Errorf("[puppet] version = 9: exit %d, stderr %q", code, errOut)
	}
	// --list-rules gives the defaults of the version the flag names.
	for v, want := range map[string]string{"7": "warning", "8": "error"} {
		_, out, _ := run(t, dir, "", "--list-rules", "--puppet-version", v, "-f", "json")
		if !strings.Contains(out, `"id": "unknown-variable"`) || !listedSeverity(out, "unknown-variable", want) {
			t.Errorf("--list-rules --puppet-version %s: unknown-variable not %s:\n%s", v, want, out)
		}
	}
}

// listedSeverity reports whether the JSON rule list out gives rule id the
// default severity sev.
func listedSeverity(out, id, sev string) bool {
	var list []struct{ ID, Severity string }
	if err := json.Unmarshal([]byte(out), &list); err != nil {
		var wrapped struct {
			Rules []struct{ ID, Severity string }
		}
		if json.Unmarshal([]byte(out), &wrapped) != nil {
			return false
		}
		list = wrapped.Rules
	}
	for _, r := range list {
		if r.ID == id {
			return r.Severity == sev
		}
	}
	return false
}

// TestVerbose checks that -v and --verbose add each finding's detail to the
// text output, and that the JSON output carries it either way.
func TestVerbose(t *testing.T) {
	dir := writeTree(t, map[string]string{"a.pp": "class a {\n  notice($nowhere)\n}\n"})
	const detail = "so Puppet 8 fails the catalog"
	if _, out, _ := run(t, dir, ""); !strings.Contains(out, "unknown variable $nowhere in class a [unknown-variable]") ||
		strings.Contains(out, detail) {
		t.Errorf("text output without -v:\n%s", out)
	}
	for _, flag := range []string{"-v", "--verbose"} {
		if _, out, _ := run(t, dir, "", flag); !strings.Contains(out, "\n  = It is not a parameter") || !strings.Contains(out, detail) {
			t.Errorf("text output with %s:\n%s", flag, out)
		}
	}
	// A text file written with --output gets the detail too, without colour.
	report := filepath.Join(t.TempDir(), "report.txt")
	if code, _, errOut := run(t, dir, "", "-v", "--color", "--output", "text="+report); code != ducklint.ExitFindings {
		t.Errorf("--output text=FILE -v: exit %d, stderr %q", code, errOut)
	}
	if data, err := os.ReadFile(report); err != nil || !strings.Contains(string(data), detail) || strings.Contains(string(data), "\x1b[") {
		t.Errorf("text file with -v (%v):\n%s", err, data)
	}
	_, out, _ := run(t, dir, "", "-f", "json")
	var r struct {
		Findings []struct {
			Message string `json:"message"`
			Detail  string `json:"detail"`
		} `json:"findings"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || len(r.Findings) != 1 || !strings.Contains(r.Findings[0].Detail, detail) {
		t.Errorf("JSON output (%v):\n%s", err, out)
	}
}

func TestFailOn(t *testing.T) {
	dir := writeTree(t, map[string]string{"a.pp": "notice('x') # lint:ignore:syntax-error\n"})
	// The only finding is an unused-ignore warning.
	if code, out, _ := run(t, dir, ""); code != 1 || !strings.Contains(out, "unused-ignore") {
		t.Errorf("default --fail-on warning: exit %d\n%s", code, out)
	}
	if code, _, _ := run(t, dir, "", "--fail-on", "error"); code != 0 {
		t.Errorf("--fail-on error with only a warning: exit %d, want 0", code)
	}
}

func TestUsageErrors(t *testing.T) {
	dir := writeTree(t, sampleTree)
	cases := []struct {
		args []string
		msg  string
	}{
		{[]string{"--format", "xml"}, `unknown format "xml"`},
		{[]string{"--jobs", "0"}, "--jobs must be at least 1"},
		{[]string{"--enable", "no-such-rule"}, `unknown rule "no-such-rule"`},
		{[]string{"--fail-on", "fatal"}, "unknown severity"},
		{[]string{"--no-such-flag"}, "flag provided but not defined"},
		{[]string{"--stdin-filename", "x.pp", "good.pp"}, `needs "-"`},
		{[]string{"-", "-"}, "only once"},
	}
	for _, c := range cases {
		code, out, errOut := run(t, dir, "", c.args...)
		if code != ducklint.ExitUsage || !strings.Contains(errOut, c.msg) || out != "" {
			t.Errorf("%v: exit %d, stderr %q, stdout %q; want exit 2 and %q", c.args, code, errOut, out, c.msg)
		}
	}
}

func TestBadConfig(t *testing.T) {
	dir := writeTree(t, map[string]string{"a.pp": "notice('x')\n", ".ducklint.toml": "[rules.nope]\nenabled = true\n"})
	code, _, errOut := run(t, dir, "")
	if code != ducklint.ExitUsage || !strings.Contains(errOut, ".ducklint.toml:1: unknown rule \"nope\"") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	// The three of issue 23: each names the file, the line and the key.
	for src, want := range map[string]string{
		"[rules.syntax-error]\nseverity = \"fatal\"\n": `.ducklint.toml:2: rules.syntax-error.severity: unknown severity "fatal"`,
		"[scope]\nknown_variables = \"role\"\n":        `.ducklint.toml:2: scope.known_variables: expected a list of variable names`,
		"exclude = [\"[unclosed\"]\n":                  `.ducklint.toml:1: exclude: "[unclosed" is not a usable glob`,
	} {
		dir := writeTree(t, map[string]string{"a.pp": "notice('x')\n", ".ducklint.toml": src})
		code, out, errOut := run(t, dir, "")
		if code != ducklint.ExitUsage || !strings.Contains(errOut, filepath.Join(dir, want)) || out != "" {
			t.Errorf("config %q: exit %d, stdout %q, stderr %q; want exit 2 and %q", src, code, out, errOut, want)
		}
	}
	code, _, errOut = run(t, dir, "", "--config", "missing.toml")
	if code != ducklint.ExitUsage || !strings.Contains(errOut, "missing.toml") {
		t.Errorf("missing --config: exit %d, stderr %q", code, errOut)
	}
}

func TestMissingPathStillLintsTheRest(t *testing.T) {
	dir := writeTree(t, sampleTree)
	code, out, errOut := run(t, dir, "", "-f", "json", "nope.pp", "bad.pp")
	if code != ducklint.ExitUsage || !strings.Contains(errOut, "nope.pp") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	if r := decode(t, out); len(r.Findings) != 1 || r.Findings[0].File != "bad.pp" {
		t.Errorf("findings for the other path lost: %+v", r)
	}
}

// A single file is linted in its module's context: the module's real name
// comes from metadata.json, and only the given file is reported.
func TestSingleFileInModuleContext(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"puppetlabs-ntp/metadata.json":          `{"name": "puppetlabs-ntp"}`,
		"puppetlabs-ntp/manifests/init.pp":      "class ntp {\n  $x = [\n}\n",
		"puppetlabs-ntp/manifests/config.pp":    "class ntp::config {}\n",
		"puppetlabs-ntp/manifests/service.pp":   "class ntp::svc {}\n",
		"puppetlabs-ntp/templates/ntp.conf.epp": "<%= 1 %>\n",
	})
	code, out, _ := run(t, dir, "", "-f", "json", "puppetlabs-ntp/manifests/config.pp")
	if r := decode(t, out); code != 0 || r.Files != 1 || len(r.Findings) != 0 {
		t.Errorf("config.pp: exit %d, %+v", code, r)
	}
	code, out, _ = run(t, dir, "", "-f", "json", "puppetlabs-ntp/manifests/service.pp")
	r := decode(t, out)
	if code != 1 || len(r.Findings) != 1 || r.Findings[0].Rule != "autoload-layout" ||
		!strings.Contains(r.Findings[0].Message, "must define 'ntp::service'") {
		t.Errorf("service.pp: exit %d, %+v", code, r)
	}
}

func TestStdinPlacedInItsModule(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"ntp/metadata.json":       `{"name": "puppetlabs-ntp"}`,
		"ntp/manifests/config.pp": "class ntp::config {}\n",
	})
	code, out, _ := run(t, dir, "class ntp::wrong {}\n", "-f", "json", "--stdin-filename", "ntp/manifests/config.pp", "-")
	r := decode(t, out)
	if code != 1 || r.Files != 1 || len(r.Findings) != 1 || r.Findings[0].File != "ntp/manifests/config.pp" ||
		r.Findings[0].Rule != "autoload-layout" {
		t.Errorf("stdin: exit %d, %+v", code, r)
	}
}

func TestListRules(t *testing.T) {
	code, out, _ := run(t, t.TempDir(), "", "--list-rules", "-f", "json")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var list []map[string]any
	if err := json.Unmarshal([]byte(out), &list); err != nil {
		t.Fatalf("--list-rules -f json is not JSON: %v\n%s", err, out)
	}
	ids := map[any]bool{}
	for _, r := range list {
		ids[r["id"]] = true
	}
	for _, id := range []string{"syntax-error", "unused-ignore", "autoload-layout"} {
		if !ids[id] {
			t.Errorf("--list-rules lacks %s: %s", id, out)
		}
	}
	for _, r := range list {
		off, has := r["off_by_default"]
		rule, _ := rules.Default().Lookup(r["id"].(string))
		switch {
		case rule != nil && rule.OffByDefault:
			if off != true {
				t.Errorf("--list-rules -f json: %v lacks off_by_default: true", r["id"])
			}
		default:
			if has {
				t.Errorf("--list-rules -f json: %v, on by default, has off_by_default: %v", r["id"], off)
			}
		}
	}
	code, out, _ = run(t, t.TempDir(), "", "--list-rules")
	if code != 0 || !strings.Contains(out, "syntax-error") {
		t.Errorf("--list-rules text: exit %d\n%s", code, out)
	}
	for line := range strings.Lines(out) {
		id, _, _ := strings.Cut(line, " ")
		switch off := strings.Contains(line, "(off by default)"); {
		case id == "roles-profiles" && !off, id == "syntax-error" && off:
			t.Errorf("--list-rules text: %q says off by default: %v", line, off)
		}
	}
}

func TestOutputIndependentOfJobs(t *testing.T) {
	files := map[string]string{}
	for i := range 40 {
		files[filepath.ToSlash(filepath.Join("m", "manifests", string(rune('a'+i%26))+strings.Repeat("x", i/26)+".pp"))] =
			"class wrong_name {}\n# lint:ignore:nothing-here\n$y = }\n"
	}
	dir := writeTree(t, files)
	_, first, _ := run(t, dir, "", "-f", "json", "--jobs", "1")
	for _, jobs := range []string{"2", "8"} {
		if _, out, _ := run(t, dir, "", "-f", "json", "--jobs", jobs); out != first {
			t.Errorf("--jobs %s output differs from --jobs 1", jobs)
		}
	}
	if r := decode(t, first); len(r.Findings) != 120 {
		t.Errorf("findings = %d, want 120 (3 per file)", len(r.Findings))
	}
}

func TestHelp(t *testing.T) {
	code, out, _ := run(t, t.TempDir(), "", "--help")
	if code != 0 || !strings.Contains(out, "usage: ducklint") {
		t.Errorf("--help: exit %d\n%s", code, out)
	}
}

// Flag errors name flags the way the README and --help spell them: two
// dashes for long names, one for single letters.
func TestFlagErrorsUseDocumentedSpelling(t *testing.T) {
	dir := writeTree(t, sampleTree)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--fail-on", "bad"}, `invalid value "bad" for flag --fail-on: `},
		{[]string{"-fail-on=bad"}, `invalid value "bad" for flag --fail-on: `},
		{[]string{"--jobs", "x"}, `invalid value "x" for flag --jobs: `},
		{[]string{"--format"}, "flag needs an argument: --format"},
		{[]string{"-f"}, "flag needs an argument: -f"},
		{[]string{"--no-such-flag"}, "flag provided but not defined: --no-such-flag"},
		{[]string{"-x"}, "flag provided but not defined: -x"},
		{[]string{"--list-rules=maybe"}, `invalid boolean value "maybe" for --list-rules: `},
		{[]string{"--color=maybe"}, `invalid boolean value "maybe" for --color: `},
	}
	for _, c := range cases {
		code, _, errOut := run(t, dir, "", c.args...)
		if code != ducklint.ExitUsage || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", c.args, code, errOut, c.want)
		}
	}
}
