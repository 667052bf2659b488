package load

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite the want sections of testdata/load/*.txtar")

// A fixture is a txtar archive of a whole tree. Its comment holds
// directives, one a line:
//
//	args: PATH ...          the PATH arguments (default ".")
//	dir: DIR                the working directory, relative to the tree root
//	exclude: GLOB ...       exclude globs, relative to the working directory
//	stdin-filename: NAME    with "-" in args, the stdin name; the stdin
//	                        content is the archive file "@stdin"
//
// The archive file "@want" holds the expected dump of the Tree; files
// whose name starts with "@" are not extracted.

type fixture struct {
	args          []string
	dir           string
	exclude       []string
	stdinFilename string
	stdin         []byte
	want          string
	puppetOrder   []string // recorded Puppet evaluation order of the main manifest
}

func readFixture(t *testing.T, path string) (*txtar.Archive, fixture) {
	t.Helper()
	ar, err := txtar.ParseFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var fx fixture
	for line := range strings.SplitSeq(string(ar.Comment), "\n") {
		key, val, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		val = strings.TrimSpace(val)
		switch strings.TrimSpace(key) {
		case "args":
			fx.args = strings.Fields(val)
		case "dir":
			fx.dir = val
		case "exclude":
			fx.exclude = strings.Fields(val)
		case "stdin-filename":
			fx.stdinFilename = val
		}
	}
	for _, f := range ar.Files {
		switch f.Name {
		case "@want":
			fx.want = string(f.Data)
		case "@stdin":
			fx.stdin = f.Data
		case "@puppet-order":
			fx.puppetOrder = strings.Fields(string(f.Data))
		}
	}
	return ar, fx
}

// extract writes the archive's tree files into a new temporary directory.
func extract(t testing.TB, ar *txtar.Archive) string {
	t.Helper()
	root := t.TempDir()
	for _, f := range ar.Files {
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
	return root
}

// dump renders a Tree as stable text for comparison.
func dump(tr *Tree) string {
	var b strings.Builder
	b.WriteString("files:\n")
	for _, f := range tr.Files {
		rep := "context"
		if f.Reported {
			rep = "reported"
		}
		fmt.Fprintf(&b, "  %s %s %s", f.Path, f.Role, rep)
		if f.Module != nil {
			fmt.Fprintf(&b, " module=%s", f.Module.Name)
		}
		if f.Env != nil {
			fmt.Fprintf(&b, " env=%s", f.Env.Dir)
		}
		if f.RelInModule != "" {
			fmt.Fprintf(&b, " rel=%s", f.RelInModule)
		}
		if f.Module != nil {
			if name := NameForPath(f.Module.Name, f.Role, f.RelInModule); name != "" {
				fmt.Fprintf(&b, " name=%s", name)
			}
		}
		fmt.Fprintf(&b, " bytes=%d\n", len(f.Src))
	}
	if len(tr.Problems) > 0 {
		b.WriteString("problems:\n")
		for _, p := range tr.Problems {
			fmt.Fprintf(&b, "  %s\n", p.Error())
		}
	}
	if len(tr.Notices) > 0 {
		b.WriteString("notices:\n")
		for _, p := range tr.Notices {
			fmt.Fprintf(&b, "  %s\n", p.Error())
		}
	}
	if len(tr.Envs) > 0 {
		b.WriteString("envs:\n")
		for _, e := range tr.Envs {
			var mods []string
			for name, m := range e.Modules {
				mods = append(mods, name+"="+m.Dir)
			}
			slices.Sort(mods)
			fmt.Fprintf(&b, "  %s name=%s\n", e.Dir, e.Name)
			fmt.Fprintf(&b, "    manifest: %s\n", strings.Join(e.ManifestPaths, " "))
			fmt.Fprintf(&b, "    modulepath: %s\n", strings.Join(e.ModulePath, " "))
			fmt.Fprintf(&b, "    modules: %s\n", strings.Join(mods, " "))
			dumpDefined(&b, "types", e.RubyTypes)
			dumpDefined(&b, "functions", e.RubyFunctions)
			dumpDefined(&b, "facts", e.Facts)
		}
	}
	if len(tr.Modules) > 0 {
		b.WriteString("modules:\n")
		for _, m := range tr.Modules {
			fmt.Fprintf(&b, "  %s name=%s", m.Dir, m.Name)
			if m.MetadataName != "" {
				fmt.Fprintf(&b, " metadata=%s", m.MetadataName)
			}
			if m.Env != nil {
				fmt.Fprintf(&b, " env=%s", m.Env.Dir)
			}
			b.WriteString("\n")
			dumpDefined(&b, "types", m.RubyTypes)
			dumpDefined(&b, "functions", m.RubyFunctions)
			dumpDefined(&b, "facts", m.Facts)
		}
	}
	return b.String()
}

func dumpDefined(b *strings.Builder, what string, ds []Defined) {
	if len(ds) == 0 {
		return
	}
	fmt.Fprintf(b, "    %s:", what)
	for _, d := range ds {
		fmt.Fprintf(b, " %s@%s", d.Name, d.File)
		if d.Line != 0 {
			fmt.Fprintf(b, ":%d", d.Line)
		}
		if len(d.Sets) > 0 {
			fmt.Fprintf(b, "[sets=%s]", strings.Join(d.Sets, ","))
		}
		if len(d.Declares) > 0 {
			fmt.Fprintf(b, "[declares=%s]", strings.Join(d.Declares, ","))
		}
	}
	b.WriteString("\n")
}

// TestFixtures loads every testdata/load/*.txtar tree and compares the
// dump with its @want section, with one and with many jobs: the result
// must not depend on Jobs.
func TestFixtures(t *testing.T) {
	paths, err := filepath.Glob("../../testdata/load/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Fatal("no fixtures")
	}
	for _, path := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".txtar"), func(t *testing.T) {
			ar, fx := readFixture(t, path)
			root := extract(t, ar)
			var got string
			for _, jobs := range []int{1, 8} {
				opts := Options{
					Paths: fx.args, Dir: filepath.Join(root, filepath.FromSlash(fx.dir)),
					Exclude: fx.exclude, StdinFilename: fx.stdinFilename, Jobs: jobs,
				}
				if fx.stdin != nil {
					opts.Stdin = bytes.NewReader(fx.stdin)
				}
				tr, err := Load(opts)
				if err != nil {
					t.Fatalf("jobs=%d: %v", jobs, err)
				}
				d := dump(tr)
				if got != "" && d != got {
					t.Fatalf("jobs=%d gives a different tree:\n%s\nthan jobs=1:\n%s", jobs, d, got)
				}
				got = d
			}
			if fx.puppetOrder != nil {
				checkPuppetOrder(t, root, fx)
			}
			if *update {
				writeWant(t, path, ar, got)
				return
			}
			if got != fx.want {
				t.Errorf("tree differs from @want\n--- got:\n%s--- want:\n%s", got, fx.want)
			}
		})
	}
}

// checkPuppetOrder compares the main manifest order of the fixture's
// only environment with the order Puppet evaluated its files in.
func checkPuppetOrder(t *testing.T, root string, fx fixture) {
	t.Helper()
	tr, err := Load(Options{Paths: fx.args, Dir: filepath.Join(root, filepath.FromSlash(fx.dir))})
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Envs) != 1 {
		t.Fatalf("want one environment, got %d", len(tr.Envs))
	}
	e := tr.Envs[0]
	var got []string
	for _, p := range e.ManifestPaths {
		got = append(got, strings.TrimPrefix(p, e.Dir+"/manifests/"))
	}
	if !slices.Equal(got, fx.puppetOrder) {
		t.Errorf("main manifest order %q, Puppet's %q", got, fx.puppetOrder)
	}
}

func writeWant(t *testing.T, path string, ar *txtar.Archive, want string) {
	t.Helper()
	found := false
	for i := range ar.Files {
		if ar.Files[i].Name == "@want" {
			ar.Files[i].Data = []byte(want)
			found = true
		}
	}
	if !found {
		ar.Files = append(ar.Files, txtar.File{Name: "@want", Data: []byte(want)})
	}
	if err := os.WriteFile(path, txtar.Format(ar), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestConcurrentLoads runs several Loads of one tree at once: Load keeps
// no shared state, so each must give the same tree (run with -race).
func TestConcurrentLoads(t *testing.T) {
	ar, fx := readFixture(t, "../../testdata/load/control_repo.txtar")
	root := extract(t, ar)
	dumps := make([]string, 4)
	errs := make([]error, 4)
	var wg sync.WaitGroup
	for i := range dumps {
		wg.Go(func() {
			tr, err := Load(Options{Paths: fx.args, Dir: filepath.Join(root, fx.dir), Jobs: 3})
			if err != nil {
				errs[i] = err
				return
			}
			dumps[i] = dump(tr)
		})
	}
	wg.Wait()
	for i := range dumps {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		if dumps[i] != fx.want {
			t.Errorf("load %d differs from the fixture:\n%s", i, dumps[i])
		}
	}
}
