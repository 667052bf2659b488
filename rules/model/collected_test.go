package model_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"sync"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/parser/load/gentree"
	"github.com/ducklint/ducklint/rules/model"
	"github.com/ducklint/ducklint/rules/ruletest"
)

// TestCollectedCopiesEqualAFreshWalk checks model.Collected: a program
// whose files' facts are copied from what an earlier collection kept is
// the program a walk of every tree builds, scope by scope and fact by
// fact, over every rule and model fixture and a generated tree; and a
// second program copying the same Collected shares no fact with the first.
func TestCollectedCopiesEqualAFreshWalk(t *testing.T) {
	dirs := fixtureDirs(t, 200, 3)
	if len(dirs) < 50 {
		t.Fatalf("only %d fixture archives found", len(dirs))
	}
	facts := 0
	for name, dir := range dirs {
		tree, parsed := loadParsed(t, dir)
		declaring := model.TreeDeclaringFunctions(tree, nil)
		kept := map[*parser.File]*model.Collected{}
		for lf, p := range parsed {
			kept[p] = model.Collect(lf, p, declaring)
		}
		collected := func(lf *load.File, p *parser.File, d model.DeclaringFunctions) *model.Collected { return kept[p] }
		fresh := model.Build(tree, model.Options{Jobs: 2, Parsed: parsed, DeclaringFunctions: declaring})
		copied := model.Build(tree, model.Options{Jobs: 2, Parsed: parsed, DeclaringFunctions: declaring, Collected: collected})
		again := model.Build(tree, model.Options{Jobs: 2, Parsed: parsed, DeclaringFunctions: declaring, Collected: collected})
		if !reflect.DeepEqual(fresh.Scopes(), copied.Scopes()) || !reflect.DeepEqual(fresh.Definitions, copied.Definitions) {
			t.Errorf("%s: the scopes or definitions copied from Collected differ from a walk's: first at %s", name,
				firstDiff(reflect.ValueOf(fresh.Scopes()), reflect.ValueOf(copied.Scopes()), "scopes", map[[2]uintptr]bool{}))
		}
		for i, f := range fresh.Files {
			if !reflect.DeepEqual(fresh.Hiera().Calls(f), copied.Hiera().Calls(copied.Files[i])) {
				t.Errorf("%s: %s: the lookups kept by Collected differ from a walk's", name, f.Path)
			}
		}
		for i, s := range copied.Scopes() {
			facts += len(s.Declarations) + len(s.Assignments) + len(s.Resources) + len(s.Defaults)
			if s == again.Scopes()[i] || (len(s.Declarations) > 0 && s.Declarations[0] == again.Scopes()[i].Declarations[0]) {
				t.Fatalf("%s: two programs share a scope or a declaration", name)
			}
		}
	}
	if facts < 1000 {
		t.Errorf("only %d facts compared", facts)
	}
}

// firstDiff returns the path of the first difference reflect.DeepEqual
// would find between a and b, "" for none; pointers already compared are
// not followed again.
func firstDiff(a, b reflect.Value, path string, seen map[[2]uintptr]bool) string {
	if a.Kind() != b.Kind() {
		return path + ": kind"
	}
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			if a.IsNil() != b.IsNil() {
				return path + ": nil"
			}
			return ""
		}
		k := [2]uintptr{a.Pointer(), b.Pointer()}
		if seen[k] {
			return ""
		}
		seen[k] = true
		return firstDiff(a.Elem(), b.Elem(), path, seen)
	case reflect.Interface:
		if a.IsNil() || b.IsNil() {
			if a.IsNil() != b.IsNil() {
				return path + ": nil"
			}
			return ""
		}
		return firstDiff(a.Elem(), b.Elem(), path, seen)
	case reflect.Slice:
		if a.IsNil() != b.IsNil() {
			return path + fmt.Sprintf(": nil slice %v/%v", a.IsNil(), b.IsNil())
		}
		if a.Len() != b.Len() {
			return path + ": len"
		}
		for i := 0; i < a.Len(); i++ {
			if d := firstDiff(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i), seen); d != "" {
				return d
			}
		}
	case reflect.Map:
		if a.Len() != b.Len() || a.IsNil() != b.IsNil() {
			return path + ": map"
		}
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if d := firstDiff(a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name, seen); d != "" {
				return d
			}
		}
	default:
		if a.CanInterface() && !reflect.DeepEqual(a.Interface(), b.Interface()) {
			return path + ": value"
		}
		if !a.CanInterface() && fmt.Sprint(a) != fmt.Sprint(b) {
			return path + ": value"
		}
	}
	return ""
}

