package engine_test

import (
	"context"
	"fmt"
	"io/fs"
	"maps"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/engine"
	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load/gentree"
)

// puppetFiles lists the .pp and .epp files under dir, relative to it.
func puppetFiles(t *testing.T, dir string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && (strings.HasSuffix(p, ".pp") || strings.HasSuffix(p, ".epp")) {
			rel, _ := filepath.Rel(dir, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(files)
	return files
}

// copyTree copies dir to a new directory, with overlays (by path relative
// to dir) in place of the files' content.
func copyTree(t *testing.T, dir string, overlays map[string][]byte) string {
	t.Helper()
	out := t.TempDir()
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		dst := filepath.Join(out, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if o, ok := overlays[filepath.ToSlash(rel)]; ok {
			src = o
		}
		return os.WriteFile(dst, src, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// checkOnce makes a workspace with opts, takes its snapshot and checks
// the snapshot's roots, failing t on any error.
func checkOnce(t *testing.T, opts engine.Options) (*engine.Snapshot, *engine.Result) {
	t.Helper()
	w, err := engine.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return snapshotCheck(t, w)
}

// snapshotCheck takes w's snapshot and checks the snapshot's roots,
// failing t on any error.
func snapshotCheck(t *testing.T, w *engine.Workspace) (*engine.Snapshot, *engine.Result) {
	t.Helper()
	s, err := w.Snapshot(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	res, err := s.Check(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return s, res
}

// wholeRun returns the findings of every file of dir from a fresh
// workspace that parses every file.
func wholeRun(t *testing.T, dir string) map[string][]diagnostics.Diagnostic {
	t.Helper()
	w, err := engine.New(engine.Options{Roots: []string{"."}, Dir: dir, WholeContext: true, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	snap, err := w.Snapshot(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	got, err := snap.Findings(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// editor applies random edits to a tree through a warm workspace: overlays
// set and removed, files rewritten, created and deleted on disk.
type editor struct {
	t        *testing.T
	dir      string
	w        *engine.Workspace
	rng      *rand.Rand
	overlays map[string][]byte // by path relative to dir
	classes  []string          // class names to read variables of
	created  int
}

// content is what the workspace should see for file: its overlay, else
// its disk content.
func (e *editor) content(file string) []byte {
	if o, ok := e.overlays[file]; ok {
		return o
	}
	src, err := os.ReadFile(filepath.Join(e.dir, file))
	if err != nil {
		e.t.Fatal(err)
	}
	return src
}

// mutate returns src changed in one of the ways that move findings of
// other files: a line removed (an include, an assignment), a resource
// default added, a read of another class's variable, an include added, a
// syntax error.
func (e *editor) mutate(src []byte) []byte {
	lines := strings.Split(string(src), "\n")
	switch e.rng.IntN(6) {
	case 0, 1:
		if len(lines) > 1 {
			i := e.rng.IntN(len(lines))
			lines = slices.Delete(lines, i, i+1)
		}
	case 2:
		lines = append([]string{"File { mode => '0600' }", "Package { ensure => latest }"}, lines...)
	case 3:
		c := e.classes[e.rng.IntN(len(e.classes))]
		lines = append(lines, fmt.Sprintf("notice($%s::ensure)", c))
	case 4:
		c := e.classes[e.rng.IntN(len(e.classes))]
		lines = append(lines, fmt.Sprintf("include %s", c))
	case 5:
		lines = append(lines, "class {")
	}
	return []byte(strings.Join(lines, "\n"))
}

// step makes one random change and returns the files it touched.
func (e *editor) step() []string {
	files := puppetFiles(e.t, e.dir)
	file := files[e.rng.IntN(len(files))]
	switch e.rng.IntN(6) {
	case 0, 1: // edit a buffer
		src := e.mutate(e.content(file))
		e.overlays[file] = src
		e.w.SetOverlay(file, src)
	case 2: // close a buffer unsaved
		for f := range e.overlays {
			file = f
			break
		}
		delete(e.overlays, file)
		e.w.RemoveOverlay(file)
	case 3: // save a change on disk
		src := e.mutate(e.content(file))
		if err := os.WriteFile(filepath.Join(e.dir, file), src, 0o644); err != nil {
			e.t.Fatal(err)
		}
		e.w.Changed(file)
	case 4: // a new file
		e.created++
		mod := strings.SplitN(file, "/", 3)
		if len(mod) < 3 || mod[0] != "modules" {
			return e.step()
		}
		file = fmt.Sprintf("modules/%s/manifests/added%d.pp", mod[1], e.created)
		src := fmt.Sprintf("class %s::added%d {\n  include %s\n  $ensure = 'present'\n}\n", mod[1], e.created, e.classes[e.rng.IntN(len(e.classes))])
		if err := os.WriteFile(filepath.Join(e.dir, file), []byte(src), 0o644); err != nil {
			e.t.Fatal(err)
		}
		e.w.Changed(file)
	case 5: // a file deleted (not one with an unsaved buffer)
		if _, open := e.overlays[file]; open || strings.HasPrefix(file, "manifests/") {
			return e.step()
		}
		if err := os.Remove(filepath.Join(e.dir, file)); err != nil {
			e.t.Fatal(err)
		}
		e.w.Changed(file)
		return nil
	}
	return []string{file}
}

// TestIncrementalFindingsMatchAFreshWholeRun is the engine's guarantee for
// a warm workspace: after any sequence of edits (overlays set and
// removed, files saved, created and deleted), the findings a snapshot
// gives for some files, narrowed, equal those of a fresh run over every
// file of the same content.
func TestIncrementalFindingsMatchAFreshWholeRun(t *testing.T) {
	dir := t.TempDir()
	if err := gentree.Generate(120, 7).Write(dir); err != nil {
		t.Fatal(err)
	}
	w, err := engine.New(engine.Options{Roots: []string{"."}, Dir: dir, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	e := &editor{t: t, dir: dir, w: w, rng: rand.New(rand.NewPCG(1, 2)), overlays: map[string][]byte{},
		classes: []string{"mod000", "mod001::params", "mod002::config", "profile::base", "mod003"}}
	ctx := context.Background()
	compared, findings := 0, 0
	steps := 12
	if exhaustive {
		steps = 30
	}
	for i := range steps {
		touched := e.step()
		snap, err := w.Snapshot(ctx)
		if err != nil {
			t.Fatal(err)
		}
		whole := wholeRun(t, copyTree(t, dir, e.overlays))
		// The touched files, open buffers and a few others, one at a time
		// and together.
		files := puppetFiles(t, dir)
		ask := slices.Concat(touched, mapsKeys(e.overlays))
		for range 3 {
			ask = append(ask, files[e.rng.IntN(len(files))])
		}
		slices.Sort(ask)
		ask = slices.Compact(ask)
		for _, f := range ask {
			got, err := snap.Findings(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got[f], whole[f]) {
				t.Errorf("step %d: %s: findings of the warm workspace differ from a fresh whole run\nwarm:\n%s\nwhole:\n%s",
					i, f, show(got[f]), show(whole[f]))
			}
			compared++
			findings += len(whole[f])
		}
		got, err := snap.Findings(ctx, ask...)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range ask {
			if !reflect.DeepEqual(got[f], whole[f]) {
				t.Errorf("step %d: %s checked with %v: differs from a fresh whole run\nwarm:\n%s\nwhole:\n%s",
					i, f, ask, show(got[f]), show(whole[f]))
			}
		}
		all, err := snap.Findings(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, ds := range whole {
			findings += len(ds)
		}
		if !reflect.DeepEqual(all, whole) {
			for _, f := range slices.Sorted(maps.Keys(whole)) {
				if !reflect.DeepEqual(all[f], whole[f]) {
					t.Errorf("step %d: %s: findings of every file differ from a fresh whole run\nwarm:\n%s\nwhole:\n%s", i, f, show(all[f]), show(whole[f]))
				}
			}
			if len(all) != len(whole) {
				t.Errorf("step %d: %d files checked, the whole run checked %d", i, len(all), len(whole))
			}
		}
	}
	t.Logf("%d file checks compared, %d findings", compared, findings)
	if findings < 100 {
		t.Errorf("only %d findings compared: the comparison proves little", findings)
	}
}

func mapsKeys(m map[string][]byte) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

func show(ds []diagnostics.Diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		fmt.Fprintf(&b, "  %s:%d:%d %s %s %s\n", d.File, d.Start.Line, d.Start.Column, d.Severity, d.Rule, d.Message)
	}
	return b.String()
}

// TestEditReparsesOnlyTheEditedFile checks that a snapshot after an edit
// shares every other file with the one before.
func TestEditReparsesOnlyTheEditedFile(t *testing.T) {
	dir := t.TempDir()
	if err := gentree.Generate(120, 7).Write(dir); err != nil {
		t.Fatal(err)
	}
	w, err := engine.New(engine.Options{Roots: []string{"."}, Dir: dir, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	first, err := w.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	n := len(puppetFiles(t, dir))
	if got := engine.Updated(first); got.Parsed != n {
		t.Fatalf("first snapshot parsed %d files, want %d", got.Parsed, n)
	}
	if again, _ := w.Snapshot(ctx); again != first {
		t.Error("a snapshot with nothing changed is not the previous one")
	}
	const file = "modules/mod000/manifests/params.pp"
	w.SetOverlay(file, []byte("class mod000::params { $x = 1 }\n"))
	second, err := w.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got := engine.Updated(second); got.Parsed != 1 || got.Read != 0 || got.Reused != n-1 {
		t.Errorf("after an overlay: %+v, want 1 parsed, 0 read, %d reused", got, n-1)
	}
	// The earlier snapshot still sees the disk content.
	before, err := first.Findings(ctx, file)
	if err != nil {
		t.Fatal(err)
	}
	after, err := second.Findings(ctx, file)
	if err != nil {
		t.Fatal(err)
	}
	if reflect.DeepEqual(before, after) {
		t.Log("the overlay did not change the file's findings")
	}
	w.Changed(file) // saved elsewhere: the overlay still wins
	third, err := w.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got := engine.Updated(third); got.Parsed != 0 || got.Read != 0 {
		t.Errorf("a disk change under an unchanged overlay: %+v, want nothing parsed or read", got)
	}
}

// TestConcurrentChecksAndUpdates runs checks on several snapshots while the
// workspace is edited; the race detector checks the sharing.
func TestConcurrentChecksAndUpdates(t *testing.T) {
	dir := t.TempDir()
	if err := gentree.Generate(60, 3).Write(dir); err != nil {
		t.Fatal(err)
	}
	w, err := engine.New(engine.Options{Roots: []string{"."}, Dir: dir, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	files := puppetFiles(t, dir)
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 8 {
				f := files[(g*8+i)%len(files)]
				if g%2 == 0 {
					w.SetOverlay(f, []byte(fmt.Sprintf("class x%d_%d { include mod000 }\n", g, i)))
				}
				snap, err := w.Snapshot(ctx)
				if err != nil {
					t.Error(err)
					return
				}
				if _, err := snap.Findings(ctx, f, files[0]); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	snap, err := w.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	got, err := snap.Findings(ctx)
	if err != nil {
		t.Fatal(err)
	}
	overlays := map[string][]byte{}
	for g := 0; g < 4; g += 2 {
		for i := range 8 {
			overlays[files[(g*8+i)%len(files)]] = []byte(fmt.Sprintf("class x%d_%d { include mod000 }\n", g, i))
		}
	}
	if want := wholeRun(t, copyTree(t, dir, overlays)); !reflect.DeepEqual(got, want) {
		t.Error("findings after concurrent edits differ from a fresh whole run")
	}
}

// TestCanceledSnapshot checks that a canceled context stops a snapshot.
func TestCanceledSnapshot(t *testing.T) {
	dir := t.TempDir()
	if err := gentree.Generate(10, 1).Write(dir); err != nil {
		t.Fatal(err)
	}
	w, err := engine.New(engine.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := w.Snapshot(ctx); err == nil {
		t.Error("a canceled snapshot returned no error")
	}
	snap, err := w.Snapshot(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := snap.Findings(ctx); err == nil {
		t.Error("findings with a canceled context returned no error")
	}
}

// countdown is a context that is done once its Err has been asked n times:
// a cancellation that comes while a check is under way, at each of the
// points where the check looks.
type countdown struct {
	context.Context
	n, asked atomic.Int64
}

func (c *countdown) Err() error {
	if c.asked.Add(1) > c.n.Load() {
		return context.Canceled
	}
	return nil
}

// TestCheckStopsWhenCanceled checks that a check canceled while under way
// stops with the context's error, wherever the cancellation comes: while
// reading, building the model or running the rules, between two files.
func TestCheckStopsWhenCanceled(t *testing.T) {
	dir := t.TempDir()
	if err := gentree.Generate(40, 1).Write(dir); err != nil {
		t.Fatal(err)
	}
	w, err := engine.New(engine.Options{Dir: dir, Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	snap, err := w.Snapshot(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	file := "modules/mod000/manifests/init.pp"
	never := &countdown{Context: context.Background()}
	never.n.Store(math.MaxInt64)
	want, err := snap.Findings(never, file)
	if err != nil {
		t.Fatal(err)
	}
	looks := never.asked.Load()
	// Each file read, each file of the model and each file checked.
	if looks < 20 {
		t.Fatalf("a check looked at its context %d times: a cancellation cannot stop it between files", looks)
	}
	for n := range looks {
		ctx := &countdown{Context: context.Background()}
		ctx.n.Store(n)
		if got, err := snap.Findings(ctx, file); err == nil {
			t.Fatalf("canceled at the %d-th of %d looks, the check returned findings: %v", n+1, looks, got)
		}
	}
	ctx := &countdown{Context: context.Background()}
	ctx.n.Store(looks)
	if got, err := snap.Findings(ctx, file); err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("not canceled: %v, %v; want %v", got, err, want)
	}
}

// TestDependents checks that the files an edit can change are found among
// the open ones: a class's variable read elsewhere.
func TestDependents(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("environment.conf", "modulepath = modules\n")
	write("manifests/site.pp", "node default { include a }\n")
	write("modules/a/manifests/init.pp", "class a { include b\n notice($b::x) }\n")
	write("modules/b/manifests/init.pp", "class b { $x = 1 }\n")
	write("modules/c/manifests/init.pp", "class c { notice('alone') }\n")
	w, err := engine.New(engine.Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	open := []string{"modules/a/manifests/init.pp", "modules/b/manifests/init.pp", "modules/c/manifests/init.pp"}
	snap, err := w.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := snap.Dependents(ctx, "modules/b/manifests/init.pp", open); err != nil || !slices.Equal(got, open[:1]) {
		t.Errorf("dependents of b: %v, want [a]", got)
	}
	before, _ := snap.Findings(ctx, open[0])
	w.SetOverlay(open[1], []byte("class b { }\n"))
	snap, err = w.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	after, _ := snap.Findings(ctx, open[0])
	if reflect.DeepEqual(before[open[0]], after[open[0]]) {
		t.Errorf("removing $b::x did not change a's findings: %s", show(after[open[0]]))
	}
	if got, err := snap.Dependents(ctx, open[1], open); err != nil || !slices.Equal(got, open[:1]) {
		t.Errorf("dependents of b after the edit: %v, want [a]", got)
	}
	canceled, cancel := context.WithCancel(ctx)
	cancel()
	if got, err := snap.Dependents(canceled, open[1], open); err == nil {
		t.Errorf("dependents under a canceled context: %v, want its error", got)
	}
}

// TestDependentsMatchAFreshComputation checks Dependents, which reuses the
// contexts of earlier snapshots with the same summaries, against the
// contexts worked out afresh on each snapshot, after random edits: ones
// that change summaries (and the layout) and ones that do not (comments).
func TestDependentsMatchAFreshComputation(t *testing.T) {
	dir := t.TempDir()
	if err := gentree.Generate(120, 7).Write(dir); err != nil {
		t.Fatal(err)
	}
	w, err := engine.New(engine.Options{Roots: []string{"."}, Dir: dir, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	e := &editor{t: t, dir: dir, w: w, rng: rand.New(rand.NewPCG(3, 4)), overlays: map[string][]byte{},
		classes: []string{"mod000", "mod001::params", "mod002::config", "profile::base", "mod003"}}
	ctx := context.Background()
	prev, err := w.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for i := range 60 {
		files := puppetFiles(t, dir)
		var touched []string
		if e.rng.IntN(2) == 0 {
			// A comment: every summary stays as it was.
			f := files[e.rng.IntN(len(files))]
			src := append(slices.Clone(e.content(f)), fmt.Sprintf("\n# comment %d\n", i)...)
			e.overlays[f] = src
			w.SetOverlay(f, src)
			touched = []string{f}
		} else {
			touched = e.step()
			files = puppetFiles(t, dir)
		}
		snap, err := w.Snapshot(ctx)
		if err != nil {
			t.Fatal(err)
		}
		among := mapsKeys(e.overlays)
		for range 8 {
			among = append(among, files[e.rng.IntN(len(files))])
		}
		slices.Sort(among)
		among = slices.Compact(among)
		for _, f := range slices.Concat(touched, among[:min(3, len(among))]) {
			got, err := snap.Dependents(ctx, f, among)
			if err != nil {
				t.Fatal(err)
			}
			want := engine.DependentsAfresh(snap, prev, f, among)
			if !slices.Equal(got, want) {
				t.Errorf("step %d: dependents of %s among %v:\n got %v\nwant %v", i, f, among, got, want)
			}
			found += len(want)
		}
		prev = snap
	}
	if found < 20 {
		t.Errorf("only %d dependents found: the comparison proves little", found)
	}
}

// TestUnsavedNewFiles checks that buffers of files that do not exist on
// disk yet are analysed as files of the tree, by themselves and as
// context of each other, and leave it when their overlay is removed.
func TestUnsavedNewFiles(t *testing.T) {
	dir := t.TempDir()
	if err := gentree.Generate(60, 3).Write(dir); err != nil {
		t.Fatal(err)
	}
	w, err := engine.New(engine.Options{Roots: []string{"."}, Dir: dir, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := w.Snapshot(ctx); err != nil {
		t.Fatal(err)
	}
	const fresh, user = "modules/mod000/manifests/fresh.pp", "modules/mod001/manifests/user.pp"
	buffers := map[string][]byte{
		fresh: []byte("class mod000::fresh (String $greeting = 'hi') {\n  notice($greeting, $nowhere_assigned)\n}\n"),
		user:  []byte("class mod001::user {\n  include mod000::fresh\n  notice($mod000::fresh::greeting, $mod000::fresh::missing)\n}\n"),
	}
	for p, src := range buffers {
		w.SetOverlay(filepath.Join(dir, p), src) // absolute, as an editor gives it
	}
	saved := func(files map[string][]byte) map[string][]diagnostics.Diagnostic {
		copied := copyTree(t, dir, nil)
		for p, src := range files {
			if err := os.WriteFile(filepath.Join(copied, p), src, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return wholeRun(t, copied)
	}
	snap, err := w.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	whole := saved(buffers)
	if len(whole[fresh]) == 0 || len(whole[user]) == 0 {
		t.Fatalf("the saved files have no findings to compare: %v", whole)
	}
	all, err := snap.Findings(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(all, whole) {
		t.Errorf("with unsaved new files, findings differ from a run with them saved\nwarm %s:\n%s\nsaved:\n%s\nwarm %s:\n%s\nsaved:\n%s",
			fresh, show(all[fresh]), show(whole[fresh]), user, show(all[user]), show(whole[user]))
	}
	for _, p := range []string{fresh, user} {
		got, err := snap.Findings(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got[p], whole[p]) {
			t.Errorf("%s checked alone: differs from a run with it saved\nwarm:\n%s\nsaved:\n%s", p, show(got[p]), show(whole[p]))
		}
	}
	locs := snap.Definition(user, parser.Pos{Line: 2, Column: 12})
	if len(locs) != 1 || locs[0].File != fresh || locs[0].Start.Line != 1 {
		t.Errorf("Definition of mod000::fresh = %+v, want the unsaved %s", locs, fresh)
	}

	w.RemoveOverlay(fresh)
	snap, err = w.Snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	all, err = snap.Findings(ctx)
	if err != nil {
		t.Fatal(err)
	}
	whole = saved(map[string][]byte{user: buffers[user]})
	if _, ok := all[fresh]; ok {
		t.Errorf("%s is still analysed after its overlay was removed", fresh)
	}
	if !reflect.DeepEqual(all, whole) {
		t.Errorf("after the unsaved file's overlay was removed, %s: findings differ\nwarm:\n%s\nsaved:\n%s", user, show(all[user]), show(whole[user]))
	}
}

// TestHieraSummariesAreCached checks that a warm run reads Hiera files'
// summaries from the cache, as it does Puppet files' (parsing the YAML of
// every data file was a tenth of an editor run on a control repository),
// and that a Hiera file and a manifest with the same text do not share a
// summary: the cache keys Hiera files by role and format too.
func TestHieraSummariesAreCached(t *testing.T) {
	dir := t.TempDir()
	same := "profile::web::port: 8080\n"
	files := gentree.Tree{
		"hiera.yaml":                         "version: 5\ndefaults:\n  datadir: data\n  data_hash: yaml_data\nhierarchy:\n  - name: common\n    path: common.yaml\n",
		"data/common.yaml":                   same,
		"manifests/site.pp":                  "node default { include profile::web }\n",
		"modules/profile/manifests/web.pp":   "class profile::web (Integer $port = 80) { notice($port) }\n",
		"modules/profile/manifests/other.pp": "class profile::other { }\n",
	}
	if err := files.Write(dir); err != nil {
		t.Fatal(err)
	}
	// A manifest whose text equals the data file's, checked first, so that
	// a cache keyed by text alone would hand its summary to the data file.
	if err := os.WriteFile(filepath.Join(dir, "modules/profile/manifests/same.pp"), []byte(same), 0o644); err != nil {
		t.Fatal(err)
	}
	cacheDir := t.TempDir()
	check := func() (engine.Counts, map[string][]diagnostics.Diagnostic) {
		w, err := engine.New(engine.Options{Roots: []string{"modules/profile/manifests/other.pp"}, Dir: dir, Jobs: 2,
			CacheDir: cacheDir, CacheOwner: "test"})
		if err != nil {
			t.Fatal(err)
		}
		s, err := w.Snapshot(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		found, err := s.Findings(context.Background(), "data/common.yaml")
		if err != nil {
			t.Fatal(err)
		}
		return engine.Updated(s), found
	}
	cold, coldFound := check()
	warm, warmFound := check()
	if cold.Parsed == 0 {
		t.Fatalf("cold run parsed nothing: %+v", cold)
	}
	// The reported file is parsed for its findings; every other summary,
	// the hiera.yaml's and the data file's included, comes from the cache.
	if warm.Parsed != 1 {
		t.Errorf("warm run parsed %d files (%+v); want only the reported one", warm.Parsed, warm)
	}
	if show(coldFound["data/common.yaml"]) != show(warmFound["data/common.yaml"]) {
		t.Errorf("findings differ cold and warm:\n%s\nvs\n%s", show(coldFound["data/common.yaml"]), show(warmFound["data/common.yaml"]))
	}
}

// shapeEdit returns src changed in a way that keeps its facts (see
// model.SimulatesAlike), or, now and then, one that changes what the
// simulations see through a comment or blanks: a comment line inserted, a
// line indented, trailing blanks, blank lines, a notice() statement, an
// `@api private` doc comment above a class or defined type added or
// removed, blanks after a comma.
func shapeEdit(rng *rand.Rand, src []byte) []byte {
	return shapeEditOf(rng, src, rng.IntN(7))
}

// shapeEditOf is shapeEdit of the given kind.
func shapeEditOf(rng *rand.Rand, src []byte, kind int) []byte {
	lines := strings.Split(string(src), "\n")
	i := rng.IntN(len(lines))
	switch kind {
	case 0:
		lines = slices.Insert(lines, i, fmt.Sprintf("# note %d", rng.IntN(1000)))
	case 6: // a statement that is no fact, in a body or at the top
		for j, l := range lines {
			if strings.HasSuffix(strings.TrimSpace(l), "{") && rng.IntN(2) == 0 {
				lines = slices.Insert(lines, j+1, fmt.Sprintf("  notice('typed %d')", rng.IntN(1000)))
				return []byte(strings.Join(lines, "\n"))
			}
		}
		lines = append(lines, fmt.Sprintf("notice('typed %d')", rng.IntN(1000)))
	case 7: // a conditional's test, which decides whether its arms depend on data
		for j, l := range lines {
			if strings.Contains(l, "$facts['kernel']") {
				lines[j] = strings.ReplaceAll(l, "$facts['kernel']", "$choice")
				break
			}
			if strings.Contains(l, "if $choice") {
				lines[j] = strings.ReplaceAll(l, "$choice", "$facts['kernel']")
				break
			}
		}
	case 5: // blanks inside an expression: what a default's value quotes
		for j, l := range lines {
			if strings.Contains(l, "','") {
				lines[j] = strings.ReplaceAll(l, "','", "', '")
				break
			}
			if strings.Contains(l, "', '") {
				lines[j] = strings.ReplaceAll(l, "', '", "','")
				break
			}
		}
	case 1:
		lines[i] = "  " + lines[i]
	case 2:
		lines[i] += "   "
	case 3:
		lines = slices.Insert(lines, i, "", "")
	case 4:
		for j, l := range lines {
			t := strings.TrimSpace(l)
			if strings.HasPrefix(t, "class ") || strings.HasPrefix(t, "define ") {
				if j > 0 && strings.Contains(lines[j-1], "@api private") {
					lines = slices.Delete(lines, j-1, j)
				} else {
					lines = slices.Insert(lines, j, "# @api private")
				}
				break
			}
		}
	}
	return []byte(strings.Join(lines, "\n"))
}

// TestCarriedSimulationsMatchAFreshWholeRun checks the carries (a check
// taking over the simulations of the last check of the same files when
// the edits since changed no input of the simulations): after edits of
// comments, whitespace and statements that are no facts, mixed with
// edits that change facts, the findings of the edited and the open files
// equal those of a fresh whole run, and the carries were taken.
func TestCarriedSimulationsMatchAFreshWholeRun(t *testing.T) {
	dir := t.TempDir()
	if err := gentree.Generate(120, 7).Write(dir); err != nil {
		t.Fatal(err)
	}
	// Resource defaults that reach other classes, from two orders.
	leaky := map[string]string{
		"modules/leaky/manifests/init.pp":   "class leaky {\n  File { mode => '0600' }\n  include leaky::files\n}\n",
		"modules/leaky/manifests/other.pp":  "class leaky::other {\n  File {\n    mode => '0644',\n  }\n  include leaky::files\n}\n",
		"modules/leaky/manifests/files.pp":  "class leaky::files {\n  file { '/etc/leaky': ensure => file }\n}\n",
		"modules/leaky/manifests/pair.pp":   "class leaky::pair {\n  include leaky\n  include leaky::other\n  class { 'leaky::files': }\n}\n",
		"modules/leaky/manifests/define.pp": "define leaky::define {\n  file { \"/tmp/${title}\": }\n  file { '/tmp/same': }\n}\n",
		"manifests/leaky.pp":                "node 'leaky' {\n  include leaky::pair\n  include leaky::cond\n  include leaky::refs\n  leaky::define { ['a', 'b']: }\n}\n",
		// References whose targets a catalog holds or not.
		"modules/leaky/manifests/refs.pp": "class leaky::refs {\n  file { '/r': require => [Package['missing'], Package['elsewhere']] }\n  package { 'present': }\n  File['/r'] -> Package['gone']\n}\n",
		"modules/leaky/manifests/pkgs.pp": "class leaky::pkgs {\n  package { 'elsewhere': }\n}\n",
		// A redeclaration on an arm whose test reads facts or data.
		"modules/leaky/manifests/cond.pp": "class leaky::cond(String $choice = 'x') {\n  include leaky\n  if $facts['kernel'] == 'Linux' {\n    class { 'leaky::files': }\n  }\n}\n",
		// Defaults whose values are written alike or not.
		"modules/leaky/manifests/one.pp":   "class leaky::one {\n  File { tag => ['a','b'] }\n  include leaky::three\n}\n",
		"modules/leaky/manifests/two.pp":   "class leaky::two {\n  File { tag => ['a', 'b'] }\n  include leaky::three\n}\n",
		"modules/leaky/manifests/three.pp": "class leaky::three {\n  file { '/three': }\n}\n",
		"manifests/three.pp":               "node 'three' {\n  include leaky::one\n  include leaky::two\n}\n",
	}
	for f, src := range leaky {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	w, err := engine.New(engine.Options{Roots: []string{"."}, Dir: dir, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	// Every context's program is retained, so that the checks that take
	// a carry also rebase their program on the carry's (model.Rebase).
	engine.SetRetention(w, 0, 1<<30)
	rng := rand.New(rand.NewPCG(3, 4))
	e := &editor{t: t, dir: dir, w: w, rng: rng, overlays: map[string][]byte{},
		classes: []string{"mod000", "mod001::params", "leaky::files", "leaky", "mod003"}}
	files := puppetFiles(t, dir)
	open := slices.Sorted(maps.Keys(leaky))
	for range 2 {
		open = append(open, files[rng.IntN(len(files))])
	}
	ctx := context.Background()
	dynamicRules := map[string]bool{"class-redeclared": true, "duplicate-resource": true, "default-leak": true, "order-dependent-default": true,
		"unknown-resource-reference": true}
	compared, fromSimulations := 0, 0
	// Every fourth edit is one of these: what the simulations read of
	// comments and of blanks.
	scripted := []struct {
		file string
		kind int
	}{{"modules/leaky/manifests/files.pp", 4}, {"modules/leaky/manifests/one.pp", 5}, {"modules/leaky/manifests/init.pp", 4},
		{"modules/leaky/manifests/two.pp", 5}, {"modules/leaky/manifests/cond.pp", 7}}
	// Each scripted edit comes up at least once (every fourth step).
	steps := 4 * len(scripted)
	if exhaustive {
		steps = 60
	}
	for i := range steps {
		file := open[rng.IntN(len(open))]
		src := e.content(file)
		switch {
		case i%4 == 3:
			file = scripted[(i/4)%len(scripted)].file
			src = shapeEditOf(rng, e.content(file), scripted[(i/4)%len(scripted)].kind)
		case rng.IntN(6) == 0:
			src = e.mutate(src)
		default:
			src = shapeEdit(rng, src)
		}
		e.overlays[file] = src
		w.SetOverlay(file, src)
		snap, err := w.Snapshot(ctx)
		if err != nil {
			t.Fatal(err)
		}
		whole := wholeRun(t, copyTree(t, dir, e.overlays))
		for _, f := range open {
			got, err := snap.Findings(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got[f], whole[f]) {
				t.Errorf("step %d (edited %s): %s: findings differ from a fresh whole run\nwarm:\n%s\nwhole:\n%s",
					i, file, f, show(got[f]), show(whole[f]))
			}
			compared++
			for _, d := range whole[f] {
				if dynamicRules[d.Rule] {
					fromSimulations++
				}
			}
		}
	}
	taken, rebased := engine.CarriesTaken(w), engine.CarriesRebased(w)
	t.Logf("%d file checks compared, %d findings from the simulations, %d checks took a carry, %d rebased their program",
		compared, fromSimulations, taken, rebased)
	if rebased < taken*3/4 {
		t.Errorf("%d of %d checks that took a carry rebased their program", rebased, taken)
	}
	if fromSimulations < 50 {
		t.Errorf("only %d findings from the simulations compared: the comparison proves little", fromSimulations)
	}
	if taken < int64(compared)/3 {
		t.Errorf("%d of %d checks took a carry: the carries are not being used", taken, compared)
	}
}

// TestEditorWorkspaceCarriesFromItsFirstSnapshot checks that an editor's
// workspace (Options.Editor) leaves carries from its first snapshot on, so
// that the first edit of a buffer opened with the workspace does not
// simulate every catalog again, and that a single run's does not: its
// first snapshot is all it makes.
func TestEditorWorkspaceCarriesFromItsFirstSnapshot(t *testing.T) {
	tree := map[string]string{
		"modules/leaky/manifests/init.pp":  "class leaky {\n  File { mode => '0600' }\n  include leaky::files\n}\n",
		"modules/leaky/manifests/files.pp": "class leaky::files {\n  file { '/etc/leaky': ensure => file }\n}\n",
		"manifests/site.pp":                "node default {\n  include leaky\n}\n",
	}
	for _, editor := range []bool{false, true} {
		dir := t.TempDir()
		for f, src := range tree {
			if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, f), []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		w, err := engine.New(engine.Options{Roots: []string{"."}, Dir: dir, Editor: editor})
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		const file = "modules/leaky/manifests/init.pp"
		check := func() []diagnostics.Diagnostic {
			snap, err := w.Snapshot(ctx)
			if err != nil {
				t.Fatal(err)
			}
			got, err := snap.Findings(ctx, file)
			if err != nil {
				t.Fatal(err)
			}
			return got[file]
		}
		first := check()
		if !slices.ContainsFunc(first, func(f diagnostics.Diagnostic) bool { return f.Rule == "default-leak" }) {
			t.Fatalf("editor %v: no default-leak finding to carry: %s", editor, show(first))
		}
		w.SetOverlay(file, []byte("# a comment\n"+tree[file]))
		second := check()
		want := int64(0)
		if editor {
			want = 1
		}
		if got := engine.CarriesTaken(w); got != want {
			t.Errorf("editor %v: %d checks took a carry, want %d", editor, got, want)
		}
		if len(second) != len(first) {
			t.Errorf("editor %v: %d findings after a comment, %d before:\n%s", editor, len(second), len(first), show(second))
		}
	}
}
