package parser

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/internal/slab"
)

// TestSlabNodesOutliveLaterParses checks that nodes and lists handed out
// from the slabs of an arena belong to their tree for good: parsing many
// more files with the same arena, enough to fill several chunks of every
// kind, changes nothing in a tree parsed before them, nor its comments.
func TestSlabNodesOutliveLaterParses(t *testing.T) {
	src := func(i int) []byte {
		return []byte(fmt.Sprintf("# comment %d\nclass c%d::x (String $p = 'v%d', $q = [%d, true, undef]) inherits Base%d {\n"+
			"  file { \"/tmp/${p}\": ensure => file, mode => '0644' } # trailing %d\n  $y = $facts['os%d']\n"+
			"  include a%d, b%d\n  $h = { k => [%d, { l => f(%d, m => %d) }] }\n}\n", i, i, i, i, i, i, i, i, i, i, i, i))
	}
	var arena Arena
	first := arena.ParseFile("first.pp", src(0))
	want := Dump(first.Program)
	var comments []string
	for _, c := range first.Comments {
		comments = append(comments, c.Text)
	}
	if len(first.Errors) > 0 || !strings.Contains(want, "v0") || len(comments) != 2 {
		t.Fatalf("unexpected first parse: %v %q %q", first.Errors, want, comments)
	}
	for i := 1; i <= 3*slab.Chunk; i++ {
		if f := arena.ParseFile("more.pp", src(i)); len(f.Errors) > 0 {
			t.Fatalf("parse %d: %v", i, f.Errors)
		}
	}
	if got := Dump(first.Program); got != want {
		t.Errorf("the first tree changed after later parses:\n got %s\nwant %s", got, want)
	}
	for i, c := range first.Comments {
		if c.Text != comments[i] {
			t.Errorf("comment %d is now %q, was %q", i, c.Text, comments[i])
		}
	}
}
