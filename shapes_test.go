package ducklint_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"
)

var updateShapes = flag.Bool("update-shapes", false, "rewrite the @findings and @layout sections of testdata/shapes")

// shape is one archive of testdata/shapes: a tree shaped as users have
// it, with Puppet's verdicts recorded beside it by scripts/record-shapes.
type shape struct {
	path  string
	ar    *txtar.Archive
	dir   string // the shape's root, relative to the archive's root
	file  string // a file to check on its own, relative to the archive's root
	links [][2]string
	// unreached are places of error findings Puppet never evaluates in
	// the recorded runs because it fails before them.
	unreached []string
	puppet    string // the recorded verdicts
	wantFnd   string // the @findings section
	wantLay   string // the @layout section
}

func readShapes(t *testing.T) []shape {
	t.Helper()
	paths, err := filepath.Glob("testdata/shapes/*.txtar")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no shapes: %v", err)
	}
	var out []shape
	for _, p := range paths {
		ar, err := txtar.ParseFile(p)
		if err != nil {
			t.Fatal(err)
		}
		s := shape{path: p, ar: ar}
		for _, line := range strings.Split(string(ar.Comment), "\n") {
			key, rest, ok := strings.Cut(strings.TrimSpace(line), ":")
			fields := strings.Fields(rest)
			switch {
			case !ok:
			case key == "shape":
				s.dir = strings.TrimSpace(rest)
			case key == "file":
				s.file = strings.TrimSpace(rest)
			case key == "unreached" && len(fields) > 0:
				s.unreached = append(s.unreached, fields[0])
			case key == "link" && len(fields) == 2:
				s.links = append(s.links, [2]string{fields[0], fields[1]})
			}
		}
		for _, f := range ar.Files {
			switch f.Name {
			case "@findings":
				s.wantFnd = string(f.Data)
			case "@layout":
				s.wantLay = string(f.Data)
			}
		}
		rec, err := os.ReadFile(p + ".puppet.txt")
		if err != nil {
			t.Fatalf("%s: Puppet's verdicts are not recorded (go run ./scripts/record-shapes %s): %v", p, p, err)
		}
		s.puppet = string(rec)
		if s.dir == "" || s.file == "" {
			t.Fatalf("%s: the comment needs shape: and file: lines", p)
		}
		out = append(out, s)
	}
	return out
}

