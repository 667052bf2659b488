package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// This file runs a composite action the way a GitHub runner does, on this
// machine: each run: step under bash with the GitHub environment files and
// variables, expressions substituted, if: conditions evaluated, and the
// cache actions emulated with a local directory. It is what scripts/test-action
// tests action.yml with, so the action's scripts run in CI before a user runs
// them.

// action is action.yml. Every key is listed, so that one this runner does
// not follow is an error rather than silently ignored.
type action struct {
	Name        string            `yaml:"name"`
	Description string            `yaml:"description"`
	Author      string            `yaml:"author"`
	Branding    map[string]string `yaml:"branding"`
	Inputs      map[string]struct {
		Description string `yaml:"description"`
		Required    bool   `yaml:"required"`
		Default     string `yaml:"default"`
	} `yaml:"inputs"`
	Outputs map[string]struct {
		Description string `yaml:"description"`
		Value       string `yaml:"value"`
	} `yaml:"outputs"`
	Runs struct {
		Using string `yaml:"using"`
		Steps []step `yaml:"steps"`
	} `yaml:"runs"`
}

type step struct {
	Name             string            `yaml:"name"`
	ID               string            `yaml:"id"`
	If               string            `yaml:"if"`
	Shell            string            `yaml:"shell"`
	Run              string            `yaml:"run"`
	Uses             string            `yaml:"uses"`
	With             map[string]string `yaml:"with"`
	Env              map[string]string `yaml:"env"`
	WorkingDirectory string            `yaml:"working-directory"`
}

// runOptions describe one run of the action.
type runOptions struct {
	actionDir string            // the action's checkout (GITHUB_ACTION_PATH)
	workspace string            // GITHUB_WORKSPACE, the steps' working directory
	temp      string            // RUNNER_TEMP
	cacheDir  string            // where the emulated actions/cache keeps entries
	inputs    map[string]string // with: of the step that uses the action
	env       []string          // the job's environment (os.Environ() form)
	event     []string          // what the runner sets for the event, such as GITHUB_BASE_REF=main
	stopAfter string            // id of the last step to run; "" runs them all
	actionRef string            // github.action_ref, the ref in uses: ...@REF; "" is "test"
}

// stepResult is what one step did.
type stepResult struct {
	name, id       string
	outcome        string // success, failure or skipped
	stdout, stderr string
	outputs        map[string]string
	githubPath     []string // lines written to GITHUB_PATH
	githubEnv      []string // lines written to GITHUB_ENV
}

// runResult is what the whole action did.
type runResult struct {
	conclusion string // success or failure
	outputs    map[string]string
	steps      []*stepResult
}

// step returns the result of the step with this name.
func (r *runResult) step(name string) *stepResult {
	for _, s := range r.steps {
		if s.name == name {
			return s
		}
	}
	return nil
}

func loadAction(dir string) (*action, error) {
	data, err := os.ReadFile(filepath.Join(dir, "action.yml"))
	if err != nil {
		return nil, err
	}
	var a action
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&a); err != nil {
		return nil, fmt.Errorf("action.yml: %w", err)
	}
	if a.Runs.Using != "composite" {
		return nil, fmt.Errorf("action.yml: runs.using is %q, not composite", a.Runs.Using)
	}
	return &a, nil
}

// runner holds the state of one run.
type runner struct {
	opts    runOptions
	act     *action
	inputs  map[string]string
	results map[string]*stepResult // by id
	failed  bool
	env     []string
	n       int
}

func runAction(opts runOptions) (*runResult, error) {
	act, err := loadAction(opts.actionDir)
	if err != nil {
		return nil, err
	}
	r := &runner{opts: opts, act: act, inputs: map[string]string{}, results: map[string]*stepResult{}}
	for name, in := range act.Inputs {
		r.inputs[name] = in.Default
	}
	for name, v := range opts.inputs {
		if _, ok := act.Inputs[name]; !ok {
			return nil, fmt.Errorf("action.yml has no input %q", name)
		}
		r.inputs[name] = v
	}
	r.env = r.baseEnv()
	res := &runResult{conclusion: "success", outputs: map[string]string{}}
	for _, s := range act.Runs.Steps {
		sr, err := r.runStep(s)
		if err != nil {
			return nil, fmt.Errorf("step %q: %w", s.Name, err)
		}
		res.steps = append(res.steps, sr)
		if sr.outcome == "failure" {
			r.failed = true
			res.conclusion = "failure"
		}
		if opts.stopAfter != "" && s.ID == opts.stopAfter {
			return res, nil
		}
	}
	for name, out := range act.Outputs {
		v, err := substitute(out.Value, r)
		if err != nil {
			return nil, fmt.Errorf("output %s: %w", name, err)
		}
		res.outputs[name] = v
	}
	return res, nil
}

