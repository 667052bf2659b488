package rules

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/internal/par"
	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules/model"
)

// Active is a rule enabled for a run, with its effective severity and options.
type Active struct {
	Rule     *Rule
	Severity Severity
	// SeverityConfigured is set when the configuration sets Severity;
	// otherwise Severity is the rule's default for the configuration's
	// target, and a file checked for another target (a module whose
	// metadata.json requires Puppet 7) gets that target's default.
	SeverityConfigured bool
	Options            any
}

// Runner runs a set of active rules over a program.
type Runner struct {
	// Registry resolves the rule names of control comments.
	Registry *Registry
	// Rules are the enabled rules.
	Rules []Active
	// Jobs bounds the number of files checked at once; <= 0 means GOMAXPROCS.
	Jobs int
	// Puppet is the target Puppet version; 0 means DefaultPuppetVersion.
	Puppet PuppetVersion
	// everyNode is set by a test only, for the passes over files: see
	// Pass.everyNode.
	everyNode bool
}

// Run checks every reported file of prog and returns the findings, with
// configured severities, control comments applied and unused ones reported,
// sorted and without duplicates. The result does not depend on Jobs. It
// is RunContext's findings copied out as values, for callers that keep or
// compare them.
func (rn *Runner) Run(prog *model.Program) []Diagnostic {
	ds, _ := rn.RunContext(context.Background(), prog)
	return diagnostics.Values(ds)
}

