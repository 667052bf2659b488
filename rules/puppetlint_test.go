package rules_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/rules"
	"github.com/ducklint/ducklint/rules/ruletest"
)

// recordedDir holds the manifests and what puppet-lint reported on them,
// recorded by scripts/record-puppet-lint.
var recordedDir = filepath.Join("..", "testdata", "puppet-lint")

type recording struct {
	Files    int      `json:"files"`
	Checks   []string `json:"checks"`
	Problems []struct {
		File   string `json:"file"`
		Line   int    `json:"line"`
		Column int    `json:"column"`
		Check  string `json:"check"`
		Kind   string `json:"kind"`
	} `json:"problems"`
}

// fileLine is where a finding is, for comparing with puppet-lint.
type fileLine struct {
	file string
	line int
}

// minAgreement is the share of (file, line) findings that each rule must
// have in common with its puppet-lint check; docs/puppet-lint.md explains
// every difference.
var minAgreement = map[string]float64{}

// TestAgreesWithPuppetLint runs each style rule over the recorded files and
// compares its (file, line) findings with puppet-lint's for the check.
func TestStyleRulesAgreeWithPuppetLint(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(recordedDir, "recorded.json"))
	if err != nil {
		t.Fatal(err)
	}
	var rec recording
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	want := map[string]map[fileLine]bool{}
	kinds := map[string]string{}
	for _, p := range rec.Problems {
		if want[p.Check] == nil {
			want[p.Check] = map[fileLine]bool{}
		}
		want[p.Check][fileLine{p.File, p.Line}] = true
		kinds[p.Check] = p.Kind
	}
	var files []string
	for _, top := range []string{"corpus", "synthetic"} {
		err := filepath.WalkDir(filepath.Join(recordedDir, top), func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && filepath.Ext(path) == ".pp" {
				rel, _ := filepath.Rel(recordedDir, path)
				files = append(files, filepath.ToSlash(rel))
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	known := knownDifferences(t)
	if len(files) != rec.Files || len(files) < 300 {
		t.Fatalf("%d manifests, the recording has %d (at least 300 wanted)", len(files), rec.Files)
	}
	// All style rules at once: they are independent, and the run applies
	// control comments (lint:ignore:<check>) as puppet-lint does.
	style := rules.StyleRules()
	got := map[string]map[fileLine]bool{}
	recorded := map[string]bool{}
	for _, f := range files {
		recorded[f] = true
	}
	for _, d := range ruletest.Lint(t, recordedDir, ruletest.Options{}, style...) {
		if !recorded[d.File] {
			continue // not a recorded manifest: puppet-lint's fixed copies under fixed/
		}
		if got[d.Rule] == nil {
			got[d.Rule] = map[fileLine]bool{}
		}
		got[d.Rule][fileLine{d.File, int(d.Start.Line)}] = true
	}
	// A rule answering to several checks (a plugin's check that is a core
	// check under another name) is compared with each.
	type ruleCheck struct {
		r     *rules.Rule
		check string
		name  string
	}
	var pairs []ruleCheck
	for _, r := range style {
		for i, check := range r.Aliases {
			name := r.ID
			if i > 0 {
				name += "~" + check
			}
			pairs = append(pairs, ruleCheck{r, check, name})
		}
	}
	for _, pair := range pairs {
		r, check := pair.r, pair.check
		t.Run(pair.name, func(t *testing.T) {
			if !slices.Contains(rec.Checks, check) {
				t.Fatalf("puppet-lint %s is not in the recording", check)
			}
			if k := kinds[check]; k != "" && k != r.Severity.String() {
				t.Errorf("puppet-lint reports %s as %s, the rule as %s", check, k, r.Severity)
			}
			got := got[r.ID]
			common, union := 0, len(got)
			var only []string
			for fl := range want[check] {
				if got[fl] {
					common++
				} else {
					union++
					only = append(only, fmt.Sprintf("puppet-lint only: %s:%d", fl.file, fl.line))
				}
			}
			for fl := range got {
				if !want[check][fl] {
					only = append(only, fmt.Sprintf("ducklint only: %s:%d", fl.file, fl.line))
				}
			}
			agreement := 1.0
			if union > 0 {
				agreement = float64(common) / float64(union)
			}
			t.Logf("%s ~ %s: %d findings in common of %d (%.2f%%)", r.ID, check, common, union, 100*agreement)
			if listed, ok := known[check]; ok {
				// Every difference is one docs/puppet-lint.md explains.
				slices.Sort(only)
				if !slices.Equal(only, listed) {
					t.Errorf("the differences are not those of differences.txt:\ngot  %q\nwant %q", only, listed)
				}
				return
			}
			floor, ok := minAgreement[check]
			if !ok {
				floor = 1
			}
			if agreement < floor {
				slices.Sort(only)
				t.Errorf("agreement %.4f below %.4f:\n%s", agreement, floor, only)
			}
		})
	}
}

// knownDifferences reads testdata/puppet-lint/differences.txt: per check,
// the differences between the rule and puppet-lint that docs/puppet-lint.md
// explains, as the test words them ("ducklint only: FILE:LINE"), sorted.
func knownDifferences(t *testing.T) map[string][]string {
	data, err := os.ReadFile(filepath.Join(recordedDir, "differences.txt"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for i, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 3 || f[1] != "ducklint" && f[1] != "puppet-lint" {
			t.Fatalf("differences.txt:%d: want CHECK ducklint|puppet-lint FILE:LINE, got %q", i+1, line)
		}
		out[f[0]] = append(out[f[0]], f[1]+" only: "+f[2])
	}
	for _, l := range out {
		slices.Sort(l)
	}
	return out
}
