package ducklint_test

import (
	"os"
	"strings"
	"testing"
)

// TestREADMEQuickStartIsARealRun: the README's quick-start output is what
// ducklint prints for testdata/quickstart/control-repo, run from inside it.
func TestREADMEQuickStartIsARealRun(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(readme), "<!-- quickstart-output -->\n```\n")
	if !ok {
		t.Fatal("README has no quick-start output block")
	}
	want, _, ok := strings.Cut(after, "```\n")
	if !ok {
		t.Fatal("README's quick-start output block is not closed")
	}
	code, got, stderr := run(t, "testdata/quickstart/control-repo", "", ".")
	if code != 1 || stderr != "" {
		t.Errorf("exit %d, stderr %q; want 1 and nothing", code, stderr)
	}
	if got != want {
		t.Errorf("README quick-start output differs from a real run:\n--- README\n%s--- ducklint\n%s", want, got)
	}
}