// RunContext is Run that stops early, with ctx's error and no findings,
// once ctx (or the context prog was built with) is done, and that returns
// the findings where the rules recorded them: sorted pointers into the
// run's own storage, so that a run with many findings (a large tree with
// style rules on) holds each once. It looks at ctx before each file and
// each whole-program rule; a rule under way runs to its end, or to the end
// of the analysis it waits for (see model.BuildContext).
func (rn *Runner) RunContext(ctx context.Context, prog *model.Program) ([]*Diagnostic, error) {
	var fileRules, lateRules, programRules, oneJobRules []Active
	for _, a := range rn.Rules {
		switch {
		case a.Rule.Kind == WholeProgram:
			programRules = append(programRules, a)
		case a.Rule.OneJob:
			oneJobRules = append(oneJobRules, a)
		case a.Rule.UsesSimulation && !prog.Simulated():
			lateRules = append(lateRules, a)
		default:
			fileRules = append(fileRules, a)
		}
	}
	enabled := map[string]bool{}
	for _, a := range rn.Rules {
		enabled[a.Rule.ID] = true
	}
	reported := map[string]*fileFindings{} // see findingSink
	var reportedFiles []*model.File        // one per path
	targets := rn.targets()
	for _, f := range prog.Files {
		if f.Reported {
			if _, dup := reported[f.Path]; !dup {
				reportedFiles = append(reportedFiles, f)
			}
			reported[f.Path] = &fileFindings{file: f, target: targets(f)}
		}
	}

	programFile := "" // see findingSink
	for _, f := range reportedFiles {
		if programFile == "" || f.Path < programFile {
			programFile = f.Path
		}
	}
	sink := &findingSink{reported: reported, programFile: programFile}
	var files []*model.File
	for _, f := range prog.Files {
		if f.Reported {
			files = append(files, f)
		}
	}
	// The whole-program rules run one after another as a single first
	// job: most share analyses computed once on first use, and a worker
	// that asked for one while another computed it would sit idle instead
	// of checking files.
	wholeProgramJobs := 0
	if len(programRules) > 0 {
		wholeProgramJobs = 1
	}
	// The per-file rules whose checks wait on each other (Rule.OneJob)
	// check every file in one job of their own, handed out next, so that
	// the workers checking files at once do not wait on their lock.
	oneJobs := 0
	if len(oneJobRules) > 0 {
		oneJobs = 1
	}
	// Each worker recycles one node list from file to file: a fresh one
	// per file was as much new memory as the trees' own nodes. (A
	// sync.Pool made per run kept every run's trees reachable until two
	// collections later; a process linting many times in a row, as the
	// tests do, grew its heap without bound.)
	// Jobs are handed out in order: the whole-program job, the job of the
	// rules that check every file in one, each file with the per-file
	// rules, then each file again with the rules that need
	// the simulation (Rule.UsesSimulation), which the whole-program job is
	// computing meanwhile. Run with them in the first pass, the first
	// file to reach one had its worker wait for the simulation's serial
	// parts with a core idle. A simulation that has run already (the
	// engine runs it first) keeps no worker waiting: its rules then run
	// in the first pass, and each file's nodes are listed once.
	lateJobs := 0
	if len(lateRules) > 0 {
		lateJobs = len(files)
	}
	jobs := wholeProgramJobs + oneJobs + len(files) + lateJobs
	nodeLists := make([]fileNodes, par.Workers(jobs, rn.Jobs))
	slabs := make([]findingSlab, len(nodeLists))
	par.ForWorkers(jobs, rn.Jobs, func(w, i int) {
		if ctx.Err() != nil {
			return
		}
		if i < wholeProgramJobs {
			for _, a := range programRules {
				if ctx.Err() != nil {
					return
				}
				runRule(&Pass{Rule: a.Rule, Program: prog, Options: a.Options, Puppet: rn.Puppet.OrDefault(), enabled: enabled, sink: sink, active: &a, slab: &slabs[w]})
			}
			return
		}
		// One Pass per job, its file and rule fields set for each file
		// and rule in turn, rather than one per file and rule.
		pass := &Pass{Program: prog, enabled: enabled, nodes: &nodeLists[w], everyNode: rn.everyNode, sink: sink, slab: &slabs[w]}
		if i -= wholeProgramJobs; i < oneJobs {
			for _, f := range files {
				if ctx.Err() != nil {
					return
				}
				checkFile(pass, f, reported[f.Path], oneJobRules)
			}
			return
		}
		active := fileRules
		if i -= oneJobs; i >= len(files) {
			i -= len(files)
			active = lateRules
		}
		f := files[i]
		checkFile(pass, f, reported[f.Path], active)
	})
	// A rule may have used an analysis the program's own context cut
	// short.
	if err := cmp.Or(ctx.Err(), prog.Err()); err != nil {
		return nil, err
	}

	// Control comments are read file by file in parallel: reading them in
	// one goroutine was a tail of several milliseconds with a core idle.
	// Then each file's findings are sorted in their place in the result,
	// the files taken in path order: the same order as sorting them all at
	// once, which moved 110,000 findings many times over on a large tree
	// with style rules on.
	unused := rn.active("unused-ignore")
	slices.SortFunc(reportedFiles, func(a, b *model.File) int { return strings.Compare(a.Path, b.Path) })
	kept := make([][][]Diagnostic, len(reportedFiles))
	par.For(len(reportedFiles), rn.Jobs, func(i int) {
		kept[i] = rn.applyDirectivesChunks(reported[reportedFiles[i].Path], unused, enabled)
	})
	offsets := make([]int, len(kept)+1)
	for i, chunks := range kept {
		offsets[i+1] = offsets[i]
		for _, c := range chunks {
			offsets[i+1] += len(c)
		}
	}
	if offsets[len(kept)] == 0 {
		return nil, nil
	}
	out := make([]*Diagnostic, offsets[len(kept)])
	par.For(len(kept), rn.Jobs, func(i int) {
		sortedInto(out[offsets[i]:offsets[i+1]], kept[i])
	})
	return diagnostics.Sort(out), nil
}

// checkFile runs each of active on f with pass, whose file and rule fields
// it sets, and then drops the node list the rules made of f.
func checkFile(pass *Pass, f *model.File, own *fileFindings, active []Active) {
	pass.File, pass.Puppet, pass.own = f, own.target, own
	for i := range active {
		a := &active[i]
		pass.Rule, pass.Options, pass.active = a.Rule, a.Options, a
		runRule(pass)
	}
	pass.nodes.reset()
}

