package parser

import "strings"

// ParseOptions controls parsing.
type ParseOptions struct {
	// Tasks enables Bolt's tasks mode, in which plan and apply are keywords.
	Tasks bool
	// EPP parses the source as an EPP template.
	EPP bool
	// window overrides the token window size (tests only).
	window int
	// arena is where nodes are allocated; nil for a new one.
	arena *Arena
}

// ParseFile parses a manifest, or an EPP template when path ends in ".epp".
// Files under a plans/ directory are parsed in tasks mode. It never panics.
// It is for a file known by its path alone: a file placed in a tree's
// layout is parsed with the options the layout gives it (load.File.ParseOptions),
// which do not depend on how its path is written.
// The File shares src, and so do the string values of its tree: src must
// not be modified afterwards.
func ParseFile(path string, src []byte) *File {
	return ParseFileWithOptions(path, src, FileOptions(path))
}

// FileOptions are the options ParseFile parses the file at path with: EPP
// for a ".epp" file, tasks mode for one under a plans/ directory.
func FileOptions(path string) ParseOptions {
	return ParseOptions{
		EPP:   strings.HasSuffix(path, ".epp"),
		Tasks: inPlans(path),
	}
}

// inPlans reports whether a directory named plans holds path, with either
// separator. It allocates nothing: it runs for every file parsed.
func inPlans(path string) bool {
	for i := 0; ; i++ {
		j := strings.Index(path[i:], "plans")
		if j < 0 {
			return false
		}
		i += j
		before := i == 0 || path[i-1] == '/' || path[i-1] == '\\'
		after := i+5 < len(path) && (path[i+5] == '/' || path[i+5] == '\\')
		if before && after {
			return true
		}
	}
}

// Options returns the options f was parsed with, to parse another version
// of its source the same way.
func (f *File) Options() ParseOptions {
	return ParseOptions{EPP: f.EPP, Tasks: f.Tasks}
}

// ParseManifest parses src as a Puppet manifest.
func ParseManifest(path string, src []byte) *File {
	return ParseFileWithOptions(path, src, ParseOptions{})
}

// ParseEPP parses src as an EPP template.
func ParseEPP(path string, src []byte) *File {
	return ParseFileWithOptions(path, src, ParseOptions{EPP: true})
}

// ParseFileWithOptions parses src with explicit options. It never panics.
// As with ParseFile, src must not be modified afterwards.
func ParseFileWithOptions(path string, src []byte, opts ParseOptions) *File {
	f := &File{Path: path, Src: src, Lines: NewLineIndex(src), EPP: opts.EPP, Tasks: opts.Tasks}
	if len(src) > MaxFileSize {
		one := Pos{Offset: 0, Line: 1, Column: 1}
		f.Errors = append(f.Errors, &SyntaxError{Span: Span{Start: one, End: one},
			Message: "file too large to parse (" + itoa(len(src)) + " bytes; the limit is " + itoa(MaxFileSize) + ")"})
		return f
	}
	parse(f, opts)
	return f
}

// MaxFileSize is the largest source, in bytes, that is parsed: positions
// are 32-bit (to keep every tree node small), and no real manifest comes
// near it.
const MaxFileSize = 1 << 30
