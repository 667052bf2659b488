package engine

import (
	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules/model"
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
// whose relevant context (model.Relevant) holds it, in this snapshot or in
// the one before it, whose context it may have left. Paths are absolute or
// relative to the workspace's directory, and returned as given.
func (s *Snapshot) Dependents(path string, among []string) []string {
	target := s.abs(path)
	var out []string
	for _, p := range among {
		if s.abs(p) == target {
			continue
		}
		if holds(s.nameIndex(), s.tree.Files, s.abs(p), target) ||
			(s.prevIndex != nil && holds(s.prevIndex, s.prevIndex.Files(), s.abs(p), target)) {
			out = append(out, p)
		}
	}
	return out
}

// holds reports whether the relevant context of the file at reported, in
// the tree of files indexed by ix, holds the file at target.
func holds(ix *model.Index, files []*load.File, reported, target string) bool {
	at, from := -1, -1
	for i, f := range files {
		switch f.AbsPath {
		case reported:
			from = i
		case target:
			at = i
		}
	}
	if at < 0 || from < 0 || ix.Summary(from) == nil {
		return false
	}
	only := make([]bool, len(files))
	only[from] = true
	return ix.Relevant(only)[at]
}
