package reporter

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/ducklint/ducklint/diagnostics"
)

// FuzzFormatters feeds arbitrary messages, paths, sources and positions to
// every format and checks the properties consumers rely on: no panic, JSON
// and SARIF stay valid JSON (SARIF valid against the schema), each workflow command stays on one line, and text output
// carries no control characters.
func FuzzFormatters(f *testing.F) {
	f.Add("unknown variable $y: 100%,\nsecond line — é", "manifests/init.pp", []byte("\t$é = \"ünïcode\"\n$x = $y\n"), 2, 6, 2, 8, 2)
	f.Add("", "", []byte(nil), 0, 0, 0, 0, 0)
	f.Add("\x1b[31mred\r\n", "a\x00b,c:d.pp", []byte("\x1b[2J\r\n\xff\xfe"), 1, 1, 5, 1, 3)
	f.Add("m", "/abs/x.pp", []byte("x"), -3, -1, -7, 1<<30, 9)

	schema := loadSARIFSchema(f)
	f.Fuzz(func(t *testing.T, msg, file string, src []byte, line, col, endLine, endCol, sev int) {
		d := diagnostics.Diagnostic{
			Rule: "unknown-variable", Severity: diagnostics.Severity(sev), Message: msg, File: file,
			Start: pos(line, col), End: pos(endLine, endCol),
			Related: []diagnostics.Related{{Message: msg, File: file, Start: pos(endLine, endCol), End: pos(line, col)}},
		}
		r := &Report{
			Findings: diagnostics.Pointers([]diagnostics.Diagnostic{d}), Files: 1, Rules: fixtureRules(), Version: "0.1.0",
			Source: func(string) []byte { return src },
		}
		for _, name := range Names() {
			fn, _ := Lookup(name)
			var buf bytes.Buffer
			if err := fn(&buf, r, Options{Color: true}); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			out := buf.String()
			switch name {
			case "json":
				var got jsonReport
				if err := json.Unmarshal(buf.Bytes(), &got); err != nil {
					t.Fatalf("json output does not parse: %v", err)
				}
				if utf8.ValidString(msg) && got.Findings[0].Message != msg {
					t.Fatalf("json message %q, want %q", got.Findings[0].Message, msg)
				}
				if want := oracleJSON(t, r); out != want {
					t.Fatalf("json output differs from encoding/json's:\n%s\nwant:\n%s", out, want)
				}
			case "sarif":
				if !json.Valid(buf.Bytes()) {
					t.Fatalf("sarif output is not JSON")
				}
				if err := validateSARIF(schema, buf.Bytes()); err != nil {
					t.Fatalf("sarif output breaks the schema: %v", err)
				}
			case "github":
				lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
				if len(lines) != 2 || !strings.HasPrefix(lines[0], "::") {
					t.Fatalf("want one command and a summary line, got %q", out)
				}
				if strings.Contains(lines[0], "\r") {
					t.Fatalf("raw CR in command %q", lines[0])
				}
			case "text":
				plain := stripANSI(out)
				if i := strings.IndexFunc(plain, func(r rune) bool { return r != '\t' && r != '\n' && unicode.IsControl(r) }); i >= 0 {
					t.Fatalf("control character in text output at %d: %q", i, plain)
				}
			}
		}
	})
}
