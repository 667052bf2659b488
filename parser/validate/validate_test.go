package validate

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/parser"
)

// codes returns the issue codes of src, parsed as a manifest at path.
func codes(t *testing.T, path, src string) []string {
	t.Helper()
	f := parser.ParseFile(path, []byte(src))
	if len(f.Errors) > 0 {
		t.Fatalf("%q does not parse: %v", src, f.Errors[0])
	}
	var out []string
	for _, is := range File(f) {
		out = append(out, is.Code)
	}
	return out
}

func TestIssues(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want string // codes joined by ","; "" for none
	}{
		// Puppet keeps a lone statement of the top level or of an if
		// without a block, but a definition's body is always one.
		{"class a { function a::f() {} }", "NOT_ABSOLUTE_TOP_LEVEL"},
		{"function f() {}", ""},
		{"class a { class b {} }", ""},
		{"if true { class a {} }", "NOT_TOP_LEVEL"},
		{"[1].each |$x| { class a {} }", "NOT_TOP_LEVEL"},
		{"1\n$a = 1", "IDEM_EXPRESSION_NOT_LAST"},
		{"$a = 1\n1", ""},
		{"if $x { 1 } else { 2 }\n$a = 1", "IDEM_EXPRESSION_NOT_LAST"},
		{"if $x { $b = 1 }\n$a = 1", ""},
		{"'a' =~ /a/\n$a = 1", ""},
		{"node default { }", ""},
		{"node default { 1 }", "IDEM_NOT_ALLOWED_LAST"},
		{"define d { notify { message => 1 } }", "RESOURCE_WITHOUT_TITLE"},
		{"$a = {a => 1, b => 1, 'a' => 2}", "DUPLICATE_KEY"},
		{"$a = {1 => 1, 0x1 => 2}", "DUPLICATE_KEY"},
		{"$a = {1 => 1, 1.0 => 2, [1] => 3, [1.0] => 4}", ""},
		{"$a = {[1, 'a'] => 1, [1, a] => 2}", "DUPLICATE_KEY"},
		{"$a = {{a => 1, b => 2} => 1, {b => 2, a => 1} => 2}", "DUPLICATE_KEY"},
		{"$a = 9223372036854775807", ""},
		{"$a = 9223372036854775808", "NUMERIC_OVERFLOW"},
		{"$a = 01000000000000000000000", "NUMERIC_OVERFLOW"},
		{"$a = 0777777777777777777777", ""},
		{"$a::b = 1", "CROSS_SCOPE_ASSIGNMENT"},
		{"[$a, $b] = [1, 2]", ""},
		{"[$a, $b::c] = [1, 2]", "CROSS_SCOPE_ASSIGNMENT"},
		{"$a[1] = 1", "ILLEGAL_INDEXED_ASSIGNMENT"},
		{"$a = 1 ? { default => 1, default => 2, default => 3 }", "DUPLICATE_DEFAULT"},
		{"case 1 { default: {} default: {} default: {} }", "DUPLICATE_DEFAULT,DUPLICATE_DEFAULT"},
		{"$a = [User <| |>]", "NOT_RVALUE"},
		{"User <| |> -> File['x']", ""},
		{"User <| (title == 'a' or tag != b) and uid == 1 |>", ""},
		{"User <| title == \"${x}\" |>", ""},
		{"User <| title =~ 'a' |>", "ILLEGAL_QUERY_EXPRESSION"},
		{"@class { 'a': }", "CLASS_NOT_VIRTUALIZABLE"},
		{"notify { 'a': * => {}, * => {} }", "MULTIPLE_ATTRIBUTES_UNFOLD"},
		{"Notify { message +> 'a' }", "ILLEGAL_ATTRIBUTE_APPEND"},
		{"Notify <| |> { message +> 'a' }", ""},
		{"class a(*$r) {}", "CAPTURES_REST_NOT_SUPPORTED"},
		{"[1].each |*$a, $b| { }", "CAPTURES_REST_NOT_LAST"},
		{"function f($a, $a) {}", "DUPLICATE_PARAMETER"},
		{"define d($a, $b, $a, $c, $a) {}", "DUPLICATE_PARAMETER,DUPLICATE_PARAMETER"},
		{"class c($p0, $p1, $p2, $p3, $p4, $p5, $p6, $p7, $p8, $p9, $p10, $p11, $p12, $p13, $p14, $p15, $p16, $p17, $p18, $p19, $p3, $p19) {}", "DUPLICATE_PARAMETER,DUPLICATE_PARAMETER"},
		{"[1].each |$a, $a| { }", ""}, // Puppet does not check lambdas
		{"class a($b = [$c = 1]) {}", "ILLEGAL_ASSIGNMENT_CONTEXT"},
		{"class a($b = [1].map |$x| { $c = $x }) {}", ""},
		{"[1].each |$a::b| { }", "ILLEGAL_PARAM_NAME"},
		{"[1].each |$1| { }", "ILLEGAL_NUMERIC_PARAMETER"},
		{"function f() >> Integer[1] { 1 }", ""},
		{"type A = Integer[1]", ""},
		{"type A = {attributes => {}}", ""},
		{"type Runtime[ruby, 'X'] = X", ""},
		{"type Runtime[ruby, 'X'] = [/a/, 'b']", "ILLEGAL_SINGLE_TYPE_MAPPING"},
		{"type A {}", "UNSUPPORTED_EXPRESSION"},
		{"class a {}\nnode a {}", "DUPLICATE_DEFINITION"},
		{"node /a/ {}\nnode /a/ {}", "DUPLICATE_DEFINITION"},
		{"node /a/ {}\nnode /b/ {}", ""},
		{"node 'A' {}\nnode a {}", "DUPLICATE_DEFINITION"},
		{"node web {}\ndefine web {}", ""},
		// Nested definitions are named inside the innermost enclosing
		// class, and only while the walk is inside it.
		{"class a { class b {} }\nclass c { class b {} }", ""},
		{"class a { class b {} }\nclass b {}", ""},
		{"class a { class b { define c {} } define d {} }\ndefine a::d {}\ndefine a::b::c {}\ndefine a::b::d {}",
			"DUPLICATE_DEFINITION,DUPLICATE_DEFINITION"},
		{"class a { if true { class b {} } }\nclass a::b {}", "NOT_TOP_LEVEL,DUPLICATE_DEFINITION"},
		{"function a() {}\nfunction b() {}\ntype A = Integer", ""},
		{"$x = @(END:yaml+json)\n  [1,]\n  | END", "ILLEGAL_JSON"},
		{"$x = @(END:yaml)\n  [1,]\n  | END", ""},
		{"$x = @(END:json)\n  {\"a\": \"${x}\"}\n  | END", ""},
		{"$x = @(\"END\":json)\n  [1, ${x}]\n  | END", ""}, // interpolated text is checked when evaluated
	} {
		got := strings.Join(codes(t, "x.pp", tc.src), ",")
		if got != tc.want {
			t.Errorf("%q: got [%s], want [%s]", tc.src, got, tc.want)
		}
	}
}

