package rules_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/ducklint/ducklint/rules"
	"github.com/ducklint/ducklint/rules/ruletest"
)

// nameRules are the rules of the reserved-words-and-names document.
func nameRules() []*rules.Rule {
	return []*rules.Rule{rules.ReservedWord(), rules.ReservedName(), rules.ReservedVariable(),
		rules.InvalidVariableName(), rules.InvalidParameterName(), rules.InvalidClassName(),
		rules.InvalidModuleName(), rules.InvalidNodeName(), rules.InvalidTag(), rules.InvalidEnvironmentName()}
}

// TestNamesAgainstPuppetValidate checks the naming rules against the
// verdicts of `puppet parser validate` recorded in
// testdata/conformance-names/verdicts.json (scripts/record-puppet-verdicts):
// every file Puppet rejects gets a finding on the line Puppet names, and
// the look-alike files, which Puppet accepts, get none.
func TestNamesAgainstPuppetValidate(t *testing.T) {
	dir := filepath.Join("..", "testdata", "conformance-names")
	data, err := os.ReadFile(filepath.Join(dir, "verdicts.json"))
	if err != nil {
		t.Fatal(err)
	}
	var recorded struct {
		PuppetVersion string `json:"puppet_version"`
		Cases         []struct {
			File     string `json:"file"`
			Validate struct {
				OK      bool   `json:"ok"`
				Line    int    `json:"line"`
				Message string `json:"message"`
			} `json:"validate"`
		} `json:"cases"`
	}
	if err := json.Unmarshal(data, &recorded); err != nil {
		t.Fatalf("verdicts.json: %v", err)
	}
	if len(recorded.Cases) == 0 {
		t.Fatal("verdicts.json has no cases")
	}
	diags := ruletest.Lint(t, dir, ruletest.Options{}, nameRules()...)
	byFile := map[string][]rules.Diagnostic{}
	for _, d := range diags {
		byFile[d.File] = append(byFile[d.File], d)
	}
	rejected := 0
	for _, c := range recorded.Cases {
		t.Run(c.File, func(t *testing.T) {
			got := byFile[c.File]
			switch {
			case strings.HasPrefix(filepath.Base(c.File), "look-alikes"):
				if !c.Validate.OK {
					t.Fatalf("Puppet %s rejects a look-alike: %s", recorded.PuppetVersion, c.Validate.Message)
				}
				for _, d := range got {
					t.Errorf("look-alike gets %s at %d: %s", d.Rule, d.Start.Line, d.Message)
				}
			case c.Validate.OK:
				// Accepted by Puppet; the fixtures in testdata/rules say what
				// is reported anyway (reserved but accepted names). A name
				// Puppet accepts is at most a matter of style.
				for _, d := range got {
					if styleRules[d.Rule] && d.Severity != rules.Info {
						t.Errorf("Puppet accepts the file, but %s reports a %s at line %d: %s", d.Rule, d.Severity, d.Start.Line, d.Message)
					}
				}
			default:
				rejected++
				if !hasFindingOn(got, c.Validate.Line) {
					t.Errorf("Puppet %s rejects the file at line %d (%s); ducklint reports %s",
						recorded.PuppetVersion, c.Validate.Line, c.Validate.Message, describe(got))
				}
				for _, d := range got {
					if styleRules[d.Rule] && int(d.Start.Line) == c.Validate.Line && d.Severity != rules.Error {
						t.Errorf("Puppet rejects the file at line %d, but %s reports a %s: %s", c.Validate.Line, d.Rule, d.Severity, d.Message)
					}
				}
			}
		})
	}
	if rejected == 0 {
		t.Error("no case is rejected by Puppet: the differential test tests nothing")
	}
}

// styleRules are the naming rules whose findings follow Puppet's verdict:
// an error on a name Puppet rejects, info (style) on one it accepts.
var styleRules = map[string]bool{"invalid-variable-name": true, "invalid-parameter-name": true}

// hasFindingOn reports whether a finding starts on line, or, when Puppet
// gave no line (0), whether there is any finding.
func hasFindingOn(diags []rules.Diagnostic, line int) bool {
	for _, d := range diags {
		if line == 0 || int(d.Start.Line) == line {
			return true
		}
	}
	return false
}

