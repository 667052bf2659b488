package ducklint_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ducklint/ducklint"
)

// BeforeLint runs once for a run that lints, and not for one that only
// prints (cmd/ducklint prepares the heap there).
func TestBeforeLintOnlyWhenLinting(t *testing.T) {
	dir := writeTree(t, map[string]string{"a.pp": "class a {}\n"})
	for _, tc := range []struct {
		args  []string
		calls int
	}{
		{[]string{"--version"}, 0},
		{[]string{"--help"}, 0},
		{[]string{"--list-rules"}, 0},
		{[]string{"."}, 1},
		{[]string{"-f", "json", "a.pp"}, 1},
	} {
		calls := 0
		var out, errOut bytes.Buffer
		cmd := &ducklint.Command{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, Dir: dir,
			Getenv: func(string) string { return "" }, BeforeLint: func() { calls++ }}
		cmd.Main(append([]string{"ducklint"}, tc.args...))
		if calls != tc.calls {
			t.Errorf("%v: BeforeLint ran %d times, want %d (stderr %q)", tc.args, calls, tc.calls, errOut.String())
		}
	}
}
