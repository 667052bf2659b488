package ducklint_test

import (
	"os"
	"regexp"
	"testing"
)

// TestREADMERevisionsExist: the README's pre-commit and GitHub Action
// examples (rev: and uses: lines) must name revisions that exist. The pre-commit example once used
// rev: v0.1.0, a tag that was never made, so copying it failed. No release
// is tagged yet (see the README's Releases), so an example names main or a
// full commit SHA; when the first release is tagged, add it here.
func TestREADMERevisionsExist(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	exists := regexp.MustCompile(`^(main|[0-9a-f]{40})$`)
	refs := regexp.MustCompile(`(?m)^\s*rev:\s*(\S+)|^\s*-?\s*uses:\s*ducklint/ducklint@(\S+)`)
	found := 0
	for _, m := range refs.FindAllStringSubmatch(string(readme), -1) {
		ref := m[1] + m[2]
		found++
		if !exists.MatchString(ref) {
			t.Errorf("README names revision %q (in %q), which is not main or a commit SHA", ref, m[0])
		}
	}
	if found == 0 {
		t.Fatal("no revisions found in the README: the pattern is out of date")
	}
}
