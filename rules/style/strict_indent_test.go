package style

import (
	"slices"
	"strings"
	"testing"
)

// The findings are what puppet-lint 3.0.1 reports with
// puppet-lint-strict_indent-check loaded; the fixed sources are what the
// safe fix accepts (puppet-lint's fix gives the same, but for the blank
// heredoc line and the line endings noted).
func TestStrictIndent(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
		fixed     string
	}{
		{"brackets and a resource body", "class a {\n    $x = [\n  1,\n    ]\nfile { '/x':\nensure => file,\n}\n}\n",
			[]string{"2:1 indent should be 2 chars and is 4", "3:1 indent should be 4 chars and is 2", "4:1 indent should be 2 chars and is 4",
				"5:1 indent should be 2 chars and is 0", "6:1 indent should be 4 chars and is 0", "7:1 indent should be 2 chars and is 0"},
			"class a {\n  $x = [\n    1,\n  ]\n  file { '/x':\n    ensure => file,\n  }\n}\n"},
		{"CRLF line endings stay", "class a {\r\n    $x = 1\r\n}\r\n", []string{"2:1 indent should be 2 chars and is 4"},
			"class a {\r\n  $x = 1\r\n}\r\n"},
		// The heredoc moves with its margin; the blank line shorter than
		// the margin, which Puppet keeps as it is, stays (puppet-lint
		// empties it, changing the value).
		{"a heredoc with a margin moves as a whole", "class a {\n  $x = @(EOT)\n          one\n \n            two\n          | EOT\n}\n",
			[]string{"3:1 indent should be 4 chars and is 10"},
			"class a {\n  $x = @(EOT)\n    one\n \n      two\n    | EOT\n}\n"},
		// Without a margin every blank is part of the value.
		{"a heredoc without a margin stays", "class a {\n  $x = @(EOT)\n      one\n      EOT\n}\n",
			[]string{"3:1 indent should be 4 chars and is 6"}, ""},
		{"a short line that would reach the new margin stays", "class a {\n  $x = @(EOT)\n          one\n      x\n          | EOT\n}\n",
			[]string{"3:1 indent should be 4 chars and is 10"}, ""},
	}
	for _, tt := range tests {
		got, _ := findings(t, StrictIndent(), tt.src)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: findings\n%s\nwant\n%s", tt.name, strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
		}
		want := tt.fixed
		if want == "" {
			want = tt.src
		}
		if fixed := fixRounds(t, StrictIndent(), tt.src); fixed != want {
			t.Errorf("%s: fixed\n%q\nwant\n%q", tt.name, fixed, want)
		}
	}
}
