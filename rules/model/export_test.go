package model

import (
	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules/ptype"
)

// CallsEPP exposes what the model builder noted of f to the tests.
func CallsEPP(f *File) bool { return f.callsEPP }

// Lookups exposes the count of assignments and nodes the variable lookups
// looked at.
func (s *Static) Lookups() int64 { return s.lookups.Load() }

// DefaultMismatches is defaultMismatches for prm, its type read on each
// call, for the tests to check MismatchedDefaults against.
func (p *Program) DefaultMismatches(prm *parser.Parameter) []ptype.Mismatch {
	if prm.Type == nil || prm.Default == nil {
		return nil
	}
	p.paramTypes.init(p)
	return defaultMismatches(prm, p.paramTypes.reader.Read(prm.Type))
}
