package parser

import (
	"strings"
	"testing"
)

// parseOK parses src as a manifest and fails the test on any error.
func parseOK(t *testing.T, src string) *File {
	t.Helper()
	f := ParseManifest("test.pp", []byte(src))
	if len(f.Errors) > 0 {
		t.Fatalf("parse %q: unexpected error %v", src, f.Errors[0])
	}
	return f
}

func TestPrecedence(t *testing.T) {
	tests := []struct{ src, want string }{
		{`$a = 1 + 2 * 3`, `(block (= $a (+ 1 (* 2 3))))`},
		{`!$a == $b`, `(block (== (! $a) $b))`},
		{`-$a.b`, `(block (- (.b $a)))`},
		{`1 + 2 in [3]`, `(block (+ 1 (in 2 (array 3))))`},
		{`$a =~ $b + 1`, `(block (+ (=~ $a $b) 1))`},
		{`$a << 1 == 2`, `(block (== (<< $a 1) 2))`},
		{`1 < 2 == true`, `(block (< 1 (== 2 true)))`},
		{`1 + $a ? { 1 => 2 }`, `(block (? (+ 1 $a) (=> 1 2)))`},
		{`$a and $b ? { 1 => 2 }`, `(block (and $a (? $b (=> 1 2))))`},
		{`$a or $b and $c`, `(block (or $a (and $b $c)))`},
		{`1 - 2 - 3`, `(block (- (- 1 2) 3))`},
		{`1 % 2 / 3 * 4`, `(block (* (/ (% 1 2) 3) 4))`},
		{`$a = $b = 1`, `(block (= $a (= $b 1)))`},
		{`$a = File[a] -> File[b]`, `(block (= $a (-> (access File a) (access File b))))`},
		{`a -> b ~> c <- d`, `(block (<- (~> (-> a b) c) d))`},
		{`$x ? undef => 1`, `(block (? $x (=> undef 1)))`},
		{`$a.b[1].c(2)[3]`, `(block (access (.c (access (.b $a) 1) 2) 3))`},
		{`-1`, `(block (- 1))`},
		{`*$a`, `(block (* $a))`},
		{`$x = [1, a => 2, b => 3, 4]`, `(block (= $x (array 1 (hash (=> a 2) (=> b 3)) 4)))`},
		{`foo(1, a => 2)`, `(block (call foo 1 (hash (=> a 2))))`},
		{`Struct[a => Integer]`, `(block (access Struct (hash (=> a Integer))))`},
		{`[type, function]`, `(block (array type function))`},
		{`$x = {type => 1}`, `(block (= $x (hash (=> type 1))))`},
	}
	for _, tt := range tests {
		f := parseOK(t, tt.src)
		if got := sexpr(f.Program); got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

func TestStatementCalls(t *testing.T) {
	tests := []struct{ src, want string }{
		{`notice $a, $b`, `(block (scall notice $a $b))`},
		{`myfunc $x`, `(block myfunc $x)`},
		{`notice -1`, `(block (- notice 1))`},
		{`notice *$a`, `(block (* notice $a))`},
		{`notice !$a`, `(block (scall notice (! $a)))`},
		{`notice foo 1`, `(block (scall notice foo) 1)`},
		{`include a, b`, `(block (scall include a b))`},
		{`require ::a::b`, `(block (scall require ::a::b))`},
		{`notice [1]`, `(block (scall notice (array 1)))`},
		{`notice[1]`, `(block (access notice 1))`},
		{`notice (1)`, `(block (call notice 1))`},
		{`notice {a => 1}`, `(block (scall notice (hash (=> a 1))))`},
		{`foo {a => 1}`, `(block (block foo (hash (=> a 1))))`},
		{`notice $x -> $y`, `(block (scall notice (-> $x $y)))`},
		{`return`, `(block return)`},
		{`each($x) |$y| { }`, `(block (call each $x (lambda $y (block))))`},
		{`$x.each |$k, *$v| { 1 }`, `(block (.each $x (lambda $k *$v (block 1))))`},
	}
	for _, tt := range tests {
		f := parseOK(t, tt.src)
		if got := sexpr(f.Program); got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

func TestResourceShapes(t *testing.T) {
	tests := []struct{ src, want string }{
		{`file { '/a': ensure => file }`, `(block (resource file (body "/a" (=> ensure file))))`},
		{`@user { 'a': }`, `(block (resourcevirtual user (body "a")))`},
		{`@@host { 'a': }`, `(block (resourceexported host (body "a")))`},
		{`File { owner => root }`, `(block (defaults File (=> owner root)))`},
		{`File['/a'] { mode +> '0600' }`, `(block (override (access File "/a") (+> mode "0600")))`},
		{`Resource[File] { x => 1 }`, `(block (override (access Resource File) (=> x 1)))`},
		{`class { 'apache': version => '2.4' }`, `(block (resource class (body "apache" (=> version "2.4"))))`},
		{`file { default: mode => '0644'; '/d': ; }`, `(block (resource file (body default (=> mode "0644")) (body "/d")))`},
		{`file { 'x': * => $h }`, `(block (resource file (body "x" (=> * $h))))`},
		{`exec { 'x': unless => 'y', class => 1 }`, `(block (resource exec (body "x" (=> unless "y") (=> class 1))))`},
		{`User <| title == 'bob' |> { shell => 'sh' }`, `(block (collect User (== title "bob") (=> shell "sh")))`},
		{`Host <<| |>>`, `(block (collect Host nil))`},
		{`package {'x':} -> service {'x':}`, `(block (-> (resource package (body "x")) (resource service (body "x"))))`},
	}
	for _, tt := range tests {
		f := parseOK(t, tt.src)
		if got := sexpr(f.Program); got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

func TestInterpolation(t *testing.T) {
	tests := []struct{ src, want string }{
		{`"$x"`, `(block (concat $x))`},
		{`"a${x}b"`, `(block (concat "a" $x "b"))`},
		{`"${x[1]}"`, `(block (concat (access $x 1)))`},
		{`"${x.foo}"`, `(block (concat (.foo $x)))`},
		{`"${x + 1}"`, `(block (concat (+ x 1)))`},
		{`"${foo()}"`, `(block (concat (call foo)))`},
		{`"${class}"`, `(block (concat $class))`},
		{`"${1}"`, `(block (concat $1))`},
		{`"$1"`, `(block (concat $1))`},
		{`"${$x}"`, `(block (concat $x))`},
		{`"${::x}"`, `(block (concat $::x))`},
		{`"$x[1]"`, `(block (concat $x "[1]"))`},
		{`"$foo-bar"`, `(block (concat $foo "-bar"))`},
		{`"$ 5"`, `(block "$ 5")`},
		{`"${h["k"]}"`, `(block (concat (access $h "k")))`},
		{`"a\tb\u00e9\q\$"`, `(block "a\tbé\\q$")`},
		{"\"a\\\nb\"", `(block "ab")`},
		{`'a\'b\\c\n'`, `(block "a'b\\c\\n")`},
	}
	for _, tt := range tests {
		f := parseOK(t, tt.src)
		if got := sexpr(f.Program); got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

func TestHeredoc(t *testing.T) {
	tests := []struct{ src, want string }{
		{"$x = @(END)\nhello\nEND\n", `(block (= $x (heredoc:END "hello\n")))`},
		{"$x = @(END)\n    four\n  two\n   | END\n", `(block (= $x (heredoc:END " four\n  two\n")))`},
		{"$x = @(END)\n  a\n  |- END\n", `(block (= $x (heredoc:END "a")))`},
		{"$x = [@(A), @(B)]\na\n-A\nb\n-B\n", `(block (= $x (array (heredoc:A "a") (heredoc:B "b"))))`},
		{"$x = @(\"END\")\nhi $y ${z}\nEND\n", `(block (= $x (heredoc:END (concat "hi " $y " " $z "\n"))))`},
		{"$x = @(END)\na $y\\t\nEND\n", `(block (= $x (heredoc:END "a $y\\t\n")))`},
		{"$x = @(END/t)\na\\tb\\\\c\nEND\n", `(block (= $x (heredoc:END "a\tb\\c\n")))`},
		{"$x = @(END/L)\na\\\nb\nEND\n", `(block (= $x (heredoc:END "ab\n")))`},
		{"$x = @(END).upcase()\nabc\nEND\n", `(block (= $x (.upcase (heredoc:END "abc\n"))))`},
		{"foo(@(A), 'x')\na\nA\n$y = 1", `(block (call foo (heredoc:A "a\n") "x") (= $y 1))`},
		{"$x = @(Verse 8)\nabc\nVerse 8\n", `(block (= $x (heredoc:Verse 8 "abc\n")))`},
	}
	for _, tt := range tests {
		f := parseOK(t, tt.src)
		if got := sexpr(f.Program); got != tt.want {
			t.Errorf("%q\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

func TestHeredocPositions(t *testing.T) {
	src := "$x = @(\"A\")\n    a ${y}\n    | A\n"
	f := parseOK(t, src)
	var v *Variable
	Inspect(f.Program, func(n Node) bool {
		if vv, ok := n.(*Variable); ok && vv.Name == "y" {
			v = vv
		}
		return true
	})
	if v == nil {
		t.Fatal("no $y found")
	}
	if got := v.Span().Start; got.Line != 2 || got.Column != 9 || src[got.Offset] != 'y' {
		t.Errorf("$y starts at %v (offset %d), want 2:9 at the 'y'", got, got.Offset)
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		src       string
		msg       string
		line, col int
	}{
		{`$a = 1;`, "Syntax error at end of input", 1, 8},
		{`class a { $x = 1; }`, "Syntax error at '}'", 1, 19},
		{`$a = 1;; $b = 2`, "Syntax error at ';'", 1, 8},
		{`; $a = 1`, "Syntax error at ';'", 1, 1},
		{`$x.foo(1,)`, "Syntax error at ')'", 1, 10},
		{`case $x { 1,: {} }`, "Syntax error at ':'", 1, 13},
		{`define a(Integer[1,] $x) {}`, "Syntax error at ']'", 1, 20},
		{`{class => 1}`, "Syntax error at '=>'", 1, 8},
		{`$x = type`, "Syntax error at end of input", 1, 10},
		{`type a = Integer`, "Syntax error at 'a'", 1, 6},
		{`unless $x {} elsif $y {}`, "Syntax error at 'elsif'", 1, 14},
		{`if $a -> $b {}`, "Syntax error at '->'", 1, 7},
		{`with |$x| {}`, "Syntax error at '|'", 1, 6},
		{`notice (1), 2`, "illegal comma separated argument list", 1, 11},
		{`myfunc 1, 2`, "attempt to pass argument list to the function 'myfunc' which cannot be called without parentheses", 1, 9},
		{`notice a => 1`, "Syntax error at '=>'", 1, 10},
		{`$x = 08`, "Not a valid octal number 08", 1, 6},
		{`$x = 1e+5`, "Not a valid decimal number 1e", 1, 6},
		{`$x = 0x1G`, "Not a valid hex number 0x1G", 1, 6},
		{`$x = 1_000`, "Illegal number '1_000'", 1, 6},
		{`$x = Foo::bar`, "Illegal class reference", 1, 10},
		{`$x = "abc`, `Unclosed quote after '"' followed by 'abc...'`, 1, 7},
		{"$x = 'abc\ndef", `Unclosed quote after "'" followed by 'abc\nd...'`, 1, 7},
		{`/* abc`, "Unclosed multiline comment", 1, 1},
		{"$x = @(END)\nno end", "Heredoc without end-tagged line", 2, 1},
		{`$x = @(END`, "Unclosed parenthesis after '@(' followed by '@(END...'", 1, 6},
		{"$x = @(X:j)\nX\n", "Invalid syntax in heredoc expected @(endtag[:syntax][/escapes])", 1, 12},
		{"$x = @(END/q)\nEND\n", "Invalid heredoc escape char. Only t, r, n, s,  u, L, $ allowed. Got 'q'", 1, 14},
		{"$x = @(END/tt)\nEND\n", "An escape char for @() may only appear once. Got 't, t'", 1, 15},
		{`@$x`, "Virtual (@) can only be applied to a Resource Expression", 1, 1},
		{`foo { a +> 1 }`, "Syntax error resource body without title or hash with +>", 1, 5},
		{`1 { a => 1 }`, "Expression is not valid as a resource, resource-default, or resource-override", 1, 1},
		{`class class {}`, "'class' keyword not allowed at this location", 1, 7},
		{`class "foo" {}`, "A quoted string is not valid as a name here", 1, 7},
		{`$x = "ééé" ]`, "Syntax error at ']'", 1, 12},
		{"\t$x = 1 ]", "Syntax error at ']'", 1, 9},
		{`$x = "${}"`, "Syntax error at ''", 1, 10},
		{`$x = ~`, "Syntax error at '~'", 1, 6},
		{"\xEF\xBB\xBF$x = 1", "Illegal UTF-8 Byte Order mark at beginning of input: [EF BB BF] - remove these from the puppet source", 1, 1},
	}
	for _, tt := range tests {
		f := ParseManifest("test.pp", []byte(tt.src))
		if len(f.Errors) == 0 {
			t.Errorf("%q: no error, want %q", tt.src, tt.msg)
			continue
		}
		e := f.Errors[0]
		if e.Message != tt.msg || int(e.Start.Line) != tt.line || int(e.Start.Column) != tt.col {
			t.Errorf("%q:\n got %q at %d:%d\nwant %q at %d:%d", tt.src, e.Message, e.Start.Line, e.Start.Column, tt.msg, tt.line, tt.col)
		}
	}
}

func TestEPPErrors(t *testing.T) {
	tests := []struct{ src, msg string }{
		{"<%# comment", "Reaching end after opening <%# without seeing %>"},
		{"<% $x = 1", "Unbalanced epp tag, reached <eof> without closing tag."},
		{"text <%", "Unbalanced embedded expression - opening <% and reaching end of input"},
		{"\n<%- | String $name | -%>", "Syntax error at '|'"},
		{"<%= $x = 1 %>", "Syntax error at '='"},
	}
	for _, tt := range tests {
		f := ParseEPP("t.epp", []byte(tt.src))
		if len(f.Errors) == 0 || f.Errors[0].Message != tt.msg {
			t.Errorf("%q: errors %v, want %q", tt.src, f.Errors, tt.msg)
		}
	}
}

func TestRecovery(t *testing.T) {
	src := "class a {\n  $x = [1,\n}\nclass b {\n  $y = )\n}\nclass c { }\n"
	f := ParseManifest("test.pp", []byte(src))
	if len(f.Errors) != 2 {
		t.Fatalf("got %d errors %v, want 2", len(f.Errors), f.Errors)
	}
	if e := f.Errors[0]; e.Start.Line != 3 || e.Message != "Syntax error at '}'" {
		t.Errorf("first error %v, want Syntax error at '}' on line 3", e)
	}
	if e := f.Errors[1]; e.Start.Line != 5 || e.Message != "Syntax error at ')'" {
		t.Errorf("second error %v, want Syntax error at ')' on line 5", e)
	}
	var classes []string
	Inspect(f.Program, func(n Node) bool {
		if c, ok := n.(*ClassDef); ok {
			classes = append(classes, c.Name)
		}
		return true
	})
	if strings.Join(classes, ",") != "c" {
		t.Errorf("classes after recovery = %v, want [c]", classes)
	}
}

func TestDeepNesting(t *testing.T) {
	for _, src := range []string{
		strings.Repeat("[", 30000) + strings.Repeat("]", 30000),
		"$x = " + strings.Repeat("(", 30000) + "1" + strings.Repeat(")", 30000),
		"$x = " + strings.Repeat("-", 30000) + "1",
		strings.Repeat("if $x {", 10000) + strings.Repeat("}", 10000),
		"$x = \"" + strings.Repeat("${\"", 10000) + strings.Repeat("\"}", 10000) + "\"",
		"$x = \"" + strings.Repeat("${\"", 200000) + strings.Repeat("\"}", 200000) + "\"",
		"if $x {}" + strings.Repeat(" elsif $x {}", 100000),
	} {
		f := ParseManifest("deep.pp", []byte(src))
		if len(f.Errors) == 0 {
			t.Errorf("%.20q...: no nesting error", src)
		}
	}
}

func TestComments(t *testing.T) {
	src := "# one\n$x = 1 # two\n/* three\n */ $y = 2\n"
	f := parseOK(t, src)
	if len(f.Comments) != 3 {
		t.Fatalf("got %d comments, want 3", len(f.Comments))
	}
	want := []struct {
		text           string
		block, ownLine bool
		line, col      int
	}{
		{" one", false, true, 1, 1},
		{" two", false, false, 2, 8},
		{" three\n ", true, true, 3, 1},
	}
	for i, w := range want {
		c := f.Comments[i]
		if c.Text != w.text || c.Block != w.block || c.OwnLine != w.ownLine || int(c.Start.Line) != w.line || int(c.Start.Column) != w.col {
			t.Errorf("comment %d = %+v, want %+v", i, *c, w)
		}
	}
}

func TestTasksMode(t *testing.T) {
	src := "plan mymod::deploy(TargetSpec $targets) {\n  apply($targets) { file { '/x': } }\n}\n"
	f := ParseFile("mymod/plans/deploy.pp", []byte(src))
	if len(f.Errors) > 0 {
		t.Fatalf("tasks mode: %v", f.Errors[0])
	}
	p, ok := f.Program.Body.Stmts[0].(*PlanDef)
	if !ok || p.Name != "mymod::deploy" || len(p.Params) != 1 {
		t.Fatalf("got %s, want a plan with one parameter", Dump(f.Program))
	}
	if _, ok := p.Body.Stmts[0].(*Apply); !ok {
		t.Errorf("plan body = %s, want apply", sexpr(p.Body))
	}
	if f := ParseFile("mymod/manifests/init.pp", []byte(src)); len(f.Errors) == 0 {
		t.Error("plan with parameters parsed outside tasks mode")
	}
}

func TestHelpers(t *testing.T) {
	f := parseOK(t, "$::a::b = $x\nFile { 'a': }\nfoo::bar { 'b': }\nnotice(1)\n")
	a := f.Program.Body.Stmts[0].(*Assign)
	v := a.LHS.(*Variable)
	if !v.IsTopScope() || !v.IsQualified() || v.ShortName() != "b" || v.IsNumeric() {
		t.Errorf("variable helpers wrong for %q", v.Name)
	}
	if v2 := a.RHS.(*Variable); v2.IsQualified() || v2.IsTopScope() || v2.ShortName() != "x" {
		t.Errorf("variable helpers wrong for %q", v2.Name)
	}
	if n := (&Variable{Name: "12"}); !n.IsNumeric() {
		t.Error("$12 not numeric")
	}
	if got := f.Program.Body.Stmts[1].(*Resource).TypeName(); got != "file" {
		t.Errorf("TypeName = %q, want file", got)
	}
	if got := f.Program.Body.Stmts[2].(*Resource).TypeName(); got != "foo::bar" {
		t.Errorf("TypeName = %q, want foo::bar", got)
	}
	if got := f.Program.Body.Stmts[3].(*Call).FuncName(); got != "notice" {
		t.Errorf("FuncName = %q, want notice", got)
	}
}

func TestWordsAreNotNames(t *testing.T) {
	f := ParseManifest("t.pp", []byte("foo-bar 1, 2"))
	if len(f.Errors) == 0 || f.Errors[0].Message != "illegal comma separated argument list" {
		t.Errorf("errors %v, want illegal comma separated argument list", f.Errors)
	}
	f = ParseManifest("t.pp", []byte("foo-bar { a => 1 }"))
	if len(f.Errors) == 0 || !strings.HasPrefix(f.Errors[0].Message, "Expression is not valid as a resource") {
		t.Errorf("errors %v, want an invalid resource expression", f.Errors)
	}
	f = parseOK(t, "file { 'a': } { 'b': }")
	if got := sexpr(f.Program); got != `(block (resource (resource file (body "a")) (body "b")))` {
		t.Errorf("nested resource = %s", got)
	}
}

func TestEPPRenderBraces(t *testing.T) {
	for _, src := range []string{"<%= { 'a' => 1 }['a'] %>", "<%= { $x = 1 } %>"} {
		tt := struct{ src string }{src}
		f := ParseEPP("t.epp", []byte(tt.src))
		if len(f.Errors) > 0 {
			t.Errorf("%q: %v", tt.src, f.Errors[0])
			continue
		}
		r := f.Program.Body.Stmts[0].(*RenderExpr)
		_, isBlock := r.X.(*Block)
		if wantBlock := strings.Contains(tt.src, "$x = 1"); isBlock != wantBlock {
			t.Errorf("%q: rendered %s, block=%v", tt.src, sexpr(r.X), isBlock)
		}
	}
}

func TestCommentsInFileOrder(t *testing.T) {
	src := "$x = @(\"A\") # after tag\n  ${ 1 # inside\n  }\n  | A\n# last\n"
	f := parseOK(t, src)
	var texts []string
	for i, c := range f.Comments {
		texts = append(texts, c.Text)
		if i > 0 && c.Start.Offset < f.Comments[i-1].Start.Offset {
			t.Errorf("comments out of order: %q", texts)
		}
	}
	if len(texts) != 3 {
		t.Errorf("comments %q, want 3", texts)
	}
}

// TestEndOfInputPosition: Puppet gives no position for "Syntax error at end
// of input"; ducklint puts it just after the last token, on a line that
// exists, so editors and GitHub annotations can show it.
func TestEndOfInputPosition(t *testing.T) {
	cases := []struct {
		src       string
		line, col int
	}{
		{"class foo {\n", 1, 12},
		{"$a = 1;\n\n\n", 1, 8},
		{"notice(\n  1,\n  # trailing comment\n", 2, 5},
	}
	for _, c := range cases {
		f := ParseManifest("t.pp", []byte(c.src))
		if len(f.Errors) == 0 || f.Errors[0].Message != "Syntax error at end of input" {
			t.Fatalf("%q: errors %v", c.src, f.Errors)
		}
		if got := f.Errors[0].Start; int(got.Line) != c.line || int(got.Column) != c.col {
			t.Errorf("%q: at %d:%d, want %d:%d", c.src, got.Line, got.Column, c.line, c.col)
		}
	}
}
