package ruletest

import (
	"testing"

	"github.com/ducklint/ducklint/rules"
)

func TestParseWantSeverity(t *testing.T) {
	ws, err := parseWant(`"plain" info:"at: info" error:` + "`raw`")
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		re  string
		sev rules.Severity
	}{{"plain", 0}, {"at: info", rules.Info}, {"raw", rules.Error}}
	if len(ws) != len(want) {
		t.Fatalf("got %d expectations, want %d", len(ws), len(want))
	}
	for i, w := range want {
		if ws[i].re.String() != w.re || ws[i].severity != w.sev {
			t.Errorf("expectation %d = %q %v, want %q %v", i, ws[i].re, ws[i].severity, w.re, w.sev)
		}
	}
	if _, err := parseWant(`fatal:"x"`); err == nil {
		t.Error("unknown severity accepted")
	}
	if !wantPattern.MatchString(`notice(1) # want warning:"a" "b"`) {
		t.Error("wantPattern does not accept a severity")
	}
}
