package load

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// writeTree writes files (path → content) under root.
func writeTree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}

// TestFileSystemCases builds trees that txtar cannot hold (symlinks,
// FIFOs, permissions, binary content) and checks the whole dump.
func TestFileSystemCases(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T, root string)
		args  []string
		want  string
	}{
		{
			name: "symlink loop is not followed, and is no problem",
			setup: func(t *testing.T, root string) {
				writeTree(t, root, map[string]string{"m/manifests/init.pp": "class m {}\n", "m/examples/e.pp": "include m\n"})
				symlink(t, "..", filepath.Join(root, "m/manifests/loop"))
				// Walked from m/manifests as context, the link leads above
				// the walk's root: still a loop, m/examples stays out.
			},
			args: []string{"m/manifests/init.pp"},
			want: `files:
  m/manifests/init.pp manifest reported module=m rel=manifests/init.pp name=m bytes=11
modules:
  m name=m
`,
		},
		{
			name: "symlink loop under a directory argument: every file once",
			setup: func(t *testing.T, root string) {
				writeTree(t, root, map[string]string{"m/manifests/init.pp": "class m {}\n", "m/examples/e.pp": "include m\n"})
				symlink(t, "../..", filepath.Join(root, "m/manifests/loop"))
			},
			args: []string{"."},
			want: `files:
  m/examples/e.pp other reported module=m rel=examples/e.pp bytes=10
  m/manifests/init.pp manifest reported module=m rel=manifests/init.pp name=m bytes=11
modules:
  m name=m
`,
		},
		{
			name: "symlinked directory is followed and its files loaded once",
			setup: func(t *testing.T, root string) {
				writeTree(t, root, map[string]string{"real/manifests/init.pp": "class real {}\n"})
				symlink(t, "real", filepath.Join(root, "alias"))
				symlink(t, "real", filepath.Join(root, "alias2"))
				writeTree(t, root, map[string]string{"other/x.pp": "notice(1)\n"})
				symlink(t, "../other", filepath.Join(root, "real/linked"))
			},
			args: []string{"."},
			want: `files:
  other/x.pp lone reported bytes=10
  real/manifests/init.pp manifest reported module=real rel=manifests/init.pp name=real bytes=14
modules:
  real name=real
`,
		},
		{
			name: "two links to one directory inside the tree: walked once, by the first path",
			setup: func(t *testing.T, root string) {
				in := filepath.Join(root, ".shared")
				writeTree(t, in, map[string]string{"x.pp": "notice(1)\n", "sub/y.pp": "notice(2)\n"})
				symlink(t, in, filepath.Join(root, "b"))
				symlink(t, in, filepath.Join(root, "a"))
				symlink(t, "..", filepath.Join(in, "sub/back"))
			},
			args: []string{"."},
			want: `files:
  .shared/sub/y.pp lone reported bytes=10
  .shared/x.pp lone reported bytes=10
`,
		},
		{
			name: "links to a directory and a file outside the tree: skipped, each noticed once under its own path",
			setup: func(t *testing.T, root string) {
				out := filepath.Join(filepath.Dir(root), "outside")
				writeTree(t, out, map[string]string{"x.pp": "notice(1)\n", "sub/y.pp": "notice(2)\n"})
				writeTree(t, root, map[string]string{"ok.pp": "notice(0)\n"})
				symlink(t, out, filepath.Join(root, "b"))
				symlink(t, filepath.Join(out, "x.pp"), filepath.Join(root, "a.pp"))
				symlink(t, "/dev/zero", filepath.Join(root, "zero.pp"))
			},
			args: []string{"."},
			want: `files:
  ok.pp lone reported bytes=10
notices:
  a.pp: symbolic link leads outside the tree; not followed
  b: symbolic link leads outside the tree; not followed
  zero.pp: symbolic link leads outside the tree; not followed
`,
		},
		{
			name: "broken symlink named like a manifest is a problem, to a directory is not; the rest loads",
			setup: func(t *testing.T, root string) {
				writeTree(t, root, map[string]string{"ok.pp": "notice(1)\n"})
				symlink(t, "nowhere.pp", filepath.Join(root, "dangling.pp"))
				symlink(t, "nowhere", filepath.Join(root, "maybe-a-dir"))
				symlink(t, "nowhere.md", filepath.Join(root, "README.md"))
			},
			args: []string{"."},
			want: `files:
  ok.pp lone reported bytes=10
problems:
  dangling.pp: broken symbolic link to nowhere.pp
`,
		},
		{
			name: "broken symlink given as PATH",
			setup: func(t *testing.T, root string) {
				symlink(t, "nowhere.pp", filepath.Join(root, "dangling.pp"))
			},
			args: []string{"dangling.pp"},
			want: `files:
problems:
  dangling.pp: broken symbolic link to nowhere.pp
`,
		},
		{
			name: "file symlink loop is a loop, not a broken link, whether walked or given",
			setup: func(t *testing.T, root string) {
				writeTree(t, root, map[string]string{"d/ok.pp": "notice(1)\n"})
				symlink(t, "self.pp", filepath.Join(root, "d/self.pp"))
				symlink(t, "b.pp", filepath.Join(root, "a.pp"))
				symlink(t, "a.pp", filepath.Join(root, "b.pp"))
			},
			args: []string{"d", "a.pp"},
			want: `files:
  d/ok.pp lone reported bytes=10
problems:
  a.pp: symbolic link loop
  d/self.pp: symbolic link loop
`,
		},
		{
			name: "FIFO is a problem whether walked or given",
			setup: func(t *testing.T, root string) {
				writeTree(t, root, map[string]string{"d/ok.pp": "notice(1)\n"})
				if err := syscall.Mkfifo(filepath.Join(root, "d/pipe.pp"), 0o644); err != nil {
					t.Fatal(err)
				}
				if err := syscall.Mkfifo(filepath.Join(root, "other.pp"), 0o644); err != nil {
					t.Fatal(err)
				}
			},
			args: []string{"d", "other.pp"},
			want: `files:
  d/ok.pp lone reported bytes=10
problems:
  d/pipe.pp: not a regular file (named pipe); not read
  other.pp: not a regular file (named pipe); not read
`,
		},
		{
			name: "binary file is a problem, not parsed",
			setup: func(t *testing.T, root string) {
				writeTree(t, root, map[string]string{"ok.pp": "notice(1)\n", "bin.pp": "class \x00 {}\n"})
			},
			args: []string{"."},
			want: `files:
  ok.pp lone reported bytes=10
problems:
  bin.pp: binary file (contains NUL bytes); not parsed
`,
		},
		{
			name:  "missing PATH is a problem, under the path as typed",
			setup: func(t *testing.T, root string) { writeTree(t, root, map[string]string{"ok.pp": "notice(1)\n"}) },
			args:  []string{"ok.pp", "missing.pp", "nodir/"},
			want: `files:
  ok.pp lone reported bytes=10
problems:
  missing.pp: no such file or directory
  nodir/: no such file or directory
`,
		},
		{
			name: "file reached twice is loaded once",
			setup: func(t *testing.T, root string) {
				writeTree(t, root, map[string]string{"m/manifests/init.pp": "class m {}\n"})
			},
			args: []string{"m/manifests/init.pp", "./m/manifests/init.pp", "m", filepath.Join("m", "manifests")},
			want: `files:
  m/manifests/init.pp manifest reported module=m rel=manifests/init.pp name=m bytes=11
modules:
  m name=m
`,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root := filepath.Join(t.TempDir(), "tree")
			if err := os.Mkdir(root, 0o755); err != nil {
				t.Fatal(err)
			}
			tc.setup(t, root)
			for _, jobs := range []int{1, 4} {
				tr, err := Load(Options{Paths: tc.args, Dir: root, Jobs: jobs})
				if err != nil {
					t.Fatal(err)
				}
				if got := dump(tr); got != tc.want {
					t.Errorf("jobs=%d:\n--- got:\n%s--- want:\n%s", jobs, got, tc.want)
				}
			}
		})
	}
}

