package builtin

import (
	"regexp"
	"sort"
	"sync"
)

// nameSet is a read-only set of names from literal lists. Its map is built
// on first use, so the dozens of sets the package declares cost nothing at
// start, which every run pays (--version included). A set is a pointer
// holding its lists and a sync.Once: a sync.OnceValue closure would cost
// several allocations per set at start. The nil nameSet is empty.
type nameSet struct {
	lists   [][]string
	once    sync.Once
	members map[string]struct{}
}

// newNameSet returns the set of names. Duplicates in names are a
// programming error caught by the tests (see sortedUnique), not here.
func newNameSet(names ...[]string) *nameSet {
	return &nameSet{lists: names}
}

// set returns the members, building them on the first call.
func (s *nameSet) set() map[string]struct{} {
	s.once.Do(func() {
		n := 0
		for _, list := range s.lists {
			n += len(list)
		}
		s.members = make(map[string]struct{}, n)
		for _, list := range s.lists {
			for _, n := range list {
				s.members[n] = struct{}{}
			}
		}
	})
	return s.members
}

func (s *nameSet) has(name string) bool {
	if s == nil {
		return false
	}
	_, ok := s.set()[name]
	return ok
}

// sorted returns the members of s as a new sorted slice.
func (s *nameSet) sorted() []string {
	if s == nil {
		return []string{}
	}
	m := s.set()
	out := make([]string, 0, len(m))
	for n := range m {
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
