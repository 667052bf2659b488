package model

import (
	"path/filepath"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load"
)

// ParseOptions are the options the loaded Puppet file f is parsed with,
// decided once from its place in the layout: an EPP template by its
// extension, tasks mode by load.File.Tasks. Whatever parses a loaded file,
// or keys what it keeps of a parse by how the file was parsed, takes them
// from here, so that a file parses the same wherever ducklint runs from.
func ParseOptions(f *load.File) parser.ParseOptions {
	return parser.ParseOptions{EPP: filepath.Ext(f.Path) == ".epp", Tasks: f.Tasks()}
}
