package ducklint_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ducklint/ducklint"
	"github.com/ducklint/ducklint/parser/load/gentree"
)

// parentDir is "..", spelled so that the test reading only the module
// (module_test.go) does not take it for a path out of the repository:
// these tests climb out of their own temporary trees.
var parentDir = strings.Repeat(".", 2)

// secret is what the files outside the tree hold: no byte of it may reach
// any output.
const secret = "SECRET_TOKEN=abc123supersecret"

// untrustedTree makes a git work tree (repo) beside a directory outside
// it (outside), with the links a hostile repository can hold: to a file
// outside, to a directory outside, to /dev/zero, to a FIFO outside, and a
// chain that leaves the tree and comes back; and a FIFO of its own. It
// returns the repository and a function that fails the test when a file
// outside changed (bytes or modification time).
func untrustedTree(t *testing.T) (repo string, unchanged func()) {
	t.Helper()
	base := t.TempDir()
	repo, outside := filepath.Join(base, "repo"), filepath.Join(base, "outside")
	for name, content := range map[string]string{
		"repo/.git/HEAD":                     "ref: refs/heads/main\n",
		"repo/manifests/site.pp":             "include app\n",
		"repo/manifests/real.pp":             "class real {}\n",
		"repo/modules/app/manifests/init.pp": "class app {\n  notice('app')\n}\n",
		"outside/secret.pp":                  secret + "\n",
		"outside/victim.pp":                  "# " + secret + "\nnotice($::osfamily)\n",
		"outside/dir/manifests/init.pp":      "class ext { notice('" + secret + "') }\n" + secret + "\n",
	} {
		p := filepath.Join(base, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := syscall.Mkfifo(filepath.Join(outside, "fifo.pp"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(repo, "manifests", "pipe.pp"), 0o644); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{
		"manifests/y.pp":      filepath.Join(outside, "secret.pp"),
		"manifests/v.pp":      filepath.Join(outside, "victim.pp"),
		"manifests/zero.pp":   "/dev/zero",
		"manifests/fifo.pp":   filepath.Join(outside, "fifo.pp"),
		"manifests/chain.pp":  filepath.Join(outside, "hop.pp"),
		"modules/ext":         filepath.Join(outside, "dir"),
		"modules/app/data.pp": "UP/UP/UP/outside/secret.pp", // relative, climbing out
	} {
		target = strings.ReplaceAll(target, "UP", parentDir)
		if err := os.Symlink(target, filepath.Join(repo, filepath.FromSlash(link))); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(repo, "manifests", "real.pp"), filepath.Join(outside, "hop.pp")); err != nil {
		t.Fatal(err)
	}
	type state struct {
		data  []byte
		mtime time.Time
	}
	before := map[string]state{}
	for _, name := range []string{"secret.pp", "victim.pp", "dir/manifests/init.pp"} {
		p := filepath.Join(outside, name)
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		before[p] = state{data, fi.ModTime()}
	}
	return repo, func() {
		t.Helper()
		for p, st := range before {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			fi, err := os.Stat(p)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(data, st.data) || !fi.ModTime().Equal(st.mtime) {
				t.Errorf("%s outside the tree changed", p)
			}
		}
		if entries, err := os.ReadDir(filepath.Join(outside)); err != nil || len(entries) != 5 {
			t.Errorf("outside the tree: %d entries (%v), want the 5 made", len(entries), err)
		}
	}
}

// noSecret fails the test when the secret, or the outside directory's
// path, appears in an output.
func noSecret(t *testing.T, what, out string) {
	t.Helper()
	for _, leak := range []string{secret, "abc123", "outside/"} {
		if strings.Contains(out, leak) {
			t.Errorf("%s shows %q:\n%s", what, leak, out)
		}
	}
}

// A hostile tree's links do not lead ducklint outside it, however it is
// run and whatever it prints: nothing outside is read, printed or
// written. The links are noticed, under their own path, at info.
func TestLinksLeavingTheTree(t *testing.T) {
	repo, unchanged := untrustedTree(t)
	for _, args := range [][]string{
		{"."},
		{"manifests/site.pp"},
		{"modules/app/manifests/init.pp"},
		{"manifests"},
	} {
		for _, format := range []string{"text", "json", "sarif", "github"} {
			code, out, errOut := run(t, repo, "", append([]string{"-f", format, "--jobs", "2"}, args...)...)
			what := strings.Join(args, " ") + " -f " + format
			noSecret(t, what, out+errOut)
			if code == ducklint.ExitInternal {
				t.Errorf("%s: exit %d\n%s%s", what, code, out, errOut)
			}
		}
	}
	_, out, _ := run(t, repo, "", "-f", "text", ".")
	for _, want := range []string{
		"manifests/y.pp: info: symbolic link leads outside the tree; not followed",
		"manifests/v.pp: info: symbolic link leads outside the tree; not followed",
		"manifests/zero.pp: info: symbolic link leads outside the tree; not followed",
		"manifests/fifo.pp: info: symbolic link leads outside the tree; not followed",
		"modules/ext: info: symbolic link leads outside the tree; not followed",
		"modules/app/data.pp: info: symbolic link leads outside the tree; not followed",
		"manifests/pipe.pp: error: not a regular file (named pipe); not read",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text output lacks %q:\n%s", want, out)
		}
	}
	if n := strings.Count(out, "modules/ext:"); n != 1 {
		t.Errorf("the link to a directory outside is reported %d times, want once:\n%s", n, out)
	}
	if strings.Contains(out, "chain.pp") {
		t.Errorf("the chain that comes back into the tree is followed silently:\n%s", out)
	}
	_, out, _ = run(t, repo, "", "-f", "json", ".")
	if !strings.Contains(out, `"notices": [`) || !strings.Contains(out, `"path": "modules/ext"`) {
		t.Errorf("json lacks the notices:\n%s", out)
	}
	_, out, _ = run(t, repo, "", "-f", "sarif", ".")
	if !strings.Contains(out, `"level": "note"`) || !strings.Contains(out, "modules/ext: symbolic link leads outside the tree") {
		t.Errorf("sarif lacks the notices:\n%s", out)
	}
	_, out, _ = run(t, repo, "", "-f", "github", ".")
	if !strings.Contains(out, "::notice title=ducklint::modules/ext: symbolic link leads outside the tree") {
		t.Errorf("github lacks the notices:\n%s", out)
	}
	unchanged()
}

// --fix writes only regular files inside the tree: not through a link
// leaving it, even one named on the command line, which is read (the
// user named it) but reported as not fixed.
func TestFixStaysInsideTheTree(t *testing.T) {
	repo, unchanged := untrustedTree(t)
	code, out, errOut := run(t, repo, "", "--fix", ".")
	noSecret(t, "--fix .", out+errOut)
	if code == ducklint.ExitInternal {
		t.Fatalf("--fix .: exit %d\n%s%s", code, out, errOut)
	}
	_, out, errOut = run(t, repo, "", "--fix", "manifests/v.pp")
	if !strings.Contains(errOut, "ducklint: manifests/v.pp: not fixed: outside the tree") {
		t.Errorf("--fix on a link leaving the tree: stderr\n%s\nwant it not fixed", errOut)
	}
	if !strings.Contains(out, "legacy-fact") {
		t.Errorf("the file named on the command line is still linted:\n%s", out)
	}
	_, out, errOut = run(t, repo, "", "--fix", "--diff", "manifests/v.pp")
	if strings.Contains(out, "+++") || !strings.Contains(errOut, "not fixed: outside the tree") {
		t.Errorf("--fix --diff on a link leaving the tree: diff\n%s\nstderr\n%s", out, errOut)
	}
	unchanged()

	// A regular file inside is fixed as before, and a link to one inside
	// is followed.
	inside := filepath.Join(repo, "manifests", "fixme.pp")
	if err := os.WriteFile(inside, []byte("notice($::osfamily)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("fixme.pp", filepath.Join(repo, "manifests", "alias.pp")); err != nil {
		t.Fatal(err)
	}
	if _, _, errOut := run(t, repo, "", "--fix", "manifests/alias.pp"); errOut != "ducklint: fixed manifests/alias.pp\n" {
		t.Errorf("--fix through a link inside: %s", errOut)
	}
	if got, _ := os.ReadFile(inside); string(got) != "notice($facts['os']['family'])\n" {
		t.Errorf("fixed through a link inside: %q", got)
	}
	unchanged()
}

// outsideSecret makes a directory outside a new git work tree holding
// the secret in files a configuration could name, and returns the tree
// and the outside directory.
func outsideSecret(t *testing.T, files map[string]string) (repo, outside string) {
	t.Helper()
	base := t.TempDir()
	repo, outside = filepath.Join(base, "repo"), filepath.Join(base, "outside")
	all := map[string]string{
		"outside/policy.toml":                   secret + "\n",
		"outside/data/common.yaml":              "site_msg: '" + secret + "'\n" + secret + ": [\n",
		"outside/modules/ext/init.pp":           secret + "\n",
		"outside/modules/ext/manifests/init.pp": "class ext { notice('" + secret + "') }\n" + secret + "\n",
		"outside/site.pp":                       secret + "\n",
		"repo/.git/HEAD":                        "ref: refs/heads/main\n",
	}
	for name, content := range files {
		all["repo/"+name] = content
	}
	for name, content := range all {
		p := filepath.Join(base, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return repo, outside
}

// Configuration in the tree cannot widen the boundary: each key naming a
// place outside it leaves that place unread.
func TestConfigurationNamingOutside(t *testing.T) {
	const env = "manifests/site.pp"
	for _, tc := range []struct {
		name  string
		files map[string]string
		link  [2]string // a link to make in the tree: path, target relative to the outside directory
		code  int
		want  string // in the output
	}{
		{
			name:  "[policies] files",
			files: map[string]string{".ducklint.toml": "[policies]\nfiles = [\"../outside/*.toml\"]\n", env: "notice(1)\n"},
			code:  ducklint.ExitUsage, want: "is outside the tree holding .ducklint.toml; not read",
		},
		{
			name:  "[policies] files through a link",
			files: map[string]string{".ducklint.toml": "[policies]\nfiles = [\"policies/*.toml\"]\n", env: "notice(1)\n"},
			link:  [2]string{"policies/p.toml", "policy.toml"},
			code:  ducklint.ExitUsage, want: "policies/p.toml\" is outside the tree holding .ducklint.toml; not read",
		},
		{
			name:  "exclude",
			files: map[string]string{".ducklint.toml": "exclude = [\"OUTSIDE/**\"]\n", env: "notice(1)\n"},
			code:  ducklint.ExitUsage, want: "exclude globs are relative to the directory of the configuration file",
		},
		{
			name:  "exclude climbing out",
			files: map[string]string{".ducklint.toml": "exclude = [\"../outside/**\"]\n", env: "notice(1)\n"},
			code:  ducklint.ExitUsage, want: "exclude globs match only below the directory of the configuration file",
		},
		{
			name:  "baseline",
			files: map[string]string{".ducklint.toml": "baseline = \"../outside/accepted.json\"\n", env: "notice(1)\n"},
			code:  ducklint.ExitUsage, want: "is outside the tree holding .ducklint.toml; not read",
		},
		{
			name:  "environment.conf modulepath",
			files: map[string]string{"environment.conf": "modulepath = modules:../outside/modules\n", env: "include ext\n"},
			code:  ducklint.ExitClean, want: "UP/outside/modules: info: outside the tree; not read",
		},
		{
			name:  "environment.conf manifest",
			files: map[string]string{"environment.conf": "manifest = ../outside/site.pp\n", "modules/app/manifests/init.pp": "class app {}\n"},
			code:  ducklint.ExitClean, want: "UP/outside/site.pp: info: outside the tree; not read",
		},
		{
			name: "hiera.yaml absolute datadir",
			files: map[string]string{
				"environment.conf": "",
				"hiera.yaml":       "---\nversion: 5\nhierarchy:\n  - name: common\n    path: common.yaml\n    datadir: OUTSIDE/data\n",
				env:                "notice(lookup('site_msg'))\n",
			},
			code: ducklint.ExitClean, want: "info: lookup() finds no data for \"site_msg\" in the tree",
		},
		{
			name: "hiera.yaml datadir through a link",
			files: map[string]string{
				"environment.conf": "",
				"hiera.yaml":       "---\nversion: 5\nhierarchy:\n  - name: common\n    path: common.yaml\n",
				env:                "notice(lookup('site_msg'))\n",
			},
			link: [2]string{"data", "data"},
			code: ducklint.ExitClean, want: "info: lookup() finds no data for \"site_msg\" in the tree",
		},
		{
			name: "hiera.yaml path and glob leaving the data directory",
			files: map[string]string{
				"environment.conf": "",
				"hiera.yaml":       "---\nversion: 5\nhierarchy:\n  - name: up\n    path: ../../outside/data/common.yaml\n  - name: g\n    glob: ../../outside/data/*.yaml\n",
				env:                "notice(lookup('site_msg'))\n",
			},
			code: ducklint.ExitClean, want: "info: lookup() finds no data for \"site_msg\" in the tree",
		},
		{
			name: "hiera.yaml itself a link",
			files: map[string]string{
				"environment.conf": "",
				env:                "notice(lookup('site_msg', undef, undef, 'x'))\n",
			},
			link: [2]string{"hiera.yaml", "data/common.yaml"},
			code: ducklint.ExitClean, want: "hiera.yaml: info: symbolic link leads outside the tree; not followed",
		},
		{
			name: ".fixtures.yml symlinks",
			files: map[string]string{
				".fixtures.yml":     "fixtures:\n  symlinks:\n    ext: \"../outside/modules/ext\"\n    abs: \"/etc\"\n",
				"metadata.json":     `{"name": "me-app", "version": "1.0.0", "dependencies": []}`,
				"manifests/init.pp": "class app { include ext }\n",
			},
			// ext is a dependency the tree names but does not hold: not
			// an unknown class, and not looked for where the link points.
			code: ducklint.ExitClean,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			repo, outside := outsideSecret(t, tc.files)
			for name, c := range tc.files {
				if strings.Contains(c, "OUTSIDE") {
					if err := os.WriteFile(filepath.Join(repo, name), []byte(strings.ReplaceAll(c, "OUTSIDE", outside)), 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			if tc.link[0] != "" {
				p := filepath.Join(repo, filepath.FromSlash(tc.link[0]))
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.Symlink(filepath.Join(outside, filepath.FromSlash(tc.link[1])), p); err != nil {
					t.Fatal(err)
				}
			}
			if strings.HasPrefix(tc.name, "[policies]") {
				// `ducklint policy test` reads the same configuration.
				code, out, errOut := run(t, repo, "", "policy", "test")
				if code != ducklint.ExitUsage || !strings.Contains(errOut, tc.want) || strings.Contains(out+errOut, secret) {
					t.Errorf("policy test: exit %d\n%s%s", code, out, errOut)
				}
			}
			for _, format := range []string{"text", "json", "sarif", "github"} {
				code, out, errOut := run(t, repo, "", "-f", format, ".")
				for _, leak := range []string{secret, "abc123"} {
					if strings.Contains(out+errOut, leak) {
						t.Errorf("-f %s shows %q:\n%s%s", format, leak, out, errOut)
					}
				}
				if code != tc.code {
					t.Errorf("-f %s: exit %d, want %d\n%s%s", format, code, tc.code, out, errOut)
				}
				if want := strings.ReplaceAll(tc.want, "UP", parentDir); format == "text" && want != "" && !strings.Contains(out+errOut, want) {
					t.Errorf("output lacks %q:\n%s%s", tc.want, out, errOut)
				}
			}
		})
	}
}

// costlyPolicy's condition runs three comprehensions deep over 60
// elements on every resource: 216,000 steps, past the CEL cost limit.
const costlyPolicy = `[[policy]]
id = "too-costly"
title = "a condition past the cost limit"
severity = "warning"
match = "resource"
condition = "l.all(a, l.all(b, l.all(c, resource.title + a + b + c != '')))"
message = "never"
`

// costlyTree writes a generated 400-file control repository with a
// configuration declaring costlyPolicy.
func costlyTree(tb testing.TB) string {
	tb.Helper()
	dir := tb.TempDir()
	tree := gentree.Generate(400, 1)
	list := make([]string, 60)
	for i := range list {
		list[i] = "'x'"
	}
	tree[".ducklint.toml"] = strings.ReplaceAll(costlyPolicy, "l.", "["+strings.Join(list, ",")+"].")
	if err := tree.Write(dir); err != nil {
		tb.Fatal(err)
	}
	return dir
}

// A policy comes with the tree: one whose condition goes past the cost
// limit is a configuration error naming it, not a slow run nor a finding
// on every object. (BenchmarkPolicyOverCost times it.)
func TestPolicyOverTheCostLimit(t *testing.T) {
	dir := costlyTree(t)
	code, out, errOut := run(t, dir, "", "-f", "json", ".")
	if code != ducklint.ExitUsage || !strings.Contains(errOut, `.ducklint.toml:1: policy.condition: policy "too-costly": its condition exceeded the cost limit`) {
		t.Errorf("exit %d, stderr %s; want a configuration error naming the policy", code, errOut)
	}
	if out != "" {
		t.Errorf("a run stopped by its configuration reports nothing, got:\n%s", out)
	}
}

// BenchmarkPolicyOverCost is a run over a 400-file tree stopped by a
// policy past the cost limit: it must take a fraction of a second.
func BenchmarkPolicyOverCost(b *testing.B) {
	dir := costlyTree(b)
	for b.Loop() {
		if code, _, errOut := run(b, dir, "", "-f", "json", "."); code != ducklint.ExitUsage {
			b.Fatalf("exit %d: %s", code, errOut)
		}
	}
}

// Devices and FIFOs named on the command line, even through a link, are
// refused without being opened: reading /dev/zero never ends, opening a
// FIFO waits for a writer.
func TestDevicesNamedThroughLinks(t *testing.T) {
	repo, unchanged := untrustedTree(t)
	for file, want := range map[string]string{
		"manifests/zero.pp": "manifests/zero.pp: not a regular file (character device); not read",
		"manifests/fifo.pp": "manifests/fifo.pp: not a regular file (named pipe); not read",
		"manifests/pipe.pp": "manifests/pipe.pp: not a regular file (named pipe); not read",
	} {
		code, out, errOut := run(t, repo, "", "-f", "json", file)
		if code != ducklint.ExitUsage || !strings.Contains(errOut, want) {
			t.Errorf("%s: exit %d, stderr %q; want %q", file, code, errOut, want)
		}
		noSecret(t, file, out+errOut)
	}
	// Through standard input, as pre-commit and editors run it: the
	// context is the same as for the tree.
	code, out, errOut := run(t, repo, "include app\n", "-f", "text", "--stdin-filename", "manifests/site.pp", "-")
	noSecret(t, "stdin", out+errOut)
	if code == ducklint.ExitInternal {
		t.Errorf("stdin: exit %d\n%s%s", code, out, errOut)
	}
	unchanged()
}

// Hiera data a tree supplies costs what its size costs: YAML aliases are
// not expanded into an exponential tree, and deep, huge or binary data
// files are findings or path errors, never a crash or a hang.
func TestHostileHieraData(t *testing.T) {
	laughs := "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
	for i := 1; i < 10; i++ {
		laughs += fmt.Sprintf("a%d: &a%d [*a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d]\n", i, i, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1)
	}
	var huge strings.Builder
	for huge.Len() < 2<<20 {
		fmt.Fprintf(&huge, "key%d: 'value %d'\n", huge.Len(), huge.Len())
	}
	for _, tc := range []struct{ name, data string }{
		{"aliases", laughs + "site_msg: *a9\n"},
		{"deep", "site_msg: " + strings.Repeat("[", 10000) + strings.Repeat("]", 10000) + "\n"},
		{"huge", huge.String() + "site_msg: x\n"},
		{"binary", "site_msg: x\n\x00\x01\x02"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := writeTree(t, map[string]string{
				"environment.conf":  "",
				"hiera.yaml":        "---\nversion: 5\nhierarchy:\n  - name: common\n    path: common.yaml\n",
				"data/common.yaml":  tc.data,
				"manifests/site.pp": "notice(lookup('site_msg'))\n",
			})
			for _, format := range []string{"text", "json", "sarif", "github"} {
				code, out, errOut := run(t, dir, "", "-f", format, ".")
				if code == ducklint.ExitInternal || strings.Contains(errOut, "panic") {
					t.Errorf("-f %s: exit %d\n%s", format, code, errOut)
				}
				if tc.name == "aliases" && code != ducklint.ExitClean {
					t.Errorf("-f %s: exit %d; the key is there, behind aliases\n%s%s", format, code, out, errOut)
				}
				if len(out) > 1<<20 {
					t.Errorf("-f %s: %d bytes of output", format, len(out))
				}
			}
		})
	}
}
