package lsp

import (
	"context"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/engine"
	"github.com/ducklint/ducklint/parser"
)

// Finding is one finding of the engine.
type Finding = diagnostics.Diagnostic

// Location is a range of a file: where a name is defined.
type Location = diagnostics.Location

// Workspace is what the server needs of a warm analysis of one root
// (package engine): it is told about unsaved buffers and changed files,
// and brings itself up to date when asked for a snapshot. Paths given to
// it are absolute.
type Workspace interface {
	SetOverlay(path string, src []byte)
	RemoveOverlay(path string)
	Changed(paths ...string)
	Snapshot(ctx context.Context) (Snapshot, error)
}

// Snapshot is an immutable view of one version of a workspace. Paths it
// returns are absolute or relative to the workspace's directory.
type Snapshot interface {
	// Findings returns the findings of the files at paths, keyed by path.
	Findings(ctx context.Context, paths ...string) (map[string][]Finding, error)
	// Definition returns where the name at pos is defined.
	Definition(path string, pos parser.Pos) []Location
	// Hover describes the name at pos in Markdown.
	Hover(path string, pos parser.Pos) (string, bool)
	// ParseOptions are the options the file at path is parsed with (tasks
	// mode for a plan): an edit offered for it is checked with them.
	ParseOptions(path string) parser.ParseOptions
	// Dependents returns those of among whose findings can change when
	// the file at path changes; once ctx is done, its error.
	Dependents(ctx context.Context, path string, among []string) ([]string, error)
}

// NewWorkspaceFunc makes the workspace of a root: dir is the directory its
// configuration is found from and findings are relative to, roots the
// files and directories analysed (dir itself for a workspace folder, the
// file for a buffer outside every folder).
type NewWorkspaceFunc func(dir string, roots []string) (Workspace, error)

// EngineWorkspaces makes the workspaces of roots with package engine:
// opts are the options every workspace shares (rule selection, jobs); Dir
// and Roots are the root's, and each is an editor's (engine.Options.Editor).
func EngineWorkspaces(opts engine.Options) NewWorkspaceFunc {
	return func(dir string, roots []string) (Workspace, error) {
		o := opts
		o.Dir, o.Roots, o.Editor = dir, roots, true
		ws, err := engine.New(o)
		if err != nil {
			return nil, err
		}
		return engineWorkspace{ws}, nil
	}
}

// engineWorkspace adapts *engine.Workspace, whose Snapshot returns the
// concrete snapshot type.
type engineWorkspace struct{ *engine.Workspace }

func (w engineWorkspace) Snapshot(ctx context.Context) (Snapshot, error) {
	s, err := w.Workspace.Snapshot(ctx)
	if err != nil {
		return nil, err
	}
	return s, nil
}
