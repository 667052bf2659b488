package ducklint_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDocLinksResolve: every relative Markdown link in README.md and docs/
// names a file or directory in the repository, and no page points outside
// it, so moving a section between pages cannot leave a dead link behind.
func TestDocLinksResolve(t *testing.T) {
	pages := []string{"README.md"}
	err := filepath.WalkDir("docs", func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".md") {
			pages = append(pages, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	link := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	// Code is not a link: fenced blocks and inline spans are dropped first.
	code := regexp.MustCompile("(?s)```.*?```|`[^`\n]*`")
	checked := 0
	for _, page := range pages {
		text, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range link.FindAllStringSubmatch(code.ReplaceAllString(string(text), ""), -1) {
			target := m[1]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "#") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			target, _, _ = strings.Cut(target, "#")
			resolved := filepath.Join(filepath.Dir(page), filepath.FromSlash(target))
			checked++
			if !filepath.IsLocal(resolved) {
				t.Errorf("%s links to %q, outside the repository", page, m[1])
				continue
			}
			if _, err := os.Stat(resolved); err != nil {
				t.Errorf("%s links to %q, which does not exist", page, m[1])
			}
		}
	}
	if checked == 0 {
		t.Fatal("no relative links found: the pattern is out of date")
	}
}
