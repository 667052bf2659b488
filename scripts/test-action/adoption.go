package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// newFinding is a file that adds one finding to findingsTree: a legacy
// fact (a warning).
const newFinding = "modules/demo/manifests/extra.pp"

var newFindingTree = map[string]string{
	newFinding: "class demo::extra {\n  notify { $facts['lsbdistcodename']: }\n}\n",
}

// baseline: with the baseline input, the findings the file accepts are
// neither annotated nor counted, and the SARIF report marks them
// unchanged; the new finding fails the step.
func (t *tester) baseline(j *job) {
	scenario := "baseline"
	t.scenario = scenario
	// The binary this job built writes the baseline, as a developer would.
	built := filepath.Join(j.temp, "ducklint-bin", "ducklint")
	bin := filepath.Join(t.scratch, "ducklint-baseline-writer")
	data, err := os.ReadFile(built)
	if err != nil {
		fatal(err)
	}
	if err := os.WriteFile(bin, data, 0o755); err != nil {
		fatal(err)
	}
	ws := t.workspace(scenario)
	writeTree(ws, findingsTree)
	cmd := exec.Command(bin, "baseline", "--baseline", "ci/accepted.json")
	cmd.Dir = ws
	if err := os.MkdirAll(filepath.Join(ws, "ci"), 0o755); err != nil {
		fatal(err)
	}
	out, err := cmd.CombinedOutput()
	t.check(err == nil && strings.Contains(string(out), "3 accepted findings"), "ducklint baseline: %v\n%s", err, out)
	writeTree(ws, newFindingTree)

	res := t.runIn(scenario, j, ws, map[string]string{"baseline": "ci/accepted.json", "sarif-file": "out.sarif"}, nil)
	t.check(res.conclusion == "failure", "conclusion %s, want failure (a new warning)", res.conclusion)
	t.outputs(res, map[string]string{"errors": "0", "warnings": "1", "infos": "0", "findings": "1"})
	lint := t.outcome(res, "Run ducklint", "failure")
	t.check(strings.Contains(lint.stdout, "::warning file="+newFinding+",line=2,"), "no annotation of the new finding:\n%s", lint.stdout)
	t.check(!strings.Contains(lint.stdout, "broken.pp") && !strings.Contains(lint.stdout, "examples/init.pp"),
		"the baselined findings are annotated:\n%s", lint.stdout)
	states := sarifStates(filepath.Join(ws, "out.sarif"))
	t.check(states["new"] == 1 && states["unchanged"] == 3 && len(states) == 2, "SARIF baseline states %v, want 1 new and 3 unchanged", states)

	// Without the input, the configuration's baseline is used.
	writeFile(filepath.Join(ws, ".ducklint.toml"), "baseline = \"ci/accepted.json\"\n")
	res = t.runIn("baseline from the configuration", j, ws, nil, nil)
	t.outputs(res, map[string]string{"findings": "1"})
}

// onlyNew: on a pull request, only-new reports the findings of the lines
// the pull request changes since it left its base branch: not the old
// findings, not what the base branch did since. The checkout is shallow
// and lacks the base branch, as actions/checkout leaves it.
func (t *tester) onlyNew(j *job) {
	t.scenario = "only-new"
	dir := filepath.Join(t.scratch, "pr")
	src, remote := filepath.Join(dir, "src"), filepath.Join(dir, "remote.git")
	writeTree(src, findingsTree)
	gitIn(src, "init", "-q", "-b", "main")
	gitIn(src, "add", "-A")
	gitIn(src, "commit", "-q", "-m", "legacy code")
	gitIn(src, "checkout", "-q", "-b", "feature")
	writeTree(src, newFindingTree)
	gitIn(src, "add", "-A")
	gitIn(src, "commit", "-q", "-m", "the pull request")
	gitIn(src, "checkout", "-q", "main")
	writeTree(src, map[string]string{"modules/demo/manifests/later.pp": "class demo::later {\n  notify { $facts['operatingsystem']: }\n}\n"})
	gitIn(src, "add", "-A")
	gitIn(src, "commit", "-q", "-m", "main moves on")
	gitIn(dir, "clone", "-q", "--bare", src, remote)

	ws := t.workspace("only-new")
	gitIn(dir, "clone", "-q", "--depth", "1", "--branch", "feature", "file://"+remote, ws)
	t.check(gitIn(ws, "rev-parse", "--is-shallow-repository") == "true", "the checkout is not shallow")

	pr := []string{"GITHUB_EVENT_NAME=pull_request", "GITHUB_BASE_REF=main", "GITHUB_HEAD_REF=feature"}
	res := t.runIn("only-new", j, ws, map[string]string{"only-new": "true"}, pr)
	t.check(res.conclusion == "failure", "conclusion %s, want failure (the pull request adds a warning)", res.conclusion)
	t.outputs(res, map[string]string{"errors": "0", "warnings": "1", "infos": "0", "findings": "1"})
	lint := t.outcome(res, "Run ducklint", "failure")
	t.check(strings.Contains(lint.stdout, "::warning file="+newFinding+",line=2,"), "no annotation of the new finding:\n%s%s", lint.stdout, lint.stderr)
	t.check(!strings.Contains(lint.stdout, "later.pp") && !strings.Contains(lint.stdout, "broken.pp"), "old findings are annotated:\n%s", lint.stdout)

	// A push has no base branch: everything is reported, with a warning.
	res = t.runIn("only-new on a push", j, ws, map[string]string{"only-new": "true", "fail-on": "error"}, []string{"GITHUB_EVENT_NAME=push"})
	lint = t.outcome(res, "Run ducklint", "failure")
	t.check(strings.Contains(lint.stdout, "::warning title=ducklint::only-new needs a pull request"), "no warning on a push:\n%s", lint.stdout)
	t.outputs(res, map[string]string{"errors": "1", "warnings": "2", "infos": "1"})

	res = t.runIn("only-new not a boolean", j, ws, map[string]string{"only-new": "yes"}, pr)
	lint = t.outcome(res, "Run ducklint", "failure")
	t.check(strings.Contains(lint.stdout, "only-new input must be true or false"), "no error for only-new: yes:\n%s", lint.stdout)
}

// sarifStates counts the results of a SARIF file by baselineState.
func sarifStates(path string) map[string]int {
	data, err := os.ReadFile(path)
	if err != nil {
		fatal(err)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				BaselineState string `json:"baselineState"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(data, &log); err != nil || len(log.Runs) != 1 {
		fatal(err)
	}
	states := map[string]int{}
	for _, r := range log.Runs[0].Results {
		states[r.BaselineState]++
	}
	return states
}

// gitIn runs git in dir with a fixed identity and no user configuration,
// and returns its output.
func gitIn(dir string, args ...string) string {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fatal(err)
	}
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
	out, err := cmd.CombinedOutput()
	if err != nil {
		fatal(&gitError{args, string(out), err})
	}
	return strings.TrimSpace(string(out))
}

type gitError struct {
	args []string
	out  string
	err  error
}

func (e *gitError) Error() string {
	return "git " + strings.Join(e.args, " ") + ": " + e.err.Error() + "\n" + e.out
}
