package engine_test

import (
	"context"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/engine"
	"github.com/ducklint/ducklint/parser/load/gentree"
	"github.com/ducklint/ducklint/rules"
	"github.com/ducklint/ducklint/rules/model"
	"github.com/ducklint/ducklint/rules/ruletest"
)

// contextTrees writes every fixture archive of the repository's rule,
// scope, model, layout and control-comment tests, and a generated control
// repo, each to a directory below dir, and returns them by name.
func contextTrees(dir string) (map[string]string, error) {
	trees := map[string]string{}
	for _, root := range []string{"rules", "rules-combined", "puppet-apply", "scope", "model", "load", "control-comments"} {
		err := filepath.WalkDir(filepath.Join("..", "testdata", root), func(p string, d fs.DirEntry, err error) error {
			if err != nil || !strings.HasSuffix(p, ".txtar") {
				return err
			}
			ar, err := txtar.ParseFile(p)
			if err != nil {
				return err
			}
			at := filepath.Join(dir, strconv.Itoa(len(trees)))
			trees[p] = at
			return ruletest.WriteArchive(ar, at)
		})
		if err != nil {
			return nil, err
		}
	}
	if len(trees) < 80 {
		return nil, fmt.Errorf("found %d fixture archives; the fixture directories moved?", len(trees))
	}
	at := filepath.Join(dir, "generated")
	if err := gentree.Generate(120, 7).Write(at); err != nil {
		return nil, err
	}
	trees["generated tree"] = at
	return trees, nil
}

// contextFixtures are what the context tests share: the context trees by
// name, the worked policies' rules, and the runs on each tree under its
// own configuration and under the worked policies'.
type contextFixtures struct {
	names                 []string
	policies              []*rules.Rule
	builtin, withPolicies map[string]*treeRuns
}

// sharedContext holds the context fixtures, made once for the package's
// tests in dir, which TestMain makes and removes.
var sharedContext struct {
	dir  string
	once sync.Once
	fx   *contextFixtures
	err  error
}

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "engine-context-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	sharedContext.dir = dir
	code := m.Run()
	_ = os.RemoveAll(dir)
	os.Exit(code)
}

// contextRuns returns the shared context fixtures, made on first use.
func contextRuns(t *testing.T) *contextFixtures {
	t.Helper()
	sharedContext.once.Do(func() {
		sharedContext.fx, sharedContext.err = makeContextFixtures(sharedContext.dir)
	})
	if sharedContext.err != nil {
		t.Fatal(sharedContext.err)
	}
	return sharedContext.fx
}

// makeContextFixtures writes the context trees and the worked policies'
// configuration below dir.
func makeContextFixtures(dir string) (*contextFixtures, error) {
	trees, err := contextTrees(filepath.Join(dir, "trees"))
	if err != nil {
		return nil, err
	}
	config, configured, policies, err := workedPolicies(filepath.Join(dir, "policies"))
	if err != nil {
		return nil, err
	}
	fx := &contextFixtures{names: slices.Sorted(maps.Keys(trees)), policies: policies,
		builtin: map[string]*treeRuns{}, withPolicies: map[string]*treeRuns{}}
	for name, at := range trees {
		fx.builtin[name] = &treeRuns{dir: at, reg: rules.Default()}
		fx.withPolicies[name] = &treeRuns{dir: at, config: config, reg: configured.Registry(), configured: configured}
	}
	return fx, nil
}

// ruleSelection enables only the rules ids of those of reg (nil for
// every built-in rule, those off by default too).
func ruleSelection(reg *rules.Registry, ids []string) (enable, disable []string) {
	if ids == nil {
		for _, r := range rules.Default().Rules() {
			enable = append(enable, r.ID)
		}
		return enable, nil
	}
	for _, r := range reg.Rules() {
		if !slices.Contains(ids, r.ID) {
			disable = append(disable, r.ID)
		}
	}
	return ids, disable
}

// exhaustive is set by DUCKLINT_TEST_EXHAUSTIVE=1 (as .ci/run does): the
// equivalence tests then check each rule on its own instead of each group
// of rules declaring the same context.
var exhaustive = os.Getenv("DUCKLINT_TEST_EXHAUSTIVE") == "1"

