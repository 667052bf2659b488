package model

import (
	"reflect"
	"slices"
)

// Reads is what one Relevant computation looked at in its index: the
// files whose units it read (and of those, the ones whose units' Mentions
// it read, and the ones whose Mentions it only looked up as names), the
// names it looked up in each of the index's maps, the names whose
// mentioners it looked for in every file, and the fields it scanned in
// every file's units. Relevant
// is a function of those alone, so an edit that changes none of them
// leaves its result as it was (see Unchanged): a workspace keeps the
// contexts of open files across edits of other files that way.
type Reads struct {
	files, mentioned map[int32]bool
	// named are the files whose units' Mentions the computation used only
	// as names to look up definitions of (and to find calls of lookup
	// functions in): a mention of a name that nothing defines changes
	// nothing it does.
	named                    map[int32]bool
	defs, declarers, derived map[string]bool
	// titled are the resource keys looked up (Index.titledBy).
	titled map[string]bool
	// mentioners are the names whose mentioning units it looked for in
	// every file (relevance.keepMentioning): of the other names a unit
	// mentions, it saw none.
	mentioners map[string]bool
	scans      scanKinds
}

// scanKinds are the fields of every file's units a computation scanned.
type scanKinds uint8

const (
	scanNodes    scanKinds = 1 << iota // whether a file has a node definition
	scanTitled                         // Titled
	scanDefaults                       // Defaults and Overrides
	scanDeclared                       // the names units declare and define
	scanLookups                        // Lookups
)

func newReads() *Reads {
	return &Reads{files: map[int32]bool{}, mentioned: map[int32]bool{}, named: map[int32]bool{}, defs: map[string]bool{}, declarers: map[string]bool{}, derived: map[string]bool{},
		titled: map[string]bool{}, mentioners: map[string]bool{}}
}

// readFile notes that the computation read the summary of file i.
func (r *relevance) readFile(i int32) {
	if r.reads != nil {
		r.reads.files[i] = true
	}
}

// mentionedNames returns the Mentions of unit ref, noting that the
// computation reads them only as names to look up definitions of.
func (r *relevance) mentionedNames(ref unitRef) []string {
	r.readMentionedNames(ref.file)
	return r.unit(ref).Mentions
}

// readMentionedNames notes that the computation read the Mentions of file
// i's units only to look up definitions of them, or to find calls of
// lookup functions among them.
func (r *relevance) readMentionedNames(i int32) {
	r.readFile(i)
	if r.reads != nil {
		r.reads.named[i] = true
	}
}

// readMentions notes that the computation read the Mentions of file i's
// units (and so its summary).
func (r *relevance) readMentions(i int32) {
	r.readFile(i)
	if r.reads != nil {
		r.reads.mentioned[i] = true
	}
}

// readMentioners notes that the computation looked for the units of
// every file that mention one of names.
func (r *relevance) readMentioners(names map[string]bool) {
	if r.reads != nil {
		for n := range names {
			r.reads.mentioners[n] = true
		}
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
// and they differ in no field it can have looked at (see readAlike; of
// Mentions it only looked up as names, only in names that ix defines
// nothing for and that are no lookup function); it looked up no name
// either one indexes, unless both index the same (alike but for
// Mentions, which the index does not hold); and it scanned no field in
// which they differ. A name a file whose Mentions it looked up mentions
// now counts as looked up (a kept rd does not record the names an edit
// made that file mention); ix must hold every other file's current
// summary. Of the names whose mentioners it looked for, the same units
// must mention one: a new word typed in a notice() leaves a context that
// looked for callers of a function as it was.
func (rd *Reads) Unchanged(ix *Index, i int, was, now *Summary) bool {
	return rd.unchanged(ix, i, was, now, true)
}

// UnchangedAll reports whether the computation that made rd returns the
// same on an index of the same layout as ix in which the summaries of the
// files at changed differ, from was to now (Unchanged for each). Of the
// files whose Mentions it looked up as names, the Mentions must be equal:
// whether a name another changed file defines is newly mentioned cannot
// be told file by file.
func (rd *Reads) UnchangedAll(ix *Index, changed []int, was, now []*Summary) bool {
	for k, i := range changed {
		if !rd.unchanged(ix, i, was[k], now[k], len(changed) == 1) {
			return false
		}
	}
	return true
}

func (rd *Reads) unchanged(ix *Index, i int, was, now *Summary, alone bool) bool {
	if rd.files[int32(i)] {
		full := rd.mentioned[int32(i)] || rd.named[int32(i)] && !alone
		if !readAlike(ix, was, now, full) {
			return false
		}
		if !full && rd.named[int32(i)] && !mentionsUndefinedAlike(ix, was, now) {
			return false
		}
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
			if name != "" && (rd.defs[name] || rd.namedMention(ix, i, was, now, name)) {
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
		!sameMentioners(was, now, rd.mentioners) ||
		rd.scans&scanDeclared != 0 && !sameField(was, now, func(u *Unit) [][]string { return [][]string{u.Declares, {u.Name}} }) ||
		rd.scans&scanLookups != 0 && !sameField(was, now, func(u *Unit) [][]string { return [][]string{u.Lookups} }))
}

// namedMention reports whether a file whose Mentions rd looked up as
// names mentions name: file i in was or now, another in ix.
func (rd *Reads) namedMention(ix *Index, i int, was, now *Summary, name string) bool {
	mentions := func(s *Summary) bool {
		return s != nil && slices.ContainsFunc(s.Units, func(u Unit) bool { return slices.Contains(u.Mentions, name) })
	}
	for f := range rd.named {
		if int(f) == i && (mentions(was) || mentions(now)) || int(f) != i && mentions(ix.sums[f]) {
			return true
		}
	}
	return false
}

// mentionsUndefinedAlike reports whether two summaries of one file, alike
// but for Mentions, differ in their units' Mentions only by names that ix
// defines nothing for and that are no lookup function.
func mentionsUndefinedAlike(ix *Index, a, b *Summary) bool {
	if a == nil || b == nil {
		return a == b
	}
	for j := range a.Units {
		for _, pair := range [][2][]string{{a.Units[j].Mentions, b.Units[j].Mentions}, {b.Units[j].Mentions, a.Units[j].Mentions}} {
			for _, m := range pair[0] {
				if !slices.Contains(pair[1], m) && (IsLookupFunction(m) || len(ix.defs(m)) > 0) {
					return false
				}
			}
		}
	}
	return true
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

// sameMentioners reports whether the same units of two summaries of one
// file (by index) mention one of names.
func sameMentioners(a, b *Summary, names map[string]bool) bool {
	if len(names) == 0 {
		return true
	}
	mentioners := func(s *Summary) []int {
		var out []int
		if s == nil {
			return out
		}
		for j, u := range s.Units {
			if slices.ContainsFunc(u.Mentions, func(m string) bool { return names[m] }) {
				out = append(out, j)
			}
		}
		return out
	}
	return slices.Equal(mentioners(a), mentioners(b))
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