// baseEnv is the job's environment with what a runner sets for every step.
func (r *runner) baseEnv() []string {
	var env []string
	for _, kv := range r.opts.env {
		k, _, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(k, "GITHUB_") || strings.HasPrefix(k, "RUNNER_") || strings.HasPrefix(k, "INPUT_") {
			continue
		}
		env = append(env, kv)
	}
	env = append(env, r.opts.event...)
	return append(env,
		"CI=true", "GITHUB_ACTIONS=true",
		"GITHUB_WORKSPACE="+r.opts.workspace,
		"GITHUB_ACTION_PATH="+r.opts.actionDir,
		"GITHUB_ACTION_REPOSITORY=ducklint/ducklint",
		"GITHUB_ACTION_REF=test",
		"RUNNER_TEMP="+r.opts.temp,
		"RUNNER_OS="+runnerOS(),
		"RUNNER_ARCH="+runnerArch(),
	)
}

func runnerOS() string {
	switch runtime.GOOS {
	case "darwin":
		return "macOS"
	case "windows":
		return "Windows"
	}
	return "Linux"
}

func runnerArch() string {
	if runtime.GOARCH == "arm64" {
		return "ARM64"
	}
	return "X64"
}

// lookup resolves the expression contexts action.yml uses.
func (r *runner) lookup(path []string) (any, error) {
	get := func(m map[string]string, k string) any {
		if v, ok := m[k]; ok {
			return v
		}
		return nil
	}
	switch {
	case path[0] == "inputs" && len(path) == 2:
		if _, ok := r.inputs[path[1]]; !ok {
			return nil, fmt.Errorf("no input %q", path[1])
		}
		return r.inputs[path[1]], nil
	case path[0] == "steps" && len(path) >= 3:
		sr, ok := r.results[path[1]]
		if !ok {
			return nil, nil // a step that has not run, or no such id: null, as on GitHub
		}
		switch {
		case path[2] == "outputs" && len(path) == 4:
			return get(sr.outputs, path[3]), nil
		case (path[2] == "outcome" || path[2] == "conclusion") && len(path) == 3:
			return sr.outcome, nil
		}
	case path[0] == "github" && len(path) == 2:
		switch path[1] {
		case "action_path":
			return r.opts.actionDir, nil
		case "workspace":
			return r.opts.workspace, nil
		case "action_ref":
			if r.opts.actionRef == "" {
				return "test", nil
			}
			return r.opts.actionRef, nil
		}
	case path[0] == "runner" && len(path) == 2:
		switch path[1] {
		case "temp":
			return r.opts.temp, nil
		case "os":
			return runnerOS(), nil
		case "arch":
			return runnerArch(), nil
		}
	}
	return nil, fmt.Errorf("unsupported context %s", strings.Join(path, "."))
}

func (r *runner) status(fn string) (bool, error) {
	switch fn {
	case "success":
		return !r.failed, nil
	case "failure":
		return r.failed, nil
	case "always":
		return true, nil
	case "cancelled":
		return false, nil
	}
	return false, fmt.Errorf("unknown status function %s", fn)
}

func (r *runner) runStep(s step) (*stepResult, error) {
	r.n++
	sr := &stepResult{name: s.Name, id: s.ID, outputs: map[string]string{}}
	if sr.id == "" {
		sr.id = fmt.Sprintf("__step%d", r.n)
	}
	run, err := evalCondition(s.If, r)
	if err != nil {
		return nil, err
	}
	if !run {
		sr.outcome = "skipped"
		r.results[sr.id] = sr
		return sr, nil
	}
	switch {
	case s.Uses != "" && s.Run == "":
		err = r.uses(s, sr)
	case s.Run != "" && s.Uses == "":
		err = r.runScript(s, sr)
	default:
		err = errors.New("a step needs exactly one of run and uses")
	}
	if err != nil {
		return nil, err
	}
	r.results[sr.id] = sr
	return sr, nil
}

