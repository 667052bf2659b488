package ducklint_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/ducklint/ducklint"
)

// pathErrorCase is a PATH argument that cannot be linted: how to make it,
// the argument as typed and what the error says.
type pathErrorCase struct {
	name    string
	setup   func(t *testing.T, dir string)
	arg     string
	message string
}

func pathErrorCases() []pathErrorCase {
	nothing := func(*testing.T, string) {}
	return []pathErrorCase{
		{"missing absolute path", nothing, "/nonexistent/x.pp", "no such file or directory"},
		{"missing path, typed with ./", nothing, "./sub/../nope.pp", "no such file or directory"},
		{"binary file", write("case.pp", "notice(1)\x00"), "case.pp", "binary file"},
		{"FIFO", func(t *testing.T, dir string) {
			if err := syscall.Mkfifo(filepath.Join(dir, "case.pp"), 0o644); err != nil {
				t.Fatal(err)
			}
		}, "case.pp", "not a regular file (named pipe)"},
		{"/dev/null", nothing, "/dev/null", "not a regular file (character device)"},
		{"dangling symlink", func(t *testing.T, dir string) {
			if err := os.Symlink("nowhere.pp", filepath.Join(dir, "case.pp")); err != nil {
				t.Fatal(err)
			}
		}, "case.pp", "broken symbolic link to nowhere.pp"},
		{"symlink loop", func(t *testing.T, dir string) {
			if err := os.Symlink("case.pp", filepath.Join(dir, "case.pp")); err != nil {
				t.Fatal(err)
			}
		}, "case.pp", "symbolic link loop"},
		{"unreadable file", func(t *testing.T, dir string) { unreadableFile(t, filepath.Join(dir, "case.pp")) },
			"case.pp", "cannot read file"},
		{"directory without Puppet files", writeFiles(map[string]string{"empty/README.md": "# nothing here\n"}),
			"empty", "no .pp or .epp files to lint"},
		{"directory whose Puppet files are all ignored", writeFiles(map[string]string{"ign/.gitignore": "*.pp\n", "ign/x.pp": "notice(1)\n"}),
			"ign", "no .pp or .epp files to lint"},
	}
}

// writeFiles returns a setup that writes files (path -> content) into dir.
func writeFiles(files map[string]string) func(t *testing.T, dir string) {
	return func(t *testing.T, dir string) {
		t.Helper()
		for name, content := range files {
			p := filepath.Join(dir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestPathErrorsInEveryFormat: a path that cannot be linted is reported,
// as typed, in every format, exits 2, and never sits beside "no problems";
// the findings of the other paths are kept.
func TestPathErrorsInEveryFormat(t *testing.T) {
	for _, c := range pathErrorCases() {
		t.Run(c.name, func(t *testing.T) {
			dir := writeTree(t, map[string]string{"bad.pp": "class bad {\n  $x = [1,\n}\n", "sub/.keep": ""})
			c.setup(t, dir)
			for _, args := range [][]string{{c.arg}, {c.arg, "bad.pp"}} {
				for _, format := range []string{"text", "json", "sarif", "github"} {
					code, out, errOut := run(t, dir, "", append([]string{"-f", format}, args...)...)
					if code != ducklint.ExitUsage {
						t.Errorf("-f %s %v: exit %d, want 2", format, args, code)
					}
					if strings.Contains(out, "no problems") {
						t.Errorf("-f %s %v: output says no problems:\n%s", format, args, out)
					}
					checkPathError(t, format, out, errOut, c.arg, c.message)
					if len(args) == 2 && !strings.Contains(out, "Syntax error") {
						t.Errorf("-f %s %v: the finding on bad.pp is lost:\n%s", format, args, out)
					}
				}
			}
		})
	}
}

// checkPathError checks that one format's output reports the path error.
func checkPathError(t *testing.T, format, out, errOut, path, message string) {
	t.Helper()
	switch format {
	case "text":
		// People read text and github on the terminal or in the log:
		// the error is in the report, not repeated on stderr.
		if !containsLine(out, path+": error: "+message) || !strings.Contains(out, "1 path error") || errOut != "" {
			t.Errorf("text: stdout %q, stderr %q; want a line %q", out, errOut, path+": error: "+message)
		}
	case "github":
		if !containsLine(out, "::error title=ducklint path error::"+path+": "+message) || errOut != "" {
			t.Errorf("github: stdout %q, stderr %q", out, errOut)
		}
	case "json":
		var r struct {
			Errors []struct{ Path, Message string } `json:"errors"`
		}
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("json: %v\n%s", err, out)
		}
		if len(r.Errors) != 1 || r.Errors[0].Path != path || !strings.HasPrefix(r.Errors[0].Message, message) {
			t.Errorf("json: errors = %+v, want %s: %s", r.Errors, path, message)
		}
		// Programs read json and sarif; a person running them sees the
		// error on stderr.
		if !strings.Contains(errOut, "ducklint: "+path+": "+message) {
			t.Errorf("json: stderr %q", errOut)
		}
	case "sarif":
		var log struct {
			Runs []struct {
				Invocations []struct {
					ExecutionSuccessful        bool `json:"executionSuccessful"`
					ToolExecutionNotifications []struct {
						Level   string `json:"level"`
						Message struct{ Text string }
					} `json:"toolExecutionNotifications"`
				} `json:"invocations"`
			} `json:"runs"`
		}
		if err := json.Unmarshal([]byte(out), &log); err != nil {
			t.Fatalf("sarif: %v", err)
		}
		inv := log.Runs[0].Invocations
		if len(inv) != 1 || inv[0].ExecutionSuccessful || len(inv[0].ToolExecutionNotifications) != 1 ||
			inv[0].ToolExecutionNotifications[0].Level != "error" ||
			!strings.HasPrefix(inv[0].ToolExecutionNotifications[0].Message.Text, path+": "+message) {
			t.Errorf("sarif: invocations = %+v", inv)
		}
		if !strings.Contains(errOut, "ducklint: "+path+": "+message) {
			t.Errorf("sarif: stderr %q", errOut)
		}
	}
}

// containsLine reports whether a line of s starts with prefix.
func containsLine(s, prefix string) bool {
	for line := range strings.Lines(s) {
		if strings.HasPrefix(line, prefix) {
			return true
		}
	}
	return false
}
