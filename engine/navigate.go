package engine

import (
	"context"
	"path/filepath"
	"slices"
	"unicode/utf8"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules/model"
)

// Definition returns where the name at pos of the file at path is defined:
// a class, defined type, function or type alias by its definitions (a
// Ruby function or resource type by its file), a variable by the
// assignments or the parameter Puppet's static scoping finds for it
// there, a qualified variable ($mod::cls::var) by the parameter or
// assignments of its class (or the class it inherits it from). A name
// defined more than once gives every definition. None when pos is on no
// such name, or nothing in the workspace defines it (a fact, a built-in
// variable, a built-in function).
//
// pos is 1-based Line and Column (in code points, as parser.Pos) when Line
// is set, else the 0-based byte Offset. The locations' File is the path
// findings report (relative to the workspace's directory), and their Start
// and End are complete positions (offset, line and column).
func (s *Snapshot) Definition(path string, pos parser.Pos) []diagnostics.Location {
	n := s.navigate(path, pos)
	if n == nil {
		return nil
	}
	return n.locations
}

// Hover returns a short Markdown description of the name at pos of the file
// at path (pos as for Definition): what it is (class, defined type,
// function, parameter, variable, fact...), its parameters with their types
// and defaults, where it is defined, and the comment block written right
// above its definition. ok is false when pos is on no name the workspace
// knows.
func (s *Snapshot) Hover(path string, pos parser.Pos) (markdown string, ok bool) {
	n := s.navigate(path, pos)
	if n == nil || n.hover == "" {
		return "", false
	}
	return n.hover, true
}

// Dependents returns, of the files at among (open editor buffers, say),
// those whose findings can change when the file at path changes: the ones
// whose relevant context (model.Relevant) holds it, in this snapshot or in
// the one before it, whose context it may have left. Paths are absolute or
// relative to the workspace's directory, and returned as given. It looks
// at ctx before each file of among (working out one file's context can
// take milliseconds on a large tree) and returns its error once it is done.
func (s *Snapshot) Dependents(ctx context.Context, path string, among []string) ([]string, error) {
	target := s.abs(path)
	prevByAbs, prevIndex := map[string]int(nil), (*model.Index)(nil)
	if s.prevContexts != nil {
		prevByAbs, prevIndex = s.prevContexts.retired()
	}
	var out []string
	for _, p := range among {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		reported := s.abs(p)
		if reported == target {
			continue
		}
		if holds(s.contexts, s.nameIndex(), s.byAbs, reported, target) ||
			(prevIndex != nil && holds(s.prevContexts, prevIndex, prevByAbs, reported, target)) {
			out = append(out, p)
		}
	}
	return out, nil
}

// holds reports whether the relevant context of the file at reported, in
// the tree of files indexed by ix (at byAbs by absolute path), holds the
// file at target.
func holds(c *contexts, ix *model.Index, byAbs map[string]int, reported, target string) bool {
	at, ok := byAbs[target]
	from, ok2 := byAbs[reported]
	if !ok || !ok2 || ix.Summary(from) == nil {
		return false
	}
	only := make([]bool, len(ix.Files()))
	only[from] = true
	return c.relevant(ix, only)[at]
}

// navigation is what Definition and Hover say about one position.
type navigation struct {
	locations []diagnostics.Location
	hover     string
}

// ParseOptions returns the options the file at path (absolute or relative
// to the workspace's directory) is parsed with, from its place in the
// layout (load.File.ParseOptions); a path that is not a file of the workspace
// has no place in it, and is read as Puppet reads it (EPP by its
// extension, never in tasks mode).
func (s *Snapshot) ParseOptions(path string) parser.ParseOptions {
	if fi, ok := s.byAbs[s.abs(path)]; ok {
		return s.tree.Files[fi].ParseOptions()
	}
	return parser.ParseOptions{EPP: filepath.Ext(path) == ".epp"}
}