func TestTasksMode(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"plan p() { notify { 'x': } }", "EXPRESSION_NOT_SUPPORTED_WHEN_SCRIPTING"},
		{"plan p() { apply('h') { notify { 'x': } } }", ""},
		{"plan p() { apply('h') { apply('i') { } } }", "EXPRESSION_NOT_SUPPORTED_WHEN_COMPILING"},
		{"plan p() { apply('h') { User <<| |>> } }", "EXPRESSION_NOT_SUPPORTED_WHEN_COMPILING"},
		{"plan p() { apply('h') { User <| |> } }", ""},
		// tasks mode does not look for resources without a title
		{"plan p() { notify { message => 1 } }", "IDEM_EXPRESSION_NOT_LAST"},
	} {
		got := strings.Join(codes(t, "mod/plans/p.pp", tc.src), ",")
		if got != tc.want {
			t.Errorf("%q: got [%s], want [%s]", tc.src, got, tc.want)
		}
	}
}

func TestMessages(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"class foo {\n  hi\n}", "This Name has no effect. A Host Class Definition can not end with a value-producing expression without other effect"},
		{"$f(1)", "Illegal expression. A Variable is unacceptable as function name in a Function Call"},
		{"[1](2)", "Illegal expression. An Array Expression is unacceptable as function name in a Function Call"},
		{"User <<| title =~ 'a' |>>", "Illegal query expression. A '=~' expression cannot be used in a query"},
		{"$a = 0x8000000000000000", "A Literal Integer resulted in a value outside of Puppet Integer max range, got '+0x8000000000000000'"},
		{"class a { class b {} }\nclass a::b {}", "Class 'a::b' is already defined (line: 1); cannot redefine"},
		{"define foo {}\ndefine foo {}", "Attempt to redefine entity 'http://puppet.com/2016.1/runtime/type/foo'. Originally set at line 1."},
		{"$a = {true => 1, true => 2}", "The key 'true' is declared more than once"},
	} {
		f := parser.ParseFile("x.pp", []byte(tc.src))
		issues := File(f)
		if len(issues) != 1 || issues[0].Message != tc.want {
			t.Errorf("%q: got %+v, want one issue %q", tc.src, issues, tc.want)
		}
	}
}

