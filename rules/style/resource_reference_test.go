package style

import (
	"slices"
	"testing"
)

// The findings are where puppet-lint-resource_reference_syntax reports
// them; the fixed text is what its --fix writes for unquoted titles.
func TestResourceReferences(t *testing.T) {
	src := "file { '/a':\n  require => [Package[app], Package[App]],\n  notify  => Service [x],\n  owner   => User[root],\n}\n" +
		"Package[b] -> Class [c]\n"
	tests := []struct {
		rule  *Rule
		want  []string
		fixed string
	}{
		{ResourceReferenceUnquotedTitle(), []string{"2:23 unquoted title in resource reference"},
			"file { '/a':\n  require => [Package['app'], Package[App]],\n  notify  => Service [x],\n  owner   => User[root],\n}\n" +
				"Package[b] -> Class [c]\n"},
		{ResourceReferenceCapitalisedTitle(), []string{"2:37 resource reference with title with capital letter"}, src},
		{ResourceReferenceSpace(), []string{"3:14 whitespace between reference type and title"}, src},
		{TypeReferenceSpace(), []string{"6:15 whitespace between reference type and title"}, src},
	}
	for _, tt := range tests {
		got, fixed := findings(t, tt.rule, src)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: got %q\nwant %q", tt.rule.ID, got, tt.want)
		}
		if fixed != tt.fixed {
			t.Errorf("%s: fixed to %q\nwant %q", tt.rule.ID, fixed, tt.fixed)
		}
	}
	// Without a resource body in the file, the plugin checks no reference.
	if got, _ := findings(t, ResourceReferenceSpace(), "Package ['a'] -> Service['b']\n"); len(got) > 0 {
		t.Errorf("without a resource body: %q", got)
	}
}
