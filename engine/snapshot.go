package engine

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/ducklint/ducklint/cache"
	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/internal/par"
	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/policy"
	"github.com/ducklint/ducklint/rules"
	"github.com/ducklint/ducklint/rules/model"
)

// Snapshot is an immutable view of one version of the workspace: its files
// with their content, parsed trees and summaries, its configuration and
// rules. It is safe for concurrent use.
type Snapshot struct {
	opts   Options
	reg    *rules.Registry
	cfg    *rules.Config
	active []rules.Active
	pols   []*policy.Policy

	// tree is the layout; its files' Src is not used (contents are in
	// versions), so the files can be shared with later snapshots.
	tree      *load.Tree
	versions  []*version     // of tree.Files[i]
	byAbs     map[string]int // index in tree.Files by absolute path ("" for nameless stdin)
	declaring model.DeclaringFunctions
	store     *cache.Store // the persistent summary cache, nil for none
	sumErrs   []error      // files that could not be read to be summarised
	updated   counts       // what making this snapshot, and its first check, read and parsed

	// ahead reads the files the last run of the roots kept, for the
	// first check of a single run (see readAhead); recorded is what that
	// run recorded, and predictionKey is where that check records its
	// own. ahead and predictionKey are each taken once (by the first
	// check); recorded is only read.
	predictionMu  sync.Mutex
	ahead         *readAhead
	recorded      cache.Context
	predictionKey string

	// indexOnce makes index, the name index of the summaries narrowing
	// works from: baseIndex.With the files at changedSince when baseIndex
	// is set (the previous snapshot's, of the same layout), else a new one.
	indexOnce    sync.Once
	index        *model.Index
	baseIndex    *model.Index
	changedSince []int

	// prevIndex is the previous snapshot's index.
	prevIndex *model.Index

	// contexts are the relevant contexts worked out on this snapshot's
	// summaries, shared with the snapshots before and after it that have
	// the same; prevContexts are the previous snapshot's when its
	// summaries differ, for Dependents.
	contexts, prevContexts *contexts

	// carries are the workspace's simulations kept from check to check.
	carries *carries
	// warm is set for every snapshot of a workspace but its first, and
	// for every snapshot of an editor's (Options.Editor): its checks keep
	// what files contribute to a model (version.collected) and their
	// simulations (carries) for the next ones, which a single run does
	// not need.
	warm bool
}

// A snapshot of at most smallRunFiles files and smallRunBytes bytes of
// source, as a run over one file outside any tree loads, is checked on one
// goroutine: a second one costs its thread's wake-up and fresh heap pages
// for its allocations, more than it takes over of so little work. The
// bytes are those of the files the load read, the ones named: context
// files are not read yet, and count only among the files.
const (
	smallRunFiles = 4
	smallRunBytes = 32 << 10
)