func TestJSON(t *testing.T) {
	for _, tc := range []struct {
		text string
		ok   bool
	}{
		{"1", true},
		{"", false},
		{`{"a": 1 /* c */}`, true},
		{"// c\n[1]", true},
		{`["/* not a comment */"]`, true},
		{`["\"/*"]`, true},
		{"[1 /* open", false},
		{"[1,]", false},
		{"NaN", false},
		{strings.Repeat("[", 100) + strings.Repeat("]", 100), true},
		{strings.Repeat("[", 101) + strings.Repeat("]", 101), false},
	} {
		if got := checkJSON(tc.text) == ""; got != tc.ok {
			t.Errorf("checkJSON(%q) accepts: %v, want %v", tc.text, got, tc.ok)
		}
	}
}

func TestArticle(t *testing.T) {
	for n, want := range map[parser.Node]string{
		&parser.Array{}:                   "an Array Expression",
		&parser.Call{}:                    "a Function Call",
		&parser.If{}:                      "an 'if' statement",
		&parser.DefineDef{}:               "a 'define' expression",
		&parser.Collector{Exported: true}: "an Exported Query",
		&parser.Unary{Op: "-"}:            "an Unary Minus", // Puppet's article: 'u' is a vowel
	} {
		if got := aAn(n); got != want {
			t.Errorf("aAn(%T) = %q, want %q", n, got, want)
		}
	}
}

// TestDeepNesting checks that classes nested thousands deep are
// validated without building each one's full name (a trie of segments
// names them), which would take time and memory quadratic in the depth.
func TestDeepNesting(t *testing.T) {
	const depth = 2000 // the parser's limit is 5,000 levels, two per class
	var b strings.Builder
	for range depth {
		b.WriteString("class c { ")
	}
	for range depth {
		b.WriteString("} ")
	}
	f := parser.ParseFile("x.pp", []byte(b.String()))
	if len(f.Errors) > 0 {
		t.Fatal(f.Errors[0])
	}
	if got := File(f); len(got) != 0 {
		t.Errorf("got %d issues, want none; first: %+v", len(got), got[0])
	}
}

// listNodes lists f's nodes in parser.Inspect's order with the index of
// each one's parent, as a caller of FileNodes holds them.
func listNodes(f *parser.File) (nodes []parser.Node, parents []int32) {
	parent := int32(-1)
	var visit func(parser.Node)
	visit = func(n parser.Node) {
		i := int32(len(nodes))
		nodes, parents = append(nodes, n), append(parents, parent)
		outer := parent
		parent = i
		parser.EachChild(n, visit)
		parent = outer
	}
	visit(f.Program)
	return nodes, parents
}

