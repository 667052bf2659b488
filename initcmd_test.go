package ducklint_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/ducklint/ducklint"
	"github.com/ducklint/ducklint/rules"
)

var updateInit = flag.Bool("update-init", false, "rewrite the want sections of testdata/init/*.txtar")

// runInit runs ducklint in dir with HOME set to home.
func runInit(dir, home string, args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	cmd := &ducklint.Command{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, Dir: dir,
		Getenv: func(k string) string {
			if k == "HOME" {
				return home
			}
			return ""
		}}
	code := cmd.Main(append([]string{"ducklint"}, args...))
	return code, out.String(), errOut.String()
}

// Each testdata/init/<name>.txtar is a tree ("tree/...") and a home
// directory ("home/..."): `ducklint init --stdout`, run in the directory
// the "cwd" section names (default "tree"), prints the "want.toml"
// section and says the "want.stderr" section. What it prints loads with
// the configuration reader. -update-init rewrites the want sections.
func TestInitFixtures(t *testing.T) {
	files, err := filepath.Glob("testdata/init/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			root := t.TempDir()
			cwd := "tree"
			if err := os.MkdirAll(filepath.Join(root, "tree"), 0o755); err != nil {
				t.Fatal(err)
			}
			for _, f := range ar.Files {
				switch {
				case f.Name == "cwd":
					cwd = strings.TrimSpace(string(f.Data))
				case strings.HasPrefix(f.Name, "want."):
				default:
					p := filepath.Join(root, filepath.FromSlash(f.Name))
					if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(p, f.Data, 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			dir := filepath.Join(root, filepath.FromSlash(cwd))
			code, out, errOut := runInit(dir, filepath.Join(root, "home"), "init", "--stdout")
			if code != ducklint.ExitClean {
				t.Fatalf("exit %d\n%s", code, errOut)
			}
			if _, err := rules.ParseConfig("out.toml", []byte(out), rules.Default()); err != nil {
				t.Errorf("the configuration does not load: %v", err)
			}
			if *updateInit {
				setSection(ar, "want.toml", out)
				setSection(ar, "want.stderr", errOut)
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if want := section(ar, "want.toml"); out != want {
				t.Errorf("configuration:\n%s\nwant:\n%s", out, want)
			}
			if want := section(ar, "want.stderr"); errOut != want {
				t.Errorf("stderr:\n%s\nwant:\n%s", errOut, want)
			}
		})
	}
}

func section(ar *txtar.Archive, name string) string {
	for _, f := range ar.Files {
		if f.Name == name {
			return string(f.Data)
		}
	}
	return ""
}

func setSection(ar *txtar.Archive, name, data string) {
	for i, f := range ar.Files {
		if f.Name == name {
			ar.Files[i].Data = []byte(data)
			return
		}
	}
	ar.Files = append(ar.Files, txtar.File{Name: name, Data: []byte(data)})
}

// init writes .ducklint.toml, which the next run reads: the excluded
// file is not linted, and the hint about .puppet-lint.rc is gone.
func TestInitWritesAConfigurationRunsUse(t *testing.T) {
	dir := writeTree(t, map[string]string{
		".puppet-lint.rc":    "--ignore-paths=spec/**/*.pp\n",
		"metadata.json":      `{"name": "acme-m", "version": "1.0.0"}`,
		"manifests/init.pp":  "# The module.\nclass m {\n}\n",
		"spec/fixtures/x.pp": "class x {\n  $a = [1,\n}\n",
	})
	home := t.TempDir()
	code, _, errOut := runInit(dir, home, "-f", "json")
	if code != ducklint.ExitFindings {
		t.Fatalf("before init: exit %d, want the syntax error of spec/fixtures/x.pp\n%s", code, errOut)
	}
	if want := "ducklint: .puppet-lint.rc is here and no .ducklint.toml: `ducklint init` would carry its settings over\n"; errOut != want {
		t.Errorf("before init, stderr %q, want %q", errOut, want)
	}
	// An editor linting the buffer through standard input gets no hint.
	if code, _, errOut := runInit(dir, home, "--stdin-filename", "manifests/init.pp", "-"); code != ducklint.ExitClean || errOut != "" {
		t.Errorf("standard input before init: exit %d, stderr %q; want no hint", code, errOut)
	}
	code, out, errOut := runInit(dir, home, "init")
	if code != ducklint.ExitClean || out != "" || !strings.HasSuffix(errOut, "ducklint init: wrote .ducklint.toml\n") {
		t.Fatalf("init: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	code, _, errOut = runInit(dir, home, "-f", "json")
	if code != ducklint.ExitClean || errOut != "" {
		t.Errorf("after init: exit %d, stderr %q; want the excluded file skipped and no hint", code, errOut)
	}
	// A second init does not overwrite; --force does, --stdout prints.
	written, err := os.ReadFile(filepath.Join(dir, ".ducklint.toml"))
	if err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runInit(dir, home, "init")
	if code != ducklint.ExitUsage || !strings.Contains(errOut, ".ducklint.toml exists; --force replaces it") {
		t.Errorf("second init: exit %d, stderr %q", code, errOut)
	}
	if err := os.WriteFile(filepath.Join(dir, ".ducklint.toml"), []byte("# mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = runInit(dir, home, "init", "--stdout")
	if code != ducklint.ExitClean || out != string(written) {
		t.Errorf("--stdout: exit %d, printed %q, want %q", code, out, written)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, ".ducklint.toml")); string(got) != "# mine\n" {
		t.Errorf("--stdout wrote the file: %q", got)
	}
	code, _, _ = runInit(dir, home, "init", "--force")
	if got, _ := os.ReadFile(filepath.Join(dir, ".ducklint.toml")); code != ducklint.ExitClean || string(got) != string(written) {
		t.Errorf("--force: exit %d, file %q", code, got)
	}
}

// init takes a directory; from its parent it writes there, and a run
// given a configuration with --config gets no hint.
func TestInitDirArgumentAndUsage(t *testing.T) {
	root := writeTree(t, map[string]string{
		"mod/.puppet-lint.rc":     "--no-autoloader_layout-check\n",
		"mod/metadata.json":       `{"name": "acme-mod", "version": "1.0.0"}`,
		"mod/manifests/init.pp":   "class mod {\n}\n",
		"other/.puppet-lint.rc":   "--relative\n",
		"other/metadata.json":     `{"name": "acme-other", "version": "1.0.0"}`,
		"other/manifests/init.pp": "class other {\n}\n",
		"elsewhere.toml":          "exclude = []\n",
	})
	home := t.TempDir()
	code, _, errOut := runInit(root, home, "init", "mod")
	if code != ducklint.ExitClean || !strings.HasSuffix(errOut, "ducklint init: wrote mod/.ducklint.toml\n") {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	got, err := os.ReadFile(filepath.Join(root, "mod", ".ducklint.toml"))
	if err != nil || !strings.Contains(string(got), "# [rules.autoload-layout]\n# enabled = false\n") {
		t.Errorf("mod/.ducklint.toml: %q %v", got, err)
	}
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"init", "a", "b"}, "one directory at most"},
		{[]string{"init", "--nope"}, "flag provided but not defined: --nope"},
		{[]string{"init", "missing"}, "is not a directory"},
	} {
		code, _, errOut := runInit(root, home, c.args...)
		if code != ducklint.ExitUsage || !strings.Contains(errOut, c.msg) {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args, code, errOut, c.msg)
		}
	}
	code, out, _ := runInit(root, home, "init", "--help")
	if code != ducklint.ExitClean || !strings.HasPrefix(out, "usage: ducklint init") {
		t.Errorf("--help: exit %d, %q", code, out)
	}
	code, _, errOut = runInit(filepath.Join(root, "other"), home, "--config", filepath.Join(root, "elsewhere.toml"), ".")
	if code != ducklint.ExitClean || errOut != "" {
		t.Errorf("run with --config: exit %d, stderr %q", code, errOut)
	}
	code, _, errOut = runInit(filepath.Join(root, "other"), home, ".")
	if code != ducklint.ExitClean || !strings.Contains(errOut, "`ducklint init` would carry") {
		t.Errorf("run without a configuration: exit %d, stderr %q", code, errOut)
	}
}

// The puppet-lint configuration of the corpus repositories (see
// testdata/init/corpus/README.md): init run at each one's root prints
// want.toml and says want.stderr, and what it prints loads.
// -update-init rewrites them.
func TestInitCorpus(t *testing.T) {
	dirs, err := os.ReadDir("testdata/init/corpus")
	if err != nil {
		t.Fatal(err)
	}
	repos := 0
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		repos++
		t.Run(d.Name(), func(t *testing.T) {
			src := filepath.Join("testdata/init/corpus", d.Name())
			entries, err := os.ReadDir(src)
			if err != nil {
				t.Fatal(err)
			}
			tree := t.TempDir()
			for _, e := range entries {
				if strings.HasPrefix(e.Name(), "want.") || e.Name() == "puppet-lint.txt" {
					continue // outputs, and puppet-lint's reading of the .puppet-lint.rc
				}
				data, err := os.ReadFile(filepath.Join(src, e.Name()))
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(tree, e.Name()), data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			code, out, errOut := runInit(tree, t.TempDir(), "init", "--stdout")
			if code != ducklint.ExitClean {
				t.Fatalf("exit %d\n%s", code, errOut)
			}
			if _, err := rules.ParseConfig("out.toml", []byte(out), rules.Default()); err != nil {
				t.Errorf("the configuration does not load: %v", err)
			}
			for name, got := range map[string]string{"want.toml": out, "want.stderr": errOut} {
				p := filepath.Join(src, name)
				if *updateInit {
					if err := os.WriteFile(p, []byte(got), 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				want, err := os.ReadFile(p)
				if err != nil {
					t.Fatal(err)
				}
				if got != string(want) {
					t.Errorf("%s:\n%s\nwant:\n%s", name, got, want)
				}
			}
		})
	}
	if repos < 40 {
		t.Errorf("%d corpus repositories in testdata/init/corpus, want the 40 with a configuration", repos)
	}
}
