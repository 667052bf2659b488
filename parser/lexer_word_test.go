package parser

import (
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// Puppet's patterns for a bare word and a name (lexer2.rb), which
// scanWord matches without regular expressions.
var (
	bareWordPattern = regexp.MustCompile(`^(?:(?:::)?[a-z_](?:[\w-]*\w)?)+`)
	namePattern     = regexp.MustCompile(`^(?:(?:::)?[a-z]\w*)(?:::[a-z]\w*)*$`)
)

// checkScanWord compares scanWord at the start of src with the patterns.
func checkScanWord(t *testing.T, src string) {
	t.Helper()
	end, name := scanWord([]byte(src), 0)
	wantEnd := 0
	if m := bareWordPattern.FindStringIndex(src); m != nil {
		wantEnd = m[1]
	}
	wantName := namePattern.MatchString(src[:wantEnd])
	if end != wantEnd || end > 0 && name != wantName {
		t.Errorf("scanWord(%q) = %d, %v; want %d, %v", src, end, name, wantEnd, wantName)
	}
}

func TestScanWord(t *testing.T) {
	for _, src := range []string{
		"", "a", "_", "A", "1", "-", "::", "::a", ":::a", "a::", "a::b", "a::_b", "_a::b",
		"a-b", "a-", "a--", "a-b-", "a-b::c", "a::b-c", "a::b--", "abc def", "a::B",
		"a::-b", "foo_bar::baz9", "x::y::z", "x::y:z", "a\u00e9", "é", "ab-_", "a-::b",
	} {
		checkScanWord(t, src)
	}
}

func FuzzScanWord(f *testing.F) {
	for _, s := range []string{"a::b", "a-b-", "_x::y", "::a-b::c_"} {
		f.Add(s)
	}
	f.Fuzz(checkScanWord)
}

func TestIsWordByte(t *testing.T) {
	for c := range 256 {
		b := byte(c)
		want := b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
		if got := isWordByte(b); got != want {
			t.Errorf("isWordByte(%q) = %v, want %v", b, got, want)
		}
	}
}

func TestKeyword(t *testing.T) {
	want := map[string]tokKind{
		"case": tCASE, "class": tCLASS, "default": tDEFAULT, "define": tDEFINE,
		"if": tIF, "elsif": tELSIF, "else": tELSE, "inherits": tINHERITS,
		"node": tNODE, "and": tAND, "or": tOR, "undef": tUNDEF,
		"false": tBOOLEAN, "true": tBOOLEAN, "in": tIN, "unless": tUNLESS,
		"function": tFUNCTION, "type": tTYPE, "attr": tATTR, "private": tPRIVATE,
	}
	for v, k := range want {
		if got, ok := keyword(v); !ok || got != k {
			t.Errorf("keyword(%q) = %d, %v; want %d", v, got, ok, k)
		}
	}
	for _, v := range []string{"", "plan", "apply", "Class", "classes", "i", "iff", "undef_", "a::if", "notify"} {
		if got, ok := keyword(v); ok {
			t.Errorf("keyword(%q) = %d, want none", v, got)
		}
	}
}

// TestTokenHoldsNoPointer checks that a token holds no pointer, which
// the lexer's pooled windows rely on to keep no source alive uncleared.
func TestTokenHoldsNoPointer(t *testing.T) {
	typ := reflect.TypeFor[token]()
	for i := range typ.NumField() {
		f := typ.Field(i)
		switch f.Type.Kind() {
		case reflect.Bool, reflect.Uint8, reflect.Int32:
		default:
			t.Errorf("token.%s is a %s, which may hold a pointer", f.Name, f.Type)
		}
	}
}

func TestLexStoreRef(t *testing.T) {
	file := "class a { $b = 'c' }"
	s := &lexStore{file: file}
	copied := strings.Clone(file[6:7])
	for _, tt := range []struct {
		v       string
		offsets bool
	}{
		{"", true}, {file, true}, {file[6:7], true}, {file[len(file)-1:], true}, {file[10:12], true},
		{copied, false}, {"=>", false}, {file + "x", false},
	} {
		vs, ve := s.ref(tt.v)
		if got := s.val(token{vs: vs, ve: ve}); got != tt.v {
			t.Errorf("val(ref(%q)) = %q", tt.v, got)
		}
		if (vs >= 0) != tt.offsets {
			t.Errorf("ref(%q) = %d, %d: stored as offsets %v, want %v", tt.v, vs, ve, vs >= 0, tt.offsets)
		}
	}
}

// TestSkipLexes checks that skip, as advance, lexes the next token
// before moving to it when the current one is the last lexed: the current
// token is always lexed.
func TestSkipLexes(t *testing.T) {
	src := []byte("$a = 1")
	p := &parser{lx: newLexer(src, false, nil), window: tokenWindow}
	defer p.lx.release()
	p.lx.fill(1)
	if len(p.lx.toks) != 1 {
		t.Fatalf("%d tokens lexed, want 1", len(p.lx.toks))
	}
	p.skip()
	if len(p.lx.toks) < 2 {
		t.Fatalf("skip moved past the last token lexed")
	}
	if p.i != 1 || p.kind() != tEQUALS {
		t.Fatalf("after skip: token %d of kind %d, want 1 of kind %d", p.i, p.kind(), tEQUALS)
	}
	p.skip()
	p.skip()
	p.skip() // at the end: stays there
	if p.i != 3 || p.kind() != tEOF {
		t.Fatalf("at the end: token %d of kind %d, want 3 of kind %d", p.i, p.kind(), tEOF)
	}
}

// checkInPlans compares inPlans with the definition it replaced.
func checkInPlans(t *testing.T, path string) {
	want := strings.Contains("/"+strings.ReplaceAll(path, `\`, "/"), "/plans/")
	if got := inPlans(path); got != want {
		t.Errorf("inPlans(%q) = %v, want %v", path, got, want)
	}
}

func FuzzInPlans(f *testing.F) {
	f.Add("m/plans/a.pp")
	f.Add(`m\plans\a.pp`)
	f.Fuzz(checkInPlans)
}

func TestInPlans(t *testing.T) {
	for _, path := range []string{
		"plans/a.pp", "m/plans/a.pp", `m\plans\a.pp`, `m/plans\a.pp`, "/abs/plans/x/y.pp", "plansplans/plans/a.pp",
		"a.pp", "plans", "m/plans", "m/myplans/a.pp", "m/plans2/a.pp", "m/plans.pp", "plansx/a.pp", "", `m\plansx\plans`,
	} {
		checkInPlans(t, path)
	}
}
