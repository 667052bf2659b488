package builtin

import "regexp"

// The regular expressions for acceptable names, exactly as the
// reserved-words seed ("Acceptable characters in names") gives them, in Ruby
// syntax. They are meant for messages; the Valid* functions implement them.
//
// Where the seed's prose and its regular expression disagree, the functions
// follow the regular expression:
//   - variables: the prose says a name starts with a lower-case letter or an
//     underscore (or is all digits); the regex also accepts a digit followed
//     by letters ("$1abc").
//   - parameters and modules: the prose allows upper-case letters; the
//     regexes do not.
//   - tags: the prose says a tag begins with a lower-case letter, digit or
//     underscore; the regex accepts any letter.
//   - nodes: the prose says "letters"; the regex allows lower case only.
//
// Two deliberate translation differences from Ruby: Ruby's \Z also matches
// before one final newline, the Go versions end with \z (a name taken from
// source never ends in a newline, so this only rejects "name\n"); and Ruby's
// Unicode [[:alnum:]] in tags is approximated as \p{L}\p{Nl}\p{Nd}, which
// misses the few combining marks Ruby counts as alphabetic.
const (
	// VariableNamePattern is the seed's regex for short variable names.
	VariableNamePattern = `\A\$[a-z0-9_][a-zA-Z0-9_]*\Z`
	// QualifiedVariableNamePattern is the seed's regex for qualified
	// variable names.
	QualifiedVariableNamePattern = `\A\$([a-z][a-z0-9_]*)?(::[a-z][a-z0-9_]*)*::[a-z0-9_][a-zA-Z0-9_]*\Z`
	// ParameterNamePattern is the seed's regex for class and define
	// parameter names.
	ParameterNamePattern = `\A\$[a-z][a-z0-9_]*\Z`
	// ClassNameSegmentPattern is the seed's regex for one namespace segment
	// of a class or defined type name.
	ClassNameSegmentPattern = `\A[a-z]\w*\Z`
	// ClassNamePattern is the seed's regex for a whole class or defined
	// type name.
	ClassNamePattern = `\A((::)?[a-z]\w*)(::[a-z]\w*)*\z`
	// ModuleNamePattern is the seed's regex for module names.
	ModuleNamePattern = `\A[a-z][a-z0-9_]*\Z`
	// TagPattern is the seed's regex for tags.
	TagPattern = `\A[[:alnum:]_][[:alnum:]_:.-]*\Z`
	// NodeNamePattern is the seed's recommended regex for node names.
	NodeNamePattern = `\A[a-z0-9._-]+\Z`
	// EnvironmentNamePattern is the seed's regex for environment names.
	EnvironmentNamePattern = `\A[a-z0-9_]+\Z`
)

// Go translations of the patterns above. Variable and parameter patterns
// drop the leading \$: the functions take names without the sigil.
var (
	shortVariableRE     = regexp.MustCompile(`\A[a-z0-9_][a-zA-Z0-9_]*\z`)
	qualifiedVariableRE = regexp.MustCompile(`\A([a-z][a-z0-9_]*)?(::[a-z][a-z0-9_]*)*::[a-z0-9_][a-zA-Z0-9_]*\z`)
	parameterRE         = regexp.MustCompile(`\A[a-z][a-z0-9_]*\z`)
	classSegmentRE      = regexp.MustCompile(`\A[a-z]\w*\z`)
	classNameRE         = regexp.MustCompile(`\A((::)?[a-z]\w*)(::[a-z]\w*)*\z`)
	moduleNameRE        = regexp.MustCompile(`\A[a-z][a-z0-9_]*\z`)
	tagRE               = regexp.MustCompile(`\A[\p{L}\p{Nl}\p{Nd}_][\p{L}\p{Nl}\p{Nd}_:.\-]*\z`)
	nodeNameRE          = regexp.MustCompile(`\A[a-z0-9._-]+\z`)
	environmentNameRE   = regexp.MustCompile(`\A[a-z0-9_]+\z`)
)

// ValidVariableName reports whether name, written without the leading '$'
// ("x", "::x", "apache::params::dir", "0"), matches the seed's short or
// qualified variable name pattern.
func ValidVariableName(name string) bool {
	return shortVariableRE.MatchString(name) || qualifiedVariableRE.MatchString(name)
}

// ValidParameterName reports whether name, written without the leading '$',
// matches ParameterNamePattern.
func ValidParameterName(name string) bool {
	return parameterRE.MatchString(name)
}

// ValidClassNameSegment reports whether one namespace segment of a class or
// defined type name matches ClassNameSegmentPattern.
func ValidClassNameSegment(segment string) bool {
	return classSegmentRE.MatchString(segment)
}

// ValidClassName reports whether a whole class or defined type name
// ("apache", "apache::vhost", "::apache") matches ClassNamePattern, that is
// whether every segment is valid.
func ValidClassName(name string) bool {
	return classNameRE.MatchString(name)
}

// ValidModuleName reports whether name matches ModuleNamePattern.
func ValidModuleName(name string) bool {
	return moduleNameRE.MatchString(name)
}

// ValidNodeName reports whether a node name matches NodeNamePattern.
func ValidNodeName(name string) bool {
	return nodeNameRE.MatchString(name)
}

// ValidTag reports whether tag matches TagPattern.
func ValidTag(tag string) bool {
	return tagRE.MatchString(tag)
}

// ValidEnvironmentName reports whether name matches EnvironmentNamePattern.
func ValidEnvironmentName(name string) bool {
	return environmentNameRE.MatchString(name)
}
