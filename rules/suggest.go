package rules

import (
	"strings"

	"github.com/ducklint/ducklint/rules/model"
)

// suggester finds the "did you mean" names of one file's findings.
//
// A search compares the name with every name visible where it is read, so
// a file with thousands of unknown reads in a scope with thousands of names
// would cost their product. Searches are memoised by where and what they
// look for, and together may compare at most suggestBudgetPerByte
// candidate bytes per byte of the file (plus suggestBudgetBase): a search
// that would exceed what is left is not made and its finding has no
// suggestion. The budget depends only on the file, so the output is
// deterministic; real files use a small fraction of it.
type suggester struct {
	budget int
	memo   map[suggestKey]string
	// spent counts the candidate bytes compared, for tests that check the
	// work stays linear in the file.
	spent int
}

const (
	suggestBudgetPerByte = 256
	suggestBudgetBase    = 1 << 24
)

type suggestKey struct {
	where any // the scope or class searched
	name  string
}

func newSuggester(f *model.File) *suggester {
	size := 0
	if f != nil && f.Parsed != nil {
		size = len(f.Parsed.Src)
	}
	return &suggester{budget: suggestBudgetBase + suggestBudgetPerByte*size, memo: map[suggestKey]string{}}
}

// nearest returns the name closest to name (nearestName) among the names
// each yields, memoised under where. count bounds how many names each
// yields.
func (s *suggester) nearest(where any, name string, count int, each func(yield func(string))) string {
	return s.search(where, name, count, each, (*nameCandidate).consider)
}

// nearestQualified is nearest among names that may have namespaces
// (classes).
func (s *suggester) nearestQualified(where any, name string, count int, each func(yield func(string))) string {
	return s.search(where, name, count, each, (*nameCandidate).considerQualified)
}

func (s *suggester) search(where any, name string, count int, each func(yield func(string)), consider func(*nameCandidate, string, string)) string {
	key := suggestKey{where, name}
	if near, ok := s.memo[key]; ok {
		return near
	}
	cost := count * (len(name) + 1)
	if cost > s.budget {
		s.memo[key] = ""
		return ""
	}
	s.budget -= cost
	s.spent += cost
	var best nameCandidate
	each(func(c string) { consider(&best, name, c) })
	s.memo[key] = best.name
	return best.name
}

// nearestName returns the candidate closest to name by edit distance when
// it is a plausible typo (distance 1, or 2 for names of 6+ letters).
func nearestName(name string, candidates []string) string {
	var best nameCandidate
	for _, c := range candidates {
		best.consider(name, c)
	}
	return best.name
}

// nameCandidate is the best candidate of a nearest-name search so far: the
// smallest distance, then the first name in byte order.
type nameCandidate struct {
	name string
	dist int
}

func (b *nameCandidate) consider(name, c string) {
	if strings.Contains(c, "::") {
		return
	}
	b.considerQualified(name, c)
}

// considerQualified is consider for names that may have namespaces
// (classes, Hiera keys).
func (b *nameCandidate) considerQualified(name, c string) {
	if c == name {
		return
	}
	limit := 1
	if len(name) >= 6 {
		limit = 2
	}
	d := editDistanceWithin(name, c, limit)
	if d <= limit && (b.name == "" || d < b.dist || (d == b.dist && c < b.name)) {
		b.name, b.dist = c, d
	}
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	return editDistanceWithin(a, b, max(len(a), len(b)))
}

// editDistanceWithin returns the edit distance between a and b when it is
// at most k, else k+1: the optimal string alignment distance, Levenshtein's
// with the swap of two adjacent letters as one edit (prot for port). It
// computes only the cells within k of the diagonal: O(k·len(a)), not
// O(len(a)·len(b)).
func editDistanceWithin(a, b string, k int) int {
	if d := len(a) - len(b); d > k || -d > k {
		return k + 1
	}
	over := k + 1       // any value above k: cells outside the band
	var rows [3][48]int // on the stack for names of usual length
	prev2, prev, cur := rows[0][:], rows[1][:], rows[2][:]
	if len(b)+1 > len(prev) {
		prev2, prev, cur = make([]int, len(b)+1), make([]int, len(b)+1), make([]int, len(b)+1)
	}
	for j := range prev {
		prev[j] = min(j, over)
	}
	for i := 1; i <= len(a); i++ {
		lo, hi := max(1, i-k), min(len(b), i+k)
		cur[lo-1] = over
		if lo == 1 {
			cur[0] = min(i, over)
		}
		rowMin := cur[lo-1]
		for j := lo; j <= hi; j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			up := over
			if j <= i-1+k {
				up = prev[j]
			}
			cur[j] = min(up+1, cur[j-1]+1, prev[j-1]+cost, over)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1) // a swap of two letters
			}
			rowMin = min(rowMin, cur[j])
		}
		if hi < len(b) {
			cur[hi+1] = over
		}
		if rowMin >= over {
			return over
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return min(prev[len(b)], over)
}
