package newcode

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestParsePatch(t *testing.T) {
	const patch = `diff --git a/m/x.pp b/m/x.pp
--- a/m/x.pp
+++ b/m/x.pp
@@ -1,3 +1,4 @@
 class x {
+  notice(1)
   notice(2)
 }
@@ -10,2 +11,0 @@ class x {
-  gone
-  gone too
@@ -15,2 +14,0 @@ class x {
-
-  # a comment
@@ -20 +19 @@
-old
+new
--- a/m/gone.pp
+++ /dev/null
@@ -1 +0,0 @@
-class gone {}
--- /dev/null
+++ "b/m/n\303\251w.pp"
@@ -0,0 +1,2 @@
+class new {
+}
\ No newline at end of file
`
	c, err := ParsePatch(strings.NewReader(patch), "/r")
	if err != nil {
		t.Fatal(err)
	}
	x := filepath.FromSlash("/r/m/x.pp")
	for line, want := range map[int]bool{1: false, 2: true, 3: false, 11: false, 19: true, 20: false} {
		if got := c.Added(x, line, line); got != want {
			t.Errorf("Added(x.pp:%d) = %v, want %v", line, got, want)
		}
	}
	if !c.Touched(x, 3, 12) || c.Touched(x, 13, 17) {
		t.Errorf("ranges: 3-12 should reach the line after the removal, 13-17 nothing")
	}
	if !c.Added(x, 1, 2) || c.Added(x, 3, 18) {
		t.Errorf("ranges: 1-2 should overlap the added line 2, 3-18 nothing")
	}
	for line, want := range map[int]bool{10: false, 11: false, 12: true, 13: false, 14: false, 15: false, 18: false, 20: false} {
		if got := c.Touched(x, line, line); got != want {
			t.Errorf("Touched(x.pp:%d) = %v, want %v", line, got, want)
		}
	}
	if !c.Added(filepath.FromSlash("/r/m/néw.pp"), 5, 5) {
		t.Error("a new file (quoted name) is not new code throughout")
	}
	if c.Added(filepath.FromSlash("/r/m/gone.pp"), 1, 1) {
		t.Error("a deleted file has new lines")
	}

	// diff -u without git's prefixes, with timestamps.
	plain := "--- x.pp\t2026-01-01 00:00:00\n+++ x.pp\t2026-01-02 00:00:00\n@@ -1 +1,2 @@\n a\n+b\n"
	c, err = ParsePatch(strings.NewReader(plain), "/r")
	if err != nil || !c.Added(filepath.FromSlash("/r/x.pp"), 2, 2) || c.Added(filepath.FromSlash("/r/x.pp"), 1, 1) {
		t.Errorf("diff -u: %v", err)
	}
	if _, err := ParsePatch(strings.NewReader("--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n a\n"), "/r"); err != nil {
		t.Errorf("a truncated last hunk: %v", err)
	}
	if _, err := ParsePatch(strings.NewReader("--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n a\nbogus\n"), "/r"); err == nil || !strings.Contains(err.Error(), "line 5") {
		t.Errorf("a broken hunk: %v, want an error at line 5", err)
	}
	if _, err := ParsePatch(strings.NewReader("@@ -x +1 @@\n"), "/r"); err == nil {
		t.Error("a malformed hunk header is accepted")
	}
}
