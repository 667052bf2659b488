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

// outsideTree is a module beside the working directory "work": its
// service.pp defines the wrong class, which autoload-layout reports.
func outsideTree(t *testing.T) (root string) {
	return writeTree(t, map[string]string{
		"work/.keep":                   "",
		"ctl/ntp/metadata.json":        `{"name": "puppetlabs-ntp"}`,
		"ctl/ntp/manifests/init.pp":    "class ntp {}\n",
		"ctl/ntp/manifests/service.pp": "class ntp::svc {}\n",
	})
}

// sarifLocations returns the artifact locations of a SARIF log's results.
func sarifLocations(t *testing.T, out string) []map[string]string {
	t.Helper()
	var log struct {
		Runs []struct {
			Results []struct {
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation map[string]string `json:"artifactLocation"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatalf("sarif: %v\n%s", err, out)
	}
	var locs []map[string]string
	for _, r := range log.Runs[0].Results {
		locs = append(locs, r.Locations[0].PhysicalLocation.ArtifactLocation)
	}
	return locs
}

// TestPathsOutsideTheWorkingDirectory: a path outside the working
// directory is reported as the command line gave it (absolute, or
// relative with ".."), and SARIF locates it with a file:// URI, never
// with a "../" reference under %SRCROOT%; inside the working directory
// paths stay relative to it.
func TestPathsOutsideTheWorkingDirectory(t *testing.T) {
	root := outsideTree(t)
	work := filepath.Join(root, "work")
	abs := filepath.Join(root, "ctl", "ntp", "manifests", "service.pp")
	fileURI := "file://" + filepath.ToSlash(abs)
	up, err := filepath.Rel(work, abs) // "../ctl/ntp/manifests/service.pp"
	if err != nil {
		t.Fatal(err)
	}
	up = filepath.ToSlash(up)
	cases := []struct {
		name, dir, arg, file, uri, base string
	}{
		{"absolute, outside", work, abs, filepath.ToSlash(abs), fileURI, ""},
		{"relative, outside", work, up, up, fileURI, ""},
		{"absolute, inside", root, abs, "ctl/ntp/manifests/service.pp", "ctl/ntp/manifests/service.pp", "%SRCROOT%"},
		{"directory, absolute, outside", work, filepath.Join(root, "ctl", "ntp", "manifests"), filepath.ToSlash(abs), fileURI, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, out, errOut := run(t, c.dir, "", "-f", "json", c.arg)
			r := decode(t, out)
			if len(r.Findings) != 1 || r.Findings[0].File != c.file {
				t.Fatalf("findings = %+v, want one on %s; stderr %q", r.Findings, c.file, errOut)
			}
			_, out, _ = run(t, c.dir, "", "-f", "text", c.arg)
			if !strings.HasPrefix(out, c.file+":1:7: ") {
				t.Errorf("text output does not start with %s:1:7:\n%s", c.file, out)
			}
			_, out, _ = run(t, c.dir, "", "-f", "sarif", c.arg)
			locs := sarifLocations(t, out)
			if len(locs) != 1 || locs[0]["uri"] != c.uri || locs[0]["uriBaseId"] != c.base {
				t.Errorf("sarif locations = %v, want uri %q base %q", locs, c.uri, c.base)
			}
		})
	}
}
