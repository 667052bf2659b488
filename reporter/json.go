package reporter

import (
	"io"

	"github.com/ducklint/ducklint/diagnostics"
)

// jsonVersion is the version of the JSON output contract.
const jsonVersion = 1

// The JSON output: field order and names are part of the contract. Detail
// came after version 1 was published: it is optional, absent when empty,
// so consumers of version 1 keep working.
type (
	jsonReport struct {
		Version  int           `json:"version"`
		Findings []jsonFinding `json:"findings"`
		Files    int           `json:"files"`
		// Errors was added to version 1 compatibly: a new field, the
		// others unchanged.
		Errors []jsonError `json:"errors"`
		// Baseline was added to version 1 compatibly: present only when
		// a baseline file is in use.
		Baseline *jsonBaseline `json:"baseline,omitempty"`
		// Notices, added compatibly too, are the paths left out because
		// they lead outside the tree; present only when there are any.
		Notices []jsonError `json:"notices,omitempty"`
	}
	jsonError struct {
		Path    string `json:"path"`
		Message string `json:"message"`
	}
	jsonFinding struct {
		Rule      string        `json:"rule"`
		Severity  string        `json:"severity"`
		Message   string        `json:"message"`
		Detail    string        `json:"detail,omitempty"`
		File      string        `json:"file"`
		Line      int           `json:"line"`
		Column    int           `json:"column"`
		EndLine   int           `json:"end_line"`
		EndColumn int           `json:"end_column"`
		Related   []jsonRelated `json:"related"`
		// Edits were added to version 1 compatibly: optional, absent
		// when the finding has no exact fix.
		Edits []jsonEdit `json:"edits,omitempty"`
	}
	jsonEdit struct {
		Line      int    `json:"line"`
		Column    int    `json:"column"`
		EndLine   int    `json:"end_line"`
		EndColumn int    `json:"end_column"`
		NewText   string `json:"new_text"`
	}
	jsonRelated struct {
		Message   string `json:"message"`
		File      string `json:"file"`
		Line      int    `json:"line"`
		Column    int    `json:"column"`
		EndLine   int    `json:"end_line"`
		EndColumn int    `json:"end_column"`
	}
)

// writeJSON writes the report as one JSON object; empty lists are [] so
// consumers need no null checks. It streams the report (jsonstream.go);
// the bytes are those of encoding/json's indented encoding of
// jsonReportOf(r), which the tests hold it to.
func writeJSON(w io.Writer, r *Report, _ Options) error {
	return streamJSON(w, r)
}

// jsonReportOf is the report as the JSON contract's structs: what the
// output encodes, field for field.
func jsonReportOf(r *Report) jsonReport {
	out := jsonReport{
		Version: jsonVersion, Findings: make([]jsonFinding, 0, len(r.Findings)), Files: r.Files,
		Errors: make([]jsonError, 0, len(r.Errors)), Baseline: jsonBaselineOf(r.Baseline),
	}
	for _, e := range r.Notices {
		out.Notices = append(out.Notices, jsonError(e))
	}
	for _, e := range r.Errors {
		out.Errors = append(out.Errors, jsonError(e))
	}
	for _, d := range r.Findings {
		end := rangeEnd(d.Start, d.End)
		f := jsonFinding{
			Rule: d.Rule, Severity: d.Severity.String(), Message: d.Message, Detail: d.Detail, File: d.File,
			Line: int(d.Start.Line), Column: int(d.Start.Column), EndLine: int(end.Line), EndColumn: int(end.Column),
			Related: make([]jsonRelated, 0, len(d.Related)),
		}
		for _, rel := range d.Related {
			f.Related = append(f.Related, jsonRelatedOf(rel))
		}
		for _, e := range d.Edits {
			f.Edits = append(f.Edits, jsonEdit{Line: int(e.Start.Line), Column: int(e.Start.Column),
				EndLine: int(e.End.Line), EndColumn: int(e.End.Column), NewText: e.NewText})
		}
		out.Findings = append(out.Findings, f)
	}
	return out
}

func jsonRelatedOf(rel diagnostics.Related) jsonRelated {
	end := rangeEnd(rel.Start, rel.End)
	return jsonRelated{
		Message: rel.Message, File: rel.File,
		Line: int(rel.Start.Line), Column: int(rel.Start.Column), EndLine: int(end.Line), EndColumn: int(end.Column),
	}
}