// TestUnreadable checks that unreadable files and directories become
// problems. Root can read them anyway, so the test is skipped when run
// as root (os.Geteuid() == 0).
func TestUnreadable(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("running as root: permission bits do not stop reading")
	}
	root := t.TempDir()
	writeTree(t, root, map[string]string{"ok.pp": "notice(1)\n", "secret.pp": "x", "locked/a.pp": "x"})
	if err := os.Chmod(filepath.Join(root, "secret.pp"), 0); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(root, "locked"), 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chmod(filepath.Join(root, "locked"), 0o755) }) // so TempDir can remove it
	tr, err := Load(Options{Paths: []string{"."}, Dir: root})
	if err != nil {
		t.Fatal(err)
	}
	want := `files:
  ok.pp lone reported bytes=10
problems:
  locked: cannot read directory: permission denied
  secret.pp: cannot read file: permission denied
`
	if got := dump(tr); got != want {
		t.Errorf("--- got:\n%s--- want:\n%s", got, want)
	}
}

// TestStdinWithoutName checks that unnamed stdin is a lone "<stdin>" file.
func TestStdinWithoutName(t *testing.T) {
	tr, err := Load(Options{Paths: []string{"-"}, Dir: t.TempDir(), Stdin: strings.NewReader("notice(1)\n")})
	if err != nil {
		t.Fatal(err)
	}
	want := "files:\n  <stdin> lone reported bytes=10\n"
	if got := dump(tr); got != want {
		t.Errorf("--- got:\n%s--- want:\n%s", got, want)
	}
}