// update builds the snapshot of the workspace's current state, sharing
// every unchanged file's version with the current one. w.mu is held.
func (w *Workspace) update(ctx context.Context) (*Snapshot, error) {
	prev := w.current
	s := &Snapshot{opts: w.opts, reg: w.reg, pols: w.pols, cfg: w.cfg, active: w.active, carries: w.carries, warm: w.opts.Editor}
	if prev != nil {
		s.store, s.prevIndex, s.warm = prev.store, prev.nameIndex(), true
	}
	var loadedSrc [][]byte       // content that came with loading, by file
	var recorded cache.Context   // what the last run of the roots recorded of its context
	var ahead *readAhead         // reading what it kept
	var storeAhead bool          // the store was opened for the roots it recorded
	var earlyParsed *earlyParses // the reported files parsed while the load went on
	if prev == nil || w.relayout {
		// The first check of a single run records its context for the
		// next run of the same roots to read ahead, under key; a run that
		// parses the whole context has none to record or read.
		key := ""
		if !w.opts.Editor && prev == nil && !w.opts.WholeContext {
			key = w.predictionKey()
		}
		// A first load parses the files its walks read while it places
		// them (a later one has most of them parsed already).
		var walked func([]load.WalkedFile)
		if prev == nil {
			walked = func(files []load.WalkedFile) {
				if w.opts.Walked != nil {
					w.opts.Walked(len(files))
				}
				earlyParsed = startEarlyParses(files, w.opts.Jobs)
			}
		}
		l, err := w.load(key, walked)
		if w.earlyToTheEnd {
			earlyParsed.wait()
		}
		earlyParsed.finish()
		if err != nil {
			return nil, err
		}
		tree, store := l.tree, l.store
		recorded, ahead = l.recorded, l.ahead
		storeAhead = l.storeAhead
		var size int64
		for _, f := range tree.Files {
			size += int64(len(f.Src))
		}
		if w.opts.Loaded != nil {
			w.opts.Loaded(len(tree.Files), size)
		}
		if len(tree.Files) <= smallRunFiles && size <= smallRunBytes {
			s.opts.Jobs = 1
		}
		if store != nil {
			s.store, s.predictionKey = store, key
		}
		s.carries.reset() // of another layout
		// Contents go to versions; the tree keeps the layout only.
		loadedSrc = make([][]byte, len(tree.Files))
		for i, f := range tree.Files {
			if f.Src != nil {
				c := *f
				loadedSrc[i], c.Src = f.Src, nil
				tree.Files[i] = &c
			}
		}
		s.tree = tree
	} else {
		t := *prev.tree
		t.Files = slices.Clone(t.Files)
		s.tree = &t
	}
	if err := ctx.Err(); err != nil {
		ahead.finish()
		return nil, err
	}

	s.versions = make([]*version, len(s.tree.Files))
	s.byAbs = make(map[string]int, len(s.tree.Files))
	var todo []int
	for i, f := range s.tree.Files {
		s.byAbs[f.AbsPath] = i
		var old *version
		if prev != nil {
			if j, ok := prev.byAbs[f.AbsPath]; ok && parsingOf(prev.tree.Files[j]) == parsingOf(f) {
				old = prev.versions[j]
			}
		}
		changed := w.changed[f.AbsPath]
		if ov, ok := w.overlays[f.AbsPath]; ok && f.AbsPath != "" {
			if old != nil && old.overlay && !changed {
				s.versions[i] = old
			} else if old != nil && old.overlay && sameContent(old, ov) {
				s.versions[i] = old
			} else {
				s.versions[i] = &version{overlay: true, src: ov}
				todo = append(todo, i)
			}
			continue
		}
		if loadedSrc != nil && loadedSrc[i] != nil {
			if old != nil && !old.overlay && sameContent(old, loadedSrc[i]) {
				s.versions[i] = old
			} else {
				s.versions[i] = &version{src: loadedSrc[i]}
				todo = append(todo, i)
			}
			continue
		}
		if loadedSrc == nil && changed {
			// A file changed on disk since the layout was walked: its
			// stat now.
			st, err := load.StatFile(f.AbsPath)
			if err == nil {
				c := *f
				c.Stat = st
				s.tree.Files[i] = &c
				f = &c
			}
		}
		if old != nil && !old.overlay && !changed && (loadedSrc == nil || (old.stat == f.Stat && f.Stat != load.Stat{})) {
			s.versions[i] = old
			continue
		}
		s.versions[i] = &version{stat: f.Stat}
		todo = append(todo, i)
	}
	s.updated = summarise(s.tree.Files, s.versions, todo, s.store, s.opts.Jobs, earlyParsed)
	s.updated.Predicted = ahead.attach(s.versions, s.byAbs)
	s.updated.StoreAhead = storeAhead
	s.ahead, s.recorded = ahead, recorded
	s.updated.Reused = len(s.tree.Files) - len(todo)
	for _, v := range s.versions {
		if v.err != nil {
			s.sumErrs = append(s.sumErrs, v.err)
		}
	}
	if loadedSrc != nil && s.store != nil {
		// The cache keeps what this walk of the roots saw.
		for i, f := range s.tree.Files {
			if v := s.versions[i]; v.hashed && !v.overlay && v.stat != (load.Stat{}) {
				s.store.Record(f.AbsPath, v.entry, v.recordedSummary(f))
			}
		}
		_ = s.store.Save() // the cache only saves time: a run goes on without it
	}
	if prev != nil && loadedSrc == nil {
		s.baseIndex = s.prevIndex
		for i, v := range s.versions {
			if v != prev.versions[i] {
				s.changedSince = append(s.changedSince, i)
			}
		}
		if len(s.changedSince) > maxSummaryCompares {
			// A checkout: the carries would only keep old facts alive.
			s.carries.reset()
		}
	}
	var declaring model.DeclaringFunctions
	if s.cfg != nil {
		declaring = s.cfg.DeclaringFunctions
	}
	s.declaring = model.TreeDeclaringFunctions(s.tree, declaring)

	// The same layout, rules and summaries give the same contexts; the
	// same layout and rules, the contexts the changed summaries cannot
	// change.
	needs := rules.ContextOf(s.active)
	s.contexts = newContexts(needs)
	if prev != nil {
		if loadedSrc == nil && prev.contexts.needs == needs && len(s.changedSince) <= maxSummaryCompares {
			was, now, same := changedSummaries(s, prev, s.changedSince)
			if same {
				s.contexts = prev.contexts
				return s, nil
			}
			prev.contexts.carry(s.contexts, s.prevIndex, s.changedSince, was, now)
		}
		s.prevContexts = prev.contexts
		s.prevContexts.retire(prev)
	}
	return s, nil
}

