// Package builtin describes what Puppet has built in, as plain Go data: the
// reserved words and reserved names of the language, the built-in resource
// types, functions and data types, the built-in variables, Facter's core and
// legacy facts, and the regular expressions for acceptable names.
//
// The target is Puppet 8 (source tree at version 8.11.0). Where Puppet 7
// (7.35.0, and the 7.23.0 packaged by Debian) differs, the difference is noted
// next to the list concerned; for the lists kept here the two versions have
// the same names. Every list says where it was taken from.
//
// All lookups are functions over data that is built once and never written
// afterwards; list functions return sorted copies that callers may modify.
package builtin