// sortedInto points out to the findings of chunks, taken in turn, in the
// contract's order (diagnostics.Compare), findings that compare equal in
// the order they come. Sorting the addresses moves 8 bytes a finding,
// not the whole finding.
func sortedInto(out []*Diagnostic, chunks [][]Diagnostic) {
	n := 0
	for _, c := range chunks {
		for i := range c {
			out[n] = &c[i]
			n++
		}
	}
	for i := 1; i < len(out); i++ {
		if diagnostics.ComparePointers(out[i-1], out[i]) > 0 {
			slices.SortStableFunc(out, diagnostics.ComparePointers)
			return
		}
	}
}

// findingSink takes the findings of one run's rules: each goes to its
// file's list, with its effective severity, or is dropped when its file
// is not reported on (a context file).
type findingSink struct {
	// reported holds, for each reported path, the file, its target and
	// its findings; it is complete before the rules run, so reporting
	// reads it without a lock and locks only the file's own list.
	reported map[string]*fileFindings
	// programFile is where a finding without a file goes: a
	// whole-program rule's internal error belongs to no file, and goes on
	// the first reported one, so that it is seen rather than dropped with
	// the findings it cost.
	programFile string
}

// add records finding d of rule a, in slab. own is the findings of the
// file being checked, if any: most findings are on it, and are recorded
// without looking their file up.
func (s *findingSink) add(a *Active, own *fileFindings, slab *findingSlab, d *Diagnostic) {
	if d.File == "" {
		d.File = s.programFile
	}
	ff := own
	if ff == nil || d.File != ff.file.Path {
		var ok bool
		if ff, ok = s.reported[d.File]; !ok {
			return // context file: not reported on
		}
	}
	var note string
	d.Severity, note = effectiveSeverity(*a, ff.target, d.Severity, ff.file)
	if note != "" {
		d.Detail = strings.TrimSpace(d.Detail + " " + note)
	}
	ff.add(d, slab)
}

// fileFindings are a reported file's findings as the rules report them,
// with what reporting needs of the file.
type fileFindings struct {
	file   *model.File
	target PuppetVersion
	mu     sync.Mutex
	// chunks hold the findings in the order reported, cut from the
	// slabs of the workers that reported them (see findingSlab).
	chunks [][]Diagnostic
	n      int // the findings in chunks
}

// findingSlab is the memory one worker stores the findings it reports
// in: the chunks of fileFindings are cut from it one after another, a
// file's findings one chunk when they come in a row, so that no finding is
// copied as lists grow and no room is left unused: on a large tree with
// style rules on, every byte allocated is a fresh page. Its first blocks
// are small, each twice the one before, so that a worker that reports a
// few findings does not allocate room for hundreds. (internal/slab's Seq
// does the same, but its blocks stop at 256 values: 256 findings are 4.5
// pages, rounded up to 5, where 512 fill 9 pages exactly.)
type findingSlab struct{ buf []Diagnostic }

// The blocks of a findingSlab hold firstFindingBlock findings, then twice
// as many each time up to findingSlabSize.
const (
	firstFindingBlock = 8
	findingSlabSize   = 512
)

// add records finding d in slab, a worker's, which only the caller's
// goroutine uses.
func (ff *fileFindings) add(d *Diagnostic, slab *findingSlab) {
	ff.mu.Lock()
	if len(slab.buf) == cap(slab.buf) {
		slab.buf = make([]Diagnostic, 0, min(max(2*cap(slab.buf), firstFindingBlock), findingSlabSize))
	}
	at := len(slab.buf)
	slab.buf = append(slab.buf, *d)
	// The file's last chunk grows when it ends where d is stored.
	if last := len(ff.chunks) - 1; last >= 0 && len(ff.chunks[last]) <= at && &slab.buf[at-len(ff.chunks[last])] == &ff.chunks[last][0] {
		ff.chunks[last] = slab.buf[at-len(ff.chunks[last]) : at+1 : at+1]
	} else {
		ff.chunks = append(ff.chunks, slab.buf[at:at+1:at+1])
	}
	ff.n++
	ff.mu.Unlock()
}

