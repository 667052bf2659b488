package ducklint

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/engine"
	"github.com/ducklint/ducklint/internal/baseline"
	"github.com/ducklint/ducklint/internal/newcode"
	"github.com/ducklint/ducklint/reporter"
)

// adoptionOptions are the flags that let a team adopt ducklint on code
// with many findings: a baseline of accepted findings, and new code only.
type adoptionOptions struct {
	baseline         string // --baseline FILE
	noBaseline       bool   // --no-baseline
	newFromRev       string // --new-from-rev REV
	newFromMergeBase string // --new-from-merge-base BRANCH
	newFromPatch     string // --new-from-patch FILE
}

const adoptionUsage = `      --baseline FILE        findings in FILE are accepted and not reported (default: baseline = "..." in
                             the configuration, else the nearest .ducklint-baseline.json upward)
      --no-baseline          report every finding, whatever baseline file there is
      --new-from-rev REV     report only findings on lines changed since the git revision REV (working tree included)
      --new-from-merge-base BRANCH
                             the same since the merge base of HEAD and BRANCH (a pull request's new code)
      --new-from-patch FILE  the same for the lines a unified diff adds ("-" reads it from standard input)
`

func (a *adoptionOptions) register(fs *flag.FlagSet) {
	fs.StringVar(&a.baseline, "baseline", "", "")
	fs.BoolVar(&a.noBaseline, "no-baseline", false, "")
	fs.StringVar(&a.newFromRev, "new-from-rev", "", "")
	fs.StringVar(&a.newFromMergeBase, "new-from-merge-base", "", "")
	fs.StringVar(&a.newFromPatch, "new-from-patch", "", "")
}

// check checks the adoption flags against each other; stdin is whether a
// path is "-".
func (a *adoptionOptions) check(stdin bool) error {
	n := 0
	for _, v := range []string{a.newFromRev, a.newFromMergeBase, a.newFromPatch} {
		if v != "" {
			n++
		}
	}
	switch {
	case n > 1:
		return &usageError{"give one of --new-from-rev, --new-from-merge-base and --new-from-patch"}
	case a.noBaseline && a.baseline != "":
		return &usageError{"--baseline and --no-baseline contradict each other"}
	case a.newFromPatch == "-" && stdin:
		return &usageError{`--new-from-patch - and the path "-" both read standard input`}
	}
	return nil
}

// adoption filters a run's findings: those a baseline accepts are not
// reported, nor, with a new-code flag, those outside the changed lines.
type adoption struct {
	base     *baseline.File // nil without a baseline
	basePath string         // the baseline file, absolute
	baseShow string         // the baseline file as reports name it
	changes  *newcode.Changes
	// readChanges reads the changed lines from git (nil for a patch,
	// which does not change): first while the tree is linted (pending),
	// again after --fix has written files.
	readChanges func() (*newcode.Changes, error)
	pending     chan error
	dir         string                    // the working directory, absolute
	all         []*diagnostics.Diagnostic // the findings of the last filter, before it

	// report is the baseline section of the last filter's report.
	report *reporter.Baseline
}

// baselinePath is the baseline file in effect, absolute: --baseline
// (relative to dir), else the configuration's baseline, else the nearest
// .ducklint-baseline.json in dir or above (see baseline.Locate).
func baselinePath(a *adoptionOptions, dir string, ws *engine.Workspace) (path string, explicit bool) {
	configured := ""
	switch {
	case a.baseline != "" && filepath.IsAbs(a.baseline):
		configured = a.baseline
	case a.baseline != "":
		configured = filepath.Join(dir, a.baseline)
	case ws.Config() != nil:
		configured = ws.Config().Baseline
	}
	return baseline.Locate(dir, configured)
}

// newAdoption reads the baseline and the changed lines the flags ask for:
// a patch at once, git's in the background (see wait). A missing baseline
// file that was named is a usage error, as is git's refusal (not a work
// tree, an unknown revision).
func (c *Command) newAdoption(ctx context.Context, a *adoptionOptions, dir string, ws *engine.Workspace) (*adoption, error) {
	ad := &adoption{dir: dir}
	if !a.noBaseline {
		path, explicit := baselinePath(a, dir, ws)
		if path != "" {
			b, err := baseline.Read(path)
			switch {
			case errors.Is(err, fs.ErrNotExist) && explicit:
				return nil, &usageError{fmt.Sprintf("baseline %s does not exist (write it with: ducklint baseline)", showPath(dir, path))}
			case err != nil:
				return nil, &usageError{fmt.Sprintf("baseline: %v", err)}
			}
			ad.base, ad.basePath, ad.baseShow = b, path, showPath(dir, path)
		}
	}
	var err error
	switch {
	case a.newFromRev != "":
		ad.readChanges = gitChanges("--new-from-rev "+a.newFromRev, func() (*newcode.Changes, error) {
			return newcode.FromRev(ctx, dir, a.newFromRev)
		})
	case a.newFromMergeBase != "":
		ad.readChanges = gitChanges("--new-from-merge-base "+a.newFromMergeBase, func() (*newcode.Changes, error) {
			return newcode.FromMergeBase(ctx, dir, a.newFromMergeBase)
		})
	case a.newFromPatch == "-":
		ad.changes, err = newcode.ParsePatch(c.Stdin, dir)
	case a.newFromPatch != "":
		name := a.newFromPatch
		if !filepath.IsAbs(name) {
			name = filepath.Join(dir, name)
		}
		var f *os.File
		if f, err = os.Open(name); err == nil {
			ad.changes, err = newcode.ParsePatch(f, dir)
			f.Close()
		}
	}
	if err != nil {
		return nil, &usageError{fmt.Sprintf("--new-from-patch: %v", err)}
	}
	if ad.readChanges != nil {
		// git runs while the tree is linted.
		ad.pending = make(chan error, 1)
		go func() {
			changes, err := ad.readChanges()
			ad.changes = changes
			ad.pending <- err
		}()
	}
	return ad, nil
}