func describe(diags []rules.Diagnostic) string {
	if len(diags) == 0 {
		return "nothing"
	}
	var parts []string
	for _, d := range diags {
		parts = append(parts, d.Rule+" at line "+strconv.Itoa(int(d.Start.Line)))
	}
	return strings.Join(parts, ", ")
}

// puppetErrorLocation finds the file and line of a Puppet error message:
// "(file: F, line: N, column: C)", "(line: N, column: C)" or "(line: N)".
var puppetErrorLocation = regexp.MustCompile(`\((?:file: ([^,()]+), )?line: (\d+)(?:, column: \d+)?\)`)

// TestNamesAgainstPuppetApply checks the naming rules against what
// `puppet apply --noop` did with the environments in
// testdata/puppet-apply/names/ (recorded by scripts/record-puppet-apply):
// every error Puppet reports gets a finding on its file and line (on some
// file of the environment when Puppet names no line); environments named
// ok-*, which Puppet compiles without error, get no finding; and those
// named accepted-*, reserved names Puppet compiles without error today,
// get at least one.
func TestNamesAgainstPuppetApply(t *testing.T) {
	dir := filepath.Join("..", "testdata", "puppet-apply", "names")
	archives, err := filepath.Glob(filepath.Join(dir, "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	if len(archives) == 0 {
		t.Fatal("no archives")
	}
	for _, archive := range archives {
		name := filepath.Base(archive)
		t.Run(name, func(t *testing.T) {
			out, err := os.ReadFile(archive + ".puppet.txt")
			if err != nil {
				t.Fatalf("%v (record it with go run ./scripts/record-puppet-apply)", err)
			}
			tmp := t.TempDir()
			if err := extractTxtar(archive, tmp); err != nil {
				t.Fatal(err)
			}
			diags := ruletest.Lint(t, tmp, ruletest.Options{}, nameRules()...)
			var errs []string
			for _, line := range strings.Split(string(out), "\n") {
				if strings.HasPrefix(line, "Error: ") && !strings.Contains(line, "Giving up") {
					errs = append(errs, line)
				}
			}
			if strings.HasPrefix(name, "accepted-") {
				if len(errs) > 0 {
					t.Fatalf("Puppet fails on an accepted- environment: %s", errs[0])
				}
				if len(diags) == 0 {
					t.Error("ducklint reports nothing on reserved names")
				}
				for _, d := range diags {
					if styleRules[d.Rule] && d.Severity != rules.Info {
						t.Errorf("%s:%d: Puppet compiles it, but %s reports a %s: %s", d.File, d.Start.Line, d.Rule, d.Severity, d.Message)
					}
				}
				return
			}
			if strings.HasPrefix(name, "ok-") {
				if len(errs) > 0 {
					t.Fatalf("Puppet fails on an ok- environment: %s", errs[0])
				}
				for _, d := range diags {
					t.Errorf("%s:%d: unexpected %s: %s", d.File, d.Start.Line, d.Rule, d.Message)
				}
				return
			}
			if len(errs) == 0 {
				t.Fatal("Puppet compiles the environment without error; name it ok-*")
			}
			for _, e := range errs {
				m := puppetErrorLocation.FindStringSubmatch(e)
				if m == nil {
					if len(diags) == 0 {
						t.Errorf("Puppet: %s; ducklint reports nothing", e)
					}
					continue
				}
				file := m[1]
				if file == "" {
					file = "manifests/site.pp"
				}
				line, _ := strconv.Atoi(m[2])
				found := false
				for _, d := range diags {
					if d.File == file && int(d.Start.Line) == line {
						found = true
					}
				}
				if !found {
					t.Errorf("Puppet: %s; ducklint reports %s", e, describe(diags))
				}
			}
		})
	}
}

// extractTxtar writes the files of a txtar archive under dir.
func extractTxtar(archive, dir string) error {
	ar, err := txtar.ParseFile(archive)
	if err != nil {
		return err
	}
	return ruletest.WriteArchive(ar, dir)
}
