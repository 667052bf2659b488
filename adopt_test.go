package ducklint_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// gitRepo makes a git work tree of files in a temporary directory, with
// everything committed.
func gitRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := writeTree(t, files)
	git(t, dir, "init", "-q", "-b", "main")
	commitAll(t, dir, "initial")
	return dir
}

// git runs git in dir with a fixed identity and no user configuration.
func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func commitAll(t *testing.T, dir, msg string) {
	t.Helper()
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "--allow-empty", "-m", msg)
}

// sarifState is one SARIF result: rule, file, line (0 for an absent
// entry, which has none) and baseline state.
type sarifState struct {
	rule, file string
	line       int
	state      string
}

// sarifStates runs ducklint -f sarif in dir and returns its results, sorted.
func sarifStates(t *testing.T, dir string, args ...string) []sarifState {
	t.Helper()
	_, out, errOut := run(t, dir, "", append([]string{"-f", "sarif"}, args...)...)
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string } `json:"artifactLocation"`
						Region           *struct{ StartLine int }
					} `json:"physicalLocation"`
				} `json:"locations"`
				BaselineState string `json:"baselineState"`
				Suppressions  []struct {
					Kind string `json:"kind"`
				} `json:"suppressions"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatalf("sarif: %v; stderr %q", err, errOut)
	}
	var got []sarifState
	for _, r := range log.Runs[0].Results {
		loc := r.Locations[0].PhysicalLocation
		s := sarifState{rule: r.RuleID, file: loc.ArtifactLocation.URI, state: r.BaselineState}
		if loc.Region != nil {
			s.line = loc.Region.StartLine
		}
		if (len(r.Suppressions) == 1 && r.Suppressions[0].Kind == "external") != (s.state == "unchanged") {
			t.Errorf("%+v: suppressions %+v, want one external exactly when unchanged", s, r.Suppressions)
		}
		got = append(got, s)
	}
	slices.SortFunc(got, func(a, b sarifState) int { return strings.Compare(a.String(), b.String()) })
	return got
}

func (s sarifState) String() string {
	return strings.Join([]string{s.state, s.rule, s.file, itoa(s.line)}, " ")
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// wantStates compares states with want, written as "state rule file line".
func wantStates(t *testing.T, what string, got []sarifState, want ...string) {
	t.Helper()
	var g []string
	for _, s := range got {
		g = append(g, s.String())
	}
	slices.Sort(want)
	if !slices.Equal(g, want) {
		t.Errorf("%s:\n got  %s\n want %s", what, strings.Join(g, "\n      "), strings.Join(want, "\n      "))
	}
}

// adoptionTree is a control repo with legacy code: legacy facts and an
// unknown variable.
func adoptionTree() map[string]string {
	return map[string]string{
		"manifests/site.pp":             "node default {\n  include a\n  notice($domain)\n}\n",
		"modules/a/manifests/init.pp":   "class a {\n  notice($osfamily)\n  notice($nope)\n}\n",
		"modules/a/manifests/b.pp":      "class a::b {\n  notice($::operatingsystem)\n}\n",
		"modules/a/manifests/unused.pp": "class a::unused {\n}\n",
	}
}

const (
	siteDomain  = "manifests/site.pp"
	aInit       = "modules/a/manifests/init.pp"
	legacyFact  = "legacy-fact"
	unknownVar  = "unknown-variable"
	baselineDoc = ".ducklint-baseline.json"
)

// baselined is a repository of adoptionTree with its baseline committed.
func baselined(t *testing.T) string {
	t.Helper()
	dir := gitRepo(t, adoptionTree())
	if code, out, errOut := run(t, dir, "", "baseline"); code != 0 || !strings.Contains(out, "4 accepted findings") {
		t.Fatalf("ducklint baseline = %d, %q, %q", code, out, errOut)
	}
	commitAll(t, dir, "baseline")
	code, out, _ := run(t, dir, "")
	if code != 0 || !strings.Contains(out, "no problems found in 4 files (4 findings accepted by .ducklint-baseline.json)") {
		t.Fatalf("after ducklint baseline: exit %d\n%s", code, out)
	}
	return dir
}

var allUnchanged = []string{
	"unchanged legacy-fact manifests/site.pp 3",
	"unchanged legacy-fact modules/a/manifests/b.pp 2",
	"unchanged legacy-fact modules/a/manifests/init.pp 2",
	"unchanged unknown-variable modules/a/manifests/init.pp 3",
}

func TestBaselineSurvivesEdits(t *testing.T) {
	t.Run("unchanged", func(t *testing.T) {
		dir := baselined(t)
		wantStates(t, "right after the baseline", sarifStates(t, dir), allUnchanged...)
	})
	t.Run("a new finding", func(t *testing.T) {
		dir := baselined(t)
		edit(t, dir, aInit, func(s string) string { return strings.Replace(s, "}\n", "  notice($fresh)\n}\n", 1) })
		wantStates(t, "a finding added", sarifStates(t, dir), append(allUnchanged, "new unknown-variable modules/a/manifests/init.pp 4")...)
		code, out, _ := run(t, dir, "")
		if code != 1 || !strings.Contains(out, "unknown variable $fresh") || strings.Contains(out, "$nope") {
			t.Errorf("text output (exit %d) should show the new finding only:\n%s", code, out)
		}
	})
	t.Run("code moved down 50 lines", func(t *testing.T) {
		dir := baselined(t)
		edit(t, dir, aInit, func(s string) string { return strings.Repeat("# license\n", 50) + s })
		edit(t, dir, "modules/a/manifests/b.pp", func(s string) string {
			return strings.Replace(s, "class a::b {", "class a::b {\n  $x = [\n    1,\n  ]\n  notice($x)\n", 1)
		})
		wantStates(t, "lines inserted above", sarifStates(t, dir),
			"unchanged legacy-fact manifests/site.pp 3",
			"unchanged legacy-fact modules/a/manifests/b.pp 7",
			"unchanged legacy-fact modules/a/manifests/init.pp 52",
			"unchanged unknown-variable modules/a/manifests/init.pp 53")
	})
	t.Run("git mv", func(t *testing.T) {
		dir := baselined(t)
		git(t, dir, "mv", "manifests/site.pp", "manifests/nodes.pp")
		wantStates(t, "the site manifest renamed", sarifStates(t, dir),
			"unchanged legacy-fact manifests/nodes.pp 3",
			"unchanged legacy-fact modules/a/manifests/b.pp 2",
			"unchanged legacy-fact modules/a/manifests/init.pp 2",
			"unchanged unknown-variable modules/a/manifests/init.pp 3")
		// --prune moves the renamed file's entries to its new name.
		if code, out, errOut := run(t, dir, "", "baseline", "--prune"); code != 0 || !strings.Contains(out, "removed 0 stale entries (0 findings fixed); 4 accepted findings left") {
			t.Fatalf("baseline --prune after git mv: exit %d, %q, %q", code, out, errOut)
		}
		if doc := readFile(t, filepath.Join(dir, baselineDoc)); strings.Contains(doc, `"manifests/site.pp"`) || !strings.Contains(doc, `"manifests/nodes.pp"`) {
			t.Errorf("--prune did not move the entries of the renamed file:\n%s", doc)
		}
		edit(t, dir, "manifests/nodes.pp", func(s string) string { return "# edited after the rename\n" + s })
		wantStates(t, "the renamed file edited after --prune", sarifStates(t, dir),
			"unchanged legacy-fact manifests/nodes.pp 4",
			"unchanged legacy-fact modules/a/manifests/b.pp 2",
			"unchanged legacy-fact modules/a/manifests/init.pp 2",
			"unchanged unknown-variable modules/a/manifests/init.pp 3")
		// A module file renamed: its class no longer matches its path,
		// which is new; its legacy fact is not.
		git(t, dir, "mv", "modules/a/manifests/b.pp", "modules/a/manifests/c.pp")
		wantStates(t, "a module file renamed", sarifStates(t, dir),
			"new autoload-layout modules/a/manifests/c.pp 1",
			"unchanged legacy-fact manifests/nodes.pp 4",
			"unchanged legacy-fact modules/a/manifests/c.pp 2",
			"unchanged legacy-fact modules/a/manifests/init.pp 2",
			"unchanged unknown-variable modules/a/manifests/init.pp 3")
	})
	t.Run("text moved within the file", func(t *testing.T) {
		dir := baselined(t)
		edit(t, dir, aInit, func(s string) string {
			return "class a::early {\n  notice($nope)\n}\n" + strings.Replace(s, "  notice($nope)\n", "", 1)
		})
		edit(t, dir, aInit, func(s string) string { return strings.Replace(s, "class a::early", "class a", 1) })
		edit(t, dir, aInit, func(s string) string {
			return strings.Replace(s, "class a {\n  notice($osfamily)", "class a::rest {\n  notice($osfamily)", 1)
		})
		// class a now holds $nope first; the legacy fact moved into
		// class a::rest (wrong file for it: autoload-layout is new).
		got := sarifStates(t, dir)
		for _, s := range got {
			if s.state == "new" && s.rule != "autoload-layout" {
				t.Errorf("moved text reported as new: %v", s)
			}
			if s.state == "absent" {
				t.Errorf("moved text left an absent entry: %v", s)
			}
		}
	})
	t.Run("a baselined finding fixed", func(t *testing.T) {
		dir := baselined(t)
		edit(t, dir, aInit, func(s string) string { return strings.Replace(s, "  notice($nope)\n", "", 1) })
		wantStates(t, "a finding fixed", sarifStates(t, dir),
			"absent unknown-variable modules/a/manifests/init.pp 0",
			"unchanged legacy-fact manifests/site.pp 3",
			"unchanged legacy-fact modules/a/manifests/b.pp 2",
			"unchanged legacy-fact modules/a/manifests/init.pp 2")
		code, out, _ := run(t, dir, "", "-f", "json")
		var rep struct {
			Baseline struct {
				File      string `json:"file"`
				Unchanged int    `json:"unchanged"`
				Stale     int    `json:"stale"`
			} `json:"baseline"`
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 0 {
			t.Fatalf("json: exit %d, %v", code, err)
		}
		if rep.Baseline.File != baselineDoc || rep.Baseline.Unchanged != 3 || rep.Baseline.Stale != 1 {
			t.Errorf("json baseline = %+v, want 3 unchanged and 1 stale", rep.Baseline)
		}
		if _, out, _ := run(t, dir, ""); !strings.Contains(out, "1 entry matches nothing: ducklint baseline --prune removes it") {
			t.Errorf("the text summary does not count the stale entry:\n%s", out)
		}

		before := readFile(t, filepath.Join(dir, baselineDoc))
		if code, out, errOut := run(t, dir, "", "baseline", "--prune"); code != 0 || !strings.Contains(out, "removed 1 stale entry (1 finding fixed); 3 accepted findings left") {
			t.Fatalf("baseline --prune = %d, %q, %q", code, out, errOut)
		}
		after := readFile(t, filepath.Join(dir, baselineDoc))
		if strings.Contains(after, "$nope") || !strings.Contains(before, "$nope") {
			t.Errorf("--prune kept the fixed entry:\n%s", after)
		}
		wantStates(t, "after --prune", sarifStates(t, dir),
			"unchanged legacy-fact manifests/site.pp 3",
			"unchanged legacy-fact modules/a/manifests/b.pp 2",
			"unchanged legacy-fact modules/a/manifests/init.pp 2")
	})
	t.Run("a baselined line duplicated", func(t *testing.T) {
		dir := baselined(t)
		edit(t, dir, aInit, func(s string) string {
			return strings.Replace(s, "  notice($osfamily)\n", "  notice($osfamily)\n  notice($osfamily)\n", 1)
		})
		wantStates(t, "a line duplicated", sarifStates(t, dir),
			"new legacy-fact modules/a/manifests/init.pp 3",
			"unchanged legacy-fact manifests/site.pp 3",
			"unchanged legacy-fact modules/a/manifests/b.pp 2",
			"unchanged legacy-fact modules/a/manifests/init.pp 2",
			"unchanged unknown-variable modules/a/manifests/init.pp 4")
	})
}

// TestFixOnlyWhatIsReported: --fix applies the fixes of new findings and
// leaves the baselined ones, and those outside the new code, as they are.
func TestFixOnlyWhatIsReported(t *testing.T) {
	dir := baselined(t)
	edit(t, dir, aInit, func(s string) string { return strings.Replace(s, "}\n", "  notice($operatingsystem)\n}\n", 1) })
	code, out, errOut := run(t, dir, "", "--fix")
	if code != 0 {
		t.Fatalf("--fix: exit %d, want 0: what is left is in the baseline\n%s%s", code, out, errOut)
	}
	got := readFile(t, filepath.Join(dir, aInit))
	if want := "class a {\n  notice($osfamily)\n  notice($nope)\n  notice($facts['os']['name'])\n}\n"; got != want {
		t.Errorf("--fix with a baseline wrote\n%s\nwant\n%s", got, want)
	}
	if site := readFile(t, filepath.Join(dir, siteDomain)); !strings.Contains(site, "$domain") {
		t.Errorf("--fix fixed a baselined finding:\n%s", site)
	}

	dir = gitRepo(t, adoptionTree())
	edit(t, dir, "modules/a/manifests/b.pp", func(s string) string { return strings.Replace(s, "}\n", "  notice($osfamily)\n}\n", 1) })
	if code, out, errOut := run(t, dir, "", "--fix", "--new-from-rev", "HEAD"); code != 0 {
		t.Fatalf("--fix --new-from-rev: exit %d\n%s%s", code, out, errOut)
	}
	if got, want := readFile(t, filepath.Join(dir, "modules/a/manifests/b.pp")), "class a::b {\n  notice($::operatingsystem)\n  notice($facts['os']['family'])\n}\n"; got != want {
		t.Errorf("--fix --new-from-rev wrote\n%s\nwant\n%s", got, want)
	}
}

// TestBaselineEveryFormat: every format reports only the new finding and
// says that a baseline is in use.
func TestBaselineEveryFormat(t *testing.T) {
	dir := baselined(t)
	edit(t, dir, aInit, func(s string) string { return strings.Replace(s, "}\n", "  notice($fresh)\n}\n", 1) })
	_, text, _ := run(t, dir, "")
	_, gh, _ := run(t, dir, "", "-f", "github")
	_, js, _ := run(t, dir, "", "-f", "json")
	for name, out := range map[string]string{"text": text, "github": gh, "json": js} {
		if !strings.Contains(out, "$fresh") || strings.Contains(out, "$nope") || strings.Contains(out, "osfamily") {
			t.Errorf("%s shows other findings than the new one:\n%s", name, out)
		}
	}
	if !strings.Contains(gh, "4 findings accepted by .ducklint-baseline.json") {
		t.Errorf("the github summary does not mention the baseline:\n%s", gh)
	}
	if len(decode(t, js).Findings) != 1 {
		t.Errorf("json: want one finding\n%s", js)
	}
	// --no-baseline shows everything; a run from a subdirectory finds the
	// baseline above it and matches the same way.
	if _, out, _ := run(t, dir, "", "-f", "json", "--no-baseline"); len(decode(t, out).Findings) != 5 {
		t.Errorf("--no-baseline: want all 5 findings\n%s", out)
	}
	sub := filepath.Join(dir, "modules")
	code, out, _ := run(t, sub, "", "-f", "json", ".")
	if got := decode(t, out).Findings; code != 1 || len(got) != 1 || got[0].File != "a/manifests/init.pp" {
		t.Errorf("from a subdirectory: exit %d, findings %+v, want the new one", code, got)
	}
	// An editor's buffer on standard input.
	code, out, _ = run(t, dir, "class a {\n  notice($osfamily)\n  notice($nope)\n  notice($buffer)\n}\n",
		"-f", "json", "--stdin-filename", aInit, "-")
	if got := decode(t, out).Findings; code != 1 || len(got) != 1 || !strings.Contains(got[0].Message, "$buffer") {
		t.Errorf("standard input: exit %d, findings %+v, want the new one", code, got)
	}
	// One file, as a pre-commit hook passes it: the other files' entries
	// are not stale.
	code, out, _ = run(t, dir, "", "-f", "json", siteDomain)
	if code != 0 || !strings.Contains(out, `"unchanged": 1`) || !strings.Contains(out, `"stale": 0`) {
		t.Errorf("one file: exit %d\n%s", code, out)
	}
}

func TestBaselineFileErrors(t *testing.T) {
	dir := gitRepo(t, adoptionTree())
	if code, _, errOut := run(t, dir, "", "--baseline", "missing.json"); code != 2 || !strings.Contains(errOut, "baseline missing.json does not exist") {
		t.Errorf("--baseline of a missing file: exit %d, %q", code, errOut)
	}
	if err := os.WriteFile(filepath.Join(dir, ".ducklint.toml"), []byte("baseline = \"ci/accepted.json\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := run(t, dir, ""); code != 2 || !strings.Contains(errOut, "baseline ci/accepted.json does not exist") {
		t.Errorf("a configured baseline that is missing: exit %d, %q", code, errOut)
	}
	if code, _, errOut := run(t, dir, "", "baseline"); code != 2 || !strings.Contains(errOut, "cannot write the baseline ci/accepted.json: no such file or directory") {
		t.Errorf("baseline into a missing directory: exit %d, %q", code, errOut)
	}
	if err := os.MkdirAll(filepath.Join(dir, "ci"), 0o755); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := run(t, dir, "", "baseline"); code != 0 || !strings.Contains(out, "ci/accepted.json: 4 accepted findings") {
		t.Fatalf("baseline with a configured file: exit %d, %q, %q", code, out, errOut)
	}
	if code, out, _ := run(t, filepath.Join(dir, "modules"), ""); code != 0 || !strings.Contains(out, "accepted by ../ci/accepted.json") {
		t.Errorf("the configured baseline from a subdirectory: exit %d\n%s", code, out)
	}
	if err := os.WriteFile(filepath.Join(dir, "ci/accepted.json"), []byte("{\"version\": 1, \"findings\": [{}]}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := run(t, dir, ""); code != 2 || !strings.Contains(errOut, "ci/accepted.json: finding 1 has no rule") {
		t.Errorf("a broken baseline: exit %d, %q", code, errOut)
	}
	if code, _, errOut := run(t, dir, "", "baseline", "--fix"); code != 2 || !strings.Contains(errOut, "--fix does not go with baseline") {
		t.Errorf("baseline --fix: exit %d, %q", code, errOut)
	}
	if code, _, errOut := run(t, dir, "", "baseline", "-f", "json"); code != 2 || !strings.Contains(errOut, "-f and --output do not go with it") {
		t.Errorf("baseline -f json: exit %d, %q", code, errOut)
	}
	if code, _, errOut := run(t, dir, "", "baseline", "--prune", "--baseline", "none.json"); code != 2 || !strings.Contains(errOut, "no baseline none.json to prune") {
		t.Errorf("--prune without a baseline: exit %d, %q", code, errOut)
	}
}

// TestBaselinePartialRegenerate: "ducklint baseline PATH" replaces the
// entries of PATH and keeps the others; regenerating an unchanged tree
// changes nothing.
func TestBaselinePartialRegenerate(t *testing.T) {
	dir := baselined(t)
	before := readFile(t, filepath.Join(dir, baselineDoc))
	for _, args := range [][]string{{"baseline"}, {"baseline", "modules"}, {"baseline", "--prune"}} {
		if code, _, errOut := run(t, dir, "", args...); code != 0 {
			t.Fatalf("%v: exit %d, %q", args, code, errOut)
		}
		if after := readFile(t, filepath.Join(dir, baselineDoc)); after != before {
			t.Errorf("%v on an unchanged tree changed the baseline:\n%s\nwas\n%s", args, after, before)
		}
	}
	edit(t, dir, aInit, func(s string) string { return strings.Replace(s, "  notice($nope)\n", "", 1) })
	edit(t, dir, siteDomain, func(s string) string { return strings.Replace(s, "}\n", "  notice($fqdn)\n}\n", 1) })
	if code, out, errOut := run(t, dir, "", "baseline", "modules"); code != 0 || !strings.Contains(out, "3 accepted findings (was 4)") {
		t.Fatalf("baseline modules: exit %d, %q, %q", code, out, errOut)
	}
	// site.pp's new finding is still new: only modules/ was regenerated.
	wantStates(t, "after regenerating modules/", sarifStates(t, dir),
		"new legacy-fact manifests/site.pp 4",
		"unchanged legacy-fact manifests/site.pp 3",
		"unchanged legacy-fact modules/a/manifests/b.pp 2",
		"unchanged legacy-fact modules/a/manifests/init.pp 2")
}

// TestFixMovesNewCode: a fix that removes lines moves the findings below
// it; what is new code is read again after --fix writes the files.
func TestFixMovesNewCode(t *testing.T) {
	dir := gitRepo(t, map[string]string{"modules/a/manifests/init.pp": "class a {\n  notice($nope)\n}\n"})
	edit(t, dir, aInit, func(string) string {
		return "class a {\n  # lint:ignore:legacy-fact\n  # lint:endignore\n  notice($nope)\n  notice($fresh)\n}\n"
	})
	wantFindings(t, "before --fix", newFindings(t, dir, "--new-from-rev", "HEAD"),
		"unused-ignore modules/a/manifests/init.pp:2", "unknown-variable modules/a/manifests/init.pp:5")
	// The unused block goes, and $nope moves up onto line 2, which was new.
	wantFindings(t, "--fix", newFindings(t, dir, "--new-from-rev", "HEAD", "--fix"),
		"unknown-variable modules/a/manifests/init.pp:3")
	if got := readFile(t, filepath.Join(dir, aInit)); got != "class a {\n  notice($nope)\n  notice($fresh)\n}\n" {
		t.Errorf("--fix wrote\n%s", got)
	}
}
