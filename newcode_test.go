package ducklint_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// newFindings runs ducklint -f json with args in dir and returns its
// findings as "rule file:line", sorted.
func newFindings(t *testing.T, dir string, args ...string) []string {
	t.Helper()
	code, out, errOut := run(t, dir, "", append([]string{"-f", "json", "--no-baseline"}, args...)...)
	if code > 1 {
		t.Fatalf("ducklint %s: exit %d: %s", strings.Join(args, " "), code, errOut)
	}
	var got []string
	for _, f := range decode(t, out).Findings {
		got = append(got, f.Rule+" "+f.File+":"+itoa(f.Line))
	}
	slices.Sort(got)
	return got
}

func wantFindings(t *testing.T, what string, got []string, want ...string) {
	t.Helper()
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("%s:\n got  %s\n want %s", what, strings.Join(got, "\n      "), strings.Join(want, "\n      "))
	}
}

// crossFileTree has legacy code and a resource-like declaration of class
// bar that an include added elsewhere turns into a finding.
func crossFileTree() map[string]string {
	files := adoptionTree()
	files["manifests/site.pp"] = "node default {\n  include a\n  include foo\n  include baz\n  notice($domain)\n}\n"
	files["modules/foo/manifests/init.pp"] = "class foo {\n  $greeting = 'hi'\n  notice($greeting)\n}\n"
	files["modules/bar/manifests/init.pp"] = "class bar {}\n"
	files["modules/baz/manifests/init.pp"] = "class baz {\n  class { 'bar': }\n}\n"
	return files
}

