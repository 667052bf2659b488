package rules

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules/model"
)

func TestNearestName(t *testing.T) {
	tests := []struct {
		name       string
		candidates []string
		want       string
	}{
		{"server", []string{"servers", "port"}, "servers"},
		{"pakage_name", []string{"package_name", "package"}, "package_name"},
		{"prot", []string{"port", "proto"}, "port"},             // a swap and an insertion are 1 each: byte order
		{"prto", []string{"port", "pro"}, "pro"},                // deletion (1) beats two edits
		{"ab", []string{"abc", "xy"}, "abc"},                    // short names: distance 1 only
		{"ab", []string{"xyz"}, ""},                             // nothing close
		{"config", []string{"a::config", "config"}, ""},         // itself and qualified names are skipped
		{"longname", []string{"lungnane", "other"}, "lungnane"}, // distance 2 allowed from 6 letters
	}
	for _, tt := range tests {
		if got := nearestName(tt.name, tt.candidates); got != tt.want {
			t.Errorf("nearestName(%q, %v) = %q, want %q", tt.name, tt.candidates, got, tt.want)
		}
	}
}

func TestEditDistance(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"a", "", 1}, {"", "abc", 3}, {"kitten", "sitting", 3}, {"port", "prot", 1}, {"ab", "ba", 1}, {"abc", "ca", 3}, {"same", "same", 0},
	}
	for _, tt := range tests {
		if got := editDistance(tt.a, tt.b); got != tt.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

// fullEditDistance is the textbook optimal string alignment distance
// (Levenshtein's with adjacent swaps), the reference for the banded one.
func fullEditDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

func TestEditDistanceWithinMatchesFull(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	word := func() string {
		b := make([]byte, rng.IntN(70))
		for i := range b {
			b[i] = "abc_"[rng.IntN(4)]
		}
		return string(b)
	}
	for range 20000 {
		a, b := word(), word()
		if rng.IntN(2) == 0 && len(a) > 0 { // near misses, the interesting case
			b = a[:rng.IntN(len(a))] + "x" + a[rng.IntN(len(a)):]
		}
		if rng.IntN(3) == 0 && len(b) > 1 { // a swap of two letters
			i := rng.IntN(len(b) - 1)
			b = b[:i] + string(b[i+1]) + string(b[i]) + b[i+2:]
		}
		full := fullEditDistance(a, b)
		for k := range 4 {
			want := min(full, k+1)
			if got := editDistanceWithin(a, b, k); got != want {
				t.Fatalf("editDistanceWithin(%q, %q, %d) = %d, want %d", a, b, k, got, want)
			}
		}
	}
}

// TestSuggesterWorkIsLinear checks that "did you mean" searches over a file
// with n unknown reads in a scope of n names cost O(n), not O(n²): the
// budget, not the product, bounds them.
func TestSuggesterWorkIsLinear(t *testing.T) {
	spent := func(n int) int {
		var src strings.Builder
		for i := range n {
			fmt.Fprintf(&src, "  $v%d = 1\n  notice($u%d)\n", i, i)
		}
		f := &model.File{Parsed: &parser.File{Src: []byte(src.String())}}
		s := newSuggester(f)
		names := make([]string, n)
		for i := range names {
			names[i] = fmt.Sprintf("v%d", i)
		}
		for i := range n {
			s.nearest("class", fmt.Sprintf("u%d", i), n, func(yield func(string)) {
				for _, c := range names {
					yield(c)
				}
			})
		}
		return s.spent
	}
	small, large := spent(3000), spent(6000)
	if small == 0 || float64(large) > 2.5*float64(small) {
		t.Errorf("suggestion work %d for 3,000 reads, %d for 6,000: not linear", small, large)
	}
}

func TestSuggesterMemoises(t *testing.T) {
	s := newSuggester(nil)
	calls := 0
	each := func(yield func(string)) { calls++; yield("port") }
	for range 3 {
		if got := s.nearest("scope", "pxyt", 1, each); got != "" {
			t.Fatalf("nearest = %q, want none (distance 2 for a 4-letter name)", got)
		}
		if got := s.nearest("scope", "prot", 1, each); got != "port" {
			t.Fatalf("nearest = %q, want port (two letters swapped)", got)
		}
		if got := s.nearest("scope", "pot", 1, each); got != "port" {
			t.Fatalf("nearest = %q, want port", got)
		}
	}
	if calls != 3 {
		t.Errorf("searched %d times, want once per name", calls)
	}
}

// externalFacts finds FACTER_<name> words in comments, then strings, once
// per file: a file with many unknown reads is scanned once, not per read.
func TestExternalFacts(t *testing.T) {
	src := "# run with FACTER_Mode=audit or facter_other=1; not MYFACTER_x, not FACTER_\n" +
		"notify { 'm': message => 'set $env:FACTER_MODE and FACTER_LEVEL first' }\n" +
		"notice('facter_level again')\n"
	ef := &externalFacts{file: &model.File{Parsed: parser.ParseFile("m.pp", []byte(src))}}
	tests := []struct {
		name string
		want factMention
	}{
		{"mode", factMention{"comment", 1}},
		{"::other", factMention{"comment", 1}},
		{"level", factMention{"string", 2}},
		{"x", factMention{}},
		{"mod", factMention{}},
		{"app::mode", factMention{}},
	}
	for _, tt := range tests {
		if got := ef.mention(tt.name); got != tt.want {
			t.Errorf("mention(%q) = %+v, want %+v", tt.name, got, tt.want)
		}
	}
	ef.file = nil // answered from what the first question scanned
	if got := ef.mention("level"); got != (factMention{"string", 2}) {
		t.Errorf("after the first scan, mention(level) = %+v, want it from the scan", got)
	}
}
