package load

import (
	"testing"

	gitignore "github.com/sabhiram/go-gitignore"
)

// TestSimplePatternsAgreeWithLibrary checks that the patterns matched
// without a regular expression match exactly the paths the library's
// compiled pattern matches.
func TestSimplePatternsAgreeWithLibrary(t *testing.T) {
	patterns := []string{
		"pkg", "/pkg", "*.swp", "/*.swp", ".bundle", "*.tmp.pp", "vendor", "/vendor", "Gemfile.lock",
		"spec-fixtures", ".", "a.b", "*.", "_x",
	}
	paths := []string{
		"pkg", "pkg/a.pp", "x/pkg", "x/pkg/a.pp", "xpkg", "pkgx", "x/pkgx/a", "a.swp", "x/a.swp", "x/a.swp/b",
		".swp", "swp", "a.swpx", ".bundle", "x/.bundle/y", "a.tmp.pp", "m/manifests/a.tmp.pp", "vendor/x",
		"m/vendor", "Gemfile.lock", "m/Gemfile.lock", "a~", "x/a~", "spec-fixtures/a", "a.b", "axb", "a.", "x/_x",
		"a/b/c/d", "",
	}
	for _, pat := range patterns {
		sp, ok := compileSimple(pat)
		if !ok {
			t.Errorf("compileSimple(%q) = not simple, want simple", pat)
			continue
		}
		lib := gitignore.CompileIgnoreLines(pat)
		for _, p := range paths {
			if got, want := sp.matches(p), lib.MatchesPath(p); got != want {
				t.Errorf("pattern %q, path %q: simple match %v, library %v", pat, p, got, want)
			}
		}
	}
}

func TestCompileSimpleLeavesWildcardsToTheLibrary(t *testing.T) {
	for _, pat := range []string{"*", "/", "**/x", "a/*.pp", "/a/b", "a?", "[ab]", `\#x`, "a*b", "x+", "a b", "*~"} {
		if _, ok := compileSimple(pat); ok {
			t.Errorf("compileSimple(%q) = simple, want the library", pat)
		}
	}
}
