package ducklint_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/ducklint/ducklint"
)

// BeforeLint runs once for a run that lints a large tree or reads a tree's
// context, and not for one that only prints or lints a few files on their
// own (cmd/ducklint prepares the heap there).
func TestBeforeLintOnlyWhenLinting(t *testing.T) {
	files := map[string]string{"manifests/site.pp": "include m\n", "modules/m/manifests/init.pp": "class m {}\n"}
	for i := range ducklint.LargeRunFiles {
		files[fmt.Sprintf("modules/m/manifests/c%d.pp", i)] = fmt.Sprintf("class m::c%d {}\n", i)
	}
	dir := writeTree(t, files)
	small := writeTree(t, map[string]string{"a.pp": "class a {}\n"})
	env := writeTree(t, map[string]string{"manifests/site.pp": "include m\n", "modules/m/manifests/init.pp": "class m {}\n"})
	// loaded: BeforeLint runs after the load (a large tree) rather than
	// before the walk of the context.
	for _, tc := range []struct {
		dir    string
		args   []string
		calls  int
		loaded bool
	}{
		{dir, []string{"--version"}, 0, false},
		{dir, []string{"--help"}, 0, false},
		{dir, []string{"--list-rules"}, 0, false},
		{dir, []string{"."}, 1, true},
		{dir, []string{"-f", "json", "modules/m/manifests/init.pp"}, 1, false},
		{dir, []string{"--fix", "."}, 1, true},
		{small, []string{"."}, 0, false},
		{small, []string{"-f", "json", "a.pp"}, 0, false},
		{env, []string{"."}, 0, false},
		{env, []string{"modules/m/manifests/init.pp"}, 1, false}, // the environment is its context
	} {
		calls, loaded := 0, false
		var out, errOut bytes.Buffer
		cmd := &ducklint.Command{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, Dir: tc.dir,
			Getenv: func(string) string { return "" }, BeforeLint: func(l bool) { calls, loaded = calls+1, l }}
		cmd.Main(append([]string{"ducklint"}, tc.args...))
		if calls != tc.calls || loaded != tc.loaded {
			t.Errorf("%v: BeforeLint ran %d times (loaded %v), want %d (%v) (stderr %q)", tc.args, calls, loaded, tc.calls, tc.loaded, errOut.String())
		}
	}
}

// Loaded reports the bytes of content a run's load read, once the load is
// done: cmd/ducklint paces the collector for that input before the heap
// grows past the limit of an unknown input. BeforeLint comes first, as
// soon as the walk has found a large tree's files, before any is parsed:
// the garbage of the walk is then all the collection it makes finds, and
// what the parsing allocates counts towards the collection after the
// simulation (Collectable) however early it is parsed.
func TestLoadedReportsTheInputSize(t *testing.T) {
	files := map[string]string{"manifests/site.pp": "include m\n", "modules/m/manifests/init.pp": "class m {}\n"}
	for i := range ducklint.LargeRunFiles {
		files[fmt.Sprintf("modules/m/manifests/c%d.pp", i)] = fmt.Sprintf("class m::c%d {}\n", i)
	}
	want := 0
	for _, src := range files {
		want += len(src)
	}
	dir := writeTree(t, files)
	var events []string
	var out, errOut bytes.Buffer
	cmd := &ducklint.Command{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, Dir: dir,
		Getenv:     func(string) string { return "" },
		Loaded:     func(size int64) { events = append(events, fmt.Sprintf("loaded %d", size)) },
		BeforeLint: func(bool) { events = append(events, "before lint") }}
	cmd.Main([]string{"ducklint", "-f", "json", "."})
	if got, want := strings.Join(events, ", "), fmt.Sprintf("before lint, loaded %d", want); got != want {
		t.Errorf("events %q, want %q (stderr %q)", got, want, errOut.String())
	}
}

// Collectable is called once in a run that lints a tree, after its load and
// before the findings are written (cmd/ducklint's memory policy collects
// there), and not in a run that only prints or lints a small program
// (tens of kilobytes, which leave too little garbage to collect for).
func TestCollectableOnceInALint(t *testing.T) {
	padding := strings.Repeat("# a comment line\n", 3000)
	dir := writeTree(t, map[string]string{"manifests/site.pp": "include m\n", "modules/m/manifests/init.pp": "class m {}\n" + padding})
	small := writeTree(t, map[string]string{"manifests/site.pp": "include m\n", "modules/m/manifests/init.pp": "class m {}\n"})
	for _, tc := range []struct {
		dir   string
		args  []string
		calls int
	}{
		{dir, []string{"--version"}, 0},
		{dir, []string{"--list-rules"}, 0},
		{dir, []string{"-f", "json", "."}, 1},
		{small, []string{"-f", "json", "."}, 0},
	} {
		var events []string
		var out, errOut bytes.Buffer
		cmd := &ducklint.Command{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, Dir: tc.dir,
			Getenv:      func(string) string { return "" },
			Loaded:      func(int64) { events = append(events, "loaded") },
			Collectable: func() { events = append(events, "collectable") }}
		cmd.Main(append([]string{"ducklint"}, tc.args...))
		want := []string{}
		if tc.args[0] != "--version" && tc.args[0] != "--list-rules" {
			want = append(want, "loaded")
		}
		if tc.calls == 1 {
			want = append(want, "collectable")
		}
		if got := strings.Join(events, ", "); got != strings.Join(want, ", ") {
			t.Errorf("%v: events %q, want %q (stderr %q)", tc.args, got, want, errOut.String())
		}
	}
}
