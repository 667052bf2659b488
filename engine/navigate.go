package engine

import (
	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
)

// Definition returns where the name at pos of the file at path is defined:
// a class, defined type or function by its definition, a qualified
// variable or a $variable in scope by its assignments. None when pos is on
// no such name or nothing defines it.
func (s *Snapshot) Definition(path string, pos parser.Pos) []diagnostics.Location {
	return nil
}

// Hover returns a short Markdown description of the name at pos of the file
// at path: what it is and where it is defined. ok is false when pos is on
// no name the model knows.
func (s *Snapshot) Hover(path string, pos parser.Pos) (markdown string, ok bool) {
	return "", false
}

// Dependents returns, of the files at among (open editor buffers, say),
// those whose findings can change when the file at path changes: the ones
// whose relevant context holds it, in this snapshot or the one before.
func (s *Snapshot) Dependents(path string, among []string) []string {
	return nil
}