// extract writes the shape's files and links into a new directory.
func (s shape) extract(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	for _, f := range s.ar.Files {
		if strings.HasPrefix(f.Name, "@") {
			continue
		}
		p := filepath.Join(root, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, l := range s.links {
		p := filepath.Join(root, filepath.FromSlash(l[0]))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(l[1], p); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// shapeFindings runs ducklint in dir on args and returns its findings as
// lines "path:line:col: severity rule: message", with paths relative to
// the archive's root (prefix is the run's directory below it), sorted.
func shapeFindings(t *testing.T, dir, prefix string, args ...string) []string {
	t.Helper()
	code, out, errOut := run(t, dir, "", append([]string{"-f", "json", "--fail-on", "info"}, args...)...)
	if code != 0 && code != 1 {
		t.Fatalf("ducklint %s in %s: exit %d\n%s%s", strings.Join(args, " "), dir, code, out, errOut)
	}
	var r jsonReport
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("ducklint %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	var lines []string
	for _, f := range r.Findings {
		msg := f.Message
		if prefix != "" {
			// Paths in messages follow the run's directory: make them
			// relative to the archive's root as the file's path is.
			msg = regexp.MustCompile(`\(([a-z][^ ():]*\.pp):`).ReplaceAllString(msg, "("+prefix+"$1:")
		}
		lines = append(lines, fmt.Sprintf("%s:%d:%d: %s %s: %s", path.Join(prefix, f.File), f.Line, f.Column, f.Severity, f.Rule, msg))
	}
	slices.Sort(lines)
	return lines
}

// TestShapes runs ducklint on each repository shape three ways — as
// `ducklint .` inside the shape, as `ducklint DIR` from its parent and as
// `ducklint FILE` — and requires the same findings each time (the file's
// own, for FILE), the findings recorded in @findings, and agreement with
// Puppet: every error Puppet places on a line has an error finding there,
// and a shape Puppet compiles in every run has no error finding.
func TestShapes(t *testing.T) {
	for _, s := range readShapes(t) {
		t.Run(strings.TrimSuffix(filepath.Base(s.path), ".txtar"), func(t *testing.T) {
			root := s.extract(t)
			parent := shapeFindings(t, root, "", s.dir)
			inside := shapeFindings(t, filepath.Join(root, filepath.FromSlash(s.dir)), s.dir+"/", ".")
			if !slices.Equal(inside, parent) {
				t.Errorf("`ducklint .` inside %s:\n%s\n`ducklint %s` from its parent:\n%s",
					s.dir, strings.Join(inside, "\n"), s.dir, strings.Join(parent, "\n"))
			}
			alone := shapeFindings(t, root, "", s.file)
			var ofFile []string
			for _, f := range parent {
				if strings.HasPrefix(f, s.file+":") {
					ofFile = append(ofFile, f)
				}
			}
			if !slices.Equal(alone, ofFile) {
				t.Errorf("`ducklint %s`:\n%s\nits findings in `ducklint %s`:\n%s",
					s.file, strings.Join(alone, "\n"), s.dir, strings.Join(ofFile, "\n"))
			}
			got := strings.Join(parent, "\n") + "\n"
			if *updateShapes {
				writeSection(t, s, "@findings", got)
			} else if got != s.wantFnd {
				t.Errorf("findings differ from @findings\n--- got:\n%s--- want:\n%s", got, s.wantFnd)
			}
			checkAgainstPuppet(t, s, parent)
			checkLayout(t, s, root)
			if slices.ContainsFunc(s.ar.Files, func(f txtar.File) bool { return path.Base(f.Name) == ".gitignore" }) {
				// The same inside a git work tree, where the .gitignore
				// files above a directory argument apply too.
				if err := os.Mkdir(filepath.Join(root, filepath.FromSlash(s.dir), ".git"), 0o755); err != nil {
					t.Fatal(err)
				}
				for _, args := range [][]string{{s.dir}, {s.file}, {s.dir + "/manifests"}} {
					var want []string
					for _, f := range parent {
						if strings.HasPrefix(f, args[0]+"/") || strings.HasPrefix(f, args[0]+":") {
							want = append(want, f)
						}
					}
					if got := shapeFindings(t, root, "", args...); !slices.Equal(got, want) {
						t.Errorf("in a git work tree, `ducklint %s`:\n%s\nwant:\n%s", args[0], strings.Join(got, "\n"), strings.Join(want, "\n"))
					}
				}
			}
		})
	}
}

// checkLayout runs `ducklint layout` on the shape from its parent (text,
// compared with @layout) and inside it (JSON, which must describe the
// same environments and modules).
func checkLayout(t *testing.T, s shape, root string) {
	t.Helper()
	code, text, errOut := run(t, root, "", "layout", s.dir)
	if code != 0 {
		t.Fatalf("ducklint layout %s: exit %d\n%s%s", s.dir, code, text, errOut)
	}
	if *updateShapes {
		writeSection(t, s, "@layout", text)
	} else if text != s.wantLay {
		t.Errorf("layout differs from @layout\n--- got:\n%s--- want:\n%s", text, s.wantLay)
	}
	code, out, errOut := run(t, filepath.Join(root, filepath.FromSlash(s.dir)), "", "layout", "-f", "json")
	if code != 0 {
		t.Fatalf("ducklint layout -f json inside %s: exit %d\n%s%s", s.dir, code, out, errOut)
	}
	var rep struct {
		Environments []struct{ Name string }
		Modules      []struct {
			Name     string `json:"name"`
			NameFrom string `json:"name_from"`
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("layout JSON: %v\n%s", err, out)
	}
	for _, e := range rep.Environments {
		if !strings.Contains(text, "(name "+e.Name+")") {
			t.Errorf("inside, environment %q; from the parent:\n%s", e.Name, text)
		}
	}
	for _, m := range rep.Modules {
		if !strings.Contains(text, ": "+m.Name+" (name from "+m.NameFrom) {
			t.Errorf("inside, module %q from %s; from the parent:\n%s", m.Name, m.NameFrom, text)
		}
	}
	if len(rep.Environments)+len(rep.Modules) == 0 {
		t.Errorf("layout inside %s finds no environment or module", s.dir)
	}
}

// puppetPlace finds the place of a Puppet error: the redeclaration of a
// duplicate, or the first (file: ..., line: ...) of the message.
var (
	puppetRedeclared = regexp.MustCompile(`cannot redeclare \(file: ([^,]+), line: (\d+)\)`)
	puppetPlace      = regexp.MustCompile(`\(file: ([^,]+), line: (\d+)`)
	findingPlace     = regexp.MustCompile(`^([^:]+):(\d+):\d+: (\w+) `)
)

// checkAgainstPuppet compares findings with the recorded verdicts: every
// error Puppet places has an error finding on its line (the redeclaration
// of a duplicate), and every error finding is on a line a Puppet error
// names, or on one of the shape's unreached places.
func checkAgainstPuppet(t *testing.T, s shape, findings []string) {
	t.Helper()
	errorsAt := map[string]bool{}
	for _, f := range findings {
		if m := findingPlace.FindStringSubmatch(f); m != nil && m[3] == "error" {
			errorsAt[m[1]+":"+m[2]] = true
		}
	}
	named := map[string]bool{}
	failed := 0
	for _, line := range strings.Split(s.puppet, "\n") {
		if !strings.HasPrefix(line, "Error: ") {
			continue
		}
		failed++
		for _, m := range puppetPlace.FindAllStringSubmatch(line, -1) {
			named[m[1]+":"+m[2]] = true
		}
		m := puppetRedeclared.FindStringSubmatch(line)
		if m == nil {
			m = puppetPlace.FindStringSubmatch(line)
		}
		if m == nil {
			t.Errorf("Puppet's error names no place; the shape should fail where ducklint can point: %s", line)
			continue
		}
		n, _ := strconv.Atoi(m[2])
		if at := fmt.Sprintf("%s:%d", m[1], n); !errorsAt[at] {
			t.Errorf("Puppet fails at %s, ducklint reports no error there: %s", at, line)
		}
	}
	for at := range errorsAt {
		if !named[at] && !slices.Contains(s.unreached, at) {
			t.Errorf("ducklint reports an error at %s, where no recorded Puppet run fails", at)
		}
	}
	if failed == 0 {
		t.Errorf("no recorded Puppet run fails: a shape needs a flagged node")
	}
	runs := strings.Split(s.puppet, "# run: ")[1:]
	if !slices.ContainsFunc(runs, func(r string) bool { return !strings.Contains(r, "\nError: ") }) {
		t.Errorf("every recorded Puppet run fails: a shape needs a node that compiles")
	}
}

// writeSection rewrites one section of a shape's archive.
func writeSection(t *testing.T, s shape, name, data string) {
	t.Helper()
	ar, err := txtar.ParseFile(s.path)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(ar.Files, func(f txtar.File) bool { return f.Name == name })
	if i < 0 {
		ar.Files = append(ar.Files, txtar.File{Name: name})
		i = len(ar.Files) - 1
	}
	ar.Files[i].Data = []byte(data)
	if err := os.WriteFile(s.path, txtar.Format(ar), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestShapesSideBySide puts every shape in one directory and runs
// `ducklint .` there: each shape's findings must be the ones it gets on
// its own. A control repository read as a module once changed the
// findings of a module beside it.
func TestShapesSideBySide(t *testing.T) {
	shapes := readShapes(t)
	root := t.TempDir()
	var want []string
	for _, s := range shapes {
		name := strings.TrimSuffix(filepath.Base(s.path), ".txtar")
		sub := s.extract(t)
		if err := os.Rename(sub, filepath.Join(root, name)); err != nil {
			t.Fatal(err)
		}
		for _, f := range strings.Split(strings.TrimSpace(s.wantFnd), "\n") {
			if f != "" {
				want = append(want, name+"/"+f)
			}
		}
	}
	got := shapeFindings(t, root, "", ".")
	// Messages name other files relative to the run's directory.
	for i, f := range want {
		name, _, _ := strings.Cut(f, "/")
		want[i] = regexp.MustCompile(`\(([a-z][^ ():]*\.pp):`).ReplaceAllString(f, "("+name+"/$1:")
	}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("side by side:\n%s\none at a time:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestExcludeKeepsContext: exclude globs say what is reported, not what
// the program is made of. Excluding site-modules/profile must not turn
// the roles' includes into unknown classes, nor report the profile's own
// problems; `ducklint layout` lists its files as excluded context.
func TestExcludeKeepsContext(t *testing.T) {
	dir := writeTree(t, map[string]string{
		".ducklint.toml":                           "exclude = [\"site-modules/profile/**\"]\n",
		"Puppetfile":                               "",
		"manifests/site.pp":                        "node default {\n  include role::web\n}\n",
		"site-modules/role/manifests/web.pp":       "class role::web {\n  include profile::base\n  class { 'profile::web': port => 80 }\n}\n",
		"site-modules/profile/manifests/base.pp":   "class profile::base {\n  notice($nowhere)\n}\n",
		"site-modules/profile/manifests/web.pp":    "class profile::web (Integer $port) {\n  notice($port)\n}\n",
		"site-modules/profile/manifests/broken.pp": "class profile::broken {\n  include profile::nothing\n}\n",
	})
	got := shapeFindings(t, dir, "", ".")
	if len(got) != 0 {
		t.Errorf("findings with the profile module excluded:\n%s", strings.Join(got, "\n"))
	}
	// The excluded module is still analysed: a parameter it does not have
	// is an error in the reported role.
	if err := os.WriteFile(filepath.Join(dir, "site-modules/role/manifests/web.pp"),
		[]byte("class role::web {\n  include profile::base\n  class { 'profile::web': prot => 80 }\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got = shapeFindings(t, dir, "", ".")
	if len(got) != 1 || !strings.Contains(got[0], "site-modules/role/manifests/web.pp:3:") || !strings.Contains(got[0], "unknown-parameter") {
		t.Errorf("want one unknown-parameter error in the role, got:\n%s", strings.Join(got, "\n"))
	}
	code, out, errOut := run(t, dir, "", "layout")
	if code != 0 || !strings.Contains(out, "site-modules/profile/: 3 files (excluded)") {
		t.Errorf("layout (exit %d) does not list the excluded context:\n%s%s", code, out, errOut)
	}
}

// TestEnvironmentNameInsideIt: an environment's name is its absolute
// directory's base name, so an invalid one is reported when ducklint runs
// inside it as when it runs from the repository.
func TestEnvironmentNameInsideIt(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"environments/Dev-Env/manifests/site.pp": "node default {}\n",
	})
	want := "environment name 'Dev-Env'"
	for _, tc := range []struct{ dir, arg string }{
		{dir, "."},
		{filepath.Join(dir, "environments/Dev-Env"), "."},
		{dir, "environments/Dev-Env/manifests/site.pp"},
	} {
		got := shapeFindings(t, tc.dir, "", tc.arg)
		if len(got) != 1 || !strings.Contains(got[0], want) {
			t.Errorf("ducklint %s in %s: %v, want one finding %q", tc.arg, tc.dir, got, want)
		}
	}
}
