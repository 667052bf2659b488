package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCompare(t *testing.T) {
	ok := verdict{OK: true}
	errAt := func(line, col int) verdict { return verdict{Line: line, Column: col, Message: "Syntax error at 'x'"} }
	eoi := verdict{Message: "Syntax error at end of input"}
	syntaxErr := func(line, col int) finding {
		return finding{Rule: syntaxRule, Line: line, Column: col, Message: "unexpected x"}
	}
	tests := []struct {
		name   string
		puppet verdict
		got    *finding
		opts   options
		reason string // "" means they agree
	}{
		{"both accept", ok, nil, options{}, ""},
		{"false syntax error", ok, ptr(syntaxErr(1, 1)), options{}, "Puppet accepts it, ducklint reports a syntax error"},
		{"missed syntax error", errAt(2, 3), nil, options{}, "Puppet rejects it, ducklint reports no syntax error"},
		{"same line", errAt(2, 3), ptr(syntaxErr(2, 3)), options{}, ""},
		{"different line", errAt(2, 3), ptr(syntaxErr(4, 3)), options{}, "first error on a different line"},
		{"different column ignored", errAt(2, 3), ptr(syntaxErr(2, 9)), options{}, ""},
		{"different column reported", errAt(2, 3), ptr(syntaxErr(2, 9)), options{columns: true}, "first error in a different column"},
		{"no puppet position", eoi, ptr(syntaxErr(7, 1)), options{columns: true}, ""},
		{"missed end of input", eoi, nil, options{}, "Puppet rejects it, ducklint reports no syntax error"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cases := []verdictCase{{File: "a.pp", Syntax: tt.puppet, Validate: tt.puppet}}
			fe := firstErrors{syntax: map[string]finding{}}
			if tt.got != nil {
				fe.syntax["a.pp"] = *tt.got
			}
			ds := compare(cases, fe, tt.opts)
			switch {
			case tt.reason == "" && len(ds) != 0:
				t.Fatalf("want agreement, got %v", ds)
			case tt.reason != "" && len(ds) != 1:
				t.Fatalf("want one disagreement %q, got %v", tt.reason, ds)
			case tt.reason != "" && ds[0].Reason != tt.reason:
				t.Fatalf("reason = %q, want %q", ds[0].Reason, tt.reason)
			}
		})
	}
}

func TestCompareChoosesVerdict(t *testing.T) {
	// Parses, fails validation: ducklint's syntax-error agrees only with -validate.
	cases := []verdictCase{{File: "v.pp", Syntax: verdict{OK: true}, Validate: verdict{Line: 1, Column: 1, Message: "Unacceptable name"}}}
	if ds := compare(cases, firstErrors{}, options{}); len(ds) != 0 {
		t.Errorf("against syntax verdict: got %v, want none", ds)
	}
	if ds := compare(cases, firstErrors{}, options{useValidate: true}); len(ds) != 1 {
		t.Errorf("against validate verdict: got %v, want one", ds)
	}
}

func TestCollectFirstErrors(t *testing.T) {
	findings := []finding{
		{Rule: syntaxRule, File: "corpus/a.pp", Line: 5, Column: 2},
		{Rule: syntaxRule, File: "corpus/a.pp", Line: 3, Column: 9},
		{Rule: syntaxRule, File: "corpus/a.pp", Line: 3, Column: 4},
		{Rule: "unknown-variable", File: "corpus/b.pp", Line: 1, Column: 1},
		{Rule: "reserved-word", File: "corpus/b.pp", Line: 2, Column: 7},
		{Rule: syntaxRule, File: "corpus/sub/c.pp", Line: 2, Column: 1},
		{Rule: syntaxRule, File: "elsewhere/d.pp", Line: 1, Column: 1},
	}
	fe := collectFirstErrors(findings, "/w", "/w/corpus", map[string]bool{"reserved-word": true})
	if fe.outside != 1 {
		t.Errorf("outside = %d, want 1", fe.outside)
	}
	if len(fe.syntax) != 2 {
		t.Fatalf("got %d files with syntax errors, want 2: %v", len(fe.syntax), fe.syntax)
	}
	if f := fe.syntax["a.pp"]; f.Line != 3 || f.Column != 4 {
		t.Errorf("a.pp first = %d:%d, want 3:4", f.Line, f.Column)
	}
	if _, ok := fe.syntax["sub/c.pp"]; !ok {
		t.Errorf("sub/c.pp missing: %v", fe.syntax)
	}
	if _, ok := fe.syntax["b.pp"]; ok {
		t.Errorf("b.pp has no syntax-error and must not count")
	}
	if f, ok := fe.also["b.pp"]; !ok || f.Line != 2 {
		t.Errorf("b.pp reserved-word = %v, %v; want line 2", f, ok)
	}
	if n := len(fe.all["b.pp"]); n != 2 {
		t.Errorf("b.pp has %d findings, want 2", n)
	}
}