// sameContextGroups partitions rs into groups of rules declaring the same
// context kinds, in the order of their first rule; with exhaustive, each
// rule is a group. A group enabled together narrows to exactly the context
// each of its rules would get alone, so a rule that consults a kind it
// does not declare finds differently within its group too: no other rule
// of the group declares that kind either.
func sameContextGroups(rs []*rules.Rule) [][]string {
	var groups [][]string
	at := map[model.Needs]int{}
	for _, r := range rs {
		i, ok := at[r.Context]
		if exhaustive || !ok {
			i = len(groups)
			at[r.Context] = i
			groups = append(groups, nil)
		}
		groups[i] = append(groups[i], r.ID)
	}
	return groups
}

// workedPolicies returns a configuration, written below dir, declaring
// the worked policies of docs/policies, a workspace configured with it,
// and the policies' rules.
func workedPolicies(dir string) (string, *engine.Workspace, []*rules.Rule, error) {
	glob, err := filepath.Abs(filepath.Join("..", "docs", "policies", "*.toml"))
	if err != nil {
		return "", nil, nil, err
	}
	empty := filepath.Join(dir, "empty")
	if err := os.MkdirAll(empty, 0o755); err != nil {
		return "", nil, nil, err
	}
	config := filepath.Join(dir, rules.ConfigFileName)
	if err := os.WriteFile(config, []byte("[policies]\nfiles = ["+strconv.Quote(filepath.ToSlash(glob))+"]\n"), 0o644); err != nil {
		return "", nil, nil, err
	}
	w, err := engine.New(engine.Options{Dir: empty, ConfigPath: config})
	if err != nil {
		return "", nil, nil, err
	}
	var policies []*rules.Rule
	for _, r := range w.Registry().Rules() {
		if _, builtin := rules.Default().Lookup(r.ID); !builtin {
			policies = append(policies, r)
		}
	}
	if len(policies) < 8 {
		return "", nil, nil, fmt.Errorf("%d worked policies", len(policies))
	}
	return config, w, policies, nil
}

// treeRuns checks the files of one fixture tree under one configuration
// ("" for the tree's own; reg is the registry it makes), with the whole
// context and narrowed, in two workspaces made on first use and kept for
// every comparison on the tree: each comparison selects its rules anew
// and reuses what the files parse to. mu lets one comparison use them at
// a time.
type treeRuns struct {
	dir, config string
	reg         *rules.Registry
	// configured, when set, is a workspace configured with config: the
	// tree's workspaces take its compiled policies instead of compiling
	// them again.
	configured *engine.Workspace

	mu              sync.Mutex
	whole, narrowed *engine.Workspace
	files           []string // lintedFiles of dir
}

