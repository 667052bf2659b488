package ducklint_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"syscall"
	"testing"

	"github.com/ducklint/ducklint"
	"github.com/ducklint/ducklint/parser/load/gentree"
)

// unreadableFile makes path a file that cannot be read: mode 000 for a
// normal user; for root, whom permissions do not stop, a link to
// /proc/self/mem, whose first page is never mapped, so reading fails with EIO.
func unreadableFile(t *testing.T, path string) {
	t.Helper()
	if os.Geteuid() != 0 {
		if err := os.WriteFile(path, []byte("notice(1)\n"), 0o000); err != nil {
			t.Fatal(err)
		}
		return
	}
	if err := os.Symlink("/proc/self/mem", path); err != nil {
		t.Fatal(err)
	}
}

// unreadableDir makes path a directory that cannot be listed.
func unreadableDir(t *testing.T, path string) {
	t.Helper()
	if os.Geteuid() != 0 {
		if err := os.Mkdir(path, 0o000); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = os.Chmod(path, 0o755) }) // let t.TempDir remove it
		return
	}
	// Root reads any directory it may; /proc/1/map_files needs
	// CAP_SYS_ADMIN, which sandboxed and containerised root lacks.
	if _, err := os.ReadDir("/proc/1/map_files"); err == nil {
		t.Skip("privileged root can read every directory; nothing to test here")
	}
	if err := os.Symlink("/proc/1/map_files", path); err != nil {
		t.Fatal(err)
	}
}

// TestBadInput is the bad-input matrix: each case gives a clear message and
// the right exit code, never a panic, and never loses the findings of the
// other files (every case runs beside bad.pp, whose finding must survive).
func TestBadInput(t *testing.T) {
	nested := strings.Repeat("[", 10000) + strings.Repeat("]", 10000)
	var big strings.Builder
	for big.Len() < 10<<20 {
		big.WriteString("file { '/tmp/x': ensure => file, content => \"${facts['os']['family']}\", mode => '0644' }\n")
	}
	cases := []struct {
		name    string
		setup   func(t *testing.T, dir string)
		exit    int
		stderr  string // substring of stderr, "" for empty stderr
		finding string // substring of a finding on case.pp, "" for none
	}{
		{"empty file", write("case.pp", ""), 1, "", ""},
		{"only comments", write("case.pp", "# nothing\n/* here */\n"), 1, "", ""},
		{"binary file", write("case.pp", "notice(1)\x00\x01\x02"), 2, "case.pp: binary file", ""},
		{"invalid UTF-8", write("case.pp", "notice('a\xff')\n"), 1, "", "invalid byte sequence in UTF-8"},
		{"UTF-8 BOM", write("case.pp", "\xef\xbb\xbfnotice(1)\n"), 1, "", "Illegal UTF-8 Byte Order mark"},
		{"CRLF line endings", write("case.pp", "notice(1)\r\nnotice(2)\r\n"), 1, "", ""},
		{"lone CR line endings", write("case.pp", "notice(1)\rnotice(2)\r"), 1, "", ""},
		{"10 MB manifest", write("case.pp", big.String()), 1, "", ""},
		{"10,000 nested brackets", write("case.pp", "$x = "+nested+"\n"), 1, "", "nest"},
		{"100,000-character line", write("case.pp", "$x = '"+strings.Repeat("x", 100000)+"'\n"), 1, "", ""},
		{"unreadable file", func(t *testing.T, dir string) { unreadableFile(t, filepath.Join(dir, "case.pp")) }, 2, "case.pp: cannot read file", ""},
		{"unreadable directory", func(t *testing.T, dir string) { unreadableDir(t, filepath.Join(dir, "casedir")) }, 2, "casedir", ""},
		{"broken symlink", func(t *testing.T, dir string) {
			if err := os.Symlink("does-not-exist.pp", filepath.Join(dir, "case.pp")); err != nil {
				t.Fatal(err)
			}
		}, 2, "case.pp", ""},
		{"symlink loop", func(t *testing.T, dir string) {
			if err := os.Symlink(".", filepath.Join(dir, "loop")); err != nil {
				t.Fatal(err)
			}
		}, 1, "", ""},
		{"FIFO", func(t *testing.T, dir string) {
			if err := syscall.Mkfifo(filepath.Join(dir, "case.pp"), 0o644); err != nil {
				t.Fatal(err)
			}
		}, 2, "case.pp", ""},
	}
	// As root, an unreadable path is a link to /proc, outside the tree: a
	// walk does not follow it (see docs/boundary.md), so the case names it.
	namedAsRoot := map[string]string{"unreadable file": "case.pp", "unreadable directory": "casedir"}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := writeTree(t, map[string]string{"bad.pp": "class bad {\n  $x = [1,\n}\n"})
			c.setup(t, dir)
			args := []string{"-f", "json", "."}
			if named := namedAsRoot[c.name]; named != "" && os.Geteuid() == 0 {
				args = append(args, named)
			}
			code, out, errOut := run(t, dir, "", args...)
			if code != c.exit {
				t.Errorf("exit = %d, want %d; stderr %q", code, c.exit, errOut)
			}
			if c.stderr == "" && errOut != "" || !strings.Contains(errOut, c.stderr) {
				t.Errorf("stderr = %q, want it to contain %q", errOut, c.stderr)
			}
			r := decode(t, out)
			var onCase, onBad []string
			for _, f := range r.Findings {
				switch f.File {
				case "case.pp":
					onCase = append(onCase, f.Message)
				case "bad.pp":
					onBad = append(onBad, f.Message)
				}
			}
			if len(onBad) != 1 {
				t.Errorf("the other file's finding was lost: %v", r.Findings)
			}
			if c.finding == "" && len(onCase) > 0 {
				t.Errorf("unexpected findings on case.pp: %q", onCase)
			}
			if c.finding != "" && (len(onCase) == 0 || !strings.Contains(onCase[0], c.finding)) {
				t.Errorf("findings on case.pp = %q, want one containing %q", onCase, c.finding)
			}
		})
	}
}

