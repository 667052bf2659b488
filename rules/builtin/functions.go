package builtin

// modernFunctions are the functions written with the Puppet 4 function API.
//
// Source: puppet 8.11.0 lib/puppet/functions/*.rb (one function per file,
// named as the file). Puppet 7.35.0 and the Debian 7.23.0 ship the same file
// list, and the Puppet 8 function reference (references/function.md,
// https://www.puppet.com/docs/puppet/8/function.html) lists the same names;
// the 7-to-8 differences are in behaviour (for example regsubst accepting
// Sensitive), not in names.
var modernFunctions = []string{
	"abs", "alert", "all", "annotate", "any", "assert_type", "binary_file",
	"break", "call", "camelcase", "capitalize", "ceiling", "chomp", "chop",
	"compare", "contain", "convert_to", "crit", "debug", "defined", "dig",
	"downcase", "each", "emerg", "empty", "epp", "err", "eyaml_lookup_key",
	"filter", "find_file", "find_template", "flatten", "floor", "get",
	"getvar", "group_by", "hiera", "hiera_array", "hiera_hash",
	"hiera_include", "hocon_data", "import", "include", "index", "info",
	"inline_epp", "join", "json_data", "keys", "length", "lest", "lookup",
	"lstrip", "map", "match", "max", "min", "module_directory", "new", "next",
	"notice", "partition", "reduce", "regsubst", "require", "return",
	"reverse_each", "round", "rstrip", "scanf", "size", "slice", "sort",
	"split", "step", "strftime", "strip", "then", "tree_each", "type",
	"unique", "unwrap", "upcase", "values", "versioncmp", "warning", "with",
	"yaml_data",
}

// legacyAPIFunctions exist only in the Puppet 3 function API.
//
// Source: puppet 8.11.0 lib/puppet/parser/functions/*.rb minus the names in
// lib/puppet/functions/ (the other files in that directory are stubs for the
// same names as modernFunctions). Same list in 7.35.0.
var legacyAPIFunctions = []string{
	"create_resources", "digest", "fail", "file", "fqdn_rand", "generate",
	"inline_template", "md5", "realize", "sha1", "sha256", "shellquote",
	"sprintf", "tag", "tagged", "template",
}

// statementFunctions may be called without parentheses as a statement
// (`include foo`).
//
// Source: puppet 8.11.0 lib/puppet/pops/model/factory.rb STATEMENT_CALLS
// (same in 7.35.0). import is kept there only to report that it is gone.
var statementFunctions = []string{
	"break", "contain", "debug", "err", "fail", "import", "include", "info",
	"next", "notice", "realize", "require", "return", "tag", "warning",
}

var (
	functionSet          = newNameSet(modernFunctions, legacyAPIFunctions)
	legacyAPIFunctionSet = newNameSet(legacyAPIFunctions)
	statementFunctionSet = newNameSet(statementFunctions)
)

// IsFunction reports whether name is a function built into Puppet 8 (and 7),
// whichever function API implements it.
func IsFunction(name string) bool {
	return functionSet.has(name)
}

// Functions returns a sorted copy of the names IsFunction accepts.
func Functions() []string {
	return functionSet.sorted()
}

// IsLegacyAPIFunction reports whether the built-in function name is written
// with the Puppet 3 function API only (fail, template, create_resources...).
func IsLegacyAPIFunction(name string) bool {
	return legacyAPIFunctionSet.has(name)
}

// IsStatementFunction reports whether the built-in function name may be
// called as a statement without parentheses (include, require, notice...).
func IsStatementFunction(name string) bool {
	return statementFunctionSet.has(name)
}
