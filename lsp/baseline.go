package lsp

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"time"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/ducklint/ducklint/engine"
	"github.com/ducklint/ducklint/internal/baseline"
)

// BaselineMode is what the server does with the findings a baseline file
// (.ducklint-baseline.json, or the configuration's baseline) accepts.
type BaselineMode string

const (
	// BaselineHint shows them as hints: editors grey them out or list
	// them apart from the problems.
	BaselineHint BaselineMode = "hint"
	// BaselineHide does not show them.
	BaselineHide BaselineMode = "hide"
	// BaselineShow shows them as any other finding: the baseline is not read.
	BaselineShow BaselineMode = "show"
)

// ParseBaselineMode parses "hint", "hide" or "show".
func ParseBaselineMode(s string) (BaselineMode, bool) {
	switch m := BaselineMode(s); m {
	case BaselineHint, BaselineHide, BaselineShow:
		return m, true
	}
	return "", false
}

// EngineWorkspacesWithBaseline is EngineWorkspaces with the findings a
// root's baseline file accepts shown as mode says.
func EngineWorkspacesWithBaseline(opts engine.Options, mode BaselineMode) NewWorkspaceFunc {
	newWorkspace := EngineWorkspaces(opts)
	if mode == BaselineShow {
		return newWorkspace
	}
	return func(dir string, roots []string) (Workspace, error) {
		ws, err := newWorkspace(dir, roots)
		if err != nil {
			return nil, err
		}
		return &baselineWorkspace{engineWorkspace: ws.(engineWorkspace), mode: mode}, nil
	}
}

// baselineWorkspace reads the baseline file of its workspace again when
// it changes.
type baselineWorkspace struct {
	engineWorkspace
	mode BaselineMode

	mu     sync.Mutex
	path   string // the file last read
	stamp  fileStamp
	cached *baseline.File
}

type fileStamp struct {
	mod  time.Time
	size int64
}

func (w *baselineWorkspace) Snapshot(ctx context.Context) (Snapshot, error) {
	s, err := w.Workspace.Snapshot(ctx)
	if err != nil {
		return nil, err
	}
	return &baselineSnapshot{Snapshot: s, w: w}, nil
}

// baseline returns the baseline in effect and its path, nil when there is
// none or it cannot be read (the command line reports that).
func (w *baselineWorkspace) baseline() (*baseline.File, string) {
	configured := ""
	if cfg := w.Config(); cfg != nil {
		configured = cfg.Baseline
	}
	path, _ := baseline.Locate(w.Dir(), configured)
	if path == "" {
		return nil, ""
	}
	fi, err := os.Stat(path)
	if err != nil {
		return nil, ""
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	stamp := fileStamp{fi.ModTime(), fi.Size()}
	if path != w.path || stamp != w.stamp {
		w.path, w.stamp = path, stamp
		w.cached, err = baseline.Read(path)
		if err != nil {
			w.cached = nil
		}
	}
	return w.cached, path
}

// baselineSnapshot marks or drops the findings the baseline accepts.
type baselineSnapshot struct {
	*engine.Snapshot
	w *baselineWorkspace

	mu       sync.Mutex
	accepted map[acceptedKey]bool
}

// acceptedKey identifies a finding of a snapshot.
type acceptedKey struct {
	file, rule, message string
	start, end          int
}

func keyOf(f Finding) acceptedKey {
	return acceptedKey{f.File, f.Rule, f.Message, int(f.Start.Offset), int(f.End.Offset)}
}

// Accepted reports whether the baseline accepts f, a finding this snapshot
// returned.
func (s *baselineSnapshot) Accepted(f Finding) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.accepted[keyOf(f)]
}

// Findings returns the findings of the files at paths, by path as given,
// as engine.Snapshot.Findings does, less those the baseline accepts when
// they are hidden.
func (s *baselineSnapshot) Findings(ctx context.Context, paths ...string) (map[string][]Finding, error) {
	res, err := s.Check(ctx, paths...)
	if err != nil {
		return nil, err
	}
	findings := res.Findings
	if b, path := s.w.baseline(); b != nil {
		baseDir := filepath.Dir(path)
		m := b.Match(baseline.FromDiagnostics(findings, baseDir, s.w.Abs, res.Source, res.Enclosing),
			baseline.RunScope(baseDir, res.Files, s.w.Abs, res.Source))
		kept := make([]*Finding, 0, len(findings))
		accepted := map[acceptedKey]bool{}
		for i, f := range findings {
			if m.States[i] != baseline.StateUnchanged {
				kept = append(kept, f)
				continue
			}
			if s.w.mode == BaselineHint {
				accepted[keyOf(*f)] = true
				kept = append(kept, f)
			}
		}
		findings = kept
		s.mu.Lock()
		if s.accepted == nil {
			s.accepted = map[acceptedKey]bool{}
		}
		for k := range accepted {
			s.accepted[k] = true
		}
		s.mu.Unlock()
	}
	byFile := map[string][]Finding{}
	for _, f := range findings {
		byFile[s.w.Abs(f.File)] = append(byFile[s.w.Abs(f.File)], *f)
	}
	out := map[string][]Finding{}
	if len(paths) == 0 {
		for _, f := range res.Files {
			out[f] = byFile[s.w.Abs(f)]
		}
		return out, nil
	}
	for _, p := range paths {
		out[p] = byFile[s.w.Abs(p)]
	}
	return out, nil
}

// acceptingSnapshot is a snapshot that knows which of its findings a
// baseline accepts: the server shows those as hints.
type acceptingSnapshot interface {
	Accepted(f Finding) bool
}

// asHint turns d, the diagnostic of a finding a baseline accepts, into a hint.
func asHint(d *protocol.Diagnostic) {
	hint := protocol.DiagnosticSeverityHint
	d.Severity = &hint
	d.Message += " (accepted by the baseline)"
}
