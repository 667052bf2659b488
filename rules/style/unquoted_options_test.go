package style

import (
	"slices"
	"testing"
)

// The findings are where puppet-lint-unquoted_string-check reports them
// (on one line, every bare word back to the last {). The fix quotes what
// the plugin's --fix quotes, but a capitalised word (a type, which Puppet
// matches as one) and a word that is not a whole option (include foo).
func TestUnquotedOptions(t *testing.T) {
	src := "case $x {\n  a, B: { }\n  Foo::Bar, 'c': { }\n  default: { }\n}\n" +
		"case $y { one: { include foo } two: { } }\n" +
		"$z = $x ? {\n  d => e,\n  Linux => 1,\n  default => undef,\n}\n" +
		"$w = $x ? { f => g, h => i }\n"
	got, fixed := findings(t, UnquotedCaseOption(), src)
	want := []string{"2:6 unquoted string in case", "2:3 unquoted string in case", "6:11 unquoted string in case",
		"6:32 unquoted string in case", "6:26 unquoted string in case", "6:18 unquoted string in case"}
	if !slices.Equal(got, want) {
		t.Errorf("case: got %q\nwant %q", got, want)
	}
	wantFixed := "case $x {\n  'a', B: { }\n  Foo::Bar, 'c': { }\n  default: { }\n}\n" +
		"case $y { 'one': { include foo } 'two': { } }\n" +
		"$z = $x ? {\n  d => e,\n  Linux => 1,\n  default => undef,\n}\n" +
		"$w = $x ? { f => g, h => i }\n"
	if fixed != wantFixed {
		t.Errorf("case: fixed to %q\nwant %q", fixed, wantFixed)
	}
	got, fixed = findings(t, UnquotedSelectorOption(), src)
	want = []string{"8:3 unquoted string in selector", "9:3 unquoted string in selector", "12:13 unquoted string in selector",
		"12:21 unquoted string in selector", "12:18 unquoted string in selector"}
	if !slices.Equal(got, want) {
		t.Errorf("selector: got %q\nwant %q", got, want)
	}
	wantFixed = "case $x {\n  a, B: { }\n  Foo::Bar, 'c': { }\n  default: { }\n}\n" +
		"case $y { one: { include foo } two: { } }\n" +
		"$z = $x ? {\n  'd' => e,\n  Linux => 1,\n  default => undef,\n}\n" +
		"$w = $x ? { 'f' => 'g', 'h' => i }\n"
	if fixed != wantFixed {
		t.Errorf("selector: fixed to %q\nwant %q", fixed, wantFixed)
	}
}
