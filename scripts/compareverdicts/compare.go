package main

import (
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"
)

// verdictFile is the verdicts.json written by scripts/record-puppet-verdicts.
type verdictFile struct {
	PuppetVersion string        `json:"puppet_version"`
	Cases         []verdictCase `json:"cases"`
}

// verdictCase is Puppet's verdict on one file; File is relative to the verdicts directory.
type verdictCase struct {
	File     string  `json:"file"`
	Syntax   verdict `json:"syntax"`
	Validate verdict `json:"validate"`
}

// verdict is one Puppet answer: accepted, or the first error and where Puppet put it
// (Line 0 when Puppet gives no position, as for "Syntax error at end of input").
type verdict struct {
	OK      bool   `json:"ok"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
	Message string `json:"message,omitempty"`
}

// lintOutput is the part of ducklint's `--format json` output that is compared.
type lintOutput struct {
	Findings []finding `json:"findings"`
	Files    int       `json:"files"`
}

// finding is one ducklint finding; File is relative to the directory ducklint ran in.
type finding struct {
	Rule    string `json:"rule"`
	Message string `json:"message"`
	File    string `json:"file"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
}

// syntaxRule is the ducklint rule that must agree with Puppet's parser.
const syntaxRule = "syntax-error"

// options says which Puppet verdict to compare with and how strictly.
type options struct {
	// useValidate compares with the `validate` verdict instead of the parser-only `syntax` one.
	useValidate bool
	// columns also reports a different first error column.
	columns bool
	// also holds rules whose findings stand in for a syntax-error on rejected files.
	also map[string]bool
}

// disagreement is one file where ducklint and Puppet differ.
type disagreement struct {
	File   string
	Puppet verdict
	// Ducklint is ducklint's first syntax-error in the file, nil when it reported none.
	Ducklint *finding
	Reason   string
	// Hint lists other findings on Puppet's error line when ducklint has no syntax error.
	Hint string
}

// String renders the disagreement as one line: file, what differs, both answers.
func (d disagreement) String() string {
	got := "no syntax-error"
	if d.Hint != "" {
		got += " (but " + d.Hint + ")"
	}
	if d.Ducklint != nil {
		got = fmt.Sprintf("%d:%d %s", d.Ducklint.Line, d.Ducklint.Column, d.Ducklint.Message)
	}
	return fmt.Sprintf("%s: %s\n    puppet:   %s\n    ducklint: %s", d.File, d.Reason, describe(d.Puppet), got)
}

// describe renders a Puppet verdict for humans.
func describe(v verdict) string {
	switch {
	case v.OK:
		return "accepted"
	case v.Line == 0:
		return "?:? " + v.Message
	default:
		return fmt.Sprintf("%d:%d %s", v.Line, v.Column, v.Message)
	}
}

// readVerdicts decodes a verdicts.json.
func readVerdicts(r io.Reader) (verdictFile, error) {
	var v verdictFile
	if err := json.NewDecoder(r).Decode(&v); err != nil {
		return v, fmt.Errorf("decoding verdicts: %w", err)
	}
	return v, nil
}

// readLintOutput decodes ducklint's JSON output.
func readLintOutput(r io.Reader) (lintOutput, error) {
	var o lintOutput
	if err := json.NewDecoder(r).Decode(&o); err != nil {
		return o, fmt.Errorf("decoding ducklint output: %w", err)
	}
	return o, nil
}

// firstErrors holds, per file relative to the verdicts directory, the first finding of
// each kind that matters to the comparison.
type firstErrors struct {
	// syntax is the first syntax-error.
	syntax map[string]finding
	// also is the first finding of a rule given with -also (e.g. reserved-word, which
	// ducklint reports instead of syntax-error for `class and {}`).
	also map[string]finding
	// all is every finding, for hints when Puppet rejects a file ducklint finds clean.
	all map[string][]finding
	// outside counts syntax-error findings for files outside the verdicts directory.
	outside int
}

// collectFirstErrors sorts the findings by file relative to verdictsDir. Finding paths
// are relative to lintDir; both directories are absolute.
func collectFirstErrors(findings []finding, lintDir, verdictsDir string, also map[string]bool) firstErrors {
	fe := firstErrors{syntax: map[string]finding{}, also: map[string]finding{}, all: map[string][]finding{}}
	keepFirst := func(m map[string]finding, rel string, f finding) {
		if prev, ok := m[rel]; !ok || f.Line < prev.Line || (f.Line == prev.Line && f.Column < prev.Column) {
			m[rel] = f
		}
	}
	for _, f := range findings {
		p := filepath.FromSlash(f.File)
		if !filepath.IsAbs(p) {
			p = filepath.Join(lintDir, p)
		}
		rel, err := filepath.Rel(verdictsDir, p)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			if f.Rule == syntaxRule {
				fe.outside++
			}
			continue
		}
		rel = filepath.ToSlash(rel)
		fe.all[rel] = append(fe.all[rel], f)
		switch {
		case f.Rule == syntaxRule:
			keepFirst(fe.syntax, rel, f)
		case also[f.Rule]:
			keepFirst(fe.also, rel, f)
		}
	}
	return fe
}

// compare lists the files where ducklint's syntax-error findings disagree with Puppet,
// sorted by file. A finding of an -also rule stands in for a syntax-error only on files
// Puppet rejects. A ducklint error on a file Puppet has no verdict for is not compared.
func compare(cases []verdictCase, fe firstErrors, opts options) []disagreement {
	var out []disagreement
	for _, c := range cases {
		want := c.Syntax
		if opts.useValidate {
			want = c.Validate
		}
		got, has := fe.syntax[c.File]
		if !has && !want.OK {
			got, has = fe.also[c.File]
		}
		d := disagreement{File: c.File, Puppet: want}
		if has {
			d.Ducklint = &got
		}
		switch {
		case want.OK && has:
			d.Reason = "Puppet accepts it, ducklint reports a syntax error"
		case !want.OK && !has:
			d.Reason = "Puppet rejects it, ducklint reports no syntax error"
			d.Hint = hint(fe.all[c.File], want.Line)
		case !want.OK && want.Line != 0 && got.Line != want.Line:
			d.Reason = "first error on a different line"
		case opts.columns && !want.OK && want.Line != 0 && want.Column != 0 && got.Column != want.Column:
			d.Reason = "first error in a different column"
		default:
			continue
		}
		out = append(out, d)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].File < out[j].File })
	return out
}

// hint names the findings ducklint reported on Puppet's error line (all of them when
// Puppet gives no line), so a rejection reported under another rule is easy to spot.
func hint(findings []finding, line int) string {
	var parts []string
	for _, f := range findings {
		if line == 0 || f.Line == line {
			parts = append(parts, fmt.Sprintf("%s at %d:%d", f.Rule, f.Line, f.Column))
		}
	}
	return strings.Join(parts, ", ")
}
