// Package parser lexes and parses the Puppet language (Puppet 4 to 8, as
// Puppet 7 and 8 accept it) and EPP templates into a syntax tree with exact
// source positions.
//
// The lexer follows Puppet's lexer2.rb: the whole file is tokenized first,
// and the six context-dependent decisions (regex or division, LISTSTART or
// LBRACK, WSLPAREN or LPAREN, SELBRACE, string interpolation and heredoc
// bodies) use only the previous token and the surrounding characters. The
// recursive-descent parser mirrors the layers of egrammar.ra (statement,
// assignment, relationship, resource, expression) and its precedence
// table, and applies Puppet's statement-call and untitled-resource
// transformations.
//
// What Puppet's grammar accepts but its validator rejects (class Foo,
// $title = 1, +=, ...) parses without error so that rules can report it.
// Syntax errors use Puppet's messages and positions; the parser recovers
// at top-level statements and definitions, so a file can report several
// errors, of which only the first is guaranteed to match Puppet.
//
// ParseFile is the entry point; Inspect, InspectStack and Children walk
// the tree, and Dump prints it with positions.
package parser
