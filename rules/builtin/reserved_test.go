package builtin

import (
	"slices"
	"strings"
	"testing"
)

// seedReservedWords is the list from the reserved-words seed, verbatim.
var seedReservedWords = []string{
	"and", "application", "attr", "case", "class", "component", "consumes",
	"default", "define", "else", "elsif", "environment", "false", "function",
	"if", "import", "in", "inherits", "node", "or", "private", "produces",
	"regexp", "site", "true", "type", "undef", "unit", "unless",
}

func TestReservedWordsAreExactlyTheSeeds(t *testing.T) {
	if got := ReservedWords(); !slices.Equal(got, seedReservedWords) {
		t.Errorf("ReservedWords() = %q, want the seed's %q", got, seedReservedWords)
	}
	for _, w := range seedReservedWords {
		if !IsReservedWord(w) {
			t.Errorf("IsReservedWord(%q) = false", w)
		}
		info, ok := ReservedWordInfo(w)
		if !ok || info.Word != w || info.Note == "" {
			t.Errorf("ReservedWordInfo(%q) = %+v, %v", w, info, ok)
		}
		if IsReservedWord(strings.ToUpper(w)) {
			t.Errorf("IsReservedWord(%q) = true; keywords are lower case", strings.ToUpper(w))
		}
	}
	for _, n := range []string{"", "plan", "apply", "unlessx", "httpd::site", "site::foo", "notice"} {
		if IsReservedWord(n) {
			t.Errorf("IsReservedWord(%q) = true", n)
		}
		if _, ok := ReservedWordInfo(n); ok {
			t.Errorf("ReservedWordInfo(%q) found", n)
		}
	}
}

// TestReservedWordVerdictsMatchPuppet7 checks every recorded verdict of
// Puppet 7 (gen/reserved-words-puppet7.sh) against ReservedWordInfo.
func TestReservedWordVerdictsMatchPuppet7(t *testing.T) {
	checked := map[string]int{}
	for _, rec := range readRecords(t, "testdata/reserved-words-puppet7.txt", "\t") {
		if len(rec) < 3 {
			t.Fatalf("bad record %q", rec)
		}
		word, snippet, accepted := rec[0], rec[1], rec[2] == "ok"
		info, ok := ReservedWordInfo(word)
		if !ok {
			t.Errorf("recorded word %q is not reserved", word)
			continue
		}
		var want bool
		switch {
		case strings.HasPrefix(snippet, "class "):
			want = info.ClassNameOK
		case strings.HasPrefix(snippet, "define "):
			want = info.DefineNameOK
		case strings.HasPrefix(snippet, "function "):
			want = info.FunctionNameOK
		case strings.HasPrefix(snippet, "$x = "):
			want = info.BareValueOK
		default:
			t.Fatalf("unknown snippet %q", snippet)
		}
		if accepted != want {
			t.Errorf("%q: Puppet 7 accepted=%v, ReservedWordInfo says %v", snippet, accepted, want)
		}
		// A lexer keyword can never be a class name.
		if info.Keyword && strings.HasPrefix(snippet, "class ") && accepted {
			t.Errorf("%q: keyword accepted as a class name", snippet)
		}
		checked[word]++
	}
	for _, w := range seedReservedWords {
		if checked[w] != 4 {
			t.Errorf("%q: %d recorded verdicts, want 4", w, checked[w])
		}
	}
}

func TestIsReservedClassName(t *testing.T) {
	tests := []struct {
		name string
		want bool
	}{
		{"main", true},
		{"::main", true},
		{"settings", true},
		{"init", true},
		{"apache::init", true},
		{"integer", true},
		{"Integer", true},
		{"catalogentry", true},
		{"catalogEntry", true},
		{"semverrange", true},
		{"apache", false},
		{"apache::main", false},
		{"apache::integer", false},
		{"initialize", false},
		{"apache::init::foo", false},
		{"a::b::init", false}, // the seed reserves only <module>::init
		{"::init", true},
		{"", false},
	}
	for _, tt := range tests {
		reason, ok := IsReservedClassName(tt.name)
		if ok != tt.want {
			t.Errorf("IsReservedClassName(%q) = %q, %v, want %v", tt.name, reason, ok, tt.want)
		}
		if ok && reason == "" {
			t.Errorf("IsReservedClassName(%q) gives no reason", tt.name)
		}
	}
}

func TestDataTypesCaseInsensitive(t *testing.T) {
	tests := []struct {
		name      string
		want      bool
		canonical string
	}{
		{"Integer", true, "Integer"},
		{"integer", true, "Integer"},
		{"INTEGER", true, "Integer"},
		{"catalogentry", true, "CatalogEntry"},
		{"catalogEntry", true, "CatalogEntry"},
		{"semverrange", true, "SemVerRange"},
		{"uri", true, "URI"},
		{"Sensitive", true, "Sensitive"},
		{"richdata", true, "RichData"},
		{"Deferred", true, "Deferred"},
		{"notundef", true, "NotUndef"},
		{"Unit", false, ""},
		{"Integers", false, ""},
		{"File", false, ""},
		{"Stdlib::Absolutepath", false, ""},
		{"", false, ""},
	}
	for _, tt := range tests {
		if got := IsDataType(tt.name); got != tt.want {
			t.Errorf("IsDataType(%q) = %v, want %v", tt.name, got, tt.want)
		}
		if got, _ := CanonicalDataType(tt.name); got != tt.canonical {
			t.Errorf("CanonicalDataType(%q) = %q, want %q", tt.name, got, tt.canonical)
		}
	}
	for _, n := range seedDataTypes {
		for _, v := range []string{n, strings.ToLower(n), strings.ToUpper(n)} {
			if !IsDataType(v) {
				t.Errorf("seed data type %q: IsDataType = false", v)
			}
		}
	}
	for _, n := range reservedTypeNames {
		if !IsReservedTypeName(n) {
			t.Errorf("IsReservedTypeName(%q) = false", n)
		}
		if n != "unit" && !IsDataType(n) {
			t.Errorf("reserved type name %q is not a data type", n)
		}
	}
	if IsReservedTypeName("Integer") || IsReservedTypeName("data") {
		t.Error("IsReservedTypeName must match Puppet's validator list exactly")
	}
}

// TestDataTypesMatchPuppet7 compares IsDataType with the names Puppet 7
// evaluates as types (gen/datatypes-puppet7.sh).
func TestDataTypesMatchPuppet7(t *testing.T) {
	for _, rec := range readRecords(t, "testdata/datatypes-puppet7.txt", "\t") {
		if len(rec) < 2 {
			t.Fatalf("bad record %q", rec)
		}
		name, isType := rec[0], rec[1] == "type"
		want := isType
		switch name {
		case "Node":
			// A resource type reference (Node[...]), not a data type.
			want = false
		case "TypeReference":
			// The bare name fails to evaluate, yet it is one of the
			// parser's type names (type_parser.rb).
			want = true
		}
		if got := IsDataType(name); got != want {
			t.Errorf("IsDataType(%q) = %v; Puppet 7 says %s", name, got, strings.Join(rec[1:], " "))
		}
	}
}
