package builtin

import (
	"strings"
	"sync"
)

// ReservedWord describes one reserved word of the Puppet language and what
// Puppet actually does with it.
type ReservedWord struct {
	// Word is the reserved word, in lower case.
	Word string
	// Keyword reports whether the Puppet 7 and 8 lexers turn the word into a
	// keyword token (lib/puppet/pops/parser/lexer2.rb KEYWORDS, identical in
	// 7.35.0 and 8.11.0). Other words are reserved by the documentation
	// only, or by the validator.
	Keyword bool
	// Note says what the seed calls the word and what Puppet does with it.
	Note string
	// The four verdicts below are Puppet 7.23.0's `puppet parser validate`
	// on `class WORD {}`, `define WORD {}`, `function WORD() {}` and
	// `$x = WORD`: true when Puppet accepts the snippet. They are recorded
	// in testdata/reserved-words-puppet7.txt by gen/reserved-words-puppet7.sh
	// and checked against that file by the tests.
	ClassNameOK    bool
	DefineNameOK   bool
	FunctionNameOK bool
	BareValueOK    bool
}

// Notes shared by several words.
const (
	noteKeywordError  = "keyword: a syntax error as a name or a bare value"
	noteLiteral       = "keyword for a literal value: a syntax error as a name, fine as a value"
	noteFutureKeyword = "reserved for future use: lexed as a keyword, a syntax error as a name and \"Use of reserved word\" as a bare value"
	noteDocsOnly      = "reserved by the documentation only: Puppet 7/8 accept it as a name and as a bare word"
	noteTypeName      = "not a keyword, but the validator rejects it as a class, define or function name (reserved type name); fine as a bare word"
)

// reservedWords is exactly the seed's list of reserved words, in its order.
//
// Source: the reserved-words seed ("Language: Reserved words and acceptable
// names", Puppet docs lang_reserved). Verdicts: see ReservedWord.
var reservedWords = []ReservedWord{
	{Word: "and", Keyword: true, Note: "expression operator; " + noteKeywordError},
	{Word: "application", Note: "former application-orchestration keyword (Puppet 5); " + noteDocsOnly,
		ClassNameOK: true, DefineNameOK: true, FunctionNameOK: true, BareValueOK: true},
	{Word: "attr", Keyword: true, Note: noteFutureKeyword},
	{Word: "case", Keyword: true, Note: noteKeywordError},
	{Word: "class", Keyword: true, Note: noteKeywordError},
	{Word: "component", Note: noteDocsOnly + "; component is also an internal resource type, so a define of that name clashes when compiled",
		ClassNameOK: true, DefineNameOK: true, FunctionNameOK: true, BareValueOK: true},
	{Word: "consumes", Note: "former application-orchestration keyword (Puppet 5); " + noteDocsOnly,
		ClassNameOK: true, DefineNameOK: true, FunctionNameOK: true, BareValueOK: true},
	{Word: "default", Keyword: true, Note: noteLiteral, BareValueOK: true},
	{Word: "define", Keyword: true, Note: noteKeywordError},
	{Word: "else", Keyword: true, Note: noteKeywordError},
	{Word: "elsif", Keyword: true, Note: noteKeywordError},
	{Word: "environment", Note: "reserved for symbolic namespace use; " + noteDocsOnly,
		ClassNameOK: true, DefineNameOK: true, FunctionNameOK: true, BareValueOK: true},
	{Word: "false", Keyword: true, Note: noteLiteral, BareValueOK: true},
	{Word: "function", Keyword: true, Note: noteKeywordError},
	{Word: "if", Keyword: true, Note: noteKeywordError},
	{Word: "import", Note: "former keyword, now a function that always fails; " + noteDocsOnly,
		ClassNameOK: true, DefineNameOK: true, FunctionNameOK: true, BareValueOK: true},
	{Word: "in", Keyword: true, Note: "expression operator; " + noteKeywordError},
	{Word: "inherits", Keyword: true, Note: noteKeywordError},
	{Word: "node", Keyword: true, Note: noteKeywordError},
	{Word: "or", Keyword: true, Note: "expression operator; " + noteKeywordError},
	{Word: "private", Keyword: true, Note: noteFutureKeyword},
	{Word: "produces", Note: "former application-orchestration keyword (Puppet 5); " + noteDocsOnly,
		ClassNameOK: true, DefineNameOK: true, FunctionNameOK: true, BareValueOK: true},
	{Word: "regexp", Note: noteTypeName, BareValueOK: true},
	{Word: "site", Note: "former application-orchestration keyword (Puppet 5); " + noteDocsOnly,
		ClassNameOK: true, DefineNameOK: true, FunctionNameOK: true, BareValueOK: true},
	{Word: "true", Keyword: true, Note: noteLiteral, BareValueOK: true},
	{Word: "type", Keyword: true, Note: noteKeywordError},
	{Word: "undef", Keyword: true, Note: noteLiteral, BareValueOK: true},
	{Word: "unit", Note: noteTypeName, BareValueOK: true},
	{Word: "unless", Keyword: true, Note: noteKeywordError},
}

var reservedWordByName = sync.OnceValue(func() map[string]ReservedWord {
	m := make(map[string]ReservedWord, len(reservedWords))
	for _, w := range reservedWords {
		m[w.Word] = w
	}
	return m
})

// IsReservedWord reports whether name is one of the seed's reserved words.
// The comparison is exact: Puppet's keywords are lower case.
func IsReservedWord(name string) bool {
	_, ok := reservedWordByName()[name]
	return ok
}

// ReservedWords returns the seed's reserved words, sorted.
func ReservedWords() []string {
	out := make([]string, 0, len(reservedWords))
	for _, w := range reservedWords {
		out = append(out, w.Word)
	}
	return sortedCopy(out)
}

// ReservedWordInfo returns what is known about the reserved word word, and
// false when word is not reserved.
func ReservedWordInfo(word string) (ReservedWord, bool) {
	w, ok := reservedWordByName()[word]
	return w, ok
}

// reservedClassNames are the seed's reserved class names with the reason.
var reservedClassNames = map[string]string{
	"main":     "main is the class Puppet creates for resources outside any class",
	"settings": "settings is the namespace Puppet creates for the compiler's settings",
}

// IsReservedClassName reports whether name (a class or defined type name,
// optionally with a leading "::") may not be used, and why:
//   - main and settings, the namespaces Puppet creates;
//   - init as a whole name, and <module>::init (init.pp is reserved for the
//     class named after the module);
//   - the name of a data type, in any case (integer, catalogEntry...).
//
// Reserved words are reported separately (IsReservedWord); a reserved word
// as one segment of a longer name is legal.
func IsReservedClassName(name string) (reason string, ok bool) {
	n := strings.TrimPrefix(name, "::")
	if r, found := reservedClassNames[n]; found {
		return r, true
	}
	if n == "init" {
		return "init.pp is reserved for the class named after its module, so no class is named init", true
	}
	if mod, last, found := strings.Cut(n, "::"); found && last == "init" && mod != "" {
		return "<module>::init cannot be a class name: init.pp holds the class named " + mod, true
	}
	if canonical, found := CanonicalDataType(n); found {
		return n + " is the name of the data type " + canonical, true
	}
	return "", false
}