// loaded is what Workspace.load gives.
type loaded struct {
	tree     *load.Tree
	store    *cache.Store
	recorded cache.Context
	ahead    *readAhead
	// storeAhead is set when the store was opened before the layout
	// knew its roots, for the roots recorded.
	storeAhead bool
}

// load walks the roots: reported files are read, context files only
// stat'ed. The summary cache for the context's roots is opened while the
// tree is walked (both take tens of milliseconds of an editor's save); it
// is nil when there is no context outside the roots or no CacheDir. When
// key is set, the context the store recorded under it is returned, and
// the files it names are read ahead from before the cache file is read.
// walked, if set, is the load's Walked (load.Options).
func (w *Workspace) load(key string, walked func([]load.WalkedFile)) (loaded, error) {
	if w.stdin == nil && slices.Contains(w.opts.Roots, "-") && w.opts.Stdin != nil {
		src, err := io.ReadAll(w.opts.Stdin)
		if err != nil {
			return loaded{}, fmt.Errorf("reading standard input: %w", err)
		}
		w.stdin = src
	}
	var stdin io.Reader
	if w.opts.Stdin != nil {
		stdin = bytes.NewReader(w.stdin)
	}
	dir := w.opts.Dir
	var exclude []string
	excludeBase := dir
	if w.cfg != nil {
		exclude = w.cfg.Exclude
		if w.cfg.Path != "" {
			excludeBase = filepath.Dir(w.cfg.Path)
		}
	}
	var store *cache.Store
	var recorded cache.Context
	var ahead *readAhead
	// The context the last run of the same key recorded names the roots
	// of the store it used and the files to read ahead: both are started
	// on before the layout knows this run's roots, the store taken when
	// they are the same. The files are read once the store is open: the
	// walk waits for the store, and nothing waits for the files until the
	// walk is done.
	var storeOpened *par.Future[*cache.Store]
	// storeAhead is set when the load takes the store opened ahead: one
	// opened for other roots is not waited for.
	var storeAhead bool
	if key != "" && w.opts.CacheDir != "" {
		opts := cache.Options{Dir: w.opts.CacheDir, Owner: w.opts.CacheOwner, Now: w.opts.Now}
		if rec, ok := cache.ReadContext(opts, key); ok {
			recorded, ahead = rec, newReadAhead(rec)
			if len(rec.Roots) > 0 {
				opts.Roots = rec.Roots
				storeOpened = par.Start(func() *cache.Store {
					s := cache.Open(opts)
					ahead.start()
					return s
				})
			} else {
				ahead.start()
			}
		}
	}
	tree, err := load.Load(load.Options{
		Paths: w.opts.Roots, Dir: dir, Exclude: exclude, ExcludeBase: excludeBase,
		Stdin: stdin, StdinFilename: w.opts.StdinFilename, Jobs: w.opts.Jobs, DeferContext: true,
		Overlays: w.overlays, Boundary: w.opts.Boundary, Walked: walked,
		OnContext: func([]string) {
			if w.opts.ContextFound != nil {
				w.opts.ContextFound()
			}
		},
		ContextMemo: func(roots []string) load.Memo {
			if w.opts.CacheDir == "" {
				return nil
			}
			if storeOpened != nil && slices.Equal(roots, recorded.Roots) {
				store, storeAhead = storeOpened.Get(), true
			} else {
				storeAhead = false
				store = cache.Open(cache.Options{Dir: w.opts.CacheDir, Roots: roots, Owner: w.opts.CacheOwner, Now: w.opts.Now})
			}
			if key != "" {
				store.KnowContext(key, recorded)
			}
			return store
		},
	})
	if err != nil {
		ahead.finish()
		return loaded{}, &ConfigError{err}
	}
	return loaded{tree: tree, store: store, recorded: recorded, ahead: ahead, storeAhead: storeAhead}, nil
}

