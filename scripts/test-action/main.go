// Command test-action tests the GitHub Action (action.yml at the root of
// the repository) on this machine: it runs the action's steps as a GitHub
// runner does (runner.go) on small fixture trees and checks what a workflow
// relies on: the outputs, the annotations, the SARIF file, that the built
// binary is cached and reused, that the cache key follows the action's
// code, that the job's Go and PATH are left alone, that no input can inject
// shell code, and that the build works without Go on PATH (with a Go
// archive served from a local directory).
//
// Usage, from the repository root (.ci/run does this):
//
//	go -C scripts/test-action run . [-v]
//
// It builds ducklint with the Go on PATH and the usual Go caches, and needs
// bash, curl, tar, gzip and sha256sum (or shasum).
package main

import (
	"archive/tar"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
)

func main() {
	repo := flag.String("repo", "../..", "the repository holding action.yml")
	verbose := flag.Bool("v", false, "print every step's output")
	flag.Parse()
	root, err := filepath.Abs(*repo)
	if err != nil {
		fatal(err)
	}
	scratch, err := os.MkdirTemp("", "test-action-")
	if err != nil {
		fatal(err)
	}
	defer os.RemoveAll(scratch)
	t := &tester{root: root, scratch: scratch, verbose: *verbose}
	t.scenarios()
	if t.failures > 0 {
		fmt.Fprintf(os.Stderr, "test-action: FAIL: %d of %d checks\n", t.failures, t.checks)
		os.Exit(1)
	}
	fmt.Printf("test-action: ok, %d checks\n", t.checks)
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "test-action:", err)
	os.Exit(1)
}

type tester struct {
	root, scratch    string
	verbose          bool
	checks, failures int
	scenario         string
}

func (t *tester) check(ok bool, format string, args ...any) {
	t.checks++
	if !ok {
		t.failures++
		fmt.Fprintf(os.Stderr, "FAIL [%s] %s\n", t.scenario, fmt.Sprintf(format, args...))
	}
}

// A fixture tree with one finding of each severity: a syntax error, a
// legacy fact read through $facts in a class (warning: undef with Puppet
// 8) and a fact read as a top-scope variable in a module's examples
// (top-scope-fact, info).
var findingsTree = map[string]string{
	"manifests/site.pp":                   "node default {\n  include demo\n}\n",
	"modules/demo/manifests/init.pp":      "class demo {\n  notify { $facts['osfamily']: }\n}\n",
	"modules/demo/manifests/broken.pp":    "class demo::broken {\n  $x =\n}\n",
	"modules/demo/examples/init.pp":       "notice($::os['family'])\n",
	"modules/demo/templates/motd.epp":     "<%- | String $name | -%>\nHello <%= $name %>\n",
	"modules/demo/manifests/unrelated.md": "not Puppet\n",
}

var infoTree = map[string]string{
	"manifests/site.pp":              "node default {\n  include demo\n}\n",
	"modules/demo/manifests/init.pp": "class demo {\n  notify { 'hello': }\n}\n",
	"modules/demo/examples/init.pp":  "notice($::os['family'])\n",
}

var cleanTree = map[string]string{
	"manifests/site.pp":              "node default {\n  include demo\n}\n",
	"modules/demo/manifests/init.pp": "class demo {\n  notify { 'hello': }\n}\n",
}

// job is one job: its runner's temporary directory (the same path for
// every job, emptied between them, as on GitHub-hosted runners) and cache.
type job struct {
	temp, cache string
	env         []string
	actionRef   string // the ref the workflow names the action at; "" for a branch
}

func (t *tester) newJob(name string, env []string) *job {
	j := &job{temp: filepath.Join(t.scratch, name, "temp"), cache: filepath.Join(t.scratch, name, "cache"), env: env}
	for _, d := range []string{j.temp, j.cache} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			fatal(err)
		}
	}
	return j
}

// run runs the action once in a fresh workspace holding tree.
func (t *tester) run(scenario string, j *job, tree map[string]string, inputs map[string]string) (*runResult, string) {
	ws := t.workspace(scenario)
	writeTree(ws, tree)
	return t.runIn(scenario, j, ws, inputs, nil), ws
}

// workspace is the workspace directory of a scenario.
func (t *tester) workspace(scenario string) string {
	return filepath.Join(t.scratch, "ws-"+strings.ReplaceAll(scenario, " ", "-"))
}

