package load

import (
	"fmt"
	"path"
	"strings"
	"testing"

	gitignore "github.com/sabhiram/go-gitignore"
)

// TestIgnorePatternsAgreeWithLibrary checks the hand-written matcher against
// go-gitignore on the .gitignore lines of public Puppet repositories. The
// patterns avoid what the library gets wrong and git does not: '?' (the
// library matches it literally), "[!...]" and regular-expression
// characters such as '+'. A pattern with an inner slash is written with
// its leading slash: git anchors it either way, the library only then.
func TestIgnorePatternsAgreeWithLibrary(t *testing.T) {
	patterns := []string{
		"pkg", "/pkg", "*.swp", "/*.swp", ".bundle", "*.tmp.pp", "vendor", "/vendor", "Gemfile.lock",
		"spec-fixtures", ".", "a.b", "*.", "_x", "*", "*~", "a*b", ".*.sw[op]", ".rvmrc*", ".ruby-*",
		"/spec/fixtures/manifests", "/spec/fixtures/modules/*", "/spec/fixtures", "/modules/*", "**/x",
		"**/spec/fixtures", "/a/**/b", "/a/**", "/docs/x.pp", `\#*`, `.\#*`, "/a/b*/c", "[ab]*.pp",
	}
	paths := []string{
		"pkg", "pkg/a.pp", "x/pkg", "x/pkg/a.pp", "xpkg", "pkgx", "x/pkgx/a", "a.swp", "x/a.swp", "x/a.swp/b",
		".swp", "swp", "a.swpx", ".bundle", "x/.bundle/y", "a.tmp.pp", "m/manifests/a.tmp.pp", "vendor/x",
		"m/vendor", "Gemfile.lock", "m/Gemfile.lock", "a~", "x/a~", "spec-fixtures/a", "a.b", "axb", "a.", "x/_x",
		"a/b/c/d", "", ".a.swo", ".a.swp", "x/.b.swx", ".rvmrc", ".rvmrc.local", ".ruby-version",
		"spec/fixtures/manifests/site.pp", "spec/fixtures/modules/apache/init.pp", "spec/fixtures", "m/spec/fixtures/x",
		"modules/web/manifests/init.pp", "modules", "x/modules/y", "x", "y/x", "y/x/z", "a/b", "a/q/r/b", "a/b/c/d",
		"docs/x.pp", "a/docs/x.pp", "#x", "x/#y", ".#z", "a/bee/c", "a/bee/c/d.pp", "a/b/c", "a.pp", "b1.pp", "c.pp",
		"spec/fixtures/modules", "aab", "ab", "a/xb",
	}
	for _, pat := range patterns {
		mine := parseIgnore(pat)[0]
		lib := gitignore.CompileIgnoreLines(pat)
		for _, p := range paths {
			if got, want := mine.matchesPath(p), lib.MatchesPath(p); got != want {
				t.Errorf("pattern %q, path %q: matched %v, library %v", pat, p, got, want)
			}
		}
	}
}

// TestIgnorePatternsFollowGit checks patterns whose meaning git defines
// and the library does not follow; each expectation was checked with
// `git check-ignore --no-index` on the same path.
func TestIgnorePatternsFollowGit(t *testing.T) {
	tests := []struct {
		pattern string
		path    string
		want    bool
	}{
		{"a?.pp", "ab.pp", true},
		{"a?.pp", "a.pp", false},
		{"a?.pp", "abc.pp", false},
		{"[!a]*.pp", "b.pp", true},
		{"[!a]*.pp", "a.pp", false},
		{"[^a]*.pp", "b.pp", true},
		{"[a-c].pp", "b.pp", true},
		{"[a-c].pp", "d.pp", false},
		{"[]].pp", "].pp", true},
		{"x+", "x+", true},
		{"x+", "xx", false},
		{"(a|b)", "(a|b)", true},
		{"(a|b)", "a", false},
		{`\*.pp`, "*.pp", true},
		{`\*.pp`, "a.pp", false},
		{"[ab", "[ab", false},
		{"[ab", "a", false},
		{"*a*b*", "xaybz", true},
		{"*a*b*", "xbya", false},
		{"/**/b", "b", true},
		{"/**/b", "a/c/b", true},
		{"/a/**/**/b", "a/x/y/b", true},
		{"**/m/x.pp", "y/m/x.pp", true},
		{"**/m/x.pp", "m/x.pp", true},
		{"**/m/x.pp", "m/y/x.pp", false},
		{"**", "a", true},
		{"**", "x/y.pp", true},
		{"a/**", "a/b", true},
		{"a/**", "a/b/c.pp", true},
		{"a/**", "a", false},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s~%s", tt.pattern, tt.path), func(t *testing.T) {
			rules := parseIgnore(tt.pattern)
			if len(rules) != 1 {
				t.Fatalf("parseIgnore(%q) gave %d rules, want 1", tt.pattern, len(rules))
			}
			if got := rules[0].matchesPath(tt.path); got != tt.want {
				t.Errorf("matched %v, want %v", got, tt.want)
			}
		})
	}
}

// TestWildmatchTerminates runs patterns with many stars against long names
// that almost match: backtracking to the last star keeps each one fast.
func TestWildmatchTerminates(t *testing.T) {
	name := ""
	for range 2000 {
		name += "a"
	}
	pat := "*a*a*a*a*a*a*a*a*a*a*a*a*a*b"
	if wildmatch(pat, name) {
		t.Errorf("wildmatch(%q, a×2000) = true, want false", pat)
	}
	if !wildmatch(pat[:len(pat)-1], name) {
		t.Errorf("wildmatch(%q, a×2000) = false, want true", pat[:len(pat)-1])
	}
}

// FuzzWildmatch compares wildmatch with path.Match, which agrees with git
// on one ASCII path component except for "[!...]" (git's negation, a
// literal '!' to path.Match) and classes path.Match rejects (git, like
// wildmatch, matches bytes, path.Match runes); and checks that no pattern
// line makes the matcher panic.
func FuzzWildmatch(f *testing.F) {
	for _, s := range [][2]string{{"*.pp", "a.pp"}, {"[a-c]?", "bx"}, {`\*x`, "*x"}, {"[^a]", "b"}, {"a*b*c", "aXbYc"}, {"[]a]", "]"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, pat, name string) {
		for _, r := range parseIgnore(pat) {
			r.matchesPath(name)
		}
		if strings.ContainsRune(pat, '/') || strings.ContainsRune(name, '/') || strings.Contains(pat, "[!") || !ascii(pat+name) {
			return
		}
		want, err := path.Match(pat, name)
		if err != nil {
			return
		}
		if got := wildmatch(pat, name); got != want {
			t.Errorf("wildmatch(%q, %q) = %v, path.Match says %v", pat, name, got, want)
		}
	})
}

func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
