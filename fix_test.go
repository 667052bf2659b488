package ducklint_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/ducklint/ducklint"
	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/validate"
)

// TestFix runs --fix over the trees of testdata/fix: files with a
// NAME.fixed twin become the twin, re-parse and pass the validator; every
// other file is left byte for byte; --fix --diff prints the change and
// writes nothing; a second --fix changes nothing; what could not be
// fixed is still reported, saying why.
func TestFix(t *testing.T) {
	archives, err := filepath.Glob(filepath.Join("testdata", "fix", "*.txtar"))
	if err != nil || len(archives) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, archive := range archives {
		t.Run(filepath.Base(archive), func(t *testing.T) {
			ar, err := txtar.ParseFile(archive)
			if err != nil {
				t.Fatal(err)
			}
			files, golden := map[string]string{}, map[string]string{}
			for _, f := range ar.Files {
				if name, ok := strings.CutSuffix(f.Name, ".fixed"); ok {
					golden[name] = string(f.Data)
				} else {
					files[f.Name] = string(f.Data)
				}
			}
			dir := writeTree(t, files)
			read := func() map[string]string {
				t.Helper()
				out := map[string]string{}
				for name := range files {
					data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
					if err != nil {
						t.Fatal(err)
					}
					out[name] = string(data)
				}
				return out
			}

			code, diff, _ := run(t, dir, "", "--fix", "--diff")
			if code != ducklint.ExitFindings {
				t.Errorf("--fix --diff: exit %d", code)
			}
			for name := range golden {
				if !strings.Contains(diff, "--- a/"+name+"\n+++ b/"+name+"\n") {
					t.Errorf("--fix --diff does not show %s:\n%s", name, diff)
				}
			}
			if after := read(); !mapsEqual(after, files) {
				t.Fatal("--fix --diff wrote files")
			}

			code, out, errOut := run(t, dir, "", "--fix", "-f", "json")
			if code != ducklint.ExitFindings && code != ducklint.ExitClean {
				t.Fatalf("--fix: exit %d, stderr %s", code, errOut)
			}
			after := read()
			// Each file written is named on stderr, once.
			for name := range files {
				said := strings.Count(errOut, "ducklint: fixed "+name+"\n")
				if _, fixed := golden[name]; (said == 1) != fixed || said > 1 {
					t.Errorf("stderr names %s %d times (fixed: %v):\n%s", name, said, fixed, errOut)
				}
			}
			for name, content := range after {
				want, fixed := golden[name]
				if !fixed {
					want = files[name]
				}
				if content != want {
					t.Errorf("%s after --fix:\n%s\nwant:\n%s", name, content, want)
				}
				if strings.HasSuffix(name, ".pp") || strings.HasSuffix(name, ".epp") {
					f := parser.ParseFile(name, []byte(content))
					if len(f.Errors) > 0 {
						t.Errorf("%s does not parse after --fix: %s", name, f.Errors[0].Message)
					}
					for _, is := range validate.File(f) {
						t.Errorf("%s: the validator rejects it after --fix: %s", name, is.Message)
					}
				}
			}
			var report struct {
				Findings []struct {
					Rule, File, Detail string
					Edits              []any `json:"edits"`
				} `json:"findings"`
			}
			if err := json.Unmarshal([]byte(out), &report); err != nil {
				t.Fatalf("--fix -f json: %v\n%s", err, out)
			}
			for _, f := range report.Findings {
				if len(f.Edits) > 0 && !strings.Contains(f.Detail, "Not fixed: ") {
					t.Errorf("%s: a [%s] finding still has an edit and does not say why it is not fixed: %s", f.File, f.Rule, f.Detail)
				}
			}
			for _, f := range report.Findings {
				if strings.Contains(f.Detail, "Not fixed: ") && !strings.Contains(errOut, f.File+": not fixed: ") {
					t.Errorf("stderr does not say %s was not fixed: %q", f.File, errOut)
				}
			}

			code2, out2, _ := run(t, dir, "", "--fix", "-f", "json")
			if code2 != code || out2 != out {
				t.Errorf("a second --fix reports differently (exit %d, then %d):\n%s\nthen\n%s", code, code2, out, out2)
			}
			if again := read(); !mapsEqual(again, after) {
				t.Error("a second --fix changed files")
			}
		})
	}
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || v != w {
			return false
		}
	}
	return true
}

func TestFixUsage(t *testing.T) {
	dir := writeTree(t, map[string]string{"a.pp": "notice($::osfamily)\n"})
	for _, args := range [][]string{{"--diff"}, {"--fix", "-"}} {
		if code, _, errOut := run(t, dir, "notice(1)\n", args...); code != ducklint.ExitUsage {
			t.Errorf("%v: exit %d, stderr %q; want a usage error", args, code, errOut)
		}
	}
}