// applyDirectivesChunks is applyDirectives over ff's findings, which it
// copies into one list only when the file has control comments.
func (rn *Runner) applyDirectivesChunks(ff *fileFindings, unused *Active, enabled map[string]bool) [][]Diagnostic {
	if ff.file.Parsed == nil || !mayHaveDirectives(ff.file.Parsed) {
		return ff.chunks // applyDirectives would keep every finding and add none
	}
	var list []Diagnostic
	switch len(ff.chunks) {
	case 0:
	case 1:
		list = ff.chunks[0]
	default:
		list = make([]Diagnostic, 0, ff.n)
		for _, c := range ff.chunks {
			list = append(list, c...)
		}
	}
	return [][]Diagnostic{rn.applyDirectives(ff.file, list, unused, enabled)}
}

// Simulates reports whether a run of rn's rules simulates the program
// (Program.Dynamic) whatever its files hold: a whole-program rule that
// uses the simulation is active. A caller may then run the simulation
// before Run, on every core and with its working data dead before the
// rules allocate theirs.
func (rn *Runner) Simulates() bool {
	for _, a := range rn.Rules {
		if a.Rule.Kind == WholeProgram && a.Rule.UsesSimulation {
			return true
		}
	}
	return false
}

// target is the Puppet version file f is checked for: the configured
// one, else what its module's metadata.json or its environment's Gemfile
// requires (FileTarget).
func (rn *Runner) target(f *model.File) PuppetVersion {
	if rn.Puppet != 0 || f == nil || f.Source == nil {
		return rn.Puppet.OrDefault()
	}
	return FileTarget(f.Source, 0).Version
}

// targets returns rn.target, remembering the version of each module and
// environment: the files of one share it, and working it out parses
// their metadata's or Gemfile's requirement.
func (rn *Runner) targets() func(*model.File) PuppetVersion {
	type place struct {
		module *load.Module
		env    *load.Environment
	}
	known := map[place]PuppetVersion{}
	return func(f *model.File) PuppetVersion {
		if rn.Puppet != 0 || f == nil || f.Source == nil {
			return rn.target(f)
		}
		at := place{f.Source.Module, f.Source.Env}
		v, ok := known[at]
		if !ok {
			v = rn.target(f)
			known[at] = v
		}
		return v
	}
}

// effectiveSeverity is the severity a finding is reported with. The
// configured severity replaces the rule's default (for target version v);
// a finding the rule reported below that default (weaker evidence) stays
// that far below, and
// never rises above the configured one. In documentation files (examples,
// tests) every finding is info, except a validation error: Puppet rejects
// that file whoever reads it; and an error in a module's example, which
// fails applying the example with no data involved, is a warning: the
// example is broken for every reader, though no catalog holds it. An
// example that is a fill-in template (a placeholder such as '<version>'
// for a value, model.File.Placeholder) does not run as written, and one
// whose file name says it shows a failure (examples/bad_source.pp) is not
// meant to apply: their findings stay info, and note, for the finding's
// detail, says why.
func effectiveSeverity(a Active, v PuppetVersion, reportedAs Severity, f *model.File) (sev Severity, note string) {
	def := a.Rule.DefaultSeverity(v)
	sev = a.Severity
	if sev == 0 || !a.SeverityConfigured && a.Severity == a.Rule.DefaultSeverity(DefaultPuppetVersion) {
		sev = def
	}
	if reportedAs != 0 && reportedAs < def {
		sev = min(sev, reportedAs)
	}
	if f != nil && f.Documentation() && !(a.Rule.Validation && sev == Error) {
		switch {
		case sev == Error && f.Source != nil && model.IsExample(f.Source) && f.Placeholder() != nil:
			ph := f.Placeholder()
			sev, note = Info, fmt.Sprintf("This example is a fill-in template (placeholder '%s' on line %d): its reader edits it "+
				"before applying it, so it does not run as written.", ph.Value, ph.Span().Start.Line)
		case sev == Error && f.Source != nil && model.IsExample(f.Source) && model.FailureExampleWord(f.Source) != "":
			sev, note = Info, fmt.Sprintf("This example's name says it shows a failure (%q): it is not meant to apply.",
				model.FailureExampleWord(f.Source))
		case sev == Error && f.Source != nil && model.IsExample(f.Source):
			sev = Warning
		default:
			sev = Info
		}
	}
	return sev, note
}

