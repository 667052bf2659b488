package ptype_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules/ptype"
)

// aliases are type aliases parsed from Puppet source, by lower-case name.
type aliases map[string]*parser.TypeAlias

func (a aliases) Alias(name string) (string, parser.Expr, bool) {
	ta, ok := a[strings.ToLower(name)]
	if !ok {
		return "", nil, false
	}
	return ta.Name, ta.Type, true
}

// parse reads the type and the value of `define d(TYPE $p) {}` and
// `d { 'x': p => VALUE }`, with the type aliases of defs.
func parse(t *testing.T, typ, value string, defs ...string) (*ptype.Type, ptype.Value) {
	t.Helper()
	src := "define d(" + typ + " $p) {}\nd { 'x': p => " + value + " }\n" + strings.Join(defs, "\n") + "\n"
	f := parser.ParseFile("t.pp", []byte(src))
	if len(f.Errors) > 0 {
		t.Fatalf("%s: %v", src, f.Errors)
	}
	al := aliases{}
	var prm *parser.Parameter
	var val parser.Expr
	parser.Inspect(f.Program, func(n parser.Node) bool {
		switch n := n.(type) {
		case *parser.DefineDef:
			prm = n.Params[0]
		case *parser.AttributeOp:
			val = n.Value
		case *parser.TypeAlias:
			al[strings.ToLower(n.Name)] = n
		}
		return true
	})
	return ptype.FromExpr(prm.Type, al), ptype.FromValueExpr(val)
}

func TestAccepts(t *testing.T) {
	tests := []struct {
		typ, value string
		want       ptype.Verdict
		defs       []string
	}{
		{"Integer", "1", ptype.Yes, nil},
		{"Integer", "'1'", ptype.No, nil},
		{"Integer[0, 10]", "-1", ptype.No, nil},
		{"Integer[0x10]", "16", ptype.Yes, nil},
		{"Float", "1", ptype.No, nil},
		{"Numeric", "1.5", ptype.Yes, nil},
		{"String[2]", "'é'", ptype.No, nil},
		{"String[1, 1]", "'é'", ptype.Yes, nil},
		{"String", `"${x}"`, ptype.Yes, nil},
		{"String[3]", `"${x}"`, ptype.Maybe, nil},
		{"Integer", `"${x}"`, ptype.No, nil},
		{"Integer", "$x", ptype.Maybe, nil},
		{"Any", "$x", ptype.Yes, nil},
		{"Enum[a, b]", "'A'", ptype.No, nil},
		{"Enum[a, b, true]", "'A'", ptype.Yes, nil},
		{"Pattern[/^a/]", "'ba\nab'", ptype.Yes, nil}, // Ruby's ^ matches after a newline
		{"Pattern[/(?<=a)b/]", "'ab'", ptype.Maybe, nil},
		{"Optional[Integer]", "undef", ptype.Yes, nil},
		{"Variant[Integer, String]", "true", ptype.No, nil},
		{"Array[String, 2]", "['a']", ptype.No, nil},
		{"Array", "[1, 'a']", ptype.Yes, nil},
		{"Hash[String, Integer]", "{'a' => 1}", ptype.Yes, nil},
		{"Hash[String, Integer]", "{1 => 1}", ptype.No, nil},
		{"Struct[{a => Integer, Optional[b] => String}]", "{'a' => 1}", ptype.Yes, nil},
		{"Struct[{a => Optional[Integer]}]", "{}", ptype.Yes, nil},
		{"Struct[{a => Integer}]", "{'a' => 1, 'c' => 2}", ptype.No, nil},
		{"Struct", "{'a' => 1}", ptype.Maybe, nil},
		{"Tuple", "[1, 'a']", ptype.Yes, nil},
		{"Tuple[Integer, String]", "[1]", ptype.No, nil},
		{"Tuple[Integer, String, 1, 3]", "[1, 'a', 'b']", ptype.Yes, nil},
		{"Scalar", "/x/", ptype.Yes, nil},
		{"Data", "/x/", ptype.No, nil},
		{"Data", "{'a' => [1, undef]}", ptype.Yes, nil},
		{"Type[Class]", "'x'", ptype.No, nil},
		{"Type", "Service['x']", ptype.Yes, nil},
		{"Callable", "1", ptype.Maybe, nil},
		{"Stdlib::Port", "'x'", ptype.Maybe, nil},
		{"App::Port", "70000", ptype.No, []string{"type App::Port = Integer[0, 65535]"}},
		{"App::Loop", "1", ptype.Maybe, []string{"type App::Loop = App::Loop"}},
		{"App::Pair", "1", ptype.Maybe, []string{"type App::Pair = App::Other", "type App::Other = App::Pair"}},
		{"App::Tree", "['a', ['b', 1]]", ptype.No, []string{"type App::Tree = Variant[String, Array[App::Tree]]"}},
	}
	for _, tt := range tests {
		typ, v := parse(t, tt.typ, tt.value, tt.defs...)
		if got := typ.Accepts(v); got != tt.want {
			t.Errorf("%s accepts %s: got %d, want %d", tt.typ, tt.value, got, tt.want)
		}
	}
}