func TestCompareAlsoRules(t *testing.T) {
	rejected := verdict{Line: 1, Column: 7, Message: "Syntax error at 'and'"}
	reserved := finding{Rule: "reserved-word", Line: 1, Column: 7}
	cases := []verdictCase{
		{File: "and.pp", Syntax: rejected},
		{File: "attr.pp", Syntax: verdict{OK: true}},
	}
	fe := firstErrors{
		syntax: map[string]finding{},
		also:   map[string]finding{"and.pp": reserved, "attr.pp": reserved},
		all:    map[string][]finding{"and.pp": {reserved}},
	}
	if ds := compare(cases, fe, options{}); len(ds) != 0 {
		t.Errorf("reserved-word on a rejected file should stand in for the syntax error: %v", ds)
	}
	// Without -also the reserved-word finding is only a hint.
	fe.also = map[string]finding{}
	ds := compare(cases, fe, options{})
	if len(ds) != 1 || ds[0].File != "and.pp" {
		t.Fatalf("want one disagreement on and.pp, got %v", ds)
	}
	if !strings.Contains(ds[0].String(), "reserved-word at 1:7") {
		t.Errorf("disagreement lacks the hint: %s", ds[0])
	}
}

func TestRun(t *testing.T) {
	dir := t.TempDir()
	verdicts := `{"puppet_version": "7.23.0", "cases": [
{"file": "bad.pp", "syntax": {"ok": false, "line": 2, "column": 1, "message": "Syntax error at '}'"}, "validate": {"ok": false, "line": 2, "column": 1, "message": "Syntax error at '}'"}},
{"file": "good.pp", "syntax": {"ok": true}, "validate": {"ok": true}},
{"file": "named.pp", "syntax": {"ok": true}, "validate": {"ok": false, "line": 1, "column": 1, "message": "Unacceptable name."}}
]}
`
	write(t, filepath.Join(dir, "tree", "verdicts.json"), verdicts)
	tests := []struct {
		name     string
		lint     string
		args     []string
		wantCode int
		wantOut  []string
	}{
		{
			name:     "agree",
			lint:     `{"version":1,"findings":[{"rule":"syntax-error","severity":"error","message":"m","file":"tree/bad.pp","line":2,"column":1,"end_line":2,"end_column":2,"related":[]}],"files":3}`,
			wantCode: 0,
			wantOut:  []string{"0 disagreements"},
		},
		{
			name:     "disagree both ways",
			lint:     `{"version":1,"findings":[{"rule":"syntax-error","severity":"error","message":"boom","file":"tree/good.pp","line":1,"column":4,"end_line":1,"end_column":5,"related":[]}],"files":3}`,
			wantCode: 1,
			wantOut:  []string{"bad.pp: Puppet rejects it", "good.pp: Puppet accepts it", "1:4 boom", "2 disagreements"},
		},
		{
			name:     "validate verdicts",
			args:     []string{"-validate"},
			lint:     `{"version":1,"findings":[{"rule":"syntax-error","severity":"error","message":"m","file":"tree/bad.pp","line":2,"column":1,"end_line":2,"end_column":2,"related":[]}],"files":3}`,
			wantCode: 1,
			wantOut:  []string{"named.pp: Puppet rejects it", "1 disagreements"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lintPath := filepath.Join(dir, "out.json")
			write(t, lintPath, tt.lint)
			var stdout, stderr bytes.Buffer
			args := append(append([]string{"-lint-dir", dir}, tt.args...), filepath.Join(dir, "tree", "verdicts.json"), lintPath)
			if code := run(args, strings.NewReader(""), &stdout, &stderr); code != tt.wantCode {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tt.wantCode, stdout.String(), stderr.String())
			}
			for _, w := range tt.wantOut {
				if !strings.Contains(stdout.String(), w) {
					t.Errorf("output lacks %q:\n%s", w, stdout.String())
				}
			}
		})
	}
}

func TestRunStdinAndErrors(t *testing.T) {
	dir := t.TempDir()
	vpath := filepath.Join(dir, "verdicts.json")
	write(t, vpath, `{"puppet_version": "7.23.0", "cases": [{"file": "a.pp", "syntax": {"ok": true}, "validate": {"ok": true}}]}`)
	var stdout, stderr bytes.Buffer
	in := strings.NewReader(`{"version":1,"findings":[],"files":1}`)
	if code := run([]string{"-lint-dir", dir, vpath, "-"}, in, &stdout, &stderr); code != 0 {
		t.Errorf("stdin: exit %d, want 0: %s", code, stderr.String())
	}
	if code := run([]string{vpath}, in, &stdout, &stderr); code != 2 {
		t.Errorf("one argument: exit %d, want 2", code)
	}
	if code := run([]string{filepath.Join(dir, "missing.json"), "-"}, in, &stdout, &stderr); code != 2 {
		t.Errorf("missing verdicts: exit %d, want 2", code)
	}
	if code := run([]string{vpath, "-"}, strings.NewReader("not json"), &stdout, &stderr); code != 2 {
		t.Errorf("bad ducklint output: exit %d, want 2", code)
	}
}

// TestConformanceVerdictsDecode checks that the committed verdicts decode and that every
// rejected case says why.
func TestConformanceVerdictsDecode(t *testing.T) {
	f, err := os.Open(filepath.Join("..", "..", "testdata", "conformance", "verdicts.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	v, err := readVerdicts(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(v.Cases) < 200 {
		t.Errorf("%d cases, want at least 200", len(v.Cases))
	}
	for _, c := range v.Cases {
		for _, vd := range []verdict{c.Syntax, c.Validate} {
			if !vd.OK && vd.Message == "" {
				t.Errorf("%s: rejected without a message", c.File)
			}
		}
		if !c.Syntax.OK && c.Validate.OK {
			t.Errorf("%s: validate accepts what the parser rejects", c.File)
		}
	}
}

func ptr(f finding) *finding { return &f }

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
