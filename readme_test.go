package ducklint_test

import (
	"os"
	"regexp"
	"testing"
)

// TestREADMERevisionsExist: the pre-commit and GitHub Action examples (rev:
// and uses: lines) of docs/pre-commit.md and docs/ci.md, and any in the
// README, must name revisions that exist. The pre-commit example once used
// rev: v0.1.0, a tag that was never made, so copying it failed. No release
// is tagged yet (see docs/releasing.md), so an example names main or a full
// commit SHA; when the first release is tagged, add it here.
func TestREADMERevisionsExist(t *testing.T) {
	exists := regexp.MustCompile(`^(main|[0-9a-f]{40})$`)
	refs := regexp.MustCompile(`(?m)^\s*rev:\s*(\S+)|^\s*-?\s*uses:\s*ducklint/ducklint@(\S+)`)
	for _, page := range []struct {
		path     string
		examples bool // the page holds the examples, so finding none means the pattern is out of date
	}{
		{"docs/pre-commit.md", true},
		{"docs/ci.md", true},
		{"README.md", false},
	} {
		text, err := os.ReadFile(page.path)
		if err != nil {
			t.Fatal(err)
		}
		found := 0
		for _, m := range refs.FindAllStringSubmatch(string(text), -1) {
			ref := m[1] + m[2]
			found++
			if !exists.MatchString(ref) {
				t.Errorf("%s names revision %q (in %q), which is not main or a commit SHA", page.path, ref, m[0])
			}
		}
		if page.examples && found == 0 {
			t.Errorf("no revisions found in %s: the pattern is out of date", page.path)
		}
	}
}
