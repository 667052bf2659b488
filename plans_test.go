package ducklint_test

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ducklint/ducklint"
)

// planTree is a module with a plan, a lone plan kept in a directory named
// plans, the same plan in a directory that is not, and a manifest that uses
// plan as a bare word in a directory below one named plans.
var planTree = map[string]string{
	"modules/foo/manifests/init.pp": "class foo {\n}\n",
	"modules/foo/plans/deploy.pp":   "plan foo::deploy(TargetSpec $targets) {\n  run_command(\"uptime\", $targets)\n}\n",
	"lone/plans/deploy.pp":          "plan deploy(TargetSpec $targets) {\n  run_command(\"uptime\", $targets)\n}\n",
	"other/deploy.pp":               "plan deploy(TargetSpec $targets) {\n  run_command(\"uptime\", $targets)\n}\n",
	"plans/repo/init.pp":            "class repo {\n  notice(plan)\n}\n",
}

// lintFindings runs the command in dir (relative to root) with args and
// cacheDir, and returns its findings as "file:line:column rule: message",
// the file relative to root, sorted.
func lintFindings(t *testing.T, root, dir, cacheDir, stdin string, args ...string) []string {
	t.Helper()
	var out, errOut bytes.Buffer
	cmd := &ducklint.Command{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errOut, Dir: filepath.Join(root, dir),
		Getenv: func(string) string { return "" }, CacheDir: cacheDir}
	code := cmd.Main(append([]string{"ducklint", "-f", "json", "--enable", "double-quoted-string"}, args...))
	if code > 1 {
		t.Fatalf("in %s, %v: exit %d: %s", dir, args, code, errOut.String())
	}
	var got []string
	for _, f := range decode(t, out.String()).Findings {
		got = append(got, fmt.Sprintf("%s:%d:%d %s: %s", filepath.ToSlash(filepath.Join(dir, f.File)), f.Line, f.Column, f.Rule, f.Message))
	}
	slices.Sort(got)
	return got
}

// TestPlansParseTheSameFromAnywhere: whether a file is read as a plan (in
// tasks mode) comes from its place in the layout, so its findings are the
// same wherever ducklint runs from, whichever way the file is named, with
// the cache off and warm. A module's plan and a lone file in a directory
// named plans are plans; a lone file elsewhere is not, even below a
// directory named plans.
func TestPlansParseTheSameFromAnywhere(t *testing.T) {
	root := writeTree(t, planTree)
	const quoted = "double-quoted-string: double quoted string containing no variables"
	plan := []string{"modules/foo/plans/deploy.pp:2:15 " + quoted}
	lonePlan := []string{"lone/plans/deploy.pp:2:15 " + quoted}
	notPlan := []string{"other/deploy.pp:1:24 syntax-error: Syntax error at 'targets'", "other/deploy.pp:2:15 " + quoted}
	src := planTree["modules/foo/plans/deploy.pp"]
	runs := []struct {
		dir, stdin string
		args       []string
		want       []string
	}{
		{"modules/foo", "", []string{"."}, plan},
		{"modules/foo/plans", "", []string{"deploy.pp"}, plan},
		{"modules/foo/plans", "", []string{"."}, plan},
		{"", "", []string{"modules/foo/plans/deploy.pp"}, plan},
		{"", src, []string{"--stdin-filename", "modules/foo/plans/deploy.pp", "-"}, plan},
		{"modules/foo/plans", src, []string{"--stdin-filename", "deploy.pp", "-"}, plan},
		{"lone/plans", "", []string{"deploy.pp"}, lonePlan},
		{"lone", "", []string{"."}, lonePlan},
		{"other", "", []string{"deploy.pp"}, notPlan},
		{"plans", "", []string{"repo/init.pp"}, nil},
		{"plans/repo", "", []string{"init.pp"}, nil},
		{"", "", []string{"plans/repo/init.pp"}, nil},
		{"", "", []string{"."}, slices.Concat(lonePlan, plan, notPlan)},
	}
	cacheDir := t.TempDir()
	for _, cache := range []string{"", cacheDir, cacheDir} { // off, cold, warm
		for _, r := range runs {
			got := lintFindings(t, root, r.dir, cache, r.stdin, r.args...)
			if !slices.Equal(got, r.want) {
				t.Errorf("in %q, %v (cache %q):\n got %q\nwant %q", r.dir, r.args, cache, got, r.want)
			}
		}
	}
}

// TestFixAPlanFromItsDirectory: --fix checks its result the way the file
// was parsed, as a plan, whichever directory it runs from.
func TestFixAPlanFromItsDirectory(t *testing.T) {
	root := writeTree(t, planTree)
	for _, dir := range []string{"", "modules/foo/plans"} {
		file := strings.TrimPrefix(filepath.ToSlash(filepath.Join(strings.TrimPrefix("modules/foo/plans", dir), "deploy.pp")), "/")
		code, out, errOut := run(t, filepath.Join(root, dir), "", "--enable", "double-quoted-string", "--fix", "--diff", file)
		if code != 0 || !strings.Contains(out, "+  run_command('uptime', $targets)") || strings.Contains(errOut, "not fixed") {
			t.Errorf("in %q: exit %d, diff:\n%s\nstderr: %s", dir, code, out, errOut)
		}
	}
}
