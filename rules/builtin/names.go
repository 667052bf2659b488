package builtin

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

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

// The patterns are implemented by hand below: they are matched for every
// name in a tree, and the regexp engine was a tenth of the rules' time.
// names_test.go checks the hand-written matchers against Go translations of
// the patterns.

func isLower(c byte) bool { return 'a' <= c && c <= 'z' }
func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// isWord reports whether c is in \w: [0-9A-Za-z_].
func isWord(c byte) bool { return isLower(c) || isDigit(c) || c == '_' || 'A' <= c && c <= 'Z' }

// isLowerWord reports whether c is in [a-z0-9_].
func isLowerWord(c byte) bool { return isLower(c) || isDigit(c) || c == '_' }

// ident reports whether s is a first byte satisfying first followed by
// bytes satisfying rest.
func ident(s string, first, rest func(byte) bool) bool {
	if s == "" || !first(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !rest(s[i]) {
			return false
		}
	}
	return true
}

// lowerIdent reports whether s matches [a-z][a-z0-9_]*.
func lowerIdent(s string) bool { return ident(s, isLower, isLowerWord) }

// shortVariable reports whether s matches [a-z0-9_][a-zA-Z0-9_]*.
func shortVariable(s string) bool { return ident(s, isLowerWord, isWord) }

// classSegment reports whether s matches [a-z]\w*.
func classSegment(s string) bool { return ident(s, isLower, isWord) }

// allIn reports whether s is non-empty and every byte of it satisfies in.
func allIn(s string, in func(byte) bool) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !in(s[i]) {
			return false
		}
	}
	return true
}

// ValidVariableName reports whether name, written without the leading '$'
// ("x", "::x", "apache::params::dir", "0"), matches the seed's short or
// qualified variable name pattern.
func ValidVariableName(name string) bool {
	// Qualified: ([a-z][a-z0-9_]*)?(::[a-z][a-z0-9_]*)*::[a-z0-9_][a-zA-Z0-9_]*,
	// that is namespaces of lowerIdent (the first may be empty) and a last
	// segment that is a valid short name.
	last := strings.LastIndex(name, "::")
	if last < 0 {
		return shortVariable(name)
	}
	if !shortVariable(name[last+2:]) {
		return false
	}
	namespaces := name[:last]
	if namespaces == "" {
		return true
	}
	namespaces = strings.TrimPrefix(namespaces, "::") // the empty first namespace of "::a::b"
	for namespaces != "" {
		segment, rest, _ := strings.Cut(namespaces, "::")
		if !lowerIdent(segment) {
			return false
		}
		namespaces = rest
	}
	return !strings.HasSuffix(name[:last], "::")
}

// ValidParameterName reports whether name, written without the leading '$',
// matches ParameterNamePattern.
func ValidParameterName(name string) bool {
	return lowerIdent(name)
}

// ValidClassNameSegment reports whether one namespace segment of a class or
// defined type name matches ClassNameSegmentPattern.
func ValidClassNameSegment(segment string) bool {
	return classSegment(segment)
}

// ValidClassName reports whether a whole class or defined type name
// ("apache", "apache::vhost", "::apache") matches ClassNamePattern, that is
// whether every segment is valid.
func ValidClassName(name string) bool {
	name = strings.TrimPrefix(name, "::")
	for {
		segment, rest, more := strings.Cut(name, "::")
		if !classSegment(segment) {
			return false
		}
		if !more {
			return true
		}
		name = rest
	}
}

// ValidModuleName reports whether name matches ModuleNamePattern.
func ValidModuleName(name string) bool {
	return lowerIdent(name)
}

// ValidNodeName reports whether a node name matches NodeNamePattern.
func ValidNodeName(name string) bool {
	return allIn(name, func(c byte) bool { return isLower(c) || isDigit(c) || c == '.' || c == '_' || c == '-' })
}

// ValidTag reports whether tag matches TagPattern.
func ValidTag(tag string) bool {
	// Go translation: \A[\p{L}\p{Nl}\p{Nd}_][\p{L}\p{Nl}\p{Nd}_:.\-]*\z
	if tag == "" {
		return false
	}
	for i, r := range tag {
		switch {
		case r < utf8.RuneSelf && (isWord(byte(r)) || i > 0 && (r == ':' || r == '.' || r == '-')):
		case r >= utf8.RuneSelf && r != utf8.RuneError && (unicode.IsLetter(r) || unicode.Is(unicode.Nl, r) || unicode.IsDigit(r)):
		default:
			return false
		}
	}
	return true
}

// ValidEnvironmentName reports whether name matches EnvironmentNamePattern.
func ValidEnvironmentName(name string) bool {
	return allIn(name, isLowerWord)
}