// TestFileNodesAgreesWithFile checks the validation of a listed tree
// against the walk's on every Puppet file of the repository's test data.
func TestFileNodesAgreesWithFile(t *testing.T) {
	checked, withIssues := 0, 0
	err := filepath.WalkDir(filepath.Join("..", ".."), func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == ".git" {
			return filepath.SkipDir
		}
		if !strings.Contains(path, "testdata") || (!strings.HasSuffix(path, ".pp") && !strings.HasSuffix(path, ".epp")) {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f := parser.ParseFile(path, src)
		if f.Program == nil {
			return nil
		}
		nodes, parents := listNodes(f)
		want := File(f)
		if got := FileNodes(f, nodes, parents); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: FileNodes\n%v\nFile\n%v", path, got, want)
		}
		checked++
		if len(want) > 0 {
			withIssues++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 1000 || withIssues < 50 {
		t.Errorf("compared %d files, %d with issues: too few", checked, withIssues)
	}
}

// TestValidatorAllocations keeps the validation of a file that defines
// one class, as most files do, from allocating once the validator has
// checked a file: its stack of ancestors, its lists of definitions and
// the keys of a hash keep their memory, and the names of the
// definitions are worked out only when there are two to compare.
func TestValidatorAllocations(t *testing.T) {
	f := parser.ParseManifest("init.pp", []byte("class a::b (String $x = 'y') {\n  file { '/tmp/x':\n    ensure => file,\n    content => $x,\n  }\n  if $x == 'z' { notify { 'z': } }\n  $h = {'a' => 1, 'b' => 2, 3 => [4]}\n}\n"))
	nodes, parents := listNodes(f)
	var v Validator
	if is := v.FileNodes(f, nodes, parents); len(is) != 0 {
		t.Fatalf("issues %v", is)
	}
	if n := testing.AllocsPerRun(20, func() { v.FileNodes(f, nodes, parents) }); n != 0 {
		t.Errorf("Validator.FileNodes of a one-class file: %v allocations, want none", n)
	}
}

// TestValidatorReuse checks that a validator used for file after file
// finds what a fresh one finds in each: nothing of one file (its
// definitions, its issues) is carried into the next.
func TestValidatorReuse(t *testing.T) {
	srcs := []string{
		"class a {}\nclass a {}\n$h = {'k' => 1, 'k' => 2}\n",
		"class b { class c {} }\nclass b::c {}\n",
		"class a {}\n",
		"$h = {'x' => 1, \"x\" => 2, 1 => 3, 1.0 => 4, [1, 'a'] => 5, [1, a] => 6, {'p' => 1} => 7, {'p' => 1} => 8}\n",
		"node 'a' {}\nnode 'a' {}\nclass d { if true { class e {} } }\n",
		"$x = {" + strings.Repeat("'k' => 1, ", 20) + "'l' => 2}\n",
		// Two long lists of the same names, and two large hashes of the
		// same keys: each is checked on its own.
		"class p(" + numbered("$p", 20) + ") {}\nclass q(" + numbered("$p", 20) + ") {}\n",
		"$y = {" + numbered("'k", 20) + "}\n$z = {" + numbered("'k", 20) + "}\n",
	}
	var v Validator
	found := 0
	for round := range 2 {
		for _, src := range srcs {
			f := parser.ParseManifest("init.pp", []byte(src))
			nodes, parents := listNodes(f)
			want := File(f)
			got := slices.Clone(v.FileNodes(f, nodes, parents))
			found += len(got)
			if (len(got) > 0 || len(want) > 0) && !reflect.DeepEqual(got, want) {
				t.Errorf("round %d, %q: reused validator\n%v\nfresh\n%v", round, src, got, want)
			}
		}
	}
	if found < 12 {
		t.Errorf("%d issues in all, want at least 12: the files lost their duplicates", found)
	}
}

// FuzzValidatorReuse checks, on any input that parses, that a validator
// reused for file after file finds what the walk over a fresh checker
// (File) finds: the file before it leaves nothing behind.
func FuzzValidatorReuse(f *testing.F) {
	f.Add("class a {}\nclass a {}\n", "$h = {'k' => 1, 'k' => 2}\n")
	f.Add("define d($x, $x) {}\n", "node 'a' {}\nnode 'a' {}\nclass b { class c {} }\nclass b::c {}\n")
	f.Add("$x = {"+strings.Repeat("'k' => 1, ", 20)+"}\n", "class p("+strings.Repeat("$p, ", 20)+"$p) {}\n")
	var v Validator
	f.Fuzz(func(t *testing.T, a, b string) {
		for _, src := range []string{a, b} {
			file := parser.ParseManifest("init.pp", []byte(src))
			if file.Program == nil || len(file.Errors) > 0 {
				continue
			}
			nodes, parents := listNodes(file)
			want := File(file)
			if got := v.FileNodes(file, nodes, parents); (len(got) > 0 || len(want) > 0) && !reflect.DeepEqual(got, want) {
				t.Errorf("%q: reused validator\n%v\nfresh\n%v", src, got, want)
			}
		}
	})
}

// numbered returns n items prefix1, prefix2, ... separated by commas; a
// prefix starting with a quote makes them hash entries.
func numbered(prefix string, n int) string {
	items := make([]string, n)
	for i := range items {
		items[i] = prefix + strconv.Itoa(i+1)
		if strings.HasPrefix(prefix, "'") {
			items[i] += "' => 1"
		}
	}
	return strings.Join(items, ", ")
}
