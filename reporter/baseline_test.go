package reporter

import (
	"encoding/json"
	"strings"
	"testing"
)

// baselineReport is fixtureReport with a baseline that accepts its second
// and fourth findings, and an entry, accepting two findings, that matched
// nothing.
func baselineReport() *Report {
	r := fixtureReport()
	all := r.Findings
	r.Findings = nil
	r.Baseline = &Baseline{File: ".ducklint-baseline.json", Stale: 1,
		Absent: []AbsentEntry{{Rule: "unknown-variable", File: otherPath, Message: "unknown variable $gone", Fingerprint: "0123456789abcdef0123456789abcdef", Count: 2}}}
	for i, d := range all {
		if i == 1 || i == 3 {
			r.Baseline.Unchanged = append(r.Baseline.Unchanged, d)
		} else {
			r.Findings = append(r.Findings, d)
		}
	}
	return r
}

func TestSARIFBaselineState(t *testing.T) {
	doc := render(t, "sarif", baselineReport(), Options{})
	if err := validateSARIF(loadSARIFSchema(t), doc); err != nil {
		t.Fatalf("SARIF with a baseline is not valid: %v", err)
	}
	type result struct {
		RuleID              string            `json:"ruleId"`
		Kind                string            `json:"kind"`
		Level               string            `json:"level"`
		BaselineState       string            `json:"baselineState"`
		PartialFingerprints map[string]string `json:"partialFingerprints"`
		Suppressions        []struct {
			Kind, Justification string
		} `json:"suppressions"`
	}
	results := func(doc []byte) []result {
		var log struct {
			Runs []struct{ Results []result } `json:"runs"`
		}
		if err := json.Unmarshal(doc, &log); err != nil {
			t.Fatal(err)
		}
		return log.Runs[0].Results
	}
	got := results(doc)
	var states []string
	for _, r := range got {
		states = append(states, r.BaselineState)
		if absent := r.BaselineState == "absent"; absent != (r.Kind == "pass") || absent != (r.Level == "none") {
			t.Errorf("%s %s: kind %q, level %q; want pass and none exactly for absent results", r.RuleID, r.BaselineState, r.Kind, r.Level)
		}
		if (r.BaselineState == "unchanged") != (len(r.Suppressions) == 1) ||
			len(r.Suppressions) == 1 && (r.Suppressions[0].Kind != "external" || !strings.Contains(r.Suppressions[0].Justification, ".ducklint-baseline.json")) {
			t.Errorf("%s %s: suppressions %+v, want one external exactly when unchanged", r.RuleID, r.BaselineState, r.Suppressions)
		}
	}
	if want := "new unchanged new unchanged new absent absent"; strings.Join(states, " ") != want {
		t.Errorf("baseline states %q, want %q (the contract order, then the absent entries)", strings.Join(states, " "), want)
	}
	// The fingerprints are those of a run without the baseline: the
	// unchanged findings count among the occurrences.
	plain := results(render(t, "sarif", fixtureReport(), Options{}))
	for i, r := range plain {
		if got[i].PartialFingerprints[fingerprintKey] != r.PartialFingerprints[fingerprintKey] || r.BaselineState != "" {
			t.Errorf("result %d: fingerprint %v with a baseline, %v without", i, got[i].PartialFingerprints, r.PartialFingerprints)
		}
	}
	if got[5].PartialFingerprints[fingerprintKey] != "0123456789abcdef0123456789abcdef:1" || got[6].PartialFingerprints[fingerprintKey] != "0123456789abcdef0123456789abcdef:2" {
		t.Errorf("absent fingerprints %v %v", got[5].PartialFingerprints, got[6].PartialFingerprints)
	}
}

func TestBaselineSummaryAndJSON(t *testing.T) {
	r := baselineReport()
	text := string(render(t, "text", r, Options{}))
	if !strings.Contains(text, "(2 findings accepted by .ducklint-baseline.json; 1 entry matches nothing: ducklint baseline --prune removes it)") {
		t.Errorf("text summary:\n%s", text)
	}
	var out struct {
		Findings []any `json:"findings"`
		Baseline *struct {
			File      string `json:"file"`
			Unchanged int    `json:"unchanged"`
			Stale     int    `json:"stale"`
		} `json:"baseline"`
	}
	if err := json.Unmarshal(render(t, "json", r, Options{}), &out); err != nil {
		t.Fatal(err)
	}
	if len(out.Findings) != 3 || out.Baseline == nil || *out.Baseline != (struct {
		File      string `json:"file"`
		Unchanged int    `json:"unchanged"`
		Stale     int    `json:"stale"`
	}{".ducklint-baseline.json", 2, 1}) {
		t.Errorf("json: %d findings, baseline %+v", len(out.Findings), out.Baseline)
	}
	if strings.Contains(string(render(t, "json", fixtureReport(), Options{})), `"baseline"`) {
		t.Error("json without a baseline has a baseline member")
	}
}
