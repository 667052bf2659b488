package reporter

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// sarifSchemaPath is the official SARIF 2.1.0 schema, vendored in the
// module (see testdata/schemas/README.md) so that this test always runs.
const sarifSchemaPath = "../testdata/schemas/sarif-schema-2.1.0.json"

// compileSARIFSchema compiles the SARIF schema (draft-04).
func compileSARIFSchema() (*jsonschema.Schema, error) {
	f, err := os.Open(sarifSchemaPath)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", sarifSchemaPath, err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(sarifSchemaPath, doc); err != nil {
		return nil, err
	}
	return c.Compile(sarifSchemaPath)
}

// loadSARIFSchema compiles the SARIF schema or fails the test.
func loadSARIFSchema(t testing.TB) *jsonschema.Schema {
	t.Helper()
	s, err := compileSARIFSchema()
	if err != nil {
		t.Fatalf("compiling the SARIF schema: %v", err)
	}
	return s
}

// validateSARIF validates a SARIF document against the schema.
func validateSARIF(schema *jsonschema.Schema, doc []byte) error {
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		return err
	}
	return schema.Validate(inst)
}

func TestSARIFValidatesAgainstSchema(t *testing.T) {
	schema := loadSARIFSchema(t)
	for name, r := range map[string]*Report{"fixture": fixtureReport(), "empty": emptyReport(), "errors": errorsReport()} {
		if err := validateSARIF(schema, render(t, "sarif", r, Options{})); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestSchemaRejectsBrokenSARIF makes sure the schema test can fail: our
// own output, broken in ways the schema forbids, must be rejected.
func TestSchemaRejectsBrokenSARIF(t *testing.T) {
	schema := loadSARIFSchema(t)
	tests := []struct {
		name   string
		mutate func(log map[string]any)
		want   string
	}{
		{"missing version", func(log map[string]any) { delete(log, "version") }, `at '': missing property 'version'`},
		{"wrong version", func(log map[string]any) { log["version"] = "2.0.0" }, `at '/version': value must be '2.1.0'`},
		{"wrong level", func(log map[string]any) { firstResult(log)["level"] = "fatal" }, `at '/runs/0/results/0/level': value must be one of 'none', 'note', 'warning', 'error'`},
		{"line zero", func(log map[string]any) {
			firstResult(log)["locations"].([]any)[0].(map[string]any)["physicalLocation"].(map[string]any)["region"].(map[string]any)["startLine"] = 0
		}, `at '/runs/0/results/0/locations/0/physicalLocation/region/startLine': minimum: got 0, want 1`},
		{"misspelt key", func(log map[string]any) { firstResult(log)["ruleID"] = "x" }, `at '/runs/0/results/0': additional properties 'ruleID' not allowed`},
		{"message without text", func(log map[string]any) { firstResult(log)["message"] = map[string]any{} }, `at '/runs/0/results/0/message': missing property 'text'`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var log map[string]any
			if err := json.Unmarshal(render(t, "sarif", fixtureReport(), Options{}), &log); err != nil {
				t.Fatal(err)
			}
			tt.mutate(log)
			doc, err := json.Marshal(log)
			if err != nil {
				t.Fatal(err)
			}
			err = validateSARIF(schema, doc)
			var verr *jsonschema.ValidationError
			if !errors.As(err, &verr) {
				t.Fatalf("Validate = %v, want a validation error", err)
			}
			if !strings.Contains(verr.Error(), tt.want) {
				t.Errorf("violations do not mention %q:\n%v", tt.want, verr)
			}
		})
	}
}

func firstResult(log map[string]any) map[string]any {
	return log["runs"].([]any)[0].(map[string]any)["results"].([]any)[0].(map[string]any)
}

// decodeSARIF parses formatter output back into the emitted types.
func decodeSARIF(t *testing.T, r *Report) sarifLog {
	t.Helper()
	var log sarifLog
	if err := json.Unmarshal(render(t, "sarif", r, Options{}), &log); err != nil {
		t.Fatal(err)
	}
	return log
}

// TestSARIFGitHubRequirements checks what GitHub code scanning needs beyond
// the schema: non-empty descriptions and help, ruleIndex pointing at the
// rule, full regions and fingerprints.
func TestSARIFGitHubRequirements(t *testing.T) {
	r := fixtureReport()
	log := decodeSARIF(t, r)
	if len(log.Runs) != 1 {
		t.Fatalf("%d runs, want 1", len(log.Runs))
	}
	run := log.Runs[0]
	driver := run.Tool.Driver
	if driver.Name != "ducklint" || driver.SemanticVersion != "0.1.0" || driver.InformationURI == "" {
		t.Errorf("driver = %+v", driver)
	}
	if run.ColumnKind != "unicodeCodePoints" {
		t.Errorf("columnKind = %q", run.ColumnKind)
	}
	if len(driver.Rules) != len(r.Rules) {
		t.Fatalf("%d rules, want every rule (%d)", len(driver.Rules), len(r.Rules))
	}
	for i, rule := range driver.Rules {
		if rule.ID != r.Rules[i].ID || rule.ShortDescription.Text == "" || rule.FullDescription.Text == "" ||
			rule.Help.Text == "" || rule.Help.Markdown == "" || rule.HelpURI != r.Rules[i].URL || rule.Name == "" {
			t.Errorf("rule %d incomplete: %+v", i, rule)
		}
		if !strings.Contains(rule.Help.Text, rule.HelpURI) || !strings.Contains(rule.Help.Markdown, rule.HelpURI) {
			t.Errorf("rule %s: help does not link the documentation", rule.ID)
		}
		if len(rule.ShortDescription.Text) > sarifTextLimit || len(rule.FullDescription.Text) > sarifTextLimit {
			t.Errorf("rule %s: description longer than %d", rule.ID, sarifTextLimit)
		}
	}
	if len(run.Results) != len(r.Findings) {
		t.Fatalf("%d results, want %d", len(run.Results), len(r.Findings))
	}
	for i, res := range run.Results {
		d := r.Findings[i]
		if res.RuleIndex == nil || driver.Rules[*res.RuleIndex].ID != res.RuleID || res.RuleID != d.Rule {
			t.Errorf("result %d: ruleId %q, ruleIndex %v do not name rule %q", i, res.RuleID, res.RuleIndex, d.Rule)
		}
		if got := unlinkSARIF(res.Message.Text); !strings.HasPrefix(got, d.Message) {
			t.Errorf("result %d: message %q (%q without links), want %q", i, res.Message.Text, got, d.Message)
		}
		if (res.Message.Markdown != "") != (d.Detail != "") {
			t.Errorf("result %d: markdown %q for detail %q", i, res.Message.Markdown, d.Detail)
		}
		if fp := res.PartialFingerprints[fingerprintKey]; fp == "" {
			t.Errorf("result %d: no fingerprint", i)
		}
		loc := res.Locations[0].PhysicalLocation
		if loc.ArtifactLocation.URIBaseID != "%SRCROOT%" {
			t.Errorf("result %d: uriBaseId %q", i, loc.ArtifactLocation.URIBaseID)
		}
		if !d.Start.IsValid() {
			if loc.Region != nil {
				t.Errorf("result %d: region %+v for a whole-file finding", i, loc.Region)
			}
			continue
		}
		want := sarifRegion{StartLine: int(d.Start.Line), StartColumn: int(d.Start.Column), EndLine: int(d.End.Line), EndColumn: int(d.End.Column)}
		if loc.Region == nil || *loc.Region != want {
			t.Errorf("result %d: region %+v, want %+v", i, loc.Region, want)
		}
		if len(res.RelatedLocations) != len(d.Related) {
			t.Errorf("result %d: %d related locations, want %d", i, len(res.RelatedLocations), len(d.Related))
		}
	}
}

func TestSARIFArtifactURI(t *testing.T) {
	tests := []struct {
		file, dir, uri, base string
	}{
		{"manifests/init.pp", "/work", "manifests/init.pp", "%SRCROOT%"},
		{"my module/a b.pp", "/work", "my%20module/a%20b.pp", "%SRCROOT%"},
		{"c:d/x.pp", "/work", "./c:d/x.pp", "%SRCROOT%"},
		{"50%.pp", "/work", "50%25.pp", "%SRCROOT%"},
		{"/etc/puppet/site.pp", "/work", "file:///etc/puppet/site.pp", ""},
		{"../ctl/site.pp", "/home/me/work", "file:///home/me/ctl/site.pp", ""},
		{"../my ctl/site.pp", "/home/me/work", "file:///home/me/my%20ctl/site.pp", ""},
		{"..", "/home/me/work", "file:///home/me", ""},
		{"..foo/x.pp", "/work", "..foo/x.pp", "%SRCROOT%"},
		{"../ctl/site.pp", "", "../ctl/site.pp", "%SRCROOT%"},
	}
	for _, tt := range tests {
		if got := sarifArtifact(tt.file, tt.dir); got.URI != tt.uri || got.URIBaseID != tt.base {
			t.Errorf("sarifArtifact(%q, %q) = %+v, want uri %q base %q", tt.file, tt.dir, got, tt.uri, tt.base)
		}
	}
}

// fingerprints returns the fingerprint of every result of r.
func fingerprints(t *testing.T, r *Report) []string {
	t.Helper()
	var fps []string
	for _, res := range decodeSARIF(t, r).Runs[0].Results {
		fps = append(fps, res.PartialFingerprints[fingerprintKey])
	}
	return fps
}

// at returns the finding of rule unknown-variable on the first occurrence
// of flagged in src.
func at(t *testing.T, src, flagged string) diagnostics.Diagnostic {
	t.Helper()
	off := strings.Index(src, flagged)
	if off < 0 {
		t.Fatalf("%q not in %q", flagged, src)
	}
	return atOffset(src, off, len(flagged))
}

// atOffset returns the finding of rule unknown-variable on the n bytes at
// off in src, with the byte offsets the parser gives positions.
func atOffset(src string, off, n int) diagnostics.Diagnostic {
	idx := parser.NewLineIndex([]byte(src))
	return diagnostics.Diagnostic{Rule: "unknown-variable", Severity: diagnostics.Warning, File: "a.pp",
		Start: idx.Pos(off), End: idx.Pos(off + n), Message: "unknown " + src[off:off+n]}
}

func TestSARIFFingerprints(t *testing.T) {
	report := func(src, enclosing string, ds ...diagnostics.Diagnostic) *Report {
		return &Report{Findings: diagnostics.Pointers(ds), Files: 1, Rules: fixtureRules(),
			Source:    func(string) []byte { return []byte(src) },
			Enclosing: func(string, parser.Pos) string { return enclosing }}
	}
	one := func(src, enclosing, flagged string) string {
		t.Helper()
		return fingerprints(t, report(src, enclosing, at(t, src, flagged)))[0]
	}

	const src = "class a {\n  $y = $x\n}\n"
	base := one(src, "class a", "$x")
	if got := one("# comment\n\nclass a {\n    $y = $x\n}\n", "class a", "$x"); got != base {
		t.Errorf("fingerprint changed when lines were inserted above and the line re-indented")
	}
	if got := one("class a {\n  $z = $x\n}\n", "class a", "$x"); got != base {
		t.Errorf("fingerprint changed when code beside the flagged code did")
	}
	d := at(t, src, "$x")
	d.Message = "a message quoting other.pp:12"
	if got := fingerprints(t, report(src, "class a", d))[0]; got != base {
		t.Errorf("fingerprint changed with the message")
	}
	if got := one("class a {\n  $y = $xx\n}\n", "class a", "$xx"); got == base {
		t.Errorf("fingerprint did not change when the flagged code did")
	}
	if got := one(src, "class b", "$x"); got == base {
		t.Errorf("fingerprint did not change with the enclosing definition")
	}

	// A missing token has an empty range: the code around it counts.
	empty := func(src string) string {
		d := at(t, src, "}")
		d.End = d.Start
		return fingerprints(t, report(src, "", d))[0]
	}
	if empty("$x = [1,\n}\n") != empty("\n\n$x = [1,\n}\n") || empty("$x = [1,\n}\n") == empty("$x = [1,\n} # end\n") {
		t.Errorf("an empty range's fingerprint does not follow the text around it")
	}

	const twinSrc = "$y = $x\n$y = $x\n"
	twins := fingerprints(t, report(twinSrc, "", atOffset(twinSrc, 5, 2), atOffset(twinSrc, 13, 2)))
	if twins[0] == twins[1] {
		t.Errorf("identical findings share fingerprint %s", twins[0])
	}
	if !strings.HasSuffix(twins[0], ":1") || !strings.HasSuffix(twins[1], ":2") {
		t.Errorf("fingerprints %v do not count occurrences", twins)
	}

	// Positions without byte offsets (Offset 0 past line 1) are not read
	// as code: the fingerprint must not take the line's text by number.
	made := func(line int) diagnostics.Diagnostic {
		return diagnostics.Diagnostic{Rule: "unknown-variable", Severity: diagnostics.Warning, File: "a.pp", Start: pos(line, 3), End: pos(line, 5)}
	}
	a := fingerprints(t, report(src, "", made(2)))[0]
	b := fingerprints(t, report("\n"+src, "", made(3)))[0]
	if a != b {
		t.Errorf("a finding without offsets changed fingerprint when it moved down a line")
	}
}

func TestSARIFRuleText(t *testing.T) {
	for id, want := range map[string]string{
		"syntax-error": "SyntaxError", "unknown-variable": "UnknownVariable",
		"qualified-read-without-include": "QualifiedReadWithoutInclude", "x": "X",
	} {
		if got := camelCase(id); got != want {
			t.Errorf("camelCase(%q) = %q, want %q", id, got, want)
		}
	}
	long := strings.Repeat("word ", 300) + "é"
	got := truncate(long, sarifTextLimit)
	if len(got) > sarifTextLimit || !strings.HasSuffix(got, "…") || strings.HasSuffix(got, " …") {
		t.Errorf("truncate gave %d bytes ending %q", len(got), got[len(got)-8:])
	}
	if s := "short"; truncate(s, sarifTextLimit) != s {
		t.Errorf("truncate changed a short text")
	}
	// A multi-byte rune straddling the limit must not be split.
	if got := truncate(strings.Repeat("é", 600), sarifTextLimit); !strings.HasSuffix(got, "…") || !json.Valid([]byte(`"`+got+`"`)) {
		t.Errorf("truncate split a rune")
	}
}
