package reporter

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/diagnostics"
)

// oracleJSON is the JSON output as encoding/json writes the contract's
// structs: what streamJSON must write byte for byte.
func oracleJSON(t testing.TB, r *Report) string {
	t.Helper()
	var buf bytes.Buffer
	if err := encodeJSON(&buf, jsonReportOf(r)); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// awkwardStrings are strings whose JSON encoding needs every escape
// encoding/json makes, and characters it leaves alone with HTML escaping
// off.
func awkwardStrings() []string {
	var all strings.Builder
	for c := range 256 {
		all.WriteByte(byte(c))
	}
	return []string{
		"", "plain", `quote " and \ backslash`, "<html> & 'apostrophe'", "tab\tnew\nline\rcr\bbs\fff\x00nul\x1fus\x7fdel",
		"ünïcode — ✓ 🦆", "line\u2028separator\u2029paragraph", "bad \xff\xfe utf-8 \xc3", "\xe2\x80", all.String(),
	}
}

func TestJSONStreamMatchesEncodingJSON(t *testing.T) {
	reports := map[string]*Report{"empty": emptyReport(), "fixture": fixtureReport(), "bench": benchReport()}
	var awkward []diagnostics.Diagnostic
	strs := awkwardStrings()
	for i, s := range strs {
		d := diagnostics.Diagnostic{
			Rule: "rule-" + s, Severity: diagnostics.Severity(i % 4), Message: s, Detail: s, File: s,
			Start: pos(i, i+1), End: pos(i+(i%3)-1, 2),
		}
		for j := range i % 3 {
			d.Related = append(d.Related, diagnostics.Related{Message: strs[(i+j)%len(strs)], File: s, Start: pos(j, j), End: pos(j+1, 1)})
		}
		for j := range i % 4 {
			d.Edits = append(d.Edits, diagnostics.Edit{Start: pos(j, 1), End: pos(j, 3), NewText: strs[(i+j+1)%len(strs)]})
		}
		awkward = append(awkward, d)
	}
	reports["awkward"] = &Report{Findings: diagnostics.Pointers(awkward), Files: 3}
	reports["errors and notices"] = &Report{
		Findings: diagnostics.Pointers(awkward[:2]), Files: 2,
		Errors:   []PathError{{Path: "a\x00.pp", Message: "cannot read <it> & \xff"}, {Path: "b.pp", Message: "x"}},
		Notices:  []PathError{{Path: "link", Message: "leads outside the tree"}},
		Baseline: &Baseline{File: ".ducklint-baseline", Stale: 3},
	}
	reports["baseline alone"] = &Report{Baseline: &Baseline{File: "b\u2028"}}
	// Findings whose rule, severity, message, detail and file repeat, in
	// turn among more combinations than streamJSON keeps encoded, and
	// equal strings that do not share memory.
	var repeating []diagnostics.Diagnostic
	for i := range 40 {
		d := diagnostics.Diagnostic{Rule: "r" + strings.Repeat("x", i%3), Severity: diagnostics.Severity(1 + i%3),
			Message: strings.Repeat("m", i%11), Detail: strings.Repeat("d\"", i%2), File: strs[i%len(strs)],
			Start: pos(i*97, i%5+1), End: pos(i*97+i%2, 9)}
		if i%4 == 0 {
			d.Edits = []diagnostics.Edit{{Start: pos(i*1013, 1), End: pos(i*1013, 12345), NewText: strings.Repeat(" ", i)}}
		}
		repeating = append(repeating, d, d)
	}
	reports["repeating"] = &Report{Findings: diagnostics.Pointers(repeating), Files: 1}
	for name, r := range reports {
		var buf bytes.Buffer
		if err := streamJSON(&buf, r); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got, want := buf.String(), oracleJSON(t, r); got != want {
			t.Errorf("%s: streamed JSON differs from encoding/json's\n got: %.2000q\nwant: %.2000q", name, got, want)
		}
	}
}

// failingWriter fails every write after the first n bytes.
type failingWriter struct{ n int }

func (w *failingWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		return 0, errors.New("disk full")
	}
	w.n -= len(p)
	return len(p), nil
}

func TestJSONStreamReportsWriteErrors(t *testing.T) {
	r := benchReport()
	err := streamJSON(&failingWriter{n: 3 * jsonChunk}, r)
	if err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("streamJSON over a failing writer = %v, want the write error", err)
	}
}