// navigate finds the name at pos of the file at path and what defines it.
// It works on a small program of the files that can define it (found with
// the snapshot's name index), parsed once per file version.
func (s *Snapshot) navigate(path string, pos parser.Pos) *navigation {
	fi, ok := s.byAbs[s.abs(path)]
	if !ok || s.versions[fi].err != nil {
		return nil
	}
	_, pf, err := s.versions[fi].content(s.tree.Files[fi])
	if err != nil || pf.Program == nil {
		return nil
	}
	off, ok := offsetOf(pf, pos)
	if !ok {
		return nil
	}
	t := targetAt(pf, off, s.declaring)
	if t == nil {
		return nil
	}
	ix := s.nameIndex()
	files := map[int]bool{fi: true}
	switch t.kind {
	case targetVariable:
		s.addScopeFiles(ix, fi, files)
		if class, _, ok := model.QualifiedTarget(t.v); ok {
			s.addDefinitions(ix, []string{class}, files)
		}
	case targetParameter:
	default:
		s.addDefinitions(ix, []string{t.name}, files)
	}
	prog, mf := s.navProgram(fi, files)
	if mf == nil {
		return nil
	}
	nv := &navigator{s: s, prog: prog, file: mf}
	switch t.kind {
	case targetVariable:
		return nv.variable(t.v)
	case targetParameter:
		return nv.parameter(t.param)
	case targetDefinition:
		for _, d := range mf.Definitions {
			if d.Node == t.def {
				return nv.definitions(t.name, []*model.Definition{d})
			}
		}
		return nil
	}
	return nv.named(t)
}

// addDefinitions adds to files those defining names and, transitively,
// the classes they inherit.
func (s *Snapshot) addDefinitions(ix *model.Index, names []string, files map[int]bool) {
	seen := map[string]bool{}
	for len(names) > 0 {
		name := model.NormalizeClassName(names[len(names)-1])
		names = names[:len(names)-1]
		if seen[name] {
			continue
		}
		seen[name] = true
		for _, i := range ix.Defining(name) {
			files[i] = true
			for _, u := range ix.Summary(i).Units {
				if u.Name == name && u.Parent != "" {
					names = append(names, u.Parent)
				}
			}
		}
	}
}

// addScopeFiles adds to files what a variable read in the file at fi can
// resolve to: the classes its classes inherit, and its environment's main
// manifests (top scope) and node definitions (node scope).
func (s *Snapshot) addScopeFiles(ix *model.Index, fi int, files map[int]bool) {
	var parents []string
	if sum := ix.Summary(fi); sum != nil {
		for _, u := range sum.Units {
			if u.Parent != "" {
				parents = append(parents, u.Parent)
			}
		}
	}
	s.addDefinitions(ix, parents, files)
	env := s.tree.Files[fi].Env
	for i, f := range s.tree.Files {
		if f.Env != env {
			continue
		}
		if f.Role == load.MainManifest {
			files[i] = true
			continue
		}
		if sum := ix.Summary(i); sum != nil && slices.ContainsFunc(sum.Units, func(u model.Unit) bool { return u.Kind == model.UnitNode }) {
			files[i] = true
		}
	}
}

// navProgram builds the model of the files at idx, returning it with the
// model's file for the file at fi.
func (s *Snapshot) navProgram(fi int, idx map[int]bool) (*model.Program, *model.File) {
	narrowed := *s.tree
	narrowed.Files = nil
	parsed := map[*load.File]*parser.File{}
	var at *load.File
	for _, i := range sortedKeys(idx) {
		if s.versions[i].err != nil {
			continue
		}
		src, pf, err := s.versions[i].content(s.tree.Files[i])
		if err != nil {
			continue
		}
		c := *s.tree.Files[i]
		c.Src, c.Reported = src, i == fi
		narrowed.Files = append(narrowed.Files, &c)
		parsed[&c] = pf
		if i == fi {
			at = &c
		}
	}
	var known []string
	if s.cfg != nil {
		known = s.cfg.KnownVariables
	}
	prog := model.Build(&narrowed, model.Options{KnownVariables: known, Jobs: s.opts.Jobs, Parsed: parsed, DeclaringFunctions: s.declaring})
	for _, f := range prog.Files {
		if f.Source == at {
			return prog, f
		}
	}
	return prog, nil
}

func sortedKeys(set map[int]bool) []int {
	out := make([]int, 0, len(set))
	for i := range set {
		out = append(out, i)
	}
	slices.Sort(out)
	return out
}

// offsetOf returns the byte offset of pos in pf: by Line and Column when
// Line is set, else by Offset. A column past the end of its line, or a
// position outside the file, is on nothing.
func offsetOf(pf *parser.File, pos parser.Pos) (int32, bool) {
	if pos.Line <= 0 {
		if pos.Offset < 0 || int(pos.Offset) > len(pf.Src) {
			return 0, false
		}
		return pos.Offset, true
	}
	start, end, ok := pf.Lines.LineBounds(int(pos.Line))
	if !ok || pos.Column < 1 {
		return 0, false
	}
	off := start
	for col := int32(1); col < pos.Column; col++ {
		if off >= end {
			return 0, false
		}
		_, size := utf8.DecodeRune(pf.Src[off:end]) // an invalid byte is one code point, as parser.LineIndex counts
		off += size
	}
	return int32(off), true
}
