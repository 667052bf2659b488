package style

import (
	"slices"
	"testing"
)

// The fixes are what puppet-lint-absolute_classname-check's --fix writes,
// but for the parent class's name, which is not fixed.
func TestAbsoluteClassNames(t *testing.T) {
	src := "class a inherits ::b {\n  include ::c, '::d'\n  class { '::e': }\n  Class['::f'] -> Class[::g]\n}\n"
	got, fixed := findings(t, AbsoluteClassInclusion(), src)
	want := []string{
		"1:18 class included by absolute name (::$class)",
		"2:11 class included by absolute name (::$class)",
		"2:16 class included by absolute name (::$class)",
		"3:11 class included by absolute name (::$class)",
	}
	if !slices.Equal(got, want) {
		t.Errorf("inclusion: got %q\nwant %q", got, want)
	}
	if want := "class a inherits ::b {\n  include c, 'd'\n  class { 'e': }\n  Class['::f'] -> Class[::g]\n}\n"; fixed != want {
		t.Errorf("inclusion fixed to %q\nwant %q", fixed, want)
	}
	got, fixed = findings(t, AbsoluteClassReference(), src)
	want = []string{"4:9 absolute class name reference", "4:25 absolute class name reference"}
	if !slices.Equal(got, want) {
		t.Errorf("reference: got %q\nwant %q", got, want)
	}
	if want := "class a inherits ::b {\n  include ::c, '::d'\n  class { '::e': }\n  Class['f'] -> Class[g]\n}\n"; fixed != want {
		t.Errorf("reference fixed to %q\nwant %q", fixed, want)
	}
}