// sums returns the summary of each file, nil for one that could not be
// read, summarising in parallel what is not yet.
func (s *Snapshot) sums() []*model.Summary {
	out := make([]*model.Summary, len(s.versions))
	par.For(len(s.versions), s.opts.Jobs, func(i int) { out[i] = s.versions[i].summary(s.tree.Files[i]) })
	return out
}

// nameIndex returns the snapshot's name index, making it on first use.
func (s *Snapshot) nameIndex() *model.Index {
	s.indexOnce.Do(func() {
		if s.baseIndex != nil {
			s.index = s.baseIndex.With(s.tree.Files, s.sums(), s.changedSince)
		} else {
			s.index = model.NewIndex(s.tree.Files, s.sums(), s.declaring)
		}
		s.baseIndex, s.changedSince = nil, nil
	})
	return s.index
}

// Result is what a check of some files found.
type Result struct {
	// Findings are sorted in the contract order. They point into storage
	// the check made for them, shared by no other result.
	Findings []*diagnostics.Diagnostic
	// Files are the reported paths of the files checked, sorted.
	Files []string
	// Errors are the paths that could not be linted, in path order.
	Errors []diagnostics.PathError
	// Notices are the paths left out because they lead outside the
	// boundary (see load.Tree.Notices), in path order: reported at info,
	// they do not fail a run.
	Notices []diagnostics.PathError
	// Source returns the content of a checked file by its reported path.
	Source func(path string) []byte
	// ParseOptions returns the options a checked file was parsed with, by
	// its reported path: what its place in the layout gives it.
	ParseOptions func(path string) parser.ParseOptions
	// Enclosing names the innermost definition around a position of a
	// checked file ("class ntp::config"), "" for none. It is not safe for
	// concurrent use.
	Enclosing func(path string, p parser.Pos) string
}