// runIn runs the action once in the workspace ws, for an event that sets
// the variables event (GITHUB_BASE_REF=main for a pull request).
func (t *tester) runIn(scenario string, j *job, ws string, inputs map[string]string, event []string) *runResult {
	t.scenario = scenario
	if err := os.RemoveAll(j.temp); err != nil {
		fatal(err)
	}
	if err := os.MkdirAll(j.temp, 0o755); err != nil {
		fatal(err)
	}
	res, err := runAction(runOptions{actionDir: t.root, workspace: ws, temp: j.temp, cacheDir: j.cache, inputs: inputs, env: j.env, event: event, actionRef: j.actionRef})
	if err != nil {
		fatal(fmt.Errorf("%s: %w", scenario, err))
	}
	if t.verbose {
		for _, s := range res.steps {
			fmt.Printf("--- [%s] %s: %s\n%s%s", scenario, s.name, s.outcome, s.stdout, s.stderr)
		}
		fmt.Printf("--- [%s] %s, outputs %v\n", scenario, res.conclusion, res.outputs)
	}
	// Nothing the action does may reach the job's later steps.
	for _, s := range res.steps {
		t.check(len(s.githubPath) == 0, "step %q adds %v to the job's PATH", s.name, s.githubPath)
		t.check(len(s.githubEnv) == 0, "step %q sets %v for the job's later steps", s.name, s.githubEnv)
	}
	return res
}

func (t *tester) outcome(res *runResult, step, want string) *stepResult {
	s := res.step(step)
	if s == nil {
		t.check(false, "no step %q", step)
		return &stepResult{}
	}
	t.check(s.outcome == want, "step %q: %s, want %s\n%s%s", step, s.outcome, want, s.stdout, s.stderr)
	return s
}

func (t *tester) outputs(res *runResult, want map[string]string) {
	for k, v := range want {
		t.check(res.outputs[k] == v, "output %s = %q, want %q", k, res.outputs[k], v)
	}
}

func (t *tester) scenarios() {
	env := os.Environ()

	// 1. Findings: annotations, outputs, SARIF where asked; the build runs
	//    and its binary is saved.
	j := t.newJob("job", env)
	res, ws := t.run("findings", j, findingsTree, map[string]string{"fail-on": "error", "sarif-file": "reports/ducklint.sarif"})
	t.check(res.conclusion == "failure", "conclusion %s, want failure (an error with fail-on error)", res.conclusion)
	t.outputs(res, map[string]string{"errors": "1", "warnings": "1", "infos": "1", "findings": "3", "sarif-file": "reports/ducklint.sarif"})
	t.check(res.step("Restore the ducklint binary").outputs["cache-hit"] == "false", "first run: cache hit")
	build := t.outcome(res, "Build ducklint", "success")
	t.check(strings.Contains(build.stdout, "ducklint "), "the build does not print the version: %q", build.stdout)
	t.outcome(res, "Save the ducklint binary", "success")
	lint := t.outcome(res, "Run ducklint", "failure")
	for _, want := range []string{
		"::error file=modules/demo/manifests/broken.pp,line=3,",
		"::warning file=modules/demo/manifests/init.pp,line=2,",
		"::notice file=modules/demo/examples/init.pp,line=1,",
	} {
		t.check(strings.Contains(lint.stdout, want), "annotations lack %q:\n%s", want, lint.stdout)
	}
	t.sarifResults(filepath.Join(ws, "reports", "ducklint.sarif"), 3)

	// 2. The same job again: the binary comes from the cache, nothing is
	//    built; SARIF goes to the runner's temporary directory by default.
	res, _ = t.run("cached", j, findingsTree, nil)
	t.check(res.step("Restore the ducklint binary").outputs["cache-hit"] == "true", "second run: no cache hit")
	t.outcome(res, "Build ducklint", "skipped")
	t.outcome(res, "Save the ducklint binary", "skipped")
	t.outcome(res, "Run ducklint", "failure")
	sarif := filepath.Join(j.temp, "ducklint", "ducklint.sarif")
	t.outputs(res, map[string]string{"errors": "1", "warnings": "1", "infos": "1", "findings": "3", "sarif-file": sarif})
	t.sarifResults(sarif, 3)

	// 3. Below fail-on: the step passes and still counts.
	res, _ = t.run("info only", j, infoTree, nil)
	t.check(res.conclusion == "success", "conclusion %s, want success (an info with fail-on warning)", res.conclusion)
	t.outputs(res, map[string]string{"errors": "0", "warnings": "0", "infos": "1", "findings": "1"})

	// 4. A clean tree.
	res, _ = t.run("clean", j, cleanTree, map[string]string{"fail-on": "info"})
	t.check(res.conclusion == "success", "conclusion %s, want success", res.conclusion)
	t.outputs(res, map[string]string{"errors": "0", "warnings": "0", "infos": "0", "findings": "0"})
	t.sarifResults(res.outputs["sarif-file"], 0)

	// 5. A path that does not exist: exit 2, the rest is still reported.
	res, _ = t.run("path error", j, findingsTree, map[string]string{"path": "modules/demo/manifests/broken.pp nope.pp", "fail-on": "error"})
	t.check(res.conclusion == "failure", "conclusion %s, want failure", res.conclusion)
	lint = t.outcome(res, "Run ducklint", "failure")
	t.check(strings.Contains(lint.stdout, "::error title=ducklint::ducklint failed (exit 2)"), "no failure annotation:\n%s", lint.stdout)
	t.outputs(res, map[string]string{"errors": "1", "findings": "1"})

	// 6. Hostile inputs are data, never shell code: paths, configuration
	//    and SARIF file reach ducklint as they are (and do not exist), and
	//    a fail-on that is not a severity is refused.
	for _, in := range []map[string]string{{
		"path":       "$(touch pwned-path) ; touch pwned-semicolon # `touch pwned-backtick` --version",
		"config":     "$(touch pwned-config)",
		"sarif-file": "out/$(touch pwned-sarif).sarif",
	}, {
		"fail-on": "warning\"; touch pwned-quote; \"",
	}} {
		res, ws = t.run("injection", j, cleanTree, in)
		t.check(res.conclusion == "failure", "conclusion %s, want failure (exit 2)", res.conclusion)
		lint := t.outcome(res, "Run ducklint", "failure")
		t.check(strings.Contains(lint.stdout, "::error title=ducklint::ducklint failed (exit 2)"), "no failure annotation:\n%s%s", lint.stdout, lint.stderr)
		for _, dir := range []string{ws, j.temp, filepath.Join(ws, "out")} {
			matches, _ := filepath.Glob(filepath.Join(dir, "pwned*"))
			t.check(len(matches) == 0, "an input ran shell code: %v", matches)
		}
	}

	// 7. Adoption: a baseline file, and only the new code of a pull request.
	t.baseline(j)
	t.onlyNew(j)

	// 8. The cache key is the action's code: the same wherever it is
	//    checked out, another when a Go source changes, not when a test does.
	t.cacheKeys()

	// 9. No Go on PATH: a Go archive is fetched, checked and used from the
	//    runner's temporary directory; a wrong checksum stops the build.
	t.withoutGo()

	// 10. At a release tag: the release's archive, checked against its
	//     checksums.txt, and nothing built; a tag without a release builds;
	//     an archive that does not match stops the job.
	t.release()
}