// TestSARIFStreamMatchesEncodingJSON holds the SARIF writer, which encodes
// results one at a time, to encoding/json's encoding of the whole log.
func TestSARIFStreamMatchesEncodingJSON(t *testing.T) {
	var awkward []diagnostics.Diagnostic
	strs := awkwardStrings()
	for i, s := range strs {
		awkward = append(awkward, diagnostics.Diagnostic{
			Rule: "unknown-variable", Severity: diagnostics.Severity(1 + i%3), Message: s, Detail: s, File: "m/" + s + ".pp",
			Start: pos(i+1, 2), End: pos(i+1, 5),
			Related: []diagnostics.Related{{Message: s, File: "site.pp", Start: pos(1, 1), End: pos(1, 4)}},
		})
	}
	// Every optional member present and absent: a rule outside the
	// registry (no ruleIndex), unset positions (no region), related
	// locations without a message, paths outside Dir (absolute URIs, no
	// uriBaseId), and a baseline's unchanged (suppressed) and absent
	// (kind "pass") results.
	odd := []diagnostics.Diagnostic{
		{Rule: "not-registered", Severity: diagnostics.Error, File: "../outside.pp", Message: "<&>"},
		{Rule: "unknown-variable", Severity: diagnostics.Warning, File: "/abs/x.pp", Start: pos(2, 0), Message: "m",
			Related: []diagnostics.Related{{File: "../y.pp"}, {File: "z.pp", Start: pos(3, 4)}, {Message: "\u2028", File: "/abs/x.pp", Start: pos(1, 1)}}},
	}
	withBaseline := baselineReport()
	withBaseline.Findings = append(withBaseline.Findings, diagnostics.Pointers(odd)...)
	withBaseline.Dir = "/work/tree"
	reports := map[string]*Report{
		"empty": emptyReport(), "fixture": fixtureReport(), "bench": benchReport(), "baseline": withBaseline,
		"awkward": {Findings: diagnostics.Pointers(awkward), Files: 3, Rules: fixtureRules(), Version: "1.2.3"},
		"odd":     {Findings: diagnostics.Pointers(odd), Files: 2, Rules: fixtureRules(), Version: "v0.1.0-dev"},
	}
	for name, r := range reports {
		var got, want bytes.Buffer
		if err := writeSARIF(&got, r, Options{}); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		log := sarifLogOf(r)
		if err := encodeJSON(&want, log); err != nil {
			t.Fatal(err)
		}
		if got.String() != want.String() {
			t.Errorf("%s: streamed SARIF differs from encoding/json's\n got: %.1500q\nwant: %.1500q", name, got.String(), want.String())
		}
	}
}

// TestSARIFResultZeroValues holds appendSARIFResult to encoding/json on
// results the writer does not produce today: nil and empty lists and maps,
// several fingerprints, a suppression without justification.
func TestSARIFResultZeroValues(t *testing.T) {
	zero := 0
	results := []sarifResult{
		{},
		{Locations: []sarifLocation{}, PartialFingerprints: map[string]string{}, RuleIndex: &zero},
		{PartialFingerprints: map[string]string{"b/v1": "2", "a/v1": "<1>", "\xff": "\u2029"},
			Suppressions: []sarifSuppression{{Kind: "inSource"}, {Kind: "external", Justification: "&"}},
			Locations:    []sarifLocation{{ID: &zero, Message: &sarifMessage{Text: "t", Markdown: "**m**"}}}},
	}
	for i := range results {
		var want bytes.Buffer
		enc := json.NewEncoder(&want)
		enc.SetEscapeHTML(false)
		enc.SetIndent("        ", "  ")
		if err := enc.Encode(&results[i]); err != nil {
			t.Fatal(err)
		}
		got := string(appendSARIFResult(nil, &results[i])) + "\n"
		if got != want.String() {
			t.Errorf("result %d:\n got: %q\nwant: %q", i, got, want.String())
		}
	}
}

// TestAppendJSONStringEveryOffset holds appendJSONString, which tests eight
// bytes at a time, to encoding/json with every byte that needs escaping
// (and a few that do not) at every offset of strings up to 24 bytes long,
// so that each falls in the first, a middle and the last word, and in the
// tail tested byte by byte.
func TestAppendJSONStringEveryOffset(t *testing.T) {
	var specials []string
	for c := range 0x20 {
		specials = append(specials, string(rune(c)))
	}
	specials = append(specials, `"`, `\`, "\x7f", " ", "~", "<", "é", "\u2028", "\u2029", "\xff", "\xe2\x80", "🦆", "!", "#", "]", "^")
	for n := range 25 {
		for at := range n + 1 {
			for _, sp := range specials {
				s := strings.Repeat("a", at) + sp + strings.Repeat("b", n-at)
				var want bytes.Buffer
				enc := json.NewEncoder(&want)
				enc.SetEscapeHTML(false)
				if err := enc.Encode(s); err != nil {
					t.Fatal(err)
				}
				if got := string(appendJSONString(nil, s)) + "\n"; got != want.String() {
					t.Fatalf("appendJSONString(%q) = %q, want %q", s, got, want.String())
				}
			}
		}
	}
}

func TestAppendIntMatchesStrconv(t *testing.T) {
	for _, n := range []int{-10001, -1, 0, 1, 9, 10, 99, 100, 999, 1000, 9999, 10000, 123456, 1<<31 - 1} {
		if got, want := string(appendInt([]byte("x"), n)), "x"+strconv.Itoa(n); got != want {
			t.Errorf("appendInt(%d) = %q, want %q", n, got, want)
		}
	}
	for n := range 12000 {
		if got, want := string(appendInt(nil, n)), strconv.Itoa(n); got != want {
			t.Fatalf("appendInt(%d) = %q, want %q", n, got, want)
		}
	}
}
