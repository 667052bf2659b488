package style

import (
	"slices"
	"testing"
)

// The findings are where puppet-lint-trailing_comma-check reports them,
// and the fixed text is what its --fix writes, but for line 10: the
// plugin reports it twice, for each of the two arrays the first ] ends,
// and its fix writes "1,,", which Puppet rejects.
func TestTrailingComma(t *testing.T) {
	src := "$a = {\n  'k' => @(END),\n    text\n    | END\n  'l' => @(END)\n    text\n    | END\n}\n" +
		"$b = [[\n  1\n]]\n" +
		// The ] of an interpolation's index ends the array for the
		// plugin, as the first ] after the [ does.
		"$c = [\n  \"${h['k']}\"\n]\n" +
		"$d = [\n  \"$h[1]\"\n]\n" +
		"$e = Optional[\n  String\n]\n" +
		// Not a resource default body, though the plugin reads it as one.
		"if $kernel == Linux {\n  include x\n}\n"
	want := []string{
		"10:4 missing trailing comma after last element",
		"16:10 missing trailing comma after last element",
		"5:16 missing trailing comma after last element",
	}
	wantFixed := "$a = {\n  'k' => @(END),\n    text\n    | END\n  'l' => @(END),\n    text\n    | END\n}\n" +
		"$b = [[\n  1,\n]]\n" +
		"$c = [\n  \"${h['k']}\"\n]\n" +
		"$d = [\n  \"$h[1]\",\n]\n" +
		"$e = Optional[\n  String\n]\n" +
		"if $kernel == Linux {\n  include x\n}\n"
	got, fixed := findings(t, TrailingComma(), src)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if fixed != wantFixed {
		t.Errorf("fixed to %q\nwant %q", fixed, wantFixed)
	}
	if again, _ := findings(t, TrailingComma(), fixed); len(again) > 0 {
		t.Errorf("after the fix: %q", again)
	}
}