// active returns the active rule with the given id, if enabled.
func (rn *Runner) active(id string) *Active {
	for i := range rn.Rules {
		if rn.Rules[i].Rule.ID == id {
			return &rn.Rules[i]
		}
	}
	return nil
}

// runRule runs one rule, turning a panic into an internal-error finding so
// that one broken rule cannot take the other findings down with it.
func runRule(p *Pass) {
	defer func() {
		if r := recover(); r != nil {
			file, where := "", "in every file"
			if p.File != nil {
				file, where = p.File.Path, "in this file"
			}
			p.deliver(&Diagnostic{Rule: p.Rule.ID, Severity: Error, File: file,
				Start: parser.Pos{Line: 1, Column: 1}, End: parser.Pos{Line: 1, Column: 1},
				Message: fmt.Sprintf("internal error in rule %s: %s", p.Rule.ID, excerpt(fmt.Sprint(r))),
				Detail: fmt.Sprintf("The rule failed with: %v. This is a bug in ducklint, not in the Puppet code; the rule's "+
					"other findings %s may be missing.", r, where)})
		}
	}()
	p.Rule.Run(p)
}

// applyDirectives drops the findings of f that control comments suppress and,
// when unused-ignore is enabled, reports directives that suppress nothing.
func (rn *Runner) applyDirectives(f *model.File, diags []Diagnostic, unused *Active, enabled map[string]bool) []Diagnostic {
	var problems []Diagnostic
	report := func(span parser.Span, msg, detail string, edits ...Edit) {
		if unused == nil {
			return
		}
		problems = append(problems, Diagnostic{Rule: unused.Rule.ID, Severity: unused.Severity,
			File: f.Path, Start: span.Start, End: span.End, Message: msg, Detail: detail, Edits: edits})
	}
	if f.Parsed == nil {
		return diags
	}
	directives := parseDirectives(f.Parsed, rn.Registry, func(span parser.Span, msg, detail string) { report(span, msg, detail) })
	if len(directives) == 0 {
		return append(diags, problems...)
	}
	kept, _ := suppress(directives, diags)
	for _, dir := range directives {
		for i, r := range dir.rules {
			// A rule that is off, or a puppet-lint-only check, cannot be
			// judged: the directive may be needed by another configuration.
			// Nor can a puppet-lint alias: puppet-lint's check may flag what
			// the ducklint rule does not (variable_is_lowercase on $fooBar),
			// and projects running both linters still need the directive.
			if r == nil || !enabled[r.ID] || dir.used[i] || dir.names[i] != r.ID {
				continue
			}
			report(dir.comment.Span, fmt.Sprintf("lint:ignore:%s suppresses nothing here", dir.names[i]),
				fmt.Sprintf("No %s finding starts on the lines it covers. A directive that suppresses nothing hides the next real "+
					"problem there: remove it.", dir.names[i]), removeIgnoredName(f.Parsed, dir, dir.names[i])...)
		}
	}
	return append(kept, problems...)
}
