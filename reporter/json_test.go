package reporter

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestJSONEmptyListsAreArrays(t *testing.T) {
	out := string(render(t, "json", emptyReport(), Options{}))
	if !strings.Contains(out, `"findings": []`) {
		t.Errorf("empty findings are not []:\n%s", out)
	}
	r := fixtureReport()
	r.Findings = r.Findings[:1] // no related locations
	out = string(render(t, "json", r, Options{}))
	if !strings.Contains(out, `"related": []`) {
		t.Errorf("empty related are not []:\n%s", out)
	}
	if !strings.HasSuffix(out, "}\n") {
		t.Errorf("no trailing newline")
	}
}

// TestJSONDetailIsOptional checks that the detail, added to version 1 of
// the contract, is left out when a finding has none.
func TestJSONDetailIsOptional(t *testing.T) {
	r := fixtureReport()
	var withDetail, without int
	for _, d := range r.Findings {
		if d.Detail != "" {
			withDetail++
		} else {
			without++
		}
	}
	if withDetail == 0 || without == 0 {
		t.Fatalf("the fixture needs findings with and without detail (%d, %d)", withDetail, without)
	}
	var raw struct {
		Findings []map[string]any `json:"findings"`
	}
	if err := json.Unmarshal(render(t, "json", r, Options{}), &raw); err != nil {
		t.Fatal(err)
	}
	for i, f := range raw.Findings {
		_, has := f["detail"]
		if want := r.Findings[i].Detail != ""; has != want {
			t.Errorf("finding %d: detail present = %v, want %v", i, has, want)
		}
	}
}

func TestJSONRoundTrip(t *testing.T) {
	r := fixtureReport()
	var got jsonReport
	if err := json.Unmarshal(render(t, "json", r, Options{}), &got); err != nil {
		t.Fatal(err)
	}
	if got.Version != 1 || got.Files != r.Files || len(got.Findings) != len(r.Findings) {
		t.Fatalf("decoded %+v", got)
	}
	for i, f := range got.Findings {
		d := r.Findings[i]
		if f.Rule != d.Rule || f.Severity != d.Severity.String() || f.Message != d.Message || f.Detail != d.Detail || f.File != d.File ||
			f.Line != int(d.Start.Line) || f.Column != int(d.Start.Column) || len(f.Related) != len(d.Related) {
			t.Errorf("finding %d = %+v, want %+v", i, f, d)
		}
		for j, rel := range f.Related {
			want := d.Related[j]
			if rel.Message != want.Message || rel.File != want.File || rel.Line != int(want.Start.Line) ||
				rel.Column != int(want.Start.Column) || rel.EndLine != int(want.End.Line) || rel.EndColumn != int(want.End.Column) {
				t.Errorf("finding %d related %d = %+v, want %+v", i, j, rel, want)
			}
		}
	}
}

// TestJSONErrors checks the errors field: always an array, after the
// fields of the original contract, one object per path error.
func TestJSONErrors(t *testing.T) {
	out := string(render(t, "json", emptyReport(), Options{}))
	if !strings.Contains(out, `"files": 3,
  "errors": []
}`) {
		t.Errorf("no empty errors array after files:\n%s", out)
	}
	var got struct {
		Errors []map[string]string `json:"errors"`
	}
	if err := json.Unmarshal(render(t, "json", errorsReport(), Options{}), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Errors) != 3 || got.Errors[0]["path"] != "/nonexistent/x.pp" || got.Errors[0]["message"] != "no such file or directory" {
		t.Errorf("errors = %v", got.Errors)
	}
}