// release runs the action at a tag, with a release published as
// GoReleaser lays it out (.goreleaser.yaml) under a file:// URL.
func (t *tester) release() {
	t.scenario = "release"
	const tag = "v9.9.9"
	bin := filepath.Join(t.scratch, "release-build", "ducklint")
	build := exec.Command("go", "build", "-trimpath", "-ldflags", "-X main.version="+tag, "-o", bin, "./cmd/ducklint")
	build.Dir, build.Env = t.root, append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		fatal(fmt.Errorf("building the release binary: %w\n%s", err, out))
	}
	dl := filepath.Join(t.scratch, "releases")
	archive := fmt.Sprintf("ducklint_%s_%s_%s.tar.gz", strings.TrimPrefix(tag, "v"), runtime.GOOS, runtime.GOARCH)
	sum := writeReleaseArchive(filepath.Join(dl, tag, archive), bin)
	checksums := filepath.Join(dl, tag, "checksums.txt")
	writeFile(checksums, strings.Repeat("1", 64)+"  ducklint_9.9.9_other_os.tar.gz\n"+sum+"  "+archive+"\n")
	env := append(os.Environ(), "DUCKLINT_RELEASE_URL=file://"+dl)

	j := t.newJob("release", env)
	j.actionRef = tag
	res, _ := t.run("release", j, findingsTree, map[string]string{"fail-on": "error"})
	download := t.outcome(res, "Download the release binary", "success")
	t.check(download.outputs["found"] == "true", "found = %q, want true", download.outputs["found"])
	t.check(strings.Contains(download.stdout, "ducklint "+tag), "the release binary does not say %s:\n%s%s", tag, download.stdout, download.stderr)
	t.outcome(res, "Restore the ducklint binary", "skipped")
	t.outcome(res, "Build ducklint", "skipped")
	t.outcome(res, "Save the ducklint binary", "skipped")
	t.outcome(res, "Run ducklint", "failure")
	t.outputs(res, map[string]string{"errors": "1", "warnings": "1", "infos": "1", "findings": "3"})

	t.scenario = "tag without a release"
	j = t.newJob("release-missing", env)
	j.actionRef = "v9.9.8"
	res, _ = t.run("tag without a release", j, cleanTree, nil)
	download = t.outcome(res, "Download the release binary", "success")
	t.check(download.outputs["found"] == "false", "found = %q, want false", download.outputs["found"])
	t.outcome(res, "Build ducklint", "success")
	t.outcome(res, "Run ducklint", "success")

	t.scenario = "branch"
	j = t.newJob("release-branch", env)
	j.actionRef = "main"
	res, _ = t.run("branch", j, cleanTree, nil)
	t.check(res.step("Download the release binary").outputs["found"] == "false", "a branch used a release binary")
	t.outcome(res, "Build ducklint", "success")

	t.scenario = "release checksum mismatch"
	writeFile(checksums, strings.Repeat("0", 64)+"  "+archive+"\n")
	j = t.newJob("release-badsum", env)
	j.actionRef = tag
	res, _ = t.run("release checksum mismatch", j, cleanTree, nil)
	download = t.outcome(res, "Download the release binary", "failure")
	t.check(strings.Contains(download.stdout, "does not match the release's checksums.txt"), "no checksum message:\n%s%s", download.stdout, download.stderr)
	t.outcome(res, "Build ducklint", "skipped")
	t.outcome(res, "Run ducklint", "skipped")
	t.check(res.conclusion == "failure", "conclusion %s, want failure", res.conclusion)
}

