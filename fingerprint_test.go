package ducklint_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sarifFingerprint is one SARIF result: where it is and its fingerprint.
type sarifFingerprint struct {
	rule, uri string
	line      int
	print     string
}

// fingerprintsOf runs ducklint -f sarif in dir and returns its results.
func fingerprintsOf(t *testing.T, dir string, args ...string) []sarifFingerprint {
	t.Helper()
	_, out, errOut := run(t, dir, "", append([]string{"-f", "sarif"}, args...)...)
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string } `json:"artifactLocation"`
						Region           struct{ StartLine int }
					} `json:"physicalLocation"`
				} `json:"locations"`
				PartialFingerprints map[string]string `json:"partialFingerprints"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatalf("sarif: %v; stderr %q", err, errOut)
	}
	var fps []sarifFingerprint
	for _, r := range log.Runs[0].Results {
		loc := r.Locations[0].PhysicalLocation
		if len(r.PartialFingerprints) != 1 {
			t.Fatalf("fingerprints %v, want one", r.PartialFingerprints)
		}
		for _, fp := range r.PartialFingerprints {
			fps = append(fps, sarifFingerprint{r.RuleID, loc.ArtifactLocation.URI, loc.Region.StartLine, fp})
		}
	}
	return fps
}

// edit rewrites a file of dir with f.
func edit(t *testing.T, dir, name string, f func(string) string) {
	t.Helper()
	p := filepath.Join(dir, filepath.FromSlash(name))
	src, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(f(string(src))), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestFingerprintsIgnoreEditsElsewhere: a SARIF fingerprint depends on the
// rule, the file and the flagged code, not on positions or other files.
// The class-redeclared message here quotes the line of the include in
// another file; moving that line must not change the fingerprint.
func TestFingerprintsIgnoreEditsElsewhere(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"manifests/site.pp":              "node default { include foo include baz }\n",
		"modules/foo/manifests/init.pp":  "class foo {\n  include bar\n}\n",
		"modules/bar/manifests/init.pp":  "class bar {}\n",
		"modules/baz/manifests/init.pp":  "class baz {\n  class { 'bar': }\n}\n",
		"modules/baz/manifests/other.pp": "class baz::other {\n  notice($nope)\n}\n",
	})
	base := fingerprintsOf(t, dir, ".")
	if len(base) != 2 || base[0].rule != "class-redeclared" || base[1].rule != "unknown-variable" {
		t.Fatalf("results = %+v, want class-redeclared in baz and unknown-variable in baz::other", base)
	}
	same := func(what string) {
		t.Helper()
		got := fingerprintsOf(t, dir, ".")
		if len(got) != len(base) {
			t.Fatalf("after %s: %d results, want %d", what, len(got), len(base))
		}
		for i := range got {
			if got[i].print != base[i].print {
				t.Errorf("after %s: the fingerprint of %s in %s changed", what, got[i].rule, got[i].uri)
			}
		}
	}
	edit(t, dir, "modules/foo/manifests/init.pp", func(s string) string { return "# a comment\n" + s })
	same("a comment line added to another file")
	edit(t, dir, "modules/baz/manifests/init.pp", func(s string) string { return "# one\n\n# two\n" + s })
	edit(t, dir, "modules/baz/manifests/other.pp", func(s string) string { return "\n\n" + s })
	same("lines inserted above the findings")
	edit(t, dir, "modules/baz/manifests/init.pp", func(s string) string { return strings.Replace(s, "  class", "\tclass", 1) })
	same("the flagged line re-indented")
	if got := fingerprintsOf(t, dir, "."); got[0].line == base[0].line {
		t.Fatalf("the edits did not move the finding: %+v", got)
	}

	edit(t, dir, "modules/baz/manifests/init.pp", func(s string) string { return strings.Replace(s, "'bar'", `"bar"`, 1) })
	got := fingerprintsOf(t, dir, ".")
	if got[0].print == base[0].print {
		t.Errorf("the fingerprint did not change when the flagged code did")
	}
	if got[1].print != base[1].print {
		t.Errorf("editing one finding's code changed another's fingerprint")
	}
}

// TestFingerprintsOfIdenticalFindings: identical code flagged in several
// definitions of one file gets distinct fingerprints, and a new one
// inserted between them leaves the others' fingerprints alone.
func TestFingerprintsOfIdenticalFindings(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"x.pp": "class one {\n  notice($nope)\n  notice($nope)\n}\nclass two {\n  notice($nope)\n}\n",
	})
	base := fingerprintsOf(t, dir, "--enable", "unknown-variable", "--disable", "autoload-layout", "x.pp")
	if len(base) != 3 {
		t.Fatalf("results = %+v, want three unknown-variable", base)
	}
	if base[0].print == base[1].print || base[1].print == base[2].print || base[0].print == base[2].print {
		t.Errorf("identical findings share a fingerprint: %+v", base)
	}
	edit(t, dir, "x.pp", func(s string) string {
		return strings.Replace(s, "class two", "class zero {\n  notice($nope)\n}\nclass two", 1)
	})
	got := fingerprintsOf(t, dir, "--enable", "unknown-variable", "--disable", "autoload-layout", "x.pp")
	if len(got) != 4 {
		t.Fatalf("results = %+v, want four", got)
	}
	for i, want := range []int{0, 1, 3} {
		if got[want].print != base[i].print {
			t.Errorf("finding %d (line %d) changed fingerprint when a definition was added before it", i, base[i].line)
		}
	}
}
