package style

import (
	"fmt"
	"testing"

	"github.com/ducklint/ducklint/parser"
)

// TestFileResetMatchesNew checks that a File reset from file to file, as
// the rule runner's workers keep one, gives every rule the findings a
// fresh pass over the file gives it, whatever file came before.
func TestFileResetMatchesNew(t *testing.T) {
	srcs := []string{
		"class a::b (\n  $x = 1,\n  String $y,\n) inherits c::params {\n  file { '/f':\n    ensure => link,\n    mode => 644,\n    target => \"/t\",\n  }\n  class d { }\n  $My_Var = \"${h['k']}\"\n}\n",
		"define d ($a) {\n  exec { foo: command => 'x', }\n  notify { [a, b]: }\n}\n",
		"node web01.example.com {\n  $a-b = 1\n  $v = $h[\"${k}\"]\n  Package['x'] <- Service['x']\n}\n",
		"$x = 'a'\n",
	}
	rules := Rules()
	run := func(p func(r *Rule, report func(Finding)) *Pass) []string {
		var out []string
		for _, r := range rules {
			r.Run(p(r, func(f Finding) {
				out = append(out, fmt.Sprintf("%s %d %d %s %v", r.ID, f.Start, f.End, f.Message, f.Edits))
			}))
		}
		return out
	}
	options := func(r *Rule) any {
		if r.NewOptions != nil {
			return r.NewOptions()
		}
		return nil
	}
	var view parser.TokenView
	var file File
	for _, order := range [][]int{{0, 1, 2, 3}, {3, 2, 1, 0}, {2, 0, 2, 1}} {
		for _, i := range order {
			src := []byte(srcs[i])
			fresh := parser.NewTokenView(src, nil)
			want := run(func(r *Rule, report func(Finding)) *Pass { return NewPass(fresh, options(r), report) })
			view.Reset(src, nil)
			file.Reset(&view)
			got := run(func(r *Rule, report func(Finding)) *Pass { return file.Pass(options(r), report) })
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("source %d after reset:\n%v\nfresh:\n%v", i, got, want)
			}
			if len(want) == 0 && i != 3 {
				t.Fatalf("source %d: no findings; the test needs some", i)
			}
		}
	}
}
