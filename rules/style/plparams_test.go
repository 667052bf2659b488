package style

import (
	"slices"
	"testing"
)

// The parameter plugins' reading of a parameter list, corners included:
// braces do not nest (a hash default ends at its first comma, and a
// variable after it is read as a parameter), and a call anywhere in the
// default spares it. Each want is what the plugins report on the source
// (checked with puppet-lint 3.0.1 and the plugins loaded).
func TestParameterPluginCorners(t *testing.T) {
	tests := []struct {
		rule *Rule
		src  string
		want []string
	}{
		{OptionalDefault(), "class a (\n  Optional[Hash] $h = { 'a' => 1, 'b' => $x },\n  Optional[String] $s = \"${x}\",\n" +
			"  Optional[Integer] $i = -1,\n  Optional[String] $u = $x.upcase,\n  Optional[Array] $l = [undef],\n  Optional $o = 1,\n) {}\n",
			[]string{"2:18 Optional parameter defaults to something other than undef", "3:20 Optional parameter defaults to something other than undef",
				"4:21 Optional parameter defaults to something other than undef", "6:19 Optional parameter defaults to something other than undef",
				"7:12 Optional parameter defaults to something other than undef"}},
		{OptionalDefault(), "define a (Optional[String] $x, Optional[String] $y = undef) {}\nclass b (Optional[String] $x) {}\n",
			[]string{"1:28 Optional defined type parameter doesn't have a default"}},
		{EmptyStringDefault(), "class a (String[1] $x = '', Variant[Integer, Boolean] $y = '', String $z = '' + 'a', Stdlib::Host $h = '') {}\n",
			[]string{"1:20 class parameter with String type defaults to empty string", "1:55 class parameter with String type defaults to empty string",
				"1:71 class parameter with String type defaults to empty string"}},
		// A name touching its ( is a FUNCTION_NAME to puppet-lint, and the
		// plugin then sees no parameter list.
		{LookupInParameter(), "class a(String $x = lookup('x')) {}\nclass b (String $x = lookup('x')) { lookup('y') }\n",
			[]string{"2:22 lookup used to set the default value of a parameter"}},
		{LookupInParameter(), "class a (\n  String $x = 'k'.lookup,\n  String $y = 'k'.lookup(),\n  String $z = lookup ('k'),\n) {}\n",
			[]string{"3:19 lookup used to set the default value of a parameter"}},
	}
	for _, tt := range tests {
		got, _ := findings(t, tt.rule, tt.src)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s on %q:\n got %q\nwant %q", tt.rule.ID, tt.src, got, tt.want)
		}
	}
}
