package engine_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/engine"
)

// TestSmallRunOnOneGoroutine checks that a snapshot of a few small files
// is checked on one goroutine and a larger one on as many as asked, and
// that a file's findings are the same either way.
func TestSmallRunOnOneGoroutine(t *testing.T) {
	dir := t.TempDir()
	class := func(name string) string {
		return fmt.Sprintf("class %s (String $greeting = 'hello') {\n  notify { 'greeting': message => $greeting }\n  $x = $undefined_thing\n  file { \"/tmp/${greeting}\": mode => 644 }\n}\n", name)
	}
	write := func(name, content string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("small.pp", class("small"))
	// Over the limits in bytes, and in files.
	write("large.pp", class("large")+strings.Repeat("# a comment line\n", 2000))
	for _, n := range []string{"a", "b", "c", "d"} {
		write(n+".pp", class(n))
	}
	check := func(roots []string) (int, []string) {
		t.Helper()
		s, res := checkOnce(t, engine.Options{Roots: roots, Dir: dir, Jobs: 2})
		var small []string
		for _, f := range res.Findings {
			if f.File == "small.pp" {
				small = append(small, fmt.Sprintf("%s %s %v %s", f.Rule, f.File, f.Start, f.Message))
			}
		}
		return engine.Jobs(s), small
	}
	jobs, alone := check([]string{"small.pp"})
	if jobs != 1 {
		t.Errorf("one small file: checked on %d goroutines, want 1", jobs)
	}
	if len(alone) == 0 {
		t.Fatal("no finding for small.pp")
	}
	if jobs, _ := check([]string{"large.pp"}); jobs != 2 {
		t.Errorf("one large file: checked on %d goroutines, want 2", jobs)
	}
	jobs, among := check([]string{"small.pp", "a.pp", "b.pp", "c.pp", "d.pp"})
	if jobs != 2 {
		t.Errorf("five files: checked on %d goroutines, want 2", jobs)
	}
	if !slices.Equal(alone, among) {
		t.Errorf("small.pp's findings differ:\nalone, on one goroutine:\n%s\namong five files, on two:\n%s",
			strings.Join(alone, "\n"), strings.Join(among, "\n"))
	}
}
