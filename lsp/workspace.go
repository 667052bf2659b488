package lsp

import (
	"context"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules"
)

// Finding is one finding of the engine.
type Finding = rules.Diagnostic

// Location is a range of a file: where a name is defined.
type Location struct {
	File       string
	Start, End parser.Pos
}

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
	// Dependents returns the files whose findings can change when path changes.
	Dependents(path string) []string
}

// NewWorkspaceFunc makes the workspace of a root: dir is the directory its
// configuration is found from and findings are relative to, roots the
// files and directories analysed (dir itself for a workspace folder, the
// file for a buffer outside every folder).
type NewWorkspaceFunc func(dir string, roots []string) (Workspace, error)