func write(name, content string) func(t *testing.T, dir string) {
	return func(t *testing.T, dir string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// failingWriter is an output stream whose reader has gone away.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, syscall.EPIPE }

func TestClosedOutput(t *testing.T) {
	dir := writeTree(t, sampleTree)
	var errOut strings.Builder
	cmd := &ducklint.Command{Stdin: strings.NewReader(""), Stdout: failingWriter{}, Stderr: &errOut, Dir: dir}
	for _, format := range []string{"text", "json", "sarif", "github"} {
		errOut.Reset()
		if code := cmd.Main([]string{"ducklint", "-f", format, "."}); code != ducklint.ExitInternal ||
			!strings.Contains(errOut.String(), "broken pipe") {
			t.Errorf("-f %s to a closed pipe: exit %d, stderr %q", format, code, errOut.String())
		}
	}
}

// TestRepeatedRunsReleaseTheirMemory lints a generated tree many times in
// one process, as an editor integration or these tests do, and checks
// that a single collection afterwards frees nearly everything: a run must
// leave nothing reachable from process-wide pools. (Slabs pooled across
// runs kept each run's trees alive through the chunks they shared, and the
// heap of a process linting thousands of times grew to tens of gigabytes.)
func TestRepeatedRunsReleaseTheirMemory(t *testing.T) {
	dir := t.TempDir()
	if err := gentree.Generate(200, 3).Write(dir); err != nil {
		t.Fatal(err)
	}
	lint := func() {
		var out, errOut bytes.Buffer
		cmd := &ducklint.Command{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, Dir: dir,
			Getenv: func(string) string { return "" }}
		if code := cmd.Main([]string{"ducklint", "-f", "json", "."}); code > ducklint.ExitFindings {
			t.Fatalf("exit %d: %s", code, errOut.String())
		}
	}
	heap := func() uint64 {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	lint()
	runtime.GC()
	runtime.GC()
	base := heap()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	lint()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	perRun := after.TotalAlloc - before.TotalAlloc
	for range 20 {
		lint()
	}
	runtime.GC() // one collection: what pools keep survives it
	if left := heap() - min(heap(), base); left > perRun/10 {
		t.Errorf("after 21 runs and a collection, %d KB are still reachable (a run allocates %d KB)", left>>10, perRun>>10)
	}
}

// panickingReader panics when read: a stand-in for a bug anywhere in the
// pipeline.
type panickingReader struct{}

func (panickingReader) Read([]byte) (int, error) { panic("reader broke\nsecond line") }

// TestInternalErrorIsOneLine checks the README's promise for a bug in
// ducklint: exit 3 and one line on standard error, not a stack trace.
func TestInternalErrorIsOneLine(t *testing.T) {
	var stdout, stderr bytes.Buffer
	cmd := &ducklint.Command{Stdin: panickingReader{}, Stdout: &stdout, Stderr: &stderr, Dir: t.TempDir()}
	code := cmd.Main([]string{"ducklint", "--stdin-filename", "x.pp", "-"})
	if code != ducklint.ExitInternal {
		t.Errorf("exit %d; want %d", code, ducklint.ExitInternal)
	}
	msg := stderr.String()
	if strings.Count(msg, "\n") != 1 || !strings.HasPrefix(msg, "ducklint: internal error: reader broke second line") {
		t.Errorf("stderr %q; want one line naming the internal error", msg)
	}
}

// TestDeepInputDoesNotExhaustTheStack runs the whole command on the shapes
// that overflowed the stack (400,000 links each, as reported), with the
// stack limited to 64 MB: an unbounded recursion over such a tree needs
// hundreds of megabytes and would end the test binary. Each file gets one
// syntax error and nothing else.
func TestDeepInputDoesNotExhaustTheStack(t *testing.T) {
	defer debug.SetMaxStack(debug.SetMaxStack(64 << 20))
	const n = 400_000
	dir := t.TempDir()
	shapes := map[string]string{
		"plus.pp":  "$x = 1" + strings.Repeat(" + 1", n),
		"index.pp": "$x = [1]" + strings.Repeat("[0]", n),
		"and.pp":   "$x = true" + strings.Repeat(" and true", n),
		"then.pp":  "$x = 1" + strings.Repeat(".then |$v| { $v }", n),
		"type.pp":  "$x = Integer" + strings.Repeat("[1]", n),
	}
	// Nesting just under the parser's limits: the deepest recursion a
	// file that parses can cause, in the parser and in every walk after.
	nested := map[string]string{
		"nested-array.pp":         "$x = " + strings.Repeat("[", 2400) + "1" + strings.Repeat("]", 2400),
		"nested-if.pp":            strings.Repeat("if $a { ", 1990) + "notice(1)" + strings.Repeat(" }", 1990),
		"nested-interpolation.pp": "$x = " + strings.Repeat(`"${`, 4000) + "1" + strings.Repeat(`}"`, 4000),
		"nested-lambda.pp":        strings.Repeat("$a.each |$v| { ", 1600) + "notice($v)" + strings.Repeat(" }", 1600),
	}
	for name, src := range nested {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, src := range shapes {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var stdout, stderr bytes.Buffer
	cmd := &ducklint.Command{Stdout: &stdout, Stderr: &stderr, Dir: dir}
	if code := cmd.Main([]string{"ducklint", "-f", "json", "."}); code != ducklint.ExitFindings {
		t.Fatalf("exit %d; stderr %s", code, stderr.String())
	}
	var rep struct {
		Findings []struct{ File, Rule, Message string }
	}
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	var deep []struct{ File, Rule, Message string }
	for _, f := range rep.Findings {
		if _, ok := shapes[f.File]; ok {
			deep = append(deep, f)
		} else if f.Rule == "syntax-error" {
			t.Errorf("%s: %s; nesting under the limits parses", f.File, f.Message)
		}
	}
	if len(deep) != len(shapes) {
		t.Errorf("%d findings in the chain files; want one per file: %+v", len(deep), deep)
	}
	for _, f := range deep {
		if f.Rule != "syntax-error" || !strings.HasPrefix(f.Message, "Expression nesting too deep") {
			t.Errorf("%s: %s %q; want the nesting syntax error", f.File, f.Rule, f.Message)
		}
	}
}
