package rules_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/ducklint/ducklint/rules"
	"github.com/ducklint/ducklint/rules/ruletest"
)

// docExample is a fenced example of a rule document: ```puppet bad,
// ```puppet good, ```txtar bad or ```txtar good.
type docExample struct {
	lang, verdict, body string
	line                int
	// also are the other rules a bad example gets and must get (a
	// fence "```puppet bad also=syntax-error"): what Puppet also says
	// about code this rule flags.
	also []string
}

// noFinalNewline on a fence ("```puppet bad no-final-newline") lints the
// example without the line break that ends a fenced block's last line.
const noFinalNewline = "no-final-newline"

var fencePattern = regexp.MustCompile("(?m)^```(puppet|txtar) (bad|good)([^\n]*)\n")

func docExamples(doc string) []docExample {
	var out []docExample
	for _, m := range fencePattern.FindAllStringSubmatchIndex(doc, -1) {
		rest := doc[m[1]:]
		end := strings.Index(rest, "\n```")
		if end < 0 {
			end = len(rest)
		}
		ex := docExample{lang: doc[m[2]:m[3]], verdict: doc[m[4]:m[5]], body: rest[:end+1],
			line: strings.Count(doc[:m[0]], "\n") + 1}
		for _, f := range strings.Fields(doc[m[6]:m[7]]) {
			if ids, ok := strings.CutPrefix(f, "also="); ok {
				ex.also = append(ex.also, strings.Split(ids, ",")...)
			}
			if f == noFinalNewline {
				ex.body = strings.TrimSuffix(ex.body, "\n")
			}
		}
		out = append(out, ex)
	}
	return out
}

// TestRuleDocs checks that every rule has a document with its sections, and
// lints every example in it: a bad example must get findings of exactly that
// rule, a good one no finding of any rule. So the docs cannot rot.
func TestRuleDocs(t *testing.T) {
	reg := rules.Default()
	docsDir := filepath.Join("..", "docs", "rules")
	entries, err := os.ReadDir(docsDir)
	if err != nil {
		t.Fatal(err)
	}
	documented := map[string]bool{}
	for _, e := range entries {
		documented[strings.TrimSuffix(e.Name(), ".md")] = true
	}
	for _, r := range reg.Rules() {
		t.Run(r.ID, func(t *testing.T) {
			if !documented[r.ID] {
				t.Fatalf("docs/rules/%s.md is missing", r.ID)
			}
			data, err := os.ReadFile(filepath.Join(docsDir, r.ID+".md"))
			if err != nil {
				t.Fatal(err)
			}
			doc := string(data)
			for _, section := range []string{"# " + r.ID, "## Why", "## Example", "## Fix", "## Suppress"} {
				if !strings.Contains(doc, section) {
					t.Errorf("missing section %q", section)
				}
			}
			examples := docExamples(doc)
			if !slices.ContainsFunc(examples, func(e docExample) bool { return e.verdict == "bad" }) ||
				!slices.ContainsFunc(examples, func(e docExample) bool { return e.verdict == "good" }) {
				t.Fatal("needs at least one bad and one good example")
			}
			for _, ex := range examples {
				checkExample(t, reg, r.ID, ex)
			}
		})
	}
	for id := range documented {
		if _, ok := reg.Lookup(id); !ok {
			t.Errorf("docs/rules/%s.md documents no rule", id)
		}
	}
	list, err := os.ReadFile(filepath.Join("..", "docs", "rules.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range reg.Rules() {
		row := "| [`" + r.ID + "`](rules/" + r.ID + ".md) | " + severityCell(r) + " |"
		if !strings.Contains(string(list), row) {
			t.Errorf("docs/rules.md does not list rule %s with its default severity %q", r.ID, severityCell(r))
		}
	}
}

// severityCell is how docs/rules.md and a rule's page state its default
// severity: the Puppet 8 one, and the Puppet 7 one when it differs.
func severityCell(r *rules.Rule) string {
	s8, s7 := r.DefaultSeverity(rules.Puppet8), r.DefaultSeverity(rules.Puppet7)
	if s7 == s8 {
		return s8.String()
	}
	return s8.String() + " (Puppet 7: " + s7.String() + ")"
}

// TestRuleDocsStateSeverity keeps each page's severity claims in step with
// the rule: the default it states, and a section saying when a finding
// gets which severity under the severity policy.
func TestRuleDocsStateSeverity(t *testing.T) {
	for _, r := range rules.Default().Rules() {
		data, err := os.ReadFile(filepath.Join("..", "docs", "rules", r.ID+".md"))
		if err != nil {
			t.Errorf("%s: %v", r.ID, err)
			continue
		}
		doc := string(data)
		if want := "**Default severity:** " + severityCell(r) + " "; !strings.Contains(doc, want) {
			t.Errorf("docs/rules/%s.md does not say %q", r.ID, want)
		}
		if !strings.Contains(doc, "## Severity") {
			t.Errorf("docs/rules/%s.md has no Severity section", r.ID)
		}
	}
}

func checkExample(t *testing.T, reg *rules.Registry, id string, ex docExample) {
	t.Helper()
	dir := t.TempDir()
	if ex.lang == "puppet" {
		if err := os.WriteFile(filepath.Join(dir, "example.pp"), []byte(ex.body), 0o644); err != nil {
			t.Fatal(err)
		}
	} else {
		if err := ruletest.WriteArchive(txtar.Parse([]byte(ex.body)), dir); err != nil {
			t.Fatal(err)
		}
	}
	// The example is linted as a run with the rule switched on would lint
	// it: every rule on by default, and this one, whether or not it is.
	active, err := rules.Select(reg, nil, []string{id}, nil)
	if err != nil {
		t.Fatal(err)
	}
	diags := ruletest.LintActive(t, dir, ruletest.Options{}, reg, active)
	switch ex.verdict {
	case "bad":
		if len(diags) == 0 {
			t.Errorf("line %d: bad example gets no finding", ex.line)
		}
		got := map[string]bool{}
		for _, d := range diags {
			got[d.Rule] = true
			if d.Rule != id && !slices.Contains(ex.also, d.Rule) {
				t.Errorf("line %d: bad example also gets %s: %s", ex.line, d.Rule, d.Message)
			}
		}
		for _, a := range append([]string{id}, ex.also...) {
			if !got[a] {
				t.Errorf("line %d: bad example gets no finding of %s", ex.line, a)
			}
		}
	case "good":
		for _, d := range diags {
			t.Errorf("line %d: good example gets %s at %d:%d: %s", ex.line, d.Rule, d.Start.Line, d.Start.Column, d.Message)
		}
	}
}
