package style

import (
	"slices"
	"testing"
)

// The findings are where puppet-lint 4.3.0's space_before_arrow reports
// them. The fix agrees with puppet-lint --fix on blanks; where there is no
// blank, puppet-lint inserts the space before the token before the =>
// (" mode=>", " /* c */=>"), which leaves the finding, and ducklint puts
// it before the =>.
func TestSpaceBeforeArrow(t *testing.T) {
	src := "file { 'a':  ensure  => file, mode=>'0644' }\n" +
		"file { 'b':\n  x  => 1,\n  yy => 2,\n}\n" +
		"file { 'c':\n  owner\n  => 'root',\n}\n" +
		"file { 'd': a /* c */=> { b  => 1 } }\n" +
		"file { 'e': a\t=> 1 }\n"
	want := []string{
		"1:20 there should be a single space before '=>'",
		"1:31 there should be a single space before '=>'",
		"8:1 there should be a single space before '=>'",
		"10:15 there should be a single space before '=>'",
		"10:28 there should be a single space before '=>'",
		"11:14 there should be a single space before '=>'",
	}
	wantFixed := "file { 'a':  ensure => file, mode =>'0644' }\n" +
		"file { 'b':\n  x  => 1,\n  yy => 2,\n}\n" +
		"file { 'c':\n  owner\n  => 'root',\n}\n" +
		"file { 'd': a /* c */ => { b => 1 } }\n" +
		"file { 'e': a => 1 }\n"
	got, fixed := findings(t, SpaceBeforeArrow(), src)
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if fixed != wantFixed {
		t.Errorf("fixed to %q\nwant %q", fixed, wantFixed)
	}
	if again, _ := findings(t, SpaceBeforeArrow(), fixed); !slices.Equal(again, want[2:3]) {
		t.Errorf("after the fix: %q, want only the => that starts a line", again)
	}
}
