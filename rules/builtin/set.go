package builtin

import (
	"regexp"
	"sort"
)

// nameSet is a read-only set of names, built once from a literal list.
type nameSet map[string]struct{}

// newNameSet builds a set from names. Duplicates in names are a programming
// error caught by the tests (see sortedUnique), not here.
func newNameSet(names ...[]string) nameSet {
	set := nameSet{}
	for _, list := range names {
		for _, n := range list {
			set[n] = struct{}{}
		}
	}
	return set
}

func (s nameSet) has(name string) bool {
	_, ok := s[name]
	return ok
}

// sorted returns the members of s as a new sorted slice.
func (s nameSet) sorted() []string {
	out := make([]string, 0, len(s))
	for n := range s {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// sortedCopy returns a sorted copy of names.
func sortedCopy(names ...[]string) []string {
	var out []string
	for _, list := range names {
		out = append(out, list...)
	}
	sort.Strings(out)
	return out
}

// mustCompileAll compiles the literal patterns of this package; a bad
// pattern is a programming error caught by every test run.
func mustCompileAll(patterns []string) []*regexp.Regexp {
	out := make([]*regexp.Regexp, len(patterns))
	for i, p := range patterns {
		out[i] = regexp.MustCompile(p)
	}
	return out
}
