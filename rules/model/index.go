package model

import (
	"maps"
	"slices"
	"strings"

	"github.com/ducklint/ducklint/parser/load"
)

// Index is what Relevant looks names up in, built from the summaries of a
// loaded tree's files: the units defining each name, the units that can
// declare each name, and the classes inheriting each class. Building it
// reads every unit of every summary, which is most of what narrowing a
// check costs on a large tree; a workspace keeps one per version of the
// tree and makes the next with With, which indexes only the changed files.
//
// An Index is immutable and safe for concurrent use.
type Index struct {
	files     []*load.File
	sums      []*Summary
	declaring DeclaringFunctions

	// base indexes the summaries the index was first built from; stale
	// are the files whose summary has changed since (their base entries
	// are skipped) and fresh indexes those files' current summaries.
	base  *indexLayer
	stale map[int32]bool
	fresh *indexLayer
}

// indexLayer indexes the units of some files.
type indexLayer struct {
	// defs are the units defining each name (templates by their epp()
	// name, see relevance.name).
	defs map[string][]unitRef
	// declaredBy are the units that can declare each name (see declares).
	declaredBy map[string][]unitRef
	// derived are the classes inheriting each class.
	derived map[string][]unitRef
	// titled are the units declaring a resource with each key of
	// Unit.Titled.
	titled map[string][]unitRef
	// expanded are the declared names of units that call functions with
	// literal arguments, their calls resolved (see Index.declares).
	expanded map[unitRef][]string
}

// NewIndex indexes the summaries of files (sums[i] is files[i]'s, nil for
// a file that could not be read). declaring are the tree's declaring
// functions (TreeDeclaringFunctions).
func NewIndex(files []*load.File, sums []*Summary, declaring DeclaringFunctions) *Index {
	ix := &Index{files: files, sums: sums, declaring: declaring}
	all := make([]int32, len(sums))
	for i := range all {
		all[i] = int32(i)
	}
	ix.base = ix.layer(all)
	ix.fresh = &indexLayer{}
	return ix
}

// restaleLimit is how many changed files an index carries in its fresh
// layer before With indexes every file again: a lookup filters the stale
// files' entries out of the base layer.
const restaleLimit = 256

// With returns the index of the same tree layout (the same files, in the
// same order, possibly with new stats) with new summaries sums, of which
// only those of the files at changed differ from ix's. The result shares
// ix's entries for the other files. declaring must be ix's.
func (ix *Index) With(files []*load.File, sums []*Summary, changed []int) *Index {
	if len(files) != len(ix.files) || len(sums) != len(ix.sums) {
		return NewIndex(files, sums, ix.declaring)
	}
	stale := maps.Clone(ix.stale)
	if stale == nil {
		stale = map[int32]bool{}
	}
	for _, i := range changed {
		stale[int32(i)] = true
	}
	if len(stale) > restaleLimit {
		return NewIndex(files, sums, ix.declaring)
	}
	out := &Index{files: files, sums: sums, declaring: ix.declaring, base: ix.base, stale: stale}
	out.fresh = out.layer(slices.Sorted(maps.Keys(stale)))
	return out
}

// layer indexes the units of the files at idx, in that order.
func (ix *Index) layer(idx []int32) *indexLayer {
	l := &indexLayer{defs: map[string][]unitRef{}, declaredBy: map[string][]unitRef{},
		derived: map[string][]unitRef{}, titled: map[string][]unitRef{}, expanded: map[unitRef][]string{}}
	for _, i := range idx {
		s := ix.sums[i]
		if s == nil {
			continue
		}
		for j := range s.Units {
			ref := unitRef{i, int32(j)}
			u := &s.Units[j]
			if name := ix.name(ref); name != "" {
				l.defs[name] = append(l.defs[name], ref)
			}
			if u.Parent != "" {
				l.derived[u.Parent] = append(l.derived[u.Parent], ref)
			}
			for _, k := range u.Titled {
				l.titled[k] = append(l.titled[k], ref)
			}
			declares := u.Declares
			if slices.ContainsFunc(declares, isCallEntry) {
				declares = expandCalls(declares, ix.declaring)
				l.expanded[ref] = declares
			}
			for _, name := range declares {
				l.declaredBy[name] = append(l.declaredBy[name], ref)
			}
		}
	}
	return l
}

