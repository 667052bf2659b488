package rules

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestExcerpt(t *testing.T) {
	long := strings.Repeat("a", excerptLimit+10)
	for _, c := range []struct{ in, want string }{
		{"defined(File['/x'])", "defined(File['/x'])"},
		{"a  b", "a  b"}, // spaces are kept: in a tag they are the problem
		{" x", " x"},     // and so are leading ones
		{"defined(File[\n  '/x'])", "defined(File[ '/x'])"}, // a line break and its indentation fold to one space
		{"a\tb", "a b"},
		{"a\x1bb", "a\uFFFDb"},
		{long, long[:excerptLimit-1] + "…"},
		{strings.Repeat("é", excerptLimit), strings.Repeat("é", excerptLimit)},
		{strings.Repeat("é", excerptLimit+1), strings.Repeat("é", excerptLimit-1) + "…"},
	} {
		got := excerpt(c.in)
		if got != c.want {
			t.Errorf("excerpt(%q) = %q, want %q", c.in, got, c.want)
		}
		if n := utf8.RuneCountInString(got); n > excerptLimit {
			t.Errorf("excerpt(%q) has %d characters, over %d", c.in, n, excerptLimit)
		}
	}
}

func TestWithPlace(t *testing.T) {
	if got := withPlace("$x is assigned only in node definitions", "manifests/site.pp:3"); got != "$x is assigned only in node definitions (manifests/site.pp:3)" {
		t.Errorf("a place that fits is left out: %q", got)
	}
	msg := strings.Repeat("m", MessageLimit-10)
	if got := withPlace(msg, "modules/profile/manifests/web.pp:12"); got != msg {
		t.Errorf("a place that does not fit is added: %q", got)
	}
}

func TestFit(t *testing.T) {
	long, short := strings.Repeat("l", MessageLimit+1), "short"
	if got := fit("whole", short); got != "whole" {
		t.Errorf("fit prefers %q to a whole message that fits", got)
	}
	if got := fit(long, short); got != short {
		t.Errorf("fit(long, short) = %q", got)
	}
	if got := fit(long, long+"x"); got != long+"x" {
		t.Errorf("fit without a message that fits = %q, want the last", got)
	}
}
