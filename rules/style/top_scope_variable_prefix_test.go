package style

import (
	"slices"
	"testing"
)

// The findings are where puppet-lint-topscope-variable-check reports them,
// and the fixed text is what its --fix writes.
func TestTopScopeVariablePrefix(t *testing.T) {
	src := "class a {\n  $x = $::ab::c\n  $y = \"${::ab::d} $::ab::e\"\n  $z = $::a::b\n  $w = $::os\n  $v = $::ab::f[0]\n  $u = $::ab::g[$i['k']].size\n}\n"
	got, fixed := findings(t, TopScopeVariablePrefix(), src)
	want := []string{"2:8 use $ab::c instead of $::ab::c", "3:11 use $ab::d instead of $::ab::d", "6:8 use $ab::f[0] instead of $::ab::f[0]", "7:8 use $ab::g[$i['k'] instead of $::ab::g[$i['k']"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
	wantFixed := "class a {\n  $x = $ab::c\n  $y = \"${ab::d} $::ab::e\"\n  $z = $::a::b\n  $w = $::os\n  $v = $ab::f[0]\n  $u = $ab::g[$i['k']].size\n}\n"
	if fixed != wantFixed {
		t.Errorf("fixed to %q\nwant %q", fixed, wantFixed)
	}
	if got, _ := findings(t, TopScopeVariablePrefix(), "$x = $::ab::c\n"); len(got) > 0 {
		t.Errorf("without a definition: %q", got)
	}
}