// gitChanges wraps a reading of changed lines from git so that git's
// refusal is a usage error naming the flag.
func gitChanges(flag string, read func() (*newcode.Changes, error)) func() (*newcode.Changes, error) {
	return func() (*newcode.Changes, error) {
		c, err := read()
		var ge *newcode.GitError
		if errors.As(err, &ge) {
			return nil, &usageError{fmt.Sprintf("%s: git: %s", flag, ge.Msg)}
		}
		return c, err
	}
}

// wait waits for the changed lines git is reading, and returns its error.
func (ad *adoption) wait() error {
	if ad.pending == nil {
		return nil
	}
	err := <-ad.pending
	ad.pending = nil
	return err
}

// showPath is path as messages name it: relative to dir, as findings
// name files.
func showPath(dir, path string) string {
	if rel, err := filepath.Rel(dir, path); err == nil {
		return filepath.ToSlash(rel)
	}
	return path
}

// active reports whether the adoption filters anything.
func (ad *adoption) active() bool { return ad != nil && (ad.base != nil || ad.changes != nil) }

// filter replaces res.Findings with those the run reports.
func (ad *adoption) filter(res *engine.Result, ws *engine.Workspace) {
	if !ad.active() {
		return
	}
	ad.all = res.Findings
	reported := res.Findings
	if ad.base != nil {
		baseDir := filepath.Dir(ad.basePath)
		m := ad.base.Match(baselineFindings(res, ws, baseDir), baseline.RunScope(baseDir, res.Files, ws.Abs, res.Source))
		ad.report = &reporter.Baseline{File: ad.baseShow, Stale: m.Stale}
		reported = nil
		for i, d := range res.Findings {
			if m.States[i] == baseline.StateUnchanged {
				ad.report.Unchanged = append(ad.report.Unchanged, d)
			} else {
				reported = append(reported, d)
			}
		}
		for _, e := range m.Absent {
			ad.report.Absent = append(ad.report.Absent, reporter.AbsentEntry{
				Rule: e.Rule, File: showPath(ad.dir, filepath.Join(baseDir, filepath.FromSlash(e.Path))),
				Message: e.Message, Fingerprint: e.Fingerprint, Count: e.Count,
			})
		}
	}
	if ad.changes != nil {
		kept := reported[:0:0]
		for _, d := range reported {
			if ad.isNew(d, ws) {
				kept = append(kept, d)
			}
		}
		reported = kept
	}
	res.Findings = reported
}

// refilter reads the changed lines again and filters the findings of the
// last filter with them: --fix has written files, and the lines a fix
// added or removed moved the findings below them.
func (ad *adoption) refilter(res *engine.Result, ws *engine.Workspace) error {
	if ad.readChanges == nil {
		return nil
	}
	changes, err := ad.readChanges()
	if err != nil {
		return err
	}
	ad.changes = changes
	res.Findings = ad.all
	ad.filter(res, ws)
	return nil
}

// isNew reports whether d is on a changed line or beside removed ones, or
// one of its related locations is (see newcode.Changes.Touched).
func (ad *adoption) isNew(d *diagnostics.Diagnostic, ws *engine.Workspace) bool {
	end := d.End.Line
	if !d.End.IsValid() {
		end = d.Start.Line
	}
	if ad.changes.Touched(ws.Abs(d.File), int(d.Start.Line), int(end)) {
		return true
	}
	for _, r := range d.Related {
		if r.File != "" && ad.changes.Touched(ws.Abs(r.File), int(r.Start.Line), int(r.Start.Line)) {
			return true
		}
	}
	return false
}

// baselineFindings are res's findings as the baseline in baseDir sees them.
func baselineFindings(res *engine.Result, ws *engine.Workspace, baseDir string) []baseline.Finding {
	return baseline.FromDiagnostics(res.Findings, baseDir, ws.Abs, res.Source, res.Enclosing)
}