// snapshots returns snapshots of the tree of tr, with the whole context
// and narrowed, with only the rules ids of tr's registry enabled (nil for
// every built-in rule), with needs instead of their own kinds when
// override is set. tr.mu is held.
func (tr *treeRuns) snapshots(t *testing.T, ids []string, override *model.Needs) (whole, narrowed *engine.Snapshot) {
	t.Helper()
	enable, disable := ruleSelection(tr.reg, ids)
	var needs map[string]model.Needs
	if override != nil {
		needs = map[string]model.Needs{}
		for _, id := range ids {
			needs[id] = *override
		}
	}
	snapshot := func(w **engine.Workspace, whole bool) *engine.Snapshot {
		if *w == nil {
			opts := engine.Options{Roots: []string{"."}, Dir: tr.dir, WholeContext: whole, Jobs: 2, ConfigPath: tr.config}
			var made *engine.Workspace
			var err error
			if tr.configured != nil {
				made, err = engine.NewConfiguredAs(opts, tr.configured)
			} else {
				made, err = engine.New(opts)
			}
			if err != nil {
				t.Fatal(err)
			}
			*w = made
		}
		s, err := engine.SnapshotWith(context.Background(), *w, enable, disable, needs)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	if tr.files == nil {
		tr.files = lintedFiles(t, tr.dir)
	}
	return snapshot(&tr.whole, true), snapshot(&tr.narrowed, false)
}

// narrowedDiffers checks every Puppet file of the tree of tr on its own,
// narrowed to the context its rules declare (see snapshots), and returns
// the files whose findings differ from a check of the file with every
// other file as context, with the two sets of findings; with firstOnly,
// only the first such file. It returns the number of findings compared
// too.
func narrowedDiffers(t *testing.T, tr *treeRuns, ids []string, override *model.Needs, firstOnly bool) (diffs []string, findings int) {
	t.Helper()
	tr.mu.Lock()
	defer tr.mu.Unlock()
	ctx := context.Background()
	whole, narrowed := tr.snapshots(t, ids, override)
	for _, f := range tr.files {
		got, err := narrowed.Findings(ctx, f)
		if err != nil {
			t.Fatal(err)
		}
		want, err := whole.Findings(ctx, f)
		if err != nil {
			t.Fatal(err)
		}
		findings += len(want[f])
		if !reflect.DeepEqual(got[f], want[f]) {
			diffs = append(diffs, f+"\nnarrowed:\n"+show(got[f])+"whole:\n"+show(want[f]))
			if firstOnly {
				break
			}
		}
	}
	return diffs, findings
}

// narrowedResultsDiffer checks every Puppet file of the tree of tr on its
// own and with the next (as a pre-commit hook passes several files), with
// every built-in rule, narrowed, and returns the checks whose results
// (findings, the paths that could not be linted and those left out, the
// files checked) differ from those of the same check with the whole
// context. It returns the number of findings compared too.
func narrowedResultsDiffer(t *testing.T, tr *treeRuns) (diffs []string, findings int) {
	t.Helper()
	tr.mu.Lock()
	defer tr.mu.Unlock()
	ctx := context.Background()
	whole, narrowed := tr.snapshots(t, nil, nil)
	for i, f := range tr.files {
		checks := [][]string{{f}}
		if i+1 < len(tr.files) {
			checks = append(checks, []string{f, tr.files[i+1]})
		}
		for j, paths := range checks {
			got, err := narrowed.Check(ctx, paths...)
			if err != nil {
				t.Fatal(err)
			}
			want, err := whole.Check(ctx, paths...)
			if err != nil {
				t.Fatal(err)
			}
			if j == 0 {
				findings += len(want.Findings)
			}
			if !reflect.DeepEqual(got.Findings, want.Findings) || !reflect.DeepEqual(got.Errors, want.Errors) ||
				!reflect.DeepEqual(got.Notices, want.Notices) || !slices.Equal(got.Files, want.Files) {
				diffs = append(diffs, fmt.Sprintf("%s\nnarrowed:\n%s  errors %v, notices %v, files %v\nwhole:\n%s  errors %v, notices %v, files %v",
					strings.Join(paths, " "), show(diagnostics.Values(got.Findings)), got.Errors, got.Notices, got.Files,
					show(diagnostics.Values(want.Findings)), want.Errors, want.Notices, want.Files))
			}
		}
	}
	return diffs, findings
}

// lintedFiles lists the files of dir a check reports on its own: Puppet
// files, and the YAML and JSON files of Hiera (a hiera.yaml, a data file;
// other such files load as nothing and have no findings).
func lintedFiles(t *testing.T, dir string) []string {
	t.Helper()
	files := puppetFiles(t, dir)
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if ext := filepath.Ext(p); !d.IsDir() && (ext == ".yaml" || ext == ".json") {
			rel, _ := filepath.Rel(dir, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestEachRuleNarrowsToTheContextItDeclares is the guarantee behind
// rules.Rule.Context: with every rule enabled, and with each group of
// rules declaring the same context (each rule alone under
// DUCKLINT_TEST_EXHAUSTIVE=1), the findings of each file checked on its
// own, with only the context the enabled rules declare, equal those of a
// check of the file with every file as context; with every rule, so do
// the results (paths that could not be linted too) of each file alone and
// with the next. A rule that consults context it does not declare finds
// differently in some fixture.
func TestEachRuleNarrowsToTheContextItDeclares(t *testing.T) {
	fx := contextRuns(t)
	names, policies := fx.names, fx.policies
	type group struct {
		name     string
		policies bool     // of the worked policies' configuration
		ids      []string // nil for every built-in rule
	}
	groups := []group{{name: "every rule"}}
	for _, ids := range sameContextGroups(rules.Default().Rules()) {
		groups = append(groups, group{name: strings.Join(ids, ","), ids: ids})
	}
	for _, ids := range sameContextGroups(policies) {
		groups = append(groups, group{name: strings.Join(ids, ","), policies: true, ids: ids})
	}
	compared := make([]atomic.Int64, len(groups))
	t.Run("trees", func(t *testing.T) {
		for _, name := range names {
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				for i, g := range groups {
					tr := fx.builtin[name]
					if g.policies {
						tr = fx.withPolicies[name]
					}
					var diffs []string
					var n int
					if g.ids == nil {
						diffs, n = narrowedResultsDiffer(t, tr)
					} else {
						diffs, n = narrowedDiffers(t, tr, g.ids, nil, false)
					}
					compared[i].Add(int64(n))
					for _, d := range diffs {
						t.Errorf("%s: %s: %s", g.name, name, d)
					}
				}
			})
		}
	})
	for i, g := range groups {
		t.Logf("%s: %d findings compared", g.name, compared[i].Load())
	}
}

// ownFixture reports whether the tree named name is a fixture of rule id
// (under its testdata/rules directory).
func ownFixture(name, id string) bool {
	return strings.Contains(name, "/rules/"+id+"/")
}

// TestFixturesNeedEveryContextKind shows that the comparison above would
// catch a rule consulting context it does not declare, for every kind:
// with one kind taken from the context a rule declares, some file of the
// fixtures gets findings that differ from a check with every file as
// context.
func TestFixturesNeedEveryContextKind(t *testing.T) {
	fx := contextRuns(t)
	names, policies, builtin, withPolicies := fx.names, fx.policies, fx.builtin, fx.withPolicies
	isPolicy := map[string]bool{}
	for _, p := range policies {
		isPolicy[p.ID] = true
	}
	for _, k := range model.AllNeeds.Kinds() {
		t.Run(k.String(), func(t *testing.T) {
			t.Parallel()
			var declaring []*rules.Rule
			for _, r := range append(rules.Default().Rules(), policies...) {
				if r.Context.Has(k) {
					declaring = append(declaring, r)
				}
			}
			// Each rule on its own fixtures first, the likeliest to
			// show what its context holds; then on every other tree.
			found := ""
		search:
			for _, own := range []bool{true, false} {
				for _, r := range declaring {
					runs := builtin
					if isPolicy[r.ID] {
						runs = withPolicies
					}
					less := r.Context &^ k
					for _, tree := range names {
						if ownFixture(tree, r.ID) != own {
							continue
						}
						if diffs, _ := narrowedDiffers(t, runs[tree], []string{r.ID}, &less, true); len(diffs) > 0 {
							found = r.ID + " on " + tree
							break search
						}
					}
				}
			}
			switch {
			case len(declaring) == 0:
				t.Errorf("no rule declares %s", k)
			case found == "":
				var ids []string
				for _, r := range declaring {
					ids = append(ids, r.ID)
				}
				t.Errorf("%s: without it, no rule declaring it (%s) finds differently on any fixture: add one that needs it",
					k, strings.Join(ids, ", "))
			default:
				t.Logf("%s: needed by %s", k, found)
			}
		})
	}
}

// TestCodeLookupsKeepTheLayersServingTheirKeys checks what a check of
// code looking keys up keeps of the Hiera files: every configuration, the
// environment layer's data, and the data of the module layers its keys
// name (one of them with a data file Puppet cannot parse); not the data
// of a module no key names. The fixture's findings are checked by the
// rule's fixture test, and equal to the whole context's by
// TestEachRuleNarrowsToTheContextItDeclares.
func TestCodeLookupsKeepTheLayersServingTheirKeys(t *testing.T) {
	ar, err := txtar.ParseFile("../testdata/rules/lookup-without-data/module-layers.txtar")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := ruletest.WriteArchive(ar, dir); err != nil {
		t.Fatal(err)
	}
	w, err := engine.New(engine.Options{Roots: []string{"."}, Dir: dir, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	s, err := w.Snapshot(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var hieraKept []string
	for _, p := range engine.Kept(s, "site/profile/manifests/base.pp") {
		if strings.HasSuffix(p, ".yaml") {
			hieraKept = append(hieraKept, p)
		}
	}
	slices.Sort(hieraKept)
	want := []string{"data/common.yaml", "hiera.yaml", "site/broken_mod/data/common.yaml", "site/broken_mod/hiera.yaml",
		"site/site_mod/data/common.yaml", "site/site_mod/hiera.yaml", "site/unrelated/hiera.yaml"}
	if !slices.Equal(hieraKept, want) {
		t.Errorf("kept Hiera files %v\nwant %v", hieraKept, want)
	}
}
