package style

import (
	"slices"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/internal/fix"
	"github.com/ducklint/ducklint/parser"
)

// The findings below are what puppet-lint 3.0.1 reports with
// puppet-lint-param-docs loaded (--only-checks parameter_documentation),
// line and column; the fixed sources are what ducklint's safe fix accepts.
func TestParameterDocumentation(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
		fixed     string
	}{
		{"strings tags, types before and after the name, continued text", `# @summary foo
#
# Description here.
#
# @param [String] first
#   The first one.
#   Second line.
# @param second [Integer] The second.
# @param gone Something removed.
# @param second again
#
# @example
#   include foo
class foo (
  String $first,
  Integer $second = 1,
  Hash $third = { 'a' => $first },
  $fourth = [1, 2],
) {
}
`, []string{
			"8:10 Duplicate class parameter documentation for foo::second",
			"9:10 No matching class parameter for documentation of foo::gone",
			"10:10 Duplicate class parameter documentation for foo::second",
			"17:8 missing documentation for class parameter foo::third",
			"18:3 missing documentation for class parameter foo::fourth",
		}, `# @summary foo
#
# Description here.
#
# @param [String] first
#   The first one.
#   Second line.
# @param second [Integer] The second.
# @param third
# @param fourth
# @param gone Something removed.
# @param second again
#
# @example
#   include foo
class foo (
  String $first,
  Integer $second = 1,
  Hash $third = { 'a' => $first },
  $fourth = [1, 2],
) {
}
`},
		{"kafo and puppetdoc styles, @api private", `# Some define
#
# $port:: the port
# [*host*] the host
# @api private
define foo::bar (
  $port,
  $host,
  $other,
) {
}
`, nil, ""},
		{"a defined type documents its title", `# A define
#
# @param name the title
# @param port the port
define foo::baz (
  $port,
  $proto,
) {
}
`, []string{"7:3 missing documentation for defined type parameter foo::baz::proto"}, `# A define
#
# @param name the title
# @param port the port
# @param proto
define foo::baz (
  $port,
  $proto,
) {
}
`},
		{"stubs go in parameter order", `  # Does things.
  #
  # @param b
  #   Text of b,
  #   continued.
  #
  # @example
  #   include x
  class x ($a, $b, $c) {}
`, []string{
			"9:12 missing documentation for class parameter x::a",
			"9:20 missing documentation for class parameter x::c",
		}, `  # Does things.
  #
  # @param a
  # @param b
  #   Text of b,
  #   continued.
  # @param c
  #
  # @example
  #   include x
  class x ($a, $b, $c) {}
`},
		{"no @param yet: at the end of the block", `# Does things.
class y ($a) {}
`, []string{"2:10 missing documentation for class parameter y::a"}, `# Does things.
# @param a
class y ($a) {}
`},
		{"no docstring: nothing to add to", "class z ($a) {}\n",
			[]string{"1:10 missing documentation for class parameter z::a"}, ""},
		// puppet-lint-param-docs reads every comment before the keyword;
		// Puppet Strings only the block right above it.
		{"a blank line ends the docstring", "# @param a text\n\nclass w ($a) {}\n",
			[]string{"3:10 missing documentation for class parameter w::a"}, ""},
	}
	for _, tt := range tests {
		got, _ := findings(t, ParameterDocumentation(), tt.src)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: findings\n%s\nwant\n%s", tt.name, strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
		}
		fixed := fixRounds(t, ParameterDocumentation(), tt.src)
		want := tt.fixed
		if want == "" {
			want = tt.src
		}
		if fixed != want {
			t.Errorf("%s: fixed\n%s\nwant\n%s", tt.name, fixed, want)
		}
	}
}

// fixRounds applies r's edits through the safe fix (package fix) round by
// round, linting again after each, as --fix does, until none is left.
func fixRounds(t *testing.T, r *Rule, src string) string {
	t.Helper()
	for range 10 {
		v := parser.NewTokenView([]byte(src), nil)
		var edits []diagnostics.Edit
		var opts any
		if r.NewOptions != nil {
			opts = r.NewOptions()
		}
		r.Run(NewPass(v, opts, func(f Finding) {
			for _, e := range f.Edits {
				edits = append(edits, diagnostics.Edit{Start: v.Lines.Pos(e.Start), End: v.Lines.Pos(e.End), NewText: e.NewText})
			}
		}))
		if len(edits) == 0 {
			return src
		}
		out, n, err := fix.Apply("x.pp", []byte(src), edits)
		if err != nil {
			t.Fatalf("the safe fix refused the edits: %v\n%s", err, src)
		}
		if n == 0 {
			return src
		}
		src = string(out)
	}
	t.Fatal("edits left after 10 rounds")
	return ""
}
