package rules

import (
	"cmp"
	"slices"

	"github.com/ducklint/ducklint/parser"
)

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
}

// Related is a secondary location of a diagnostic, such as the declaration
// through which a resource default leaks.
type Related struct {
	Message string
	File    string
	Start   parser.Pos
	End     parser.Pos
}

// compareDiagnostics orders diagnostics by file, line, column, rule and
// message, the order of the output contract.
func compareDiagnostics(a, b Diagnostic) int {
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

// SortDiagnostics sorts ds into the contract order and removes exact
// duplicates, so output does not depend on scheduling.
func SortDiagnostics(ds []Diagnostic) []Diagnostic {
	slices.SortStableFunc(ds, compareDiagnostics)
	return slices.CompactFunc(ds, equalDiagnostics)
}

func equalDiagnostics(a, b Diagnostic) bool {
	return a.Rule == b.Rule && a.Severity == b.Severity && a.Message == b.Message && a.Detail == b.Detail &&
		a.File == b.File && a.Start == b.Start && a.End == b.End && slices.Equal(a.Related, b.Related)
}