// Check returns the findings of the files at paths (absolute, or relative
// to the workspace's directory; every file below the roots when none are
// given), equal to those a check of every file gives for them. Paths that
// are not Puppet files of the workspace are left out.
func (s *Snapshot) Check(ctx context.Context, paths ...string) (*Result, error) {
	if err := ctx.Err(); err != nil {
		// The read-ahead is finished here too: else it goes on reading
		// and parsing files nothing waits for.
		s.takeAhead().finish()
		return nil, err
	}
	reported := make([]bool, len(s.tree.Files))
	for i, f := range s.tree.Files {
		reported[i] = len(paths) == 0 && f.Reported
	}
	for _, p := range paths {
		if i, ok := s.byAbs[s.abs(p)]; ok {
			reported[i] = true
		}
	}
	// With every file reported, every file is kept: no summaries needed.
	whole := s.opts.WholeContext || !slices.Contains(reported, false)
	// The first check of a single run's roots records its context for the
	// next run, and keeps the last run's when its inputs are the same.
	key := s.takePredictionKey()
	var inputs cache.Hash
	var keep []bool
	if !whole && len(paths) == 0 && key != "" {
		if h, ok := s.relevantInputs(reported); ok {
			inputs, keep = h, s.recordedKeep(h)
		}
	}
	// Else it is worked out, what the last run kept being read ahead
	// meanwhile.
	ahead := s.takeAhead()
	defer ahead.finish()
	if !whole && keep == nil {
		keep = s.contexts.relevant(s.nameIndex(), reported)
	}
	var kept []int
	for i, v := range s.versions {
		if v.err == nil && (whole || keep[i]) {
			kept = append(kept, i)
		}
	}
	// The kept files, as the model sees them: with their content and
	// whether they are reported on.
	files := make([]*load.File, len(s.tree.Files))
	for _, i := range kept {
		c := *s.tree.Files[i]
		c.Reported = reported[i]
		files[i] = &c
	}
	// The files predicted and kept are read ahead still, the others no more.
	if ahead != nil {
		want := make(map[string]bool, len(kept))
		for _, i := range kept {
			want[s.tree.Files[i].AbsPath] = true
		}
		ahead.only(want)
	}
	parsedAt := make([]*parser.File, len(kept))
	hieraAt := make([]*model.HieraFile, len(kept))
	readErrs := make([]error, len(kept))
	arenas := make([]parser.Arena, par.Workers(len(kept), s.opts.Jobs))
	par.ForWorkers(len(kept), s.opts.Jobs, func(w, k int) {
		if ctx.Err() != nil {
			return
		}
		i := kept[k]
		var src []byte
		src, parsedAt[k], readErrs[k] = s.versions[i].contentIn(&arenas[w], files[i])
		hieraAt[k] = s.versions[i].hiera
		files[i].Src = src
	})
	ahead.finish()
	if ahead != nil {
		s.updated.TakenAhead = int(ahead.taken.Load())
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	// A stored summary that did not decode was made afresh from its
	// file's content while the context was worked out (see
	// version.summary): the cache is written again with it.
	if s.store != nil && !whole {
		_ = s.store.Save() // the cache only saves time: a run goes on without it
	}
	// The key names the roots: a check of other files records nothing.
	if key != "" && !whole && len(paths) == 0 {
		s.recordPrediction(key, inputs, keep, kept, reported, readErrs)
	}
	narrowed := *s.tree
	narrowed.Files = make([]*load.File, 0, len(kept))
	parsed := make(map[*load.File]*parser.File, len(kept))
	hieraFiles := map[*load.File]*model.HieraFile{}
	contextErrs := slices.Clone(s.sumErrs)
	// The model's files by layout and version, for the carries.
	var layout []*load.File
	var layoutReported []bool
	var layoutVersions []*version
	for k, i := range kept {
		if readErrs[k] != nil {
			contextErrs = append(contextErrs, readErrs[k])
			continue
		}
		if !whole {
			layout = append(layout, s.tree.Files[i])
			layoutReported = append(layoutReported, reported[i])
			layoutVersions = append(layoutVersions, s.versions[i])
		}
		narrowed.Files = append(narrowed.Files, files[i])
		parsed[files[i]] = parsedAt[k]
		if hieraAt[k] != nil {
			hieraFiles[files[i]] = hieraAt[k]
		}
	}
	programs := splitPrograms(&narrowed)
	if len(programs) > 1 {
		return s.checkPrograms(ctx, programs, parsed, hieraFiles, contextErrs)
	}
	var known []string
	if s.cfg != nil {
		known = s.cfg.KnownVariables
	}
	var carryKey string
	var carry *model.DynamicCarry
	var carried *model.Program // the carry's program, to rebase on
	var changed []int          // the files of layout it must take anew
	if !whole {
		carryKey = contextKey(reported)
		carry, carried, changed = s.carries.lookup(carryKey, layout, layoutReported, layoutVersions, s.declaring)
	}
	opts := model.Options{KnownVariables: known, Jobs: s.opts.Jobs, Parsed: parsed, Hiera: hieraFiles,
		DeclaringFunctions: s.declaring, Dynamic: carry}
	if s.warm {
		versionOf := make(map[*load.File]*version, len(narrowed.Files))
		for _, i := range kept {
			versionOf[files[i]] = s.versions[i]
		}
		opts.Collected = func(lf *load.File, parsed *parser.File, declaring model.DeclaringFunctions) *model.Collected {
			return versionOf[lf].collectedFor(lf, parsed, declaring)
		}
	}
	// A program rebased on the carry's takes only the changed files' facts
	// anew (model.Rebase); a check that cannot, builds its program.
	var prog *model.Program
	if carry != nil && carried != nil && opts.Collected != nil {
		if p, ok := model.Rebase(ctx, carried, &narrowed, changed, opts); ok {
			prog = p
			s.carries.rebased.Add(1)
		}
	}
	if prog == nil {
		p, err := model.BuildContext(ctx, &narrowed, opts)
		if err != nil {
			return nil, err
		}
		prog = p
	}
	rn := s.runner()
	s.simulateFirst(rn, prog)
	findings, err := rn.RunContext(ctx, prog)
	if err != nil {
		return nil, err
	}
	for _, p := range s.pols {
		if err := p.CostError(); err != nil {
			return nil, &ConfigError{err}
		}
	}
	if !whole {
		if carry != nil && prog.CarryDynamic() == carry {
			s.carries.taken.Add(1)
		}
		s.carries.remember(carryKey, layout, layoutReported, layoutVersions, prog, s.warm)
	}
	return s.result(findings, []*model.Program{prog}, contextErrs), nil
}

// takeAhead returns the snapshot's read-ahead, once.
func (s *Snapshot) takeAhead() *readAhead {
	s.predictionMu.Lock()
	defer s.predictionMu.Unlock()
	r := s.ahead
	s.ahead = nil
	return r
}

// takePredictionKey returns the key to record the context of the
// snapshot's first check under, once.
func (s *Snapshot) takePredictionKey() string {
	s.predictionMu.Lock()
	defer s.predictionMu.Unlock()
	k := s.predictionKey
	s.predictionKey = ""
	return k
}

// recordPrediction records the context files of the snapshot's first
// check, the files kept and read without errors but the reported ones,
// for the next run of the same roots to read ahead (see readAhead), and
// the files keep holds with the hash of what that was worked out from
// (see recordedKeep).
func (s *Snapshot) recordPrediction(key string, inputs cache.Hash, keep []bool, kept []int, reported []bool, readErrs []error) {
	c := cache.Context{Roots: s.store.Roots(), Files: make([]string, 0, len(kept)), Notes: make([]string, 0, len(kept)), Inputs: inputs}
	for k, i := range kept {
		if f := s.tree.Files[i]; !reported[i] && readErrs[k] == nil && f.AbsPath != "" {
			c.Files = append(c.Files, f.AbsPath)
			c.Notes = append(c.Notes, aheadNote(f))
		}
	}
	if inputs != (cache.Hash{}) {
		for i, k := range keep {
			if k {
				c.Keep = append(c.Keep, i)
			}
		}
	}
	_ = s.store.RecordContext(key, c) // the cache only saves time: a run goes on without it
}

// runner runs the snapshot's rules for the configured target Puppet
// version, or, with none configured, each file's own (rules.FileTarget).
func (s *Snapshot) runner() *rules.Runner {
	var target rules.PuppetVersion
	if s.cfg != nil {
		target = s.cfg.PuppetVersion
	}
	return &rules.Runner{Registry: s.reg, Rules: s.active, Jobs: s.opts.Jobs, Puppet: target}
}

// simulateFirst runs prog's dynamic-scope simulation before rn's rules in
// a single run's check, when one of them will run it anyway
// (Runner.Simulates). Its parallel parts then have every core, and its
// working data, the records of every evaluation and most of what a large
// tree allocates after parsing, is dead before the rules allocate theirs.
// Run beside the per-file rules, the simulation's allocations and the
// rules' would add up into the run's peak memory. An editor's checks
// (warm) keep the simulation for the next ones, so nothing of it dies;
// they run it beside the rules, the rules of the edited file not waiting
// for it.
//
// Options.Collectable is called there when the rules are to check at
// least half of the program's source: they allocate about as much per
// byte they check as the simulation did per byte of the program, so
// they reuse what a collection frees. Checking a few files of a large
// context, they allocate little more, and the collection would only
// cost its mark of the live heap. Nor is it called for a program of at
// most smallRunBytes: its simulation leaves a megabyte or two of garbage,
// which no policy collects for, and asking would cost the policy a read
// of the runtime's statistics, whose first read builds their index.
func (s *Snapshot) simulateFirst(rn *rules.Runner, prog *model.Program) {
	if s.warm || !rn.Simulates() {
		return
	}
	prog.Dynamic()
	if s.opts.Collectable == nil {
		return
	}
	var all, reported int
	for _, f := range prog.Files {
		if f.Parsed != nil {
			all += len(f.Parsed.Src)
			if f.Reported {
				reported += len(f.Parsed.Src)
			}
		}
	}
	if 2*reported >= all && all > smallRunBytes {
		s.opts.Collectable()
	}
}

// checkPrograms checks the files of several programs, each built and
// checked on its own as Puppet compiles it: the findings are their union.
// A program without reported files is not built.
func (s *Snapshot) checkPrograms(ctx context.Context, programs []*load.Tree, parsed map[*load.File]*parser.File, hieraFiles map[*load.File]*model.HieraFile, contextErrs []error) (*Result, error) {
	var known []string
	var configured model.DeclaringFunctions
	if s.cfg != nil {
		known, configured = s.cfg.KnownVariables, s.cfg.DeclaringFunctions
	}
	var findings []*diagnostics.Diagnostic
	var progs []*model.Program
	for _, t := range programs {
		if !slices.ContainsFunc(t.Files, func(f *load.File) bool { return f.Reported }) {
			continue
		}
		opts := model.Options{KnownVariables: known, Jobs: s.opts.Jobs, Parsed: parsed, Hiera: hieraFiles,
			DeclaringFunctions: model.TreeDeclaringFunctions(t, configured)}
		prog, err := model.BuildContext(ctx, t, opts)
		if err != nil {
			return nil, err
		}
		rn := s.runner()
		s.simulateFirst(rn, prog)
		fs, err := rn.RunContext(ctx, prog)
		if err != nil {
			return nil, err
		}
		if findings == nil {
			findings = fs // the common case, one program: no copy of what may be 100,000 findings
		} else {
			findings = append(findings, fs...)
		}
		progs = append(progs, prog)
	}
	return s.result(diagnostics.Sort(findings), progs, contextErrs), nil
}

// result is the Result of the findings of progs.
func (s *Snapshot) result(findings []*diagnostics.Diagnostic, progs []*model.Program, contextErrs []error) *Result {
	res := &Result{Findings: findings, Errors: pathErrors(s.tree.Problems, contextErrs), Notices: pathErrors(s.tree.Notices, nil)}
	sources := map[string][]byte{}
	for _, prog := range progs {
		for _, f := range prog.Files {
			if f.Reported {
				sources[f.Path] = f.Parsed.Src
				res.Files = append(res.Files, f.Path)
			}
		}
	}
	slices.Sort(res.Files)
	res.Source = func(path string) []byte { return sources[path] }
	res.ParseOptions = s.ParseOptions
	res.Enclosing = enclosingDefinitions(progs)
	return res
}

// abs makes p absolute against the workspace's directory.
func (s *Snapshot) abs(p string) string {
	if !filepath.IsAbs(p) {
		p = filepath.Join(s.opts.Dir, p)
	}
	return filepath.Clean(p)
}

// Findings returns the findings of the files at paths (every file below the
// roots when none are given) by path as given, each file's sorted; equal to
// the findings a check of every file gives for them.
func (s *Snapshot) Findings(ctx context.Context, paths ...string) (map[string][]diagnostics.Diagnostic, error) {
	res, err := s.Check(ctx, paths...)
	if err != nil {
		return nil, err
	}
	byReported := map[string][]diagnostics.Diagnostic{}
	for _, d := range res.Findings {
		byReported[d.File] = append(byReported[d.File], *d)
	}
	out := map[string][]diagnostics.Diagnostic{}
	if len(paths) == 0 {
		for _, f := range res.Files {
			out[f] = byReported[f]
		}
		return out, nil
	}
	for _, p := range paths {
		out[p] = byReported[s.reportedPath(p)]
	}
	return out, nil
}

// reportedPath is the path findings report for the file at p.
func (s *Snapshot) reportedPath(p string) string {
	if i, ok := s.byAbs[s.abs(p)]; ok {
		return s.tree.Files[i].Path
	}
	return ""
}

// pathErrors are the paths that could not be linted, from loading and from
// reading the context, in path order.
func pathErrors(problems []load.Problem, contextErrs []error) []diagnostics.PathError {
	out := make([]diagnostics.PathError, 0, len(problems)+len(contextErrs))
	for _, p := range problems {
		out = append(out, diagnostics.PathError{Path: p.Path, Message: p.Err.Error()})
	}
	for _, err := range contextErrs {
		var p load.Problem
		if errors.As(err, &p) {
			out = append(out, diagnostics.PathError{Path: p.Path, Message: p.Err.Error()})
		} else {
			out = append(out, diagnostics.PathError{Message: err.Error()})
		}
	}
	slices.SortFunc(out, func(a, b diagnostics.PathError) int {
		return cmp.Or(strings.Compare(a.Path, b.Path), strings.Compare(a.Message, b.Message))
	})
	return out
}
