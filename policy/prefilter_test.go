package policy

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/rules"
)

// A condition rules out objects by their key field only when a conjunct
// of it requires the key to be one of some strings.
func TestPrefilter(t *testing.T) {
	cases := []struct {
		match, condition, want string // want: the admitted keys, sorted, "" for no filter
	}{
		{"resource", "resource.type == 'package' && resource.title == 'x'", "package"},
		{"resource", "resource.title != '' && 'exec' == resource.type", "exec"},
		{"resource", "resource.title != '' && (resource.virtual && resource.type == 'file')", "file"},
		{"function_call", "function_call.name in ['hiera', 'hiera_array']", "hiera hiera_array"},
		{"declaration", "declaration.kind == 'include'", "include"},
		{"resource", "resource.type == 'a' || resource.type == 'b'", ""},
		{"resource", "!(resource.type == 'a')", ""},
		{"resource", "resource.type != 'a'", ""},
		{"resource", "resource.title == 'a'", ""},
		{"resource", "resource.type in ['a', resource.title]", ""},
		{"resource", "has(resource.type) && resource.virtual", ""},
		{"class", "class.name == 'a'", ""},
	}
	for _, c := range cases {
		pols, err := Compile([]rules.PolicySpec{{ID: "p", Match: c.match, Condition: c.condition, Message: "m", Severity: rules.Warning}})
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Join(slices.Sorted(maps.Keys(pols[0].filter)), " ")
		if got != c.want {
			t.Errorf("%s: filter %q, want %q", c.condition, got, c.want)
		}
	}
}
