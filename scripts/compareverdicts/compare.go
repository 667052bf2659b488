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
}

// disagreement is one file where ducklint and Puppet differ.
type disagreement struct {
	File   string
	Puppet verdict
	// Ducklint is ducklint's first syntax-error in the file, nil when it reported none.
	Ducklint *finding
	Reason   string
}

// String renders the disagreement as one line: file, what differs, both answers.
func (d disagreement) String() string {
	got := "no syntax-error"
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

// firstSyntaxErrors maps each file, relative to verdictsDir, to its first syntax-error.
// Finding paths are relative to lintDir; both directories are absolute. Findings outside
// verdictsDir are counted in outside.
func firstSyntaxErrors(findings []finding, lintDir, verdictsDir string) (first map[string]finding, outside int) {
	first = map[string]finding{}
	for _, f := range findings {
		if f.Rule != syntaxRule {
			continue
		}
		p := filepath.FromSlash(f.File)
		if !filepath.IsAbs(p) {
			p = filepath.Join(lintDir, p)
		}
		rel, err := filepath.Rel(verdictsDir, p)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			outside++
			continue
		}
		rel = filepath.ToSlash(rel)
		if prev, ok := first[rel]; !ok || f.Line < prev.Line || (f.Line == prev.Line && f.Column < prev.Column) {
			first[rel] = f
		}
	}
	return first, outside
}

// compare lists the files where ducklint's syntax-error findings disagree with Puppet,
// sorted by file. A ducklint error on a file Puppet has no verdict for is not compared.
func compare(cases []verdictCase, first map[string]finding, opts options) []disagreement {
	var out []disagreement
	for _, c := range cases {
		want := c.Syntax
		if opts.useValidate {
			want = c.Validate
		}
		got, has := first[c.File]
		d := disagreement{File: c.File, Puppet: want}
		if has {
			d.Ducklint = &got
		}
		switch {
		case want.OK && has:
			d.Reason = "Puppet accepts it, ducklint reports a syntax error"
		case !want.OK && !has:
			d.Reason = "Puppet rejects it, ducklint reports no syntax error"
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
