package ducklint_test

import (
	"bytes"
	"encoding/json"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/ducklint/ducklint"
)

// runWithBuild runs the command with the given build information.
func runWithBuild(t *testing.T, info *debug.BuildInfo, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	dir := writeTree(t, map[string]string{"a.pp": "class a {}\n"})
	cmd := &ducklint.Command{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, Dir: dir,
		Getenv:    func(string) string { return "" },
		BuildInfo: func() (*debug.BuildInfo, bool) { return info, info != nil }}
	code := cmd.Main(append([]string{"ducklint"}, args...))
	return code, out.String(), errOut.String()
}

// buildInfo is what the Go toolchain embeds: the main module's version and
// the VCS settings of a build in a checkout.
func buildInfo(version string, settings ...string) *debug.BuildInfo {
	info := &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Path: "github.com/ducklint/ducklint", Version: version}}
	for i := 0; i+1 < len(settings); i += 2 {
		info.Settings = append(info.Settings, debug.BuildSetting{Key: settings[i], Value: settings[i+1]})
	}
	return info
}

func TestVersion(t *testing.T) {
	const rev = "7f0294b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7"
	cases := []struct {
		name string
		info *debug.BuildInfo
		want string
	}{
		{"go install @v1.2.0", buildInfo("v1.2.0"), "ducklint v1.2.0, built with go1.26.0\n"},
		{"go install @main", buildInfo("v0.0.0-20251125125600-7f0294b1c2d3"),
			"ducklint v0.0.0-20251125125600-7f0294b1c2d3, commit 7f0294b1c2d3 (not a release), built with go1.26.0\n"},
		{"go install @commit after a tag", buildInfo("v1.2.1-0.20251125125600-7f0294b1c2d3"),
			"ducklint v1.2.1-0.20251125125600-7f0294b1c2d3, commit 7f0294b1c2d3 (not a release), built with go1.26.0\n"},
		{"go build at a tag", buildInfo("v1.2.0", "vcs", "git", "vcs.revision", rev, "vcs.time", "2025-11-25T12:56:00Z", "vcs.modified", "false"),
			"ducklint v1.2.0, commit 7f0294b1c2d3 of 2025-11-25T12:56:00Z, built with go1.26.0\n"},
		{"go build with changes", buildInfo("v0.0.0-20251125125600-7f0294b1c2d3+dirty", "vcs.revision", rev, "vcs.time", "2025-11-25T12:56:00Z", "vcs.modified", "true"),
			"ducklint v0.0.0-20251125125600-7f0294b1c2d3+dirty, commit 7f0294b1c2d3 of 2025-11-25T12:56:00Z with uncommitted changes, built with go1.26.0\n"},
		{"(devel) with a revision", buildInfo("(devel)", "vcs.revision", rev),
			"ducklint (devel), commit 7f0294b1c2d3, built with go1.26.0\n"},
		{"(devel) without VCS", buildInfo("(devel)"),
			"ducklint (devel), built without version control information (go run, or -buildvcs=false), built with go1.26.0\n"},
		{"no module version", buildInfo(""),
			"ducklint (devel), built without version control information (go run, or -buildvcs=false), built with go1.26.0\n"},
		{"no build information", nil, "ducklint (unknown)\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errOut := runWithBuild(t, c.info, "--version")
			if code != ducklint.ExitClean || out != c.want || errOut != "" {
				t.Errorf("exit %d, stdout %q, stderr %q; want exit 0 and %q", code, out, errOut, c.want)
			}
		})
	}
}

// The binary's own build information, as the test binary has it.
func TestVersionOfThisBinary(t *testing.T) {
	code, out, _ := run(t, t.TempDir(), "", "--version", ".")
	if code != ducklint.ExitClean || !strings.HasPrefix(out, "ducklint ") || strings.Count(out, "\n") != 1 {
		t.Errorf("--version: exit %d, %q", code, out)
	}
}

// SARIF names the same version as --version.
func TestSARIFNamesTheBuildVersion(t *testing.T) {
	for version, semantic := range map[string]string{"v1.2.0": "1.2.0", "(devel)": ""} {
		code, out, errOut := runWithBuild(t, buildInfo(version), "-f", "sarif")
		if code != ducklint.ExitClean {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		var log struct {
			Runs []struct {
				Tool struct {
					Driver struct {
						Version         string `json:"version"`
						SemanticVersion string `json:"semanticVersion"`
					} `json:"driver"`
				} `json:"tool"`
			} `json:"runs"`
		}
		if err := json.Unmarshal([]byte(out), &log); err != nil || len(log.Runs) != 1 {
			t.Fatalf("SARIF: %v\n%s", err, out)
		}
		if d := log.Runs[0].Tool.Driver; d.Version != version || d.SemanticVersion != semantic {
			t.Errorf("build %s: driver version %q, semanticVersion %q; want %q, %q", version, d.Version, d.SemanticVersion, version, semantic)
		}
	}
}

// A release binary reports the tag, commit and date its build stamped, in
// place of what Go recorded of the checkout it was built in; a plain build
// reports what Go recorded.
func TestReleaseStamp(t *testing.T) {
	const rev = "7f0294b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7"
	recorded := buildInfo("v0.0.0-20251125125600-0123456789ab", "vcs.revision", "0123456789abcdef", "vcs.time", "2025-11-24T00:00:00Z", "vcs.modified", "false")
	info, ok := ducklint.StampRelease(recorded, true, "v0.1.0", rev, "2025-11-25T12:56:00Z")
	if code, out, _ := runWithBuild(t, info, "--version"); !ok || code != 0 ||
		out != "ducklint v0.1.0, commit 7f0294b1c2d3 of 2025-11-25T12:56:00Z, built with go1.26.0\n" {
		t.Errorf("stamped release: --version %q", out)
	}
	if recorded.Main.Version != "v0.0.0-20251125125600-0123456789ab" || recorded.Settings[0].Value != "0123456789abcdef" {
		t.Errorf("stamping changed the recorded build information: %+v", recorded)
	}
	if info, ok := ducklint.StampRelease(recorded, true, "", "", ""); !ok || info != recorded {
		t.Errorf("nothing stamped: got %+v, want the recorded information", info)
	}
	info, ok = ducklint.StampRelease(nil, false, "v0.1.0", rev, "2025-11-25T12:56:00Z")
	if code, out, _ := runWithBuild(t, info, "--version"); !ok || code != 0 ||
		out != "ducklint v0.1.0, commit 7f0294b1c2d3 of 2025-11-25T12:56:00Z\n" {
		t.Errorf("stamped release without build information: --version %q", out)
	}
}
