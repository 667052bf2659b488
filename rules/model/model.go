// Package model is ducklint's whole-program model of a Puppet code base: every
// parsed file with its place in the module layout, built once per run and
// shared, read-only, by every rule.
package model

import "github.com/ducklint/ducklint/parser"

// File is one parsed Puppet file of the program.
type File struct {
	// Path is the path reported in findings: relative to the working
	// directory, with '/' separators.
	Path string
	// Parsed is the parser's result, with AST, comments and syntax errors.
	Parsed *parser.File
	// Reported is false for files loaded only as context for cross-file
	// rules (the rest of a module when a single file is linted).
	Reported bool
}

// Program is everything ducklint knows about the code base being linted.
type Program struct {
	// Files are all parsed files, sorted by Path.
	Files []*File
}
