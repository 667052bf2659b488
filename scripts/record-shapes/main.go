// Command record-shapes records what real Puppet does with the repository
// shapes of testdata/shapes, so that Go tests can compare ducklint's
// findings with Puppet's verdicts without Puppet installed.
//
// Usage:
//
//	go run ./scripts/record-shapes testdata/shapes/*.txtar
//
// Each archive holds a tree as users have it (a control repository, a
// module cloned on its own, ...). Lines of the archive's comment say what
// Puppet compiles:
//
//	link: PATH TARGET          make PATH a symbolic link to TARGET first
//	puppet-env: DIR ARGS...    compile the environment at DIR with
//	                           `puppet apply --noop --environmentpath`, the
//	                           environment named after DIR's base name (or
//	                           production when that is no environment name),
//	                           with the extra ARGS (--certname web1.example.com)
//	puppet-module: DIR NAME CODE
//	                           install the module at DIR under NAME on a
//	                           modulepath, as r10k does, and apply CODE
//	                           (include nginx) with `puppet apply --noop -e`
//	                           as node1.example.com
//
// Puppet's warnings and errors are written to <archive>.puppet.txt, one
// "# run:" section per line, with paths relative to the archive's root.
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
		fmt.Fprintln(os.Stderr, "usage: record-shapes FIXTURE.txtar ...")
		os.Exit(2)
	}
	version, err := exec.Command("puppet", "--version").Output()
	if err != nil {
		fmt.Fprintln(os.Stderr, "record-shapes: puppet is not installed (apt-get install puppet):", err)
		os.Exit(1)
	}
	failed := false
	for _, path := range os.Args[1:] {
		if err := record(path, strings.TrimSpace(string(version))); err != nil {
			fmt.Fprintf(os.Stderr, "record-shapes: %s: %v\n", path, err)
			failed = true
		}
	}
	if failed {
		os.Exit(1)
	}
}

// dropped are output lines that carry no verdict.
var dropped = regexp.MustCompile(`Facter: |Compiled catalog for|Applied catalog in|Would have triggered|^Info: |^Debug: |Loading facts|^Notice: `)

// validEnvName is Puppet's rule for environment names.
var validEnvName = regexp.MustCompile(`^[a-z0-9_]+$`)

func record(path, version string) error {
	ar, err := txtar.ParseFile(path)
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "record-shapes-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	tree := filepath.Join(tmp, "tree")
	for _, f := range ar.Files {
		if strings.HasPrefix(f.Name, "@") {
			continue
		}
		p := filepath.Join(tree, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		mode := os.FileMode(0o644)
		if strings.HasSuffix(f.Name, ".sh") {
			mode = 0o755 // scripts a setting runs (config_version)
		}
		if err := os.WriteFile(p, f.Data, mode); err != nil {
			return err
		}
	}
	var out bytes.Buffer
	fmt.Fprintf(&out, "# puppet %s; recorded by scripts/record-shapes\n", version)
	for i, line := range strings.Split(string(ar.Comment), "\n") {
		key, rest, ok := strings.Cut(strings.TrimSpace(line), ":")
		if !ok {
			continue
		}
		fields := strings.Fields(rest)
		base := []string{"apply", "--noop", "--color=false",
			"--confdir", filepath.Join(tmp, ".conf"), "--vardir", filepath.Join(tmp, ".var"), "--codedir", filepath.Join(tmp, ".code")}
		var args []string
		var strip [][2]string // prefix to replace, replacement
		switch key {
		case "link":
			if len(fields) != 2 {
				return fmt.Errorf("link: want PATH TARGET, got %q", rest)
			}
			p := filepath.Join(tree, filepath.FromSlash(fields[0]))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return err
			}
			if err := os.Symlink(fields[1], p); err != nil {
				return err
			}
			continue
		case "puppet-env":
			if len(fields) < 1 {
				return fmt.Errorf("puppet-env: want DIR")
			}
			dir := fields[0]
			name := filepath.Base(dir)
			if !validEnvName.MatchString(name) {
				name = "production"
			}
			envPath := filepath.Join(tmp, fmt.Sprintf("envs%d", i))
			if err := os.MkdirAll(envPath, 0o755); err != nil {
				return err
			}
			if err := os.Symlink(filepath.Join(tree, filepath.FromSlash(dir)), filepath.Join(envPath, name)); err != nil {
				return err
			}
			args = append(base, "--environmentpath", envPath, "--environment", name)
			args = append(args, fields[1:]...)
			args = append(args, filepath.Join(envPath, name, mainManifest(ar, dir)))
			strip = [][2]string{{filepath.Join(envPath, name) + "/", dir + "/"}, {filepath.Join(tree, filepath.FromSlash(dir)) + "/", dir + "/"}}
		case "puppet-module":
			if len(fields) < 3 {
				return fmt.Errorf("puppet-module: want DIR NAME CODE")
			}
			dir, name := fields[0], fields[1]
			modPath := filepath.Join(tmp, fmt.Sprintf("mods%d", i))
			if err := os.MkdirAll(modPath, 0o755); err != nil {
				return err
			}
			if err := os.Symlink(filepath.Join(tree, filepath.FromSlash(dir)), filepath.Join(modPath, name)); err != nil {
				return err
			}
			args = append(base, "--modulepath", modPath, "--certname", "node1.example.com", "-e", strings.Join(fields[2:], " "))
			strip = [][2]string{{filepath.Join(modPath, name) + "/", dir + "/"}, {filepath.Join(tree, filepath.FromSlash(dir)) + "/", dir + "/"}}
		default:
			continue
		}
		cmd := exec.Command("puppet", args...)
		cmd.Dir = tree
		output, _ := cmd.CombinedOutput() // a failing compile is a verdict too
		fmt.Fprintf(&out, "# run: %s\n", strings.TrimSpace(line))
		for _, l := range strings.Split(string(output), "\n") {
			if l == "" || dropped.MatchString(l) {
				continue
			}
			for _, s := range strip {
				l = strings.ReplaceAll(l, s[0], s[1])
			}
			l = strings.ReplaceAll(l, tmp+"/", "")
			fmt.Fprintln(&out, l)
		}
	}
	return os.WriteFile(path+".puppet.txt", out.Bytes(), 0o644)
}

// mainManifest is the manifest setting of the environment.conf in dir, or
// manifests/.
func mainManifest(ar *txtar.Archive, dir string) string {
	for _, f := range ar.Files {
		if f.Name != dir+"/environment.conf" {
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