// writeReleaseArchive writes a release archive holding the binary bin, as
// GoReleaser does (the binary at the top, with the README), and returns
// its SHA-256.
func writeReleaseArchive(path, bin string) string {
	data, err := os.ReadFile(bin)
	if err != nil {
		fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		fatal(err)
	}
	h := sha256.New()
	gz := gzip.NewWriter(io.MultiWriter(f, h))
	tw := tar.NewWriter(gz)
	for _, e := range []struct {
		name string
		mode int64
		data []byte
	}{{"README.md", 0o644, []byte("ducklint\n")}, {"ducklint", 0o755, data}} {
		if err := tw.WriteHeader(&tar.Header{Name: e.name, Typeflag: tar.TypeReg, Mode: e.mode, Size: int64(len(e.data))}); err != nil {
			fatal(err)
		}
		if _, err := tw.Write(e.data); err != nil {
			fatal(err)
		}
	}
	for _, c := range []interface{ Close() error }{tw, gz, f} {
		if err := c.Close(); err != nil {
			fatal(err)
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// sarifResults checks that path holds a SARIF log with n results.
func (t *tester) sarifResults(path string, n int) {
	data, err := os.ReadFile(path)
	if err != nil {
		t.check(false, "SARIF file: %v", err)
		return
	}
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Results []json.RawMessage `json:"results"`
		} `json:"runs"`
	}
	err = json.Unmarshal(data, &log)
	t.check(err == nil && log.Version == "2.1.0" && len(log.Runs) == 1, "%s is not a SARIF 2.1.0 log: %v", path, err)
	if err == nil && len(log.Runs) == 1 {
		t.check(len(log.Runs[0].Results) == n, "%s has %d results, want %d", path, len(log.Runs[0].Results), n)
	}
}

func (t *tester) cacheKeys() {
	t.scenario = "cache key"
	key := func(dir string) string {
		temp := filepath.Join(t.scratch, "key-temp")
		_ = os.RemoveAll(temp)
		if err := os.MkdirAll(temp, 0o755); err != nil {
			fatal(err)
		}
		res, err := runAction(runOptions{actionDir: dir, workspace: temp, temp: temp, cacheDir: temp, env: os.Environ(), stopAfter: "version"})
		if err != nil {
			fatal(err)
		}
		return res.step("Identify the ducklint build").outputs["key"]
	}
	copyDir := filepath.Join(t.scratch, "action-copy")
	copySources(t.root, copyDir)
	original := key(t.root)
	t.check(strings.HasPrefix(original, "ducklint-"+runnerOS()+"-"+runnerArch()+"-"), "key %q", original)
	t.check(key(copyDir) == original, "the key depends on where the action is checked out")
	appendTo(filepath.Join(copyDir, "version_test.go"), "\n// a test changed\n")
	t.check(key(copyDir) == original, "a change to a test changes the key")
	appendTo(filepath.Join(copyDir, "version.go"), "\n// the code changed\n")
	t.check(key(copyDir) != original, "a change to the code keeps the key")
}

func (t *tester) withoutGo() {
	t.scenario = "without go"
	var path []string
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		if _, err := os.Stat(filepath.Join(dir, "go")); err != nil {
			path = append(path, dir)
		}
	}
	realGo, err := exec.LookPath("go")
	if err != nil {
		fatal(err)
	}
	if realGo, err = filepath.Abs(realGo); err != nil {
		fatal(err)
	}
	want := goModVersion(t.root)
	archive := fmt.Sprintf("go%s.%s-%s.tar.gz", want, runtime.GOOS, runtime.GOARCH)
	dl := filepath.Join(t.scratch, "dl")
	sum := writeFakeGoArchive(filepath.Join(dl, archive), realGo)
	writeFile(filepath.Join(dl, archive+".sha256"), sum+"\n")

	env := []string{"PATH=" + strings.Join(path, string(os.PathListSeparator)), "DUCKLINT_GO_DOWNLOAD_URL=file://" + dl}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "PATH=") {
			env = append(env, kv)
		}
	}
	j := t.newJob("nogo", env)
	res, _ := t.run("without go", j, findingsTree, map[string]string{"fail-on": "error"})
	build := t.outcome(res, "Build ducklint", "success")
	t.check(strings.Contains(build.stdout, "Downloading file://"+dl+"/"+archive), "the build did not fetch Go:\n%s%s", build.stdout, build.stderr)
	t.check(!strings.Contains(build.stderr, "command not found"), "the build needs a tool it did not find:\n%s", build.stderr)
	t.outcome(res, "Run ducklint", "failure")
	t.outputs(res, map[string]string{"errors": "1", "warnings": "1", "infos": "1"})

	writeFile(filepath.Join(dl, archive+".sha256"), strings.Repeat("0", 64)+"  "+archive+"\n")
	j = t.newJob("nogo-badsum", env)
	res, _ = t.run("bad checksum", j, findingsTree, nil)
	build = t.outcome(res, "Build ducklint", "failure")
	t.check(strings.Contains(build.stdout, "does not match its published SHA-256"), "no checksum message:\n%s%s", build.stdout, build.stderr)
	t.outcome(res, "Run ducklint", "skipped")
	t.check(res.conclusion == "failure", "conclusion %s, want failure", res.conclusion)
}

