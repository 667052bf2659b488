package rules

import (
	"strings"

	"github.com/ducklint/ducklint/rules/builtin"
)

// This file adapts the builtin package's word lists to the wording of the
// reserved-words-and-names rules.

// reservedWordRoles gives every reserved word of the document the role the
// document names for it, for messages. Which words are reserved, and which
// are keywords, is the builtin package's.
var reservedWordRoles = map[string]string{
	"and": "an expression operator", "application": "a language keyword", "attr": "reserved for future use",
	"case": "a language keyword", "class": "a language keyword", "component": "reserved",
	"consumes": "a language keyword", "default": "a language keyword", "define": "a language keyword",
	"else": "a language keyword", "elsif": "a language keyword",
	"environment": "reserved for symbolic namespace use", "false": "a boolean value",
	"function": "a language keyword", "if": "a language keyword", "import": "a former language keyword (now removed)",
	"in": "an expression operator", "inherits": "a language keyword", "node": "a language keyword",
	"or": "an expression operator", "private": "reserved for future use", "produces": "a language keyword",
	"regexp": "reserved", "site": "a language keyword", "true": "a boolean value", "type": "a language keyword",
	"undef": "a special value", "unit": "reserved", "unless": "a language keyword",
}

// reservedRole returns the document's role of the reserved word w, or ""
// when w is not reserved.
func reservedRole(w string) string {
	if !builtin.IsReservedWord(w) {
		return ""
	}
	if role, ok := reservedWordRoles[w]; ok {
		return role
	}
	return "reserved"
}

// dataType returns the canonical spelling of the data type named name in
// any case, or "".
func dataType(name string) string {
	t, _ := builtin.CanonicalDataType(name)
	return t
}

// isFactName reports whether name is a core or legacy fact.
func isFactName(name string) bool { return builtin.IsCoreFact(name) || builtin.IsLegacyFact(name) }

// The document's regular expressions, as the builtin package writes them,
// for messages, and the ones Puppet's own validator applies, to say what
// Puppet does with a name.
var (
	puppetVariableNameRule  = `/^((::)?[a-z]\w*)*((::)?[a-z_]\w*)$/`
	puppetParameterNameRule = `/^[a-z_]\w*$/`
)

// validShortVariable and validQualifiedVariable apply the document's two
// variable patterns to a name without '$'.
func validShortVariable(name string) bool {
	return !strings.Contains(name, "::") && builtin.ValidVariableName(name)
}

func validQualifiedVariable(name string) bool {
	return strings.Contains(name, "::") && builtin.ValidVariableName(name)
}
