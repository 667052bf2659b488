package ptype

import (
	"sync"
	"testing"

	"github.com/ducklint/ducklint/parser"
)

// patternType reads the type expression src.
func patternType(t *testing.T, src string) *Type {
	t.Helper()
	f := parser.ParseFile("t.pp", []byte("class c("+src+" $p) {}"))
	if len(f.Errors) > 0 {
		t.Fatalf("%s: %v", src, f.Errors)
	}
	var typ *Type
	parser.Inspect(f.Program, func(n parser.Node) bool {
		if p, ok := n.(*parser.Parameter); ok {
			typ = FromExpr(p.Type, nil)
		}
		return typ == nil
	})
	return typ
}

// directPattern is a Pattern's verdict worked out without the type's
// compiled expressions: each compiled afresh and every one tried.
func directPattern(srcs []string, s string) Verdict {
	out := No
	for _, src := range srcs {
		re, ok := compile(src)
		if !ok {
			out = or(out, Maybe)
			continue
		}
		out = or(out, verdict(re.MatchString(s)))
	}
	return out
}

// The expressions a Pattern compiles once, on first use, and the match
// that stops at the first one matching, give what compiling and trying
// every expression gives, for each value in turn and from several
// goroutines sharing the type.
func TestPatternMatchesDirect(t *testing.T) {
	types := []string{
		"Pattern[/^a/, /b+c/, /(?<=a)b/]",
		"Pattern[/(?<=a)b/, /^x$/]",
		"Pattern[/\\d+[dhms]/, /^[a-z]+$/]",
		"Pattern['^a', /c$/]",
	}
	values := []string{"a", "abc", "ab", "bc", "x", "10m", "zz", "ba\nab", "", "C"}
	for _, src := range types {
		typ := patternType(t, src)
		if typ.Kind != Pattern {
			t.Fatalf("%s read as %v", src, typ.Kind)
		}
		var wg sync.WaitGroup
		for range 4 {
			wg.Go(func() {
				for _, v := range values {
					if got, want := typ.accepts(Str(v)), directPattern(typ.Strings, v); got != want {
						t.Errorf("%s accepts %q: %v, compiling every expression: %v", src, v, got, want)
					}
				}
			})
		}
		wg.Wait()
	}
}

// A Pattern compiles an expression only when the ones before it have not
// matched.
func TestPatternCompilesOnUse(t *testing.T) {
	typ := patternType(t, "Pattern[/^a/, /b+c/]")
	if typ.accepts(Str("abc")) != Yes {
		t.Fatal("Pattern[/^a/, /b+c/] does not accept 'abc'")
	}
	if typ.patterns[0].re == nil || typ.patterns[1].re != nil {
		t.Errorf("after a match by the first expression, compiled: %v, %v; want the first alone",
			typ.patterns[0].re != nil, typ.patterns[1].re != nil)
	}
	if typ.accepts(Str("bc")) != Yes || typ.patterns[1].re == nil {
		t.Error("the second expression is not compiled when the value needs it")
	}
}

// A Variant stops at the first member that accepts the value, with what
// trying every member gives.
func TestVariantMatchesDirect(t *testing.T) {
	typ := patternType(t, "Variant[Integer, Pattern[/^a/], String[5], Enum[b]]")
	for _, v := range []Value{{Kind: VInteger, Int: 1}, Str("a"), Str("abcdef"), Str("b"), Str("c"), {Kind: VBoolean}} {
		want := No
		for _, e := range typ.Elems {
			want = or(want, e.accepts(v))
		}
		if got := typ.accepts(v); got != want {
			t.Errorf("%v: %v, trying every member: %v", v, got, want)
		}
	}
}