// TestRecursiveAliasesEnd checks that aliases referring to each other
// through Variants, without the value shrinking, decide nothing: a chain
// of 40 such aliases with three references each would take 3^40 steps
// without the budget of expansions (the test would not end).
func TestRecursiveAliasesEnd(t *testing.T) {
	var defs []string
	for i := range 40 {
		next := "App::A" + strconv.Itoa((i+1)%40)
		defs = append(defs, "type App::A"+strconv.Itoa(i)+" = Variant["+next+", "+next+", "+next+"]")
	}
	typ, v := parse(t, "App::A0", "'x'", defs...)
	if got := typ.Accepts(v); got != ptype.Maybe {
		t.Errorf("got %d, want Maybe", got)
	}
	if ms := ptype.Describe(typ, v, false); len(ms) != 0 {
		t.Errorf("described %v", ms)
	}
}

func TestDescribeDefault(t *testing.T) {
	typ, v := parse(t, "Integer[1, 10]", "20")
	ms := ptype.Describe(typ, v, true)
	if len(ms) != 1 || ms[0].Format("parameter 'p'") != "parameter 'p' expects an Integer[1, 10] value, got Integer" {
		t.Errorf("got %v", ms)
	}
}

// TestHashKeysDistinct checks which literal hash keys count as the same
// one: a hash with a repeated key is no value ducklint judges (Puppet
// rejects it elsewhere), while keys of other kinds or texts stay apart.
// Keys are looked up in a set, so large literals stay linear
// (BenchmarkAdversarial/shape=typed-hash-literal).
func TestHashKeysDistinct(t *testing.T) {
	for _, tc := range []struct {
		value string
		known bool
	}{
		{"{'a' => 1, 'b' => 2}", true},
		{"{'a' => 1, 'a' => 2}", false},
		{"{1 => 1, '1' => 2}", true},
		{"{1 => 1, 1 => 2}", false},
		{"{true => 1, false => 2}", true},
		{"{[1] => 1, [1] => 2}", true},
	} {
		_, v := parse(t, "Hash", tc.value)
		if got := v.Kind == ptype.VHash; got != tc.known {
			t.Errorf("%s: judged as a hash %v, want %v", tc.value, got, tc.known)
		}
	}
	var b strings.Builder
	b.WriteString("{")
	for i := range 50_000 {
		b.WriteString("'k" + strconv.Itoa(i) + "' => 1, ")
	}
	b.WriteString("'k7' => 2}")
	if _, v := parse(t, "Hash", b.String()); v.Kind == ptype.VHash {
		t.Error("a repeated key among 50,001 was not found")
	}
}

// TestReaderSharesPlainTypes checks that a Reader reads each type written
// without parameters once: the same type for every parameter, including
// inside other types, read again without allocating; and that sharing
// it changes no judgement.
func TestReaderSharesPlainTypes(t *testing.T) {
	src := "define d(String $a, Optional[String] $b, String[1] $c, Hash $d, Array[String] $e, Integer $f) {}\n"
	f := parser.ParseFile("t.pp", []byte(src))
	if len(f.Errors) > 0 {
		t.Fatal(f.Errors)
	}
	var params []*parser.Parameter
	parser.Inspect(f.Program, func(n parser.Node) bool {
		if d, ok := n.(*parser.DefineDef); ok {
			params = d.Params
		}
		return true
	})
	r := ptype.NewReader(nil)
	var types []*ptype.Type
	for _, p := range params {
		types = append(types, r.Read(p.Type))
	}
	str := types[0]
	if r.Read(params[0].Type) != str || types[1].Elems[0] != str || types[4].Elems[0] != str {
		t.Error("String is read more than once")
	}
	if types[2] == str || types[2].Kind != ptype.String {
		t.Errorf("String[1] is %v, the shared String's pointer or another kind", types[2])
	}
	if allocs := testing.AllocsPerRun(100, func() { r.Read(params[0].Type) }); allocs != 0 {
		t.Errorf("reading String again allocates %v times, want none", allocs)
	}
	for _, c := range []struct {
		typ   *ptype.Type
		value ptype.Value
		want  ptype.Verdict
	}{
		{str, ptype.Str(""), ptype.Yes},
		{types[2], ptype.Str(""), ptype.No},
		{types[1], ptype.Value{Kind: ptype.VUndef}, ptype.Yes},
		{str, ptype.Value{Kind: ptype.VUndef}, ptype.No},
		{types[5], ptype.Str("1"), ptype.No},
	} {
		if got := c.typ.Accepts(c.value); got != c.want {
			t.Errorf("%v accepts %+v: %v, want %v", c.typ, c.value, got, c.want)
		}
	}
}

