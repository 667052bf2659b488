package ducklint_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// docs/editors.md shows each Neovim snippet exactly as the file
// scripts/test-neovim runs.
func TestEditorDocsShowTheTestedSnippets(t *testing.T) {
	doc, err := os.ReadFile("docs/editors.md")
	if err != nil {
		t.Fatal(err)
	}
	snippets, err := filepath.Glob("docs/editors/*.lua")
	if err != nil || len(snippets) < 2 {
		t.Fatalf("Neovim snippets %v: %v", snippets, err)
	}
	for _, s := range snippets {
		src, err := os.ReadFile(s)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(doc), "```lua\n"+string(src)+"```\n") {
			t.Errorf("docs/editors.md does not show %s as it is", s)
		}
	}
}
