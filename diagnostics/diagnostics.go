// Package diagnostics is the vocabulary shared by the rules that find
// problems, the engine that runs them and the reporters and editors that
// show them: a finding (Diagnostic) with its severity and locations, the
// contract order of findings, and the description of a rule a report lists.
// It depends on nothing but the parser's positions.
package diagnostics

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/ducklint/ducklint/parser"
)

// Severity ranks a finding. The zero value is not a valid severity, so a
// rule that forgets to set one is caught by the registry.
type Severity int

// Severities, from least to most severe.
const (
	Info Severity = iota + 1
	Warning
	Error
)

// String returns the severity's contract name: "info", "warning" or "error".
func (s Severity) String() string {
	switch s {
	case Info:
		return "info"
	case Warning:
		return "warning"
	case Error:
		return "error"
	}
	return fmt.Sprintf("Severity(%d)", int(s))
}

// ParseSeverity parses "error", "warning" or "info".
func ParseSeverity(s string) (Severity, error) {
	switch s {
	case "info":
		return Info, nil
	case "warning":
		return Warning, nil
	case "error":
		return Error, nil
	}
	return 0, fmt.Errorf("unknown severity %q (want error, warning or info)", s)
}

// MarshalText encodes the severity by name.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText decodes a severity name, so config files can use it directly.
func (s *Severity) UnmarshalText(b []byte) error {
	v, err := ParseSeverity(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// Diagnostic is one finding: a rule, a message and the source range it is
// about, with related locations that explain it.
type Diagnostic struct {
	Rule     string
	Severity Severity
	// Message says what is wrong and where, on one line short enough for
	// an annotation title, an editor hover or a terminal line: the names
	// that tell findings apart, and another location's file:line when that
	// is the point.
	Message string
	// Detail is the rest: why, in the words of the Puppet documentation or
	// Puppet's own error text, and what to write instead. It may be empty
	// when the message says it all (a syntax error in Puppet's words).
	Detail  string
	File    string // as reported: relative to the working directory, '/' separators
	Start   parser.Pos
	End     parser.Pos
	Related []Related
	// Edits are an exact fix: replacing each range of File with its text
	// makes the code do what the message asks, and nothing else. Nil when
	// the rule knows no exact fix. The ranges do not overlap.
	Edits []Edit
}

// Edit replaces the range [Start, End) of a file (byte offsets of the
// positions) with NewText.
type Edit struct {
	Start   parser.Pos
	End     parser.Pos
	NewText string
}

// Related is a secondary location of a diagnostic, such as the declaration
// through which a resource default leaks.
type Related struct {
	Message string
	File    string
	Start   parser.Pos
	End     parser.Pos
}

// Location is a range of a file, as findings report files.
type Location struct {
	File  string
	Start parser.Pos
	End   parser.Pos
}

// Rule describes a rule for reports: SARIF lists every rule, --list-rules
// prints them.
type Rule struct {
	ID       string
	Title    string   // one line
	Doc      string   // a paragraph or two
	Severity Severity // the default severity
	URL      string   // the rule's documentation page
	// OffByDefault is set for a rule that runs only when switched on.
	OffByDefault bool
	// Aliases are the puppet-lint check names the rule answers to in
	// configuration, control comments, --enable and --disable.
	Aliases []string
}

// Compare orders diagnostics by file, line, column, rule and message, the
// order of the output contract.
func Compare(a, b Diagnostic) int { return ComparePointers(&a, &b) }

// ComparePointers is Compare on the findings a and b point to, for
// sorting findings by their addresses: a finding is 144 bytes, which
// Compare copies twice per call.
func ComparePointers(a, b *Diagnostic) int {
	if c := cmp.Compare(a.File, b.File); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Start.Line, b.Start.Line); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Start.Column, b.Start.Column); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Rule, b.Rule); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Message, b.Message); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Detail, b.Detail); c != 0 {
		return c
	}
	if c := cmp.Compare(a.End.Offset, b.End.Offset); c != 0 {
		return c
	}
	return cmp.Compare(len(a.Related), len(b.Related))
}

// Sort sorts ds into the contract order and removes exact duplicates, so
// output does not depend on scheduling. It orders the pointers, and
// leaves the findings they point to where they are.
func Sort(ds []*Diagnostic) []*Diagnostic {
	// Findings usually come sorted already (each file's sorted, files in
	// order); checking is one pass.
	for i := 1; i < len(ds); i++ {
		if ComparePointers(ds[i-1], ds[i]) > 0 {
			slices.SortStableFunc(ds, ComparePointers)
			break
		}
	}
	return slices.CompactFunc(ds, equal)
}

// Values copies the findings ds points to, in order, for a caller that
// keeps them apart from the storage of the run that made them.
func Values(ds []*Diagnostic) []Diagnostic {
	if ds == nil {
		return nil
	}
	out := make([]Diagnostic, len(ds))
	for i, d := range ds {
		out[i] = *d
	}
	return out
}

// Pointers points to each of ds, in order.
func Pointers(ds []Diagnostic) []*Diagnostic {
	if ds == nil {
		return nil
	}
	out := make([]*Diagnostic, len(ds))
	for i := range ds {
		out[i] = &ds[i]
	}
	return out
}

// Equal reports whether a and b are the same finding.
func Equal(a, b Diagnostic) bool { return equal(&a, &b) }

func equal(a, b *Diagnostic) bool {
	return a.Rule == b.Rule && a.Severity == b.Severity && a.Message == b.Message && a.Detail == b.Detail &&
		a.File == b.File && a.Start == b.Start && a.End == b.End && slices.Equal(a.Related, b.Related) && slices.Equal(a.Edits, b.Edits)
}

// PathError is a path that could not be linted.
type PathError struct {
	// Path is the path as reported: as typed for a PATH argument,
	// otherwise as findings report paths.
	Path string
	// Message says what is wrong with it, without the path.
	Message string
}
