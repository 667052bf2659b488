package style

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/parser"
)

// findings runs r over src and returns "line:column message" of each finding,
// and src with the findings' edits applied.
func findings(t *testing.T, r *Rule, src string) ([]string, string) {
	t.Helper()
	v := parser.NewTokenView([]byte(src), nil)
	var opts any
	if r.NewOptions != nil {
		opts = r.NewOptions()
	}
	var out []string
	var edits []Edit
	r.Run(NewPass(v, opts, func(f Finding) {
		out = append(out, fmt.Sprintf("%s %s", v.Lines.Pos(f.Start), f.Message))
		edits = append(edits, f.Edits...)
	}))
	// As the safe fix does, an edit overlapping one before it is left out
	// (several findings may carry the same edit).
	slices.SortStableFunc(edits, func(a, b Edit) int { return a.Start - b.Start })
	var apply []Edit
	for _, e := range edits {
		if len(apply) == 0 || e.Start >= apply[len(apply)-1].End {
			apply = append(apply, e)
		}
	}
	fixed := src
	for i := len(apply) - 1; i >= 0; i-- {
		e := apply[i]
		fixed = fixed[:e.Start] + e.NewText + fixed[e.End:]
	}
	return out, fixed
}

func TestStyleRules(t *testing.T) {
	long := strings.Repeat("x", 141)
	tests := []struct {
		rule  *Rule
		src   string
		want  []string
		fixed string
	}{
		{TrailingWhitespace(), "$a = 1  \n$b = 2\t\n  \n# c  \n$s = 'x  \ny'\n$z = 3 ",
			[]string{"1:7 trailing whitespace found", "2:7 trailing whitespace found", "3:1 trailing whitespace found", "7:7 trailing whitespace found"},
			"$a = 1\n$b = 2\n\n# c  \n$s = 'x  \ny'\n$z = 3"},
		{TrailingWhitespace(), "$a = 1 \r\n", []string{"1:7 trailing whitespace found"}, "$a = 1\r\n"},
		{HardTab(), "class a {\n\t$x\t= '\t'\n}\n", []string{"2:1 tab character found", "2:4 tab character found"},
			"class a {\n  $x  = '\t'\n}\n"},
		{SoftTabs(), " $a = 1\nclass a {\n   $x = 1\n    $y = 2\n}\n", []string{"3:1 two-space soft tabs not used"}, ""},
		{LineLength(), long + "\n" + strings.Repeat("é", 140) + "\n# http://" + long + "\n", []string{"1:141 line has more than 140 characters"}, ""},
		{DoubleQuotedString(), "$a = \"x\"\n$b = \"it's\"\n$c = \"\\r\"\n$d = \"${a}\"\n",
			[]string{"1:6 double quoted string containing no variables", "3:6 double quoted string containing no variables"},
			"$a = 'x'\n$b = \"it's\"\n$c = \"\\r\"\n$d = \"${a}\"\n"},
		{FileMode(), "file { 'a': mode => 644, owner => x }\nfile { 'b': mode => '0644' }\nconcat { 'c': mode => 'rw' }\n",
			[]string{"1:21 mode should be represented as a 4 digit octal value or symbolic mode", "3:23 mode should be represented as a 4 digit octal value or symbolic mode"},
			"file { 'a': mode => '0644', owner => x }\nfile { 'b': mode => '0644' }\nconcat { 'c': mode => 'rw' }\n"},
		{UnquotedFileMode(), "file { 'a': mode => 644 }\nexec { 'b': mode => 644 }\n", []string{"1:21 unquoted file mode"},
			"file { 'a': mode => '644' }\nexec { 'b': mode => 644 }\n"},
		{OnlyVariableString(), "$a = \"${x}\"\n$b = \"$x\"\n$c = \"${x['k'][1]}\"\n$d = { \"${x}\" => 1 }\n$e = $h[\"${x}\"]\n",
			[]string{"1:9 string containing only a variable", "2:7 string containing only a variable", "3:9 string containing only a variable"},
			"$a = $x\n$b = $x\n$c = $x['k'][1]\n$d = { \"${x}\" => 1 }\n$e = $h[\"${x}\"]\n"},
		{VariableNotEnclosed(), "$a = \"x $y $z[1]-w ${v} ${$u}\"\n",
			[]string{"1:9 variable not enclosed in {}", "1:12 variable not enclosed in {}"},
			"$a = \"x ${y} ${z[1]}-w ${v} ${$u}\"\n"},
		{UnquotedResourceTitle(), "file { motd: }\nfile { a :}\npackage { [x, 'y']: }\n",
			[]string{"1:8 unquoted resource title", "3:12 unquoted resource title"},
			"file { 'motd': }\nfile { a :}\npackage { ['x', 'y']: }\n"},
		{ArrowAlignment(), "file { 'a':\n  ensure => file, mode => '0644',\n  owner => 'root',\n}\n",
			[]string{"2:24 indentation of => is not properly aligned (expected in column 10, but found it in column 24)",
				"3:9 indentation of => is not properly aligned (expected in column 10, but found it in column 9)"},
			"file { 'a':\n  ensure => file,\n  mode   => '0644',\n  owner  => 'root',\n}\n"},
		{VariableNotEnclosed(), "$a = @(\"E\")\n  x $y ${z} \\$w ${$v} $::u\n  | E\n$b = @(E)\n  $y\n  | E\n",
			[]string{"2:5 variable not enclosed in {}", "2:23 variable not enclosed in {}"},
			"$a = @(\"E\")\n  x ${y} ${z} \\$w ${$v} ${::u}\n  | E\n$b = @(E)\n  $y\n  | E\n"},
		{LineLength80(), strings.Repeat("y", 81) + "\n" + strings.Repeat("y", 80) + "\n", []string{"1:81 line has more than 80 characters"}, ""},
		{StarComment(), "/* top\n   second */\nclass a {\n  /*\n   * x\n   *\n   * y\n   */\n  $x = 1 /* z */\n}\n/* p\nq */\n$b = 1/* r\ns */\n/* t */ # u\n/* v */ $c = 1\n",
			[]string{"1:1 /* */ comment found", "4:3 /* */ comment found", "9:10 /* */ comment found", "11:1 /* */ comment found", "13:7 /* */ comment found",
				"15:1 /* */ comment found", "16:1 /* */ comment found"},
			"# top\n# second\nclass a {\n  # x\n  # \n  # y\n  $x = 1 # z\n}\n# p\n\n# q\n$b = 1/* r\ns */\n/* t */ # u\n/* v */ $c = 1\n"},
		// The fixes, as puppet-lint --fix writes them; a dotted node name
		// is quoted whole, where puppet-lint writes 'a'.'example'.'com'.
		{UnquotedNodeName(), "node web01, 'q', a.example.com, default, /x/ {\n}\n",
			[]string{"1:6 unquoted node name found", "1:18 unquoted node name found"},
			"node 'web01', 'q', 'a.example.com', default, /x/ {\n}\n"},
		{ArrowOnRightOperandLine(), "A ->\n  B\nC ~>  # c\n  D\nE -> F\nG\n-> H\n",
			[]string{"1:3 arrow should be on the right operand's line", "3:3 arrow should be on the right operand's line"},
			"A\n  -> B\nC  # c\n  ~> D\nE -> F\nG\n-> H\n"},
	}
	for _, tt := range tests {
		got, fixed := findings(t, tt.rule, tt.src)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s on %q:\n got %q\nwant %q", tt.rule.ID, tt.src, got, tt.want)
		}
		if tt.fixed != "" && fixed != tt.fixed {
			t.Errorf("%s fixed %q to %q, want %q", tt.rule.ID, tt.src, fixed, tt.fixed)
		}
	}
}

// puppetLintName reads names as puppet-lint's lexer does: words joined by
// single dashes, :: between segments, no brackets.
func TestPuppetLintName(t *testing.T) {
	for in, want := range map[string]string{
		"foo-bar = 1": "foo-bar", "a::b-c::d[1]": "a::b-c::d", "::Foo": "::Foo", "a- b": "a",
		"a::": "a", "a--b": "a", "x['y-z']": "x", "{x}": "", "": "",
	} {
		if got := in[:puppetLintName([]byte(in))]; got != want {
			t.Errorf("puppetLintName(%q) reads %q, want %q", in, got, want)
		}
	}
}