// TestStdinBinary checks that binary stdin is a problem too.
func TestStdinBinary(t *testing.T) {
	tr, err := Load(Options{Paths: []string{"-"}, Dir: t.TempDir(), Stdin: strings.NewReader("a\x00b")})
	if err != nil {
		t.Fatal(err)
	}
	want := "files:\nproblems:\n  <stdin>: binary file (contains NUL bytes); not parsed\n"
	if got := dump(tr); got != want {
		t.Errorf("--- got:\n%s--- want:\n%s", got, want)
	}
}

// TestOptionErrors checks the few option errors Load returns.
func TestOptionErrors(t *testing.T) {
	tests := []struct {
		name string
		opts Options
		want string
	}{
		{"stdin twice", Options{Paths: []string{"-", "-"}, Stdin: strings.NewReader("")}, "more than once"},
		{"stdin missing", Options{Paths: []string{"-"}}, "no standard input"},
		{"bad glob", Options{Paths: []string{"."}, Exclude: []string{"a/[b"}}, `exclude glob "a/[b"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.Dir = t.TempDir()
			_, err := Load(tc.opts)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error = %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func TestDeferContextAndOnContext(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"env/environment.conf":                "",
		"env/manifests/site.pp":               "include app\n",
		"env/modules/app/manifests/init.pp":   "class app { }\n",
		"env/modules/app/manifests/conf.pp":   "class app::conf { }\n",
		"env/modules/app/templates/x.epp":     "x\n",
		"env/modules/other/manifests/init.pp": "class other { }\n",
	})
	env := filepath.Join(root, "env")
	for _, tc := range []struct {
		name      string
		paths     []string
		wantRoots []string // nil: OnContext is not called
	}{
		{name: "one file", paths: []string{"env/modules/app/manifests/init.pp"}, wantRoots: []string{env}},
		{name: "the environment itself", paths: []string{"env"}},
		{name: "a module directory", paths: []string{"env/modules/app"}, wantRoots: []string{env}},
	} {
		var roots []string
		called := false
		tree, err := Load(Options{Paths: tc.paths, Dir: root, DeferContext: true,
			OnContext: func(r []string) { called, roots = true, r }})
		if err != nil {
			t.Fatal(err)
		}
		if called != (tc.wantRoots != nil) || !slices.Equal(roots, tc.wantRoots) {
			t.Errorf("%s: OnContext called %v with %v, want %v", tc.name, called, roots, tc.wantRoots)
		}
		for _, f := range tree.Files {
			switch {
			case f.Reported && (f.Src == nil || f.Stat != (Stat{})):
				t.Errorf("%s: reported %s: read %v, stat %+v; want read, no stat", tc.name, f.Path, f.Src != nil, f.Stat)
			case !f.Reported && (f.Src != nil || f.Stat.Size == 0 || f.Stat.ModTime == 0):
				t.Errorf("%s: context %s: read %v, stat %+v; want unread with its stat", tc.name, f.Path, f.Src != nil, f.Stat)
			}
			if !f.Reported {
				if err := f.Read(); err != nil || len(f.Src) == 0 {
					t.Errorf("%s: reading %s: %v", tc.name, f.Path, err)
				}
			}
		}
		if len(tree.Files) != 5 {
			t.Errorf("%s: %d files loaded, want 5", tc.name, len(tree.Files))
		}
		for _, m := range tree.Modules {
			if want := map[string]int{"app": 3, "other": 1}[m.Name]; m.PuppetFiles != want {
				t.Errorf("%s: module %s counts %d Puppet files, want %d", tc.name, m.Name, m.PuppetFiles, want)
			}
		}
	}
}
