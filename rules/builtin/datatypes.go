package builtin

import (
	"strings"
	"sync"
)

// seedDataTypes are the data type names the reserved-words seed lists as
// unusable for classes ("Reserved class names"). They are the authority.
var seedDataTypes = []string{
	"Any", "Array", "Boolean", "Callable", "CatalogEntry", "Class",
	"Collection", "Data", "Default", "Enum", "Float", "Hash", "Integer",
	"Numeric", "Optional", "Pattern", "Resource", "Runtime", "Scalar",
	"String", "Struct", "Tuple", "Type", "Undef", "Variant",
}

// parserDataTypes are the other names Puppet's type parser resolves itself.
//
// Source: puppet 8.11.0 lib/puppet/pops/types/type_parser.rb, TypeParser.type_map
// (same in 7.35.0). Evaluated with the Debian Puppet 7.23.0 (see
// testdata/datatypes-puppet7.txt): all resolve as types except the bare name
// TypeReference, which exists only with a parameter.
var parserDataTypes = []string{
	"Binary", "Init", "Iterable", "Iterator", "NotUndef", "Object",
	"Regexp", "ScalarData", "SemVer", "SemVerRange", "Sensitive",
	"Timespan", "Timestamp", "TypeAlias", "TypeReference", "TypeSet", "URI",
}

// runtimeDataTypes are registered when the compiler starts rather than by
// the parser.
//
// Sources (puppet 8.11.0): RichData and RichDataKey (and Data, already in the
// seed) are BUILTIN_ALIASES in lib/puppet/pops/loader/static_loader.rb;
// Deferred and Pcore are object types from lib/puppet/pops/pcore.rb; Error is
// lib/puppet/datatypes/error.rb; Annotation is the base of annotations in
// lib/puppet/pops/types/annotation.rb. Each resolves in Puppet 7.23.0.
// Not included: the qualified aliases Puppet::LookupKey and
// Puppet::LookupValue, Task (only with --tasks) and Bolt's Target.
var runtimeDataTypes = []string{
	"Annotation", "Deferred", "Error", "Pcore", "RichData", "RichDataKey",
}

// reservedTypeNames are the lower-case names that Puppet's validator rejects
// as the name of a class, define, function or type alias (issue
// RESERVED_TYPE_NAME). Note "unit": reserved although no data type can be
// written with that name; and several seed types (data, catalogentry,
// callable, resource, ...) are not checked by the validator at all.
//
// Source: puppet 8.11.0 lib/puppet/pops/validation/checker4_0.rb
// RESERVED_TYPE_NAMES (same in 7.35.0).
var reservedTypeNames = []string{
	"any", "array", "boolean", "collection", "enum", "float", "hash", "init",
	"integer", "numeric", "object", "optional", "pattern", "regexp",
	"runtime", "scalar", "semver", "semverrange", "sensitive", "string",
	"struct", "timespan", "timestamp", "tuple", "type", "typeset", "unit",
	"variant",
}

// dataTypeByLower maps each data type name in lower case to its canonical
// spelling.
var dataTypeByLower = sync.OnceValue(func() map[string]string {
	m := make(map[string]string, len(seedDataTypes)+len(parserDataTypes)+len(runtimeDataTypes))
	for _, list := range [][]string{seedDataTypes, parserDataTypes, runtimeDataTypes} {
		for _, n := range list {
			m[strings.ToLower(n)] = n
		}
	}
	return m
})

var reservedTypeNameSet = newNameSet(reservedTypeNames)

// IsDataType reports whether name, compared without regard to case, is the
// name of a Puppet 8 data type (Integer, integer, INTEGER, catalogEntry...).
func IsDataType(name string) bool {
	_, ok := dataTypeByLower()[strings.ToLower(name)]
	return ok
}

// CanonicalDataType returns the canonical spelling of the data type name
// matches case-insensitively ("semverrange" gives "SemVerRange").
func CanonicalDataType(name string) (canonical string, ok bool) {
	canonical, ok = dataTypeByLower()[strings.ToLower(name)]
	return canonical, ok
}

// DataTypes returns the canonical names IsDataType accepts, sorted.
func DataTypes() []string {
	out := make([]string, 0, len(dataTypeByLower()))
	for _, n := range dataTypeByLower() {
		out = append(out, n)
	}
	return sortedCopy(out)
}

// IsReservedTypeName reports whether Puppet's validator itself rejects name
// (exact, lower case) as the name of a class, define, function or type
// alias. It is a subset of the data type names plus "unit"; the seed asks
// for more (IsDataType), which is what the reserved-name rule should use.
func IsReservedTypeName(name string) bool {
	return reservedTypeNameSet.has(name)
}