func TestNewFromRev(t *testing.T) {
	dir := gitRepo(t, crossFileTree())
	old := []string{
		"legacy-fact manifests/site.pp:5",
		"legacy-fact modules/a/manifests/b.pp:2",
		"legacy-fact modules/a/manifests/init.pp:2",
		"unknown-variable modules/a/manifests/init.pp:3",
	}
	wantFindings(t, "the whole tree", newFindings(t, dir), old...)
	wantFindings(t, "nothing changed", newFindings(t, dir, "--new-from-rev", "HEAD"))

	// A commit that adds, changes and deletes lines.
	edit(t, dir, aInit, func(s string) string {
		s = strings.Replace(s, "class a {\n", "class a {\n  notice($added)\n", 1) // added: line 2
		s = strings.Replace(s, "notice($nope)", "notice($nope, $changed)", 1)     // changed: line 4
		return s
	})
	edit(t, dir, "modules/a/manifests/b.pp", func(s string) string {
		return "# a header\n\n" + s // the legacy fact moves down, unchanged
	})
	edit(t, dir, siteDomain, func(s string) string { return strings.Replace(s, "  include a\n", "", 1) }) // deleted
	commitAll(t, dir, "add, change, delete")
	wantFindings(t, "since the commit before", newFindings(t, dir, "--new-from-rev", "HEAD~1"),
		"unknown-variable modules/a/manifests/init.pp:2",
		"unknown-variable modules/a/manifests/init.pp:4", // $nope and $changed, on the changed line
		"unknown-variable modules/a/manifests/init.pp:4")

	// The working tree counts, staged or not, and so do untracked files.
	edit(t, dir, "modules/foo/manifests/init.pp", func(s string) string {
		return strings.Replace(s, "  notice($greeting)\n", "  notice($greeting)\n  include bar\n", 1)
	})
	if err := os.WriteFile(filepath.Join(dir, "modules/a/manifests/fresh.pp"), []byte("class a::fresh {\n  notice($fqdn_typo)\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The include added to foo makes class baz's resource-like
	// declaration of bar a finding in a file nobody touched: its related
	// location is the new include.
	wantFindings(t, "the working tree since HEAD", newFindings(t, dir, "--new-from-rev", "HEAD"),
		"class-redeclared modules/baz/manifests/init.pp:2",
		"unknown-variable modules/a/manifests/fresh.pp:2")
	wantFindings(t, "the working tree since two commits ago", newFindings(t, dir, "--new-from-rev", "HEAD~1"),
		"class-redeclared modules/baz/manifests/init.pp:2",
		"unknown-variable modules/a/manifests/fresh.pp:2",
		"unknown-variable modules/a/manifests/init.pp:2",
		"unknown-variable modules/a/manifests/init.pp:4",
		"unknown-variable modules/a/manifests/init.pp:4")
	// Through a symbolic link to the work tree, from a subdirectory: git
	// names files by their real path, the findings by the link's.
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(dir, link); err != nil {
		t.Fatal(err)
	}
	wantFindings(t, "from a subdirectory through a link", newFindings(t, filepath.Join(link, "modules"), "--new-from-rev", "HEAD", "."),
		"class-redeclared baz/manifests/init.pp:2",
		"unknown-variable a/manifests/fresh.pp:2")
	commitAll(t, dir, "include bar")

	// A rename: the renamed file's old findings are not new.
	git(t, dir, "mv", "manifests/site.pp", "manifests/nodes.pp")
	commitAll(t, dir, "rename")
	wantFindings(t, "after a rename", newFindings(t, dir, "--new-from-rev", "HEAD~1"))

	// --new-from-patch reads the same from a diff.
	patch := git(t, dir, "diff", "HEAD~2", "HEAD")
	patchFile := filepath.Join(t.TempDir(), "change.diff")
	if err := os.WriteFile(patchFile, []byte(patch), 0o644); err != nil {
		t.Fatal(err)
	}
	wantFindings(t, "--new-from-patch", newFindings(t, dir, "--new-from-patch", patchFile),
		"class-redeclared modules/baz/manifests/init.pp:2",
		"unknown-variable modules/a/manifests/fresh.pp:2")
	code, out, _ := run(t, dir, patch, "-f", "json", "--new-from-patch", "-")
	if got := decode(t, out).Findings; code != 1 || len(got) != 2 {
		t.Errorf("--new-from-patch - (standard input): exit %d, %d findings, want 1 and 2", code, len(got))
	}
}

func TestNewFromMergeBase(t *testing.T) {
	dir := gitRepo(t, crossFileTree())
	git(t, dir, "checkout", "-q", "-b", "feature")
	edit(t, dir, aInit, func(s string) string { return strings.Replace(s, "class a {\n", "class a {\n  notice($mine)\n", 1) })
	commitAll(t, dir, "feature work")
	git(t, dir, "checkout", "-q", "main")
	edit(t, dir, "modules/a/manifests/b.pp", func(s string) string { return strings.Replace(s, "{\n", "{\n  notice($theirs)\n", 1) })
	commitAll(t, dir, "main moves on")
	git(t, dir, "checkout", "-q", "feature")
	// Only the branch's own change: not what main did since it forked.
	wantFindings(t, "--new-from-merge-base main", newFindings(t, dir, "--new-from-merge-base", "main"),
		"unknown-variable modules/a/manifests/init.pp:2")
}

func TestNewFromRevErrors(t *testing.T) {
	notGit := writeTree(t, adoptionTree())
	code, _, errOut := run(t, notGit, "", "--new-from-rev", "HEAD")
	if code != 2 || !strings.Contains(errOut, "--new-from-rev HEAD: git: not a git repository") {
		t.Errorf("outside a work tree: exit %d, %q; want 2 and git's message", code, errOut)
	}
	dir := gitRepo(t, adoptionTree())
	code, _, errOut = run(t, dir, "", "--new-from-rev", "no-such-rev")
	if code != 2 || !strings.Contains(errOut, "bad revision 'no-such-rev'") {
		t.Errorf("unknown revision: exit %d, %q; want 2 and git's message", code, errOut)
	}
	code, _, errOut = run(t, dir, "", "--new-from-merge-base", "no-such-branch")
	if code != 2 || !strings.Contains(errOut, "no-such-branch") {
		t.Errorf("unknown branch: exit %d, %q; want 2 and git's message", code, errOut)
	}
	code, _, errOut = run(t, dir, "", "--new-from-rev", "--output=x")
	if code != 2 || !strings.Contains(errOut, "is not a revision") {
		t.Errorf("a revision that looks like a flag: exit %d, %q", code, errOut)
	}
	code, _, errOut = run(t, dir, "", "--new-from-rev", "HEAD", "--new-from-patch", "x.diff")
	if code != 2 || !strings.Contains(errOut, "give one of") {
		t.Errorf("two new-code flags: exit %d, %q", code, errOut)
	}
	code, _, errOut = run(t, dir, "", "--new-from-patch", "missing.diff")
	if code != 2 || !strings.Contains(errOut, "--new-from-patch") {
		t.Errorf("a missing patch: exit %d, %q", code, errOut)
	}
}

// TestNewFromRevRemovedInclude: removing an include makes the read below
// it a finding on a line the change did not touch; it is new code.
func TestNewFromRevRemovedInclude(t *testing.T) {
	dir := gitRepo(t, map[string]string{
		"manifests/site.pp":             "include c\n",
		"modules/a/manifests/b.pp":      "class a::b {\n  $x = 1\n}\n",
		"modules/c/manifests/init.pp":   "class c {\n  include a::b\n  notice($a::b::x)\n}\n",
		"modules/c/manifests/other.pp":  "class c::other {\n  notice($osfamily)\n\n  notice($c_other_old)\n}\n",
		"modules/c/manifests/params.pp": "class c::params {\n}\n",
	})
	wantFindings(t, "before", newFindings(t, dir, "--new-from-rev", "HEAD"))
	edit(t, dir, "modules/c/manifests/init.pp", func(s string) string { return strings.Replace(s, "  include a::b\n", "", 1) })
	// A removed blank line two lines from an old finding does not make it new.
	edit(t, dir, "modules/c/manifests/other.pp", func(s string) string { return strings.Replace(s, "\n\n", "\n", 1) })
	wantFindings(t, "after removing the include", newFindings(t, dir, "--new-from-rev", "HEAD"),
		"qualified-read-without-include modules/c/manifests/init.pp:2")
}
