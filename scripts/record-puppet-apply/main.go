// Command record-puppet-apply records what real Puppet does with txtar
// fixture environments, so that Go tests can compare ducklint's findings with
// Puppet's verdicts without Puppet installed.
//
// Usage:
//
//	go run ./scripts/record-puppet-apply testdata/puppet-apply/scope/*.txtar
//
// Each archive is an environment (environment.conf, manifests/, modules/,
// site/ ..., and hiera.yaml with its data directory, which Puppet reads as
// the environment's Hiera layer, and modules' hiera.yaml and data/ as
// theirs: testdata/puppet-apply/hiera). It is extracted into a temporary environment directory and
// compiled with `puppet apply --noop` once per "puppet-apply:" line in the
// archive's comment (the rest of the line is extra arguments, e.g.
// "--certname web1.example.com"), or once with --certname node1.example.com
// when there is none. A run's arguments may end with "-- FILE" to apply that
// file of the environment (a module's example, say) instead of the main
// manifest. Puppet's warnings, errors and notices — Unknown
// variable warnings, evaluation errors, the messages of notify resources —
// are written to <archive>.puppet.txt beside the archive, with the temporary
// directory removed from paths so they are relative to the environment.
// Facter's noise and timing lines are dropped.
package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"

	"golang.org/x/tools/txtar"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: record-puppet-apply FIXTURE.txtar ...")
		os.Exit(2)
	}
	version, err := exec.Command("puppet", "--version").Output()
	if err != nil {
		fmt.Fprintln(os.Stderr, "record-puppet-apply: puppet is not installed (apt-get install puppet):", err)
		os.Exit(1)
	}
	failed := false
	for _, path := range os.Args[1:] {
		if err := record(path, strings.TrimSpace(string(version))); err != nil {
			fmt.Fprintf(os.Stderr, "record-puppet-apply: %s: %v\n", path, err)
			failed = true
		}
	}
	if failed {
		os.Exit(1)
	}
}

// dropped are output lines that carry no verdict.
var dropped = regexp.MustCompile(`Facter: |Compiled catalog for|Applied catalog in|Would have triggered|^Info: |^Debug: |Loading facts`)

func record(path, version string) error {
	ar, err := txtar.ParseFile(path)
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "puppet-apply-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	env := filepath.Join(tmp, "production")
	for _, f := range ar.Files {
		p := filepath.Join(env, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			return err
		}
	}
	var runs []string
	for _, line := range strings.Split(string(ar.Comment), "\n") {
		if args, ok := strings.CutPrefix(strings.TrimSpace(line), "puppet-apply:"); ok {
			runs = append(runs, strings.TrimSpace(args))
		}
	}
	if len(runs) == 0 {
		runs = []string{"--certname node1.example.com"}
	}
	var out bytes.Buffer
	fmt.Fprintf(&out, "# puppet %s; recorded by scripts/record-puppet-apply\n", version)
	for _, run := range runs {
		extra := run
		args := []string{"apply", "--noop", "--color=false", "--environmentpath", tmp, "--environment", "production",
			"--confdir", filepath.Join(tmp, ".conf"), "--vardir", filepath.Join(tmp, ".var"), "--codedir", tmp}
		manifest := mainManifest(ar)
		if before, file, ok := strings.Cut(extra, " -- "); ok {
			extra, manifest = before, strings.TrimSpace(file)
		}
		args = append(args, strings.Fields(extra)...)
		args = append(args, filepath.Join(env, manifest))
		cmd := exec.Command("puppet", args...)
		cmd.Dir = env
		output, _ := cmd.CombinedOutput() // a failing compile is a verdict too
		fmt.Fprintf(&out, "# run: %s\n", run)
		for _, line := range strings.Split(string(output), "\n") {
			if line == "" || dropped.MatchString(line) {
				continue
			}
			line = strings.ReplaceAll(line, env+"/", "")
			line = strings.ReplaceAll(line, tmp+"/", "")
			fmt.Fprintln(&out, line)
		}
	}
	return os.WriteFile(path+".puppet.txt", out.Bytes(), 0o644)
}

// mainManifest is environment.conf's manifest setting, or manifests/.
func mainManifest(ar *txtar.Archive) string {
	for _, f := range ar.Files {
		if f.Name != "environment.conf" {
			continue
		}
		for _, line := range strings.Split(string(f.Data), "\n") {
			k, v, ok := strings.Cut(line, "=")
			if ok && strings.TrimSpace(k) == "manifest" {
				return strings.TrimSpace(v)
			}
		}
	}
	return "manifests"
}
