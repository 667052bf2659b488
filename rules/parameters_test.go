package rules

import (
	"fmt"
	"testing"
)

// TestDeclRefNamesAsBefore checks that a reference put together only for a
// finding reads as the one each declaration used to build up front.
func TestDeclRefNamesAsBefore(t *testing.T) {
	for _, c := range []struct {
		ref  declRef
		want string
	}{
		{classRef("apache"), fmt.Sprintf("Class[%s]", refName("apache"))},
		{classRef("::apache::mod::ssl"), fmt.Sprintf("Class[%s]", refName("::apache::mod::ssl"))},
		{resourceRef("apache::vhost", "main"), fmt.Sprintf("%s[%s]", refName("apache::vhost"), "main")},
		{resourceRef("file", ""), fmt.Sprintf("%s[%s]", refName("file"), "")},
	} {
		if got := c.ref.String(); got != c.want {
			t.Errorf("%+v renders %q, want %q", c.ref, got, c.want)
		}
	}
	if got, want := classRef("::Apache::Mod").String(), "Class[Apache::Mod]"; got != want {
		t.Errorf("class reference %q, want %q", got, want)
	}
	if got, want := resourceRef("apache::vhost", "a b").String(), "Apache::Vhost[a b]"; got != want {
		t.Errorf("resource reference %q, want %q", got, want)
	}
}