// TestVariantSpendsTheBudgetOnlyUntilDecided checks that an array's later
// elements are still judged when each earlier one is accepted by a
// Variant's first member while a later member would expand thousands of
// aliases: the budget of expansions is shared by the whole judgement, and
// a Variant that went on past its accepting member spent it all on 'a' and
// 'b', leaving true undecided. Puppet 7 refuses the value (`puppet apply`
// of the same aliases: "parameter 'x' index 2 expects a value of type
// String or M::T0 = Integer, got Boolean").
func TestVariantSpendsTheBudgetOnlyUntilDecided(t *testing.T) {
	defs := []string{"type App::T0 = Integer"}
	for i := 1; i <= 12; i++ { // App::T12 expands 2^13-1 aliases
		prev := "App::T" + strconv.Itoa(i-1)
		defs = append(defs, "type App::T"+strconv.Itoa(i)+" = Variant["+prev+", "+prev+"]")
	}
	typ, v := parse(t, "Array[Variant[String, App::T12]]", "['a', 'b', true]", defs...)
	if got := typ.Accepts(v); got != ptype.No {
		t.Errorf("got %d, want No", got)
	}
}

// TestReadWrittenSharesTypesWrittenAlike checks that ReadWritten reads
// a type expression written as one before it once, whatever the
// expression's node, and gives what Read gives for each.
func TestReadWrittenSharesTypesWrittenAlike(t *testing.T) {
	src := "define d(Array[String[1]] $a, Array[String[1]] $b, Array[String[2]] $c, Pattern[/^x/] $d, Pattern[/^x/] $e, Enum[a, b] $f) {}\n" +
		"define e(Array[String[1]] $a, Enum[a, b] $f, Integer[0, 9] $g) {}\n"
	f := parser.ParseFile("t.pp", []byte(src))
	if len(f.Errors) > 0 {
		t.Fatal(f.Errors)
	}
	var params []*parser.Parameter
	parser.Inspect(f.Program, func(n parser.Node) bool {
		if p, ok := n.(*parser.Parameter); ok {
			params = append(params, p)
		}
		return true
	})
	r, fresh := ptype.NewReader(nil), ptype.NewReader(nil)
	byText := map[string]*ptype.Type{}
	for _, p := range params {
		s := p.Type.Span()
		text := src[s.Start.Offset:s.End.Offset]
		got := r.ReadWritten(p.Type, []byte(text))
		if want := fresh.Read(p.Type); got.String() != want.String() {
			t.Errorf("$%s: ReadWritten gives %v, Read %v", p.Name, got, want)
		}
		if earlier, ok := byText[text]; ok && earlier != got {
			t.Errorf("$%s: %s is read again", p.Name, text)
		}
		byText[text] = got
	}
	if len(byText) != 5 {
		t.Errorf("%d texts, want 5", len(byText))
	}
	if byText["Array[String[1]]"] == byText["Array[String[2]]"] {
		t.Error("Array[String[1]] and Array[String[2]] share a type")
	}
	if allocs := testing.AllocsPerRun(100, func() { r.ReadWritten(params[0].Type, []byte("Array[String[1]]")) }); allocs != 0 {
		t.Errorf("reading a type written before allocates %v times, want none", allocs)
	}
}

// TestReaderSharesAliases checks that a Reader resolves an alias once,
// whatever case it is written in, and that reading it again by the same
// spelling allocates nothing (an alias's name is lower-cased only the
// first time it is written so), nor does reading again a name that is no
// alias.
func TestReaderSharesAliases(t *testing.T) {
	src := "define d(App::Port $a, App::PORT $b, APP::Port $c, App::Missing $d, App::MISSING $e) {}\ntype App::Port = Integer[1, 65535]\n"
	f := parser.ParseFile("t.pp", []byte(src))
	if len(f.Errors) > 0 {
		t.Fatal(f.Errors)
	}
	al := aliases{}
	var params []*parser.Parameter
	parser.Inspect(f.Program, func(n parser.Node) bool {
		switch n := n.(type) {
		case *parser.DefineDef:
			params = n.Params
		case *parser.TypeAlias:
			al[strings.ToLower(n.Name)] = n
		}
		return true
	})
	r := ptype.NewReader(al)
	port := r.Read(params[0].Type)
	if port.Kind != ptype.Alias || port.Resolved.Kind != ptype.Integer {
		t.Fatalf("App::Port read as %v", port)
	}
	for _, p := range params[1:3] {
		if got := r.Read(p.Type); got != port {
			t.Errorf("%s read as %v, not App::Port's alias", p.Name, got)
		}
	}
	missing := r.Read(params[3].Type)
	if missing.Kind != ptype.Unknown || missing.Name != "App::Missing" {
		t.Errorf("an undefined alias read as %v", missing)
	}
	if other := r.Read(params[4].Type); other.Kind != ptype.Unknown || other.Name != "App::MISSING" {
		t.Errorf("an undefined alias spelt otherwise read as %v", other)
	}
	for _, p := range params {
		if allocs := testing.AllocsPerRun(100, func() { r.Read(p.Type) }); allocs != 0 {
			t.Errorf("reading %s again allocates %v times, want none", p.Name, allocs)
		}
	}
}