// runScript runs a run: step as GitHub's bash shell does.
func (r *runner) runScript(s step, sr *stepResult) error {
	if s.Shell != "bash" {
		return fmt.Errorf("shell %q: composite run steps here must say shell: bash", s.Shell)
	}
	script, err := substitute(s.Run, r)
	if err != nil {
		return err
	}
	dir := r.opts.workspace
	if s.WorkingDirectory != "" {
		if dir, err = substitute(s.WorkingDirectory, r); err != nil {
			return err
		}
	}
	files := map[string]string{}
	for _, name := range []string{"GITHUB_OUTPUT", "GITHUB_ENV", "GITHUB_PATH", "GITHUB_STEP_SUMMARY", "GITHUB_STATE"} {
		f, err := os.CreateTemp(r.opts.temp, "_runner_file_"+strings.ToLower(name)+"_")
		if err != nil {
			return err
		}
		f.Close()
		files[name] = f.Name()
	}
	scriptFile := filepath.Join(r.opts.temp, fmt.Sprintf("_step%d.sh", r.n))
	if err := os.WriteFile(scriptFile, []byte(script), 0o644); err != nil {
		return err
	}
	env := slices.Clone(r.env)
	for name, path := range files {
		env = append(env, name+"="+path)
	}
	for _, k := range sortedKeys(s.Env) {
		v, err := substitute(s.Env[k], r)
		if err != nil {
			return fmt.Errorf("env %s: %w", k, err)
		}
		env = append(env, k+"="+v)
	}
	cmd := exec.Command("bash", "--noprofile", "--norc", "-eo", "pipefail", scriptFile)
	cmd.Dir = dir
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	sr.stdout, sr.stderr = stdout.String(), stderr.String()
	sr.outcome = "success"
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		sr.outcome = "failure"
	case err != nil:
		return err
	}
	if sr.outputs, err = readCommandFile(files["GITHUB_OUTPUT"]); err != nil {
		return fmt.Errorf("GITHUB_OUTPUT: %w", err)
	}
	if sr.githubEnv, err = readLines(files["GITHUB_ENV"]); err != nil {
		return err
	}
	if sr.githubPath, err = readLines(files["GITHUB_PATH"]); err != nil {
		return err
	}
	// What a step adds to GITHUB_ENV and GITHUB_PATH reaches later steps.
	added, err := readCommandFile(files["GITHUB_ENV"])
	if err != nil {
		return fmt.Errorf("GITHUB_ENV: %w", err)
	}
	for _, k := range sortedKeys(added) {
		r.env = append(r.env, k+"="+added[k])
	}
	for _, p := range sr.githubPath {
		r.env = append(r.env, "PATH="+p+string(os.PathListSeparator)+getenv(r.env, "PATH"))
	}
	return nil
}

// readCommandFile parses GITHUB_OUTPUT or GITHUB_ENV: name=value lines and
// name<<DELIMITER blocks.
func readCommandFile(path string) (map[string]string, error) {
	lines, err := readLines(path)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if name, delim, ok := strings.Cut(line, "<<"); ok && !strings.Contains(name, "=") {
			var value []string
			for i++; i < len(lines) && lines[i] != delim; i++ {
				value = append(value, lines[i])
			}
			if i == len(lines) {
				return nil, fmt.Errorf("%s: no closing %s", name, delim)
			}
			out[name] = strings.Join(value, "\n")
			continue
		}
		name, value, ok := strings.Cut(line, "=")
		if !ok {
			return nil, fmt.Errorf("malformed line %q", line)
		}
		out[name] = value
	}
	return out, nil
}

func readLines(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return lines, sc.Err()
}

// uses emulates the actions a composite step may use here: the restore and
// save halves of actions/cache, with a local directory as the cache.
func (r *runner) uses(s step, sr *stepResult) error {
	with := map[string]string{}
	for k, v := range s.With {
		sv, err := substitute(v, r)
		if err != nil {
			return fmt.Errorf("with %s: %w", k, err)
		}
		with[k] = sv
	}
	for k := range with {
		if k != "path" && k != "key" {
			return fmt.Errorf("%s: with %q is not emulated", s.Uses, k)
		}
	}
	path, key := with["path"], with["key"]
	if path == "" || key == "" {
		return fmt.Errorf("%s needs path and key", s.Uses)
	}
	sum := sha256.Sum256([]byte(key + "\x00" + path))
	entry := filepath.Join(r.opts.cacheDir, hex.EncodeToString(sum[:8]))
	sr.outcome = "success"
	switch s.Uses {
	case "actions/cache/restore@v4":
		if _, err := os.Stat(entry); errors.Is(err, fs.ErrNotExist) {
			sr.outputs["cache-hit"] = "false"
			sr.outputs["cache-primary-key"] = key
			return nil
		} else if err != nil {
			return err
		}
		if err := os.RemoveAll(path); err != nil {
			return err
		}
		if err := copyTree(entry, path); err != nil {
			return err
		}
		sr.outputs["cache-hit"] = "true"
		sr.outputs["cache-primary-key"] = key
		sr.outputs["cache-matched-key"] = key
		return nil
	case "actions/cache/save@v4":
		if _, err := os.Stat(entry); err == nil {
			sr.stderr = "Cache already exists for key " + key // a warning on GitHub, not a failure
			return nil
		}
		if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			sr.stderr = "Path does not exist: " + path // a warning on GitHub too
			return nil
		} else if err != nil {
			return err
		}
		return copyTree(path, entry)
	}
	return fmt.Errorf("uses %s is not emulated", s.Uses)
}

// copyTree copies the regular files and directories under src to dst,
// keeping their modes.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		info, err := d.Info()
		if err != nil {
			return err
		}
		if d.IsDir() {
			return os.MkdirAll(target, info.Mode().Perm()|0o700)
		}
		if !info.Mode().IsRegular() {
			return fmt.Errorf("%s: only regular files are cached here", p)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, info.Mode().Perm())
	})
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// getenv reads the last setting of k in env.
func getenv(env []string, k string) string {
	v := ""
	for _, kv := range env {
		if value, ok := strings.CutPrefix(kv, k+"="); ok {
			v = value
		}
	}
	return v
}