// exhaustive is set by DUCKLINT_TEST_EXHAUSTIVE=1 (as .ci/run does): the
// equivalence tests then check every case instead of a sample.
var exhaustive = os.Getenv("DUCKLINT_TEST_EXHAUSTIVE") == "1"

// sharedArchives holds every rule and model fixture archive written into
// a directory of its own below dir, once for the package's tests, which
// only read them; TestMain makes and removes dir.
var sharedArchives struct {
	dir  string
	once sync.Once
	dirs map[string]string // by archive path
	err  error
}

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "model-fixtures-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	sharedArchives.dir = dir
	code := m.Run()
	_ = os.RemoveAll(dir)
	os.Exit(code)
}

// archiveDirs returns the directories of the archives of patterns (globs
// relative to testdata), each holding its archive's files, written on
// first use.
func archiveDirs(t *testing.T, patterns ...string) map[string]string {
	t.Helper()
	sharedArchives.once.Do(func() {
		sharedArchives.dirs, sharedArchives.err = writeArchives(sharedArchives.dir, "rules/*/*.txtar", "model/*.txtar")
	})
	if sharedArchives.err != nil {
		t.Fatal(sharedArchives.err)
	}
	dirs := map[string]string{}
	for _, pattern := range patterns {
		archives, err := filepath.Glob(filepath.Join("..", "..", "testdata", pattern))
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range archives {
			dir, ok := sharedArchives.dirs[a]
			if !ok {
				t.Fatalf("%s is not a shared fixture", a)
			}
			dirs[a] = dir
		}
	}
	return dirs
}

// writeArchives writes the archives of patterns into directories below dir.
func writeArchives(dir string, patterns ...string) (map[string]string, error) {
	dirs := map[string]string{}
	for _, pattern := range patterns {
		archives, err := filepath.Glob(filepath.Join("..", "..", "testdata", pattern))
		if err != nil {
			return nil, err
		}
		for _, a := range archives {
			ar, err := txtar.ParseFile(a)
			if err != nil {
				return nil, err
			}
			at := filepath.Join(dir, strconv.Itoa(len(dirs)))
			if err := ruletest.WriteArchive(ar, at); err != nil {
				return nil, err
			}
			dirs[a] = at
		}
	}
	return dirs, nil
}

// fixtureDirs returns the directories of every rule and model fixture
// archive, and a generated tree of the given modules and seed written
// for the test, by archive ("generated" for the tree).
func fixtureDirs(t *testing.T, modules int, seed uint64) map[string]string {
	t.Helper()
	dirs := archiveDirs(t, "rules/*/*.txtar", "model/*.txtar")
	gen := t.TempDir()
	if err := gentree.Generate(modules, seed).Write(gen); err != nil {
		t.Fatal(err)
	}
	dirs["generated"] = gen
	return dirs
}

// loadParsed loads the tree in dir and parses its Puppet files.
func loadParsed(t *testing.T, dir string) (*load.Tree, map[*load.File]*parser.File) {
	t.Helper()
	tree, err := load.Load(load.Options{Paths: []string{"."}, Dir: dir, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	parsed := map[*load.File]*parser.File{}
	for _, f := range tree.Files {
		if !f.Role.IsHiera() {
			parsed[f] = parser.ParseFileWithOptions(f.Path, f.Src, f.ParseOptions())
		}
	}
	return tree, parsed
}
