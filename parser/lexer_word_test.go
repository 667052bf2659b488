package parser

import (
	"regexp"
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

// TestReleaseClearsWhatWasUsed checks that a released token window is
// zero throughout, though release clears only what the lexer wrote, so
// that a pooled window keeps no source alive.
func TestReleaseClearsWhatWasUsed(t *testing.T) {
	src := []byte("class a { notify { 'x': message => \"${y} z\" } }\n$b = [1, 2, 3]\n")
	buf := make([]token, 0, 64)
	l := newLexerInto(src, false, nil, buf)
	l.fill(8)
	// A parser compacts the window: fewer tokens held than were written.
	l.toks = l.toks[:2]
	l.fill(len(src))
	if !l.done {
		t.Fatal("lexer not done")
	}
	l.release()
	for i, tk := range buf[:cap(buf)] {
		if tk != (token{}) {
			t.Fatalf("token %d of the released window is %+v, want zero", i, tk)
		}
	}
}
