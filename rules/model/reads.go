package model

import (
	"reflect"
	"slices"
)

// Reads is what one Relevant computation looked at in its index: the
// files whose units it read (and of those, the ones whose units' Mentions
// it read), the names it looked up in each of the index's maps, and the
// fields it scanned in every file's units. Relevant
// is a function of those alone, so an edit that changes none of them
// leaves its result as it was (see Unchanged): a workspace keeps the
// contexts of open files across edits of other files that way.
type Reads struct {
	files, mentioned         map[int32]bool
	defs, declarers, derived map[string]bool
	// titled are the resource keys looked up (Index.titledBy).
	titled map[string]bool
	scans  scanKinds
}

// scanKinds are the fields of every file's units a computation scanned.
type scanKinds uint8

const (
	scanNodes    scanKinds = 1 << iota // whether a file has a node definition
	scanTitled                         // Titled
	scanDefaults                       // Defaults and Overrides
	scanMentions                       // Mentions
	scanDeclared                       // the names units declare and define
	scanLookups                        // Lookups
)

func newReads() *Reads {
	return &Reads{files: map[int32]bool{}, mentioned: map[int32]bool{}, defs: map[string]bool{}, declarers: map[string]bool{}, derived: map[string]bool{},
		titled: map[string]bool{}}
}

// readFile notes that the computation read the summary of file i.
func (r *relevance) readFile(i int32) {
	if r.reads != nil {
		r.reads.files[i] = true
	}
}

// mentions returns the Mentions of unit ref, noting that the computation
// read them.
func (r *relevance) mentions(ref unitRef) []string {
	r.readMentions(ref.file)
	return r.unit(ref).Mentions
}

// readMentions notes that the computation read the Mentions of file i's
// units (and so its summary).
func (r *relevance) readMentions(i int32) {
	r.readFile(i)
	if r.reads != nil {
		r.reads.mentioned[i] = true
	}
}

// scan notes that the computation scanned fields of every file's units.
func (r *relevance) scan(k scanKinds) {
	if r.reads != nil {
		r.reads.scans |= k
	}
}

// hasNodeUnit reports whether a summary has a node definition.
func hasNodeUnit(s *Summary) bool {
	return s != nil && slices.ContainsFunc(s.Units, func(u Unit) bool { return u.Kind == UnitNode })
}

// Unchanged reports whether the computation that made rd returns the same
// on an index of the same layout (ix's files and declaring functions) in
// which only the summary of file i differs, from was to now (nil for a
// file that could not be read): it read neither summary, or read them
// and they differ in no field it can have looked at (see readAlike); it
// looked up no name either one indexes, unless both index the same
// (alike but for Mentions, which the index does not hold); and it scanned
// no field in which they differ.
func (rd *Reads) Unchanged(ix *Index, i int, was, now *Summary) bool {
	if rd.files[int32(i)] && !readAlike(ix, was, now, rd.mentioned[int32(i)]) {
		return false
	}
	indexedAlike := readAlike(ix, was, now, false)
	for _, s := range []*Summary{was, now} {
		if indexedAlike {
			break // every lookup finds the same units of the file
		}
		if s == nil {
			continue
		}
		for j := range s.Units {
			u := &s.Units[j]
			name := u.Name
			if j == 0 {
				name = templateName(ix.files[i])
			}
			if name != "" && rd.defs[name] {
				return false
			}
			if u.Parent != "" && rd.derived[u.Parent] {
				return false
			}
			declares := u.Declares
			if slices.ContainsFunc(declares, isCallEntry) {
				declares = expandCalls(declares, ix.declaring)
			}
			if slices.ContainsFunc(declares, func(n string) bool { return rd.declarers[n] }) {
				return false
			}
			if slices.ContainsFunc(u.Titled, func(k string) bool { return rd.titled[k] }) {
				return false
			}
		}
	}
	return !(rd.scans&scanNodes != 0 && hasNodeUnit(was) != hasNodeUnit(now) ||
		rd.scans&scanTitled != 0 && !sameField(was, now, func(u *Unit) [][]string { return [][]string{u.Titled} }) ||
		rd.scans&scanDefaults != 0 && !sameField(was, now, func(u *Unit) [][]string { return [][]string{u.Defaults, u.Overrides} }) ||
		rd.scans&scanMentions != 0 && !sameField(was, now, func(u *Unit) [][]string { return [][]string{u.Mentions} }) ||
		rd.scans&scanDeclared != 0 && !sameField(was, now, func(u *Unit) [][]string { return [][]string{u.Declares, {u.Name}} }) ||
		rd.scans&scanLookups != 0 && !sameField(was, now, func(u *Unit) [][]string { return [][]string{u.Lookups} }))
}

// readAlike reports whether reading summary a or b of one file tells a
// computation the same: their units are equal but for their Mentions,
// unless mentions (the computation read them), and for the calls in their
// Declares that are no declaring function's (the index drops those, see
// expandCalls). Typing a notice() or a message changes nothing else.
func readAlike(ix *Index, a, b *Summary, mentions bool) bool {
	if a == nil || b == nil {
		return a == b
	}
	if len(a.Units) != len(b.Units) {
		return false
	}
	for j := range a.Units {
		ua, ub := a.Units[j], b.Units[j]
		if !mentions {
			ua.Mentions, ub.Mentions = nil, nil
		}
		if slices.ContainsFunc(ua.Declares, isCallEntry) || slices.ContainsFunc(ub.Declares, isCallEntry) {
			ua.Declares, ub.Declares = expandCalls(ua.Declares, ix.declaring), expandCalls(ub.Declares, ix.declaring)
		}
		if !reflect.DeepEqual(ua, ub) {
			return false
		}
	}
	return true
}

// sameField reports whether two summaries have as many units, with equal
// fields as field gives them.
func sameField(a, b *Summary, field func(*Unit) [][]string) bool {
	var ua, ub []Unit
	if a != nil {
		ua = a.Units
	}
	if b != nil {
		ub = b.Units
	}
	if len(ua) != len(ub) {
		return false
	}
	for j := range ua {
		fa, fb := field(&ua[j]), field(&ub[j])
		for k := range fa {
			if !slices.Equal(fa[k], fb[k]) {
				return false
			}
		}
	}
	return true
}
