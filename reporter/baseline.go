package reporter

import (
	"fmt"
	"github.com/ducklint/ducklint/internal/words"
	"slices"

	"github.com/ducklint/ducklint/diagnostics"
)

// Baseline is what a run with a baseline file (.ducklint-baseline.json)
// found besides the findings it reports, which are the new ones.
type Baseline struct {
	// File is the baseline file as the user named it or it was found.
	File string
	// Unchanged are the findings the baseline accepts, sorted: not
	// reported, but SARIF lists them with baselineState "unchanged".
	Unchanged []*diagnostics.Diagnostic
	// Absent are the baseline's entries that matched no finding of the
	// run: fixed, or stale. SARIF lists them with baselineState "absent".
	Absent []AbsentEntry
	// Stale is the number of entries in Absent.
	Stale int
}

// AbsentEntry is a baseline entry that matched no finding: Count findings
// of Rule in File (as reported) with the fingerprint hash Fingerprint.
type AbsentEntry struct {
	Rule, File, Message, Fingerprint string
	Count                            int
}

// baselineSummary is what the summary line adds about the baseline, "" when
// none is used.
func baselineSummary(r *Report) string {
	b := r.Baseline
	if b == nil {
		return ""
	}
	s := fmt.Sprintf(" (%s accepted by %s", words.Count(len(b.Unchanged), "finding", "findings"), b.File)
	switch {
	case b.Stale == 1:
		s += "; 1 entry matches nothing: ducklint baseline --prune removes it"
	case b.Stale > 1:
		s += fmt.Sprintf("; %d entries match nothing: ducklint baseline --prune removes them", b.Stale)
	}
	return s + ")"
}

// jsonBaseline is the "baseline" member of the JSON output.
type jsonBaseline struct {
	File      string `json:"file"`
	Unchanged int    `json:"unchanged"`
	Stale     int    `json:"stale"`
}

func jsonBaselineOf(b *Baseline) *jsonBaseline {
	if b == nil {
		return nil
	}
	return &jsonBaseline{File: b.File, Unchanged: len(b.Unchanged), Stale: b.Stale}
}

// sarifFinding is a finding as SARIF lists it: reported, or accepted by
// the baseline.
type sarifFinding struct {
	*diagnostics.Diagnostic
	state string // "" without a baseline, else "new" or "unchanged"
}

// sarifFindings are the findings SARIF lists, in the contract order, with
// their baseline state: with a baseline, the unchanged ones too, so that
// the fingerprints count occurrences as a run without it does.
func sarifFindings(r *Report) []sarifFinding {
	out := make([]sarifFinding, 0, len(r.Findings))
	if r.Baseline == nil {
		for _, d := range r.Findings {
			out = append(out, sarifFinding{d, ""})
		}
		return out
	}
	for _, d := range r.Findings {
		out = append(out, sarifFinding{d, "new"})
	}
	for _, d := range r.Baseline.Unchanged {
		out = append(out, sarifFinding{d, "unchanged"})
	}
	slices.SortStableFunc(out, func(a, b sarifFinding) int { return diagnostics.ComparePointers(a.Diagnostic, b.Diagnostic) })
	return out
}