// goModVersion is the go line of go.mod.
func goModVersion(root string) string {
	data, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		fatal(err)
	}
	m := regexp.MustCompile(`(?m)^go ([0-9.]+)`).FindSubmatch(data)
	if m == nil {
		fatal(fmt.Errorf("no go line in go.mod"))
	}
	return string(m[1])
}

// writeFakeGoArchive writes a Go release archive whose go/bin/go runs
// realGo, and returns its SHA-256.
func writeFakeGoArchive(path, realGo string) string {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		fatal(err)
	}
	h := sha256.New()
	gz := gzip.NewWriter(io.MultiWriter(f, h))
	tw := tar.NewWriter(gz)
	for _, d := range []string{"go/", "go/bin/"} {
		if err := tw.WriteHeader(&tar.Header{Name: d, Typeflag: tar.TypeDir, Mode: 0o755}); err != nil {
			fatal(err)
		}
	}
	shim := fmt.Sprintf("#!/bin/sh\nexec %q \"$@\"\n", realGo)
	if err := tw.WriteHeader(&tar.Header{Name: "go/bin/go", Typeflag: tar.TypeReg, Mode: 0o755, Size: int64(len(shim))}); err != nil {
		fatal(err)
	}
	if _, err := tw.Write([]byte(shim)); err != nil {
		fatal(err)
	}
	for _, c := range []interface{ Close() error }{tw, gz, f} {
		if err := c.Close(); err != nil {
			fatal(err)
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// copySources copies what the action builds from (Go files, go.mod,
// go.sum, action.yml) to dst.
func copySources(src, dst string) {
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p != src && (strings.HasPrefix(name, ".") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") && name != "go.mod" && name != "go.sum" && name != "action.yml" {
			return nil
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		writeFile(filepath.Join(dst, rel), string(data))
		return nil
	})
	if err != nil {
		fatal(err)
	}
}

func writeTree(dir string, files map[string]string) {
	for name, content := range files {
		writeFile(filepath.Join(dir, filepath.FromSlash(name)), content)
	}
}

func writeFile(path, content string) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		fatal(err)
	}
}

func appendTo(path, content string) {
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		fatal(err)
	}
	if _, err := f.WriteString(content); err != nil {
		fatal(err)
	}
	if err := f.Close(); err != nil {
		fatal(err)
	}
}