// expandCalls returns names with each call of a declaring function,
// recorded as "fn(arg)", replaced by the class the function declares, and
// other calls left out.
func expandCalls(names []string, declaring DeclaringFunctions) []string {
	out := make([]string, 0, len(names))
	for _, name := range names {
		if !isCallEntry(name) {
			out = append(out, name)
			continue
		}
		fn, arg, _ := strings.Cut(strings.TrimSuffix(name, ")"), "(")
		if pattern := declaring.Pattern(fn); pattern != "" {
			out = append(out, ExpandClassPattern(pattern, arg))
		}
	}
	return out
}

// lookup returns the entries of name in the layer index picks, the stale
// files' base entries left out. The result must not be modified.
func (ix *Index) lookup(pick func(*indexLayer) map[string][]unitRef, name string) []unitRef {
	base := pick(ix.base)[name]
	if len(ix.stale) == 0 {
		return base
	}
	fresh := pick(ix.fresh)[name]
	if len(fresh) == 0 && !slices.ContainsFunc(base, func(r unitRef) bool { return ix.stale[r.file] }) {
		return base
	}
	out := make([]unitRef, 0, len(base)+len(fresh))
	for _, r := range base {
		if !ix.stale[r.file] {
			out = append(out, r)
		}
	}
	return append(out, fresh...)
}

// defs returns the units defining name.
func (ix *Index) defs(name string) []unitRef {
	return ix.lookup(func(l *indexLayer) map[string][]unitRef { return l.defs }, name)
}

// declarers returns the units that can declare name.
func (ix *Index) declarers(name string) []unitRef {
	return ix.lookup(func(l *indexLayer) map[string][]unitRef { return l.declaredBy }, name)
}

// derivedFrom returns the classes inheriting class name.
func (ix *Index) derivedFrom(name string) []unitRef {
	return ix.lookup(func(l *indexLayer) map[string][]unitRef { return l.derived }, name)
}

// titledBy returns the units declaring a resource with key (Unit.Titled).
func (ix *Index) titledBy(key string) []unitRef {
	return ix.lookup(func(l *indexLayer) map[string][]unitRef { return l.titled }, key)
}

// undefinedDeclared calls f with each name some unit declares that no
// unit defines.
func (ix *Index) undefinedDeclared(f func(name string)) {
	seen := map[string]bool{}
	for _, l := range []*indexLayer{ix.base, ix.fresh} {
		for name := range l.declaredBy {
			if !seen[name] && len(ix.defs(name)) == 0 {
				seen[name] = true
				f(name)
			}
		}
	}
}

// declares returns the names unit ref can evaluate: its summary's Declares
// with each call of a declaring function replaced by the class the
// function declares, and other calls left out.
func (ix *Index) declares(ref unitRef) []string {
	l := ix.base
	if ix.stale[ref.file] {
		l = ix.fresh
	}
	if out, ok := l.expanded[ref]; ok {
		return out
	}
	return ix.unit(ref).Declares
}

func (ix *Index) unit(ref unitRef) *Unit { return &ix.sums[ref.file].Units[ref.unit] }

// name is the name ref defines: a template's for its top-level code.
func (ix *Index) name(ref unitRef) string {
	if ref.unit == 0 {
		return templateName(ix.files[ref.file])
	}
	return ix.unit(ref).Name
}

// Defining returns the indexes of the files defining name (a class,
// defined type, function, plan or type alias, lower case; a template by
// its epp() name), in file order and once each.
func (ix *Index) Defining(name string) []int {
	var out []int
	for _, ref := range ix.defs(NormalizeClassName(name)) {
		out = append(out, int(ref.file))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Files returns the files the index was built for; the slice is shared.
func (ix *Index) Files() []*load.File { return ix.files }

// Summary returns the summary of the file at index i, nil for none.
func (ix *Index) Summary(i int) *Summary {
	if i < 0 || i >= len(ix.sums) {
		return nil
	}
	return ix.sums[i]
}
