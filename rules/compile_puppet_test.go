package rules_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules"
	"github.com/ducklint/ducklint/rules/model"
)

// compileErrorAt finds the file and line of an error puppet apply reports.
var compileErrorAt = regexp.MustCompile(`^Error: .*?\(file: ([^,]+), line: (\d+)`)

// compileRules are the rules for catalog compile errors about names and
// parameters.
func compileRules() []*rules.Rule {
	return []*rules.Rule{rules.UnknownClass(), rules.UnknownResourceType(), rules.UnknownFunction(),
		rules.UnknownParameter(), rules.MissingParameter()}
}

// TestCompileErrorsAgreeWithPuppet compares the compile-error rules with
// Puppet 7's verdicts recorded in testdata/puppet-apply/compile (one node
// per error, as Puppet stops at the first): every error Puppet reports is
// reported on its line (or on an attribute of the resource that starts
// there), and every error-severity finding is on a line where Puppet
// failed in some run. Findings of lower severity (data-dependent arms) may
// sit where Puppet fails on some nodes only.
func TestCompileErrorsAgreeWithPuppet(t *testing.T) {
	archives, err := filepath.Glob(filepath.Join("..", "testdata", "puppet-apply", "compile", "*.txtar"))
	if err != nil || len(archives) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	failures, clean := 0, 0
	for _, path := range archives {
		t.Run(filepath.Base(path), func(t *testing.T) {
			recorded, err := os.ReadFile(path + ".puppet.txt")
			if err != nil {
				t.Fatalf("%v (run scripts/record-puppet-apply)", err)
			}
			prog, diags := lintArchive(t, path, compileRules()...)
			starts := resourceLines(prog)
			reported := map[string][]rules.Diagnostic{}
			for _, d := range diags {
				k := posKey(d.File, int(d.Start.Line))
				if s, ok := starts[k]; ok {
					k = s // an attribute: Puppet names the resource's line
				}
				reported[k] = append(reported[k], d)
			}
			failed := map[string]bool{}
			runs := strings.Split(string(recorded), "# run: ")[1:]
			for _, run := range runs {
				ok := true
				for _, line := range strings.Split(run, "\n") {
					m := compileErrorAt.FindStringSubmatch(line)
					if m == nil {
						continue
					}
					ok = false
					n, _ := strconv.Atoi(m[2])
					k := posKey(m[1], n)
					failed[k] = true
					failures++
					if len(reported[k]) == 0 {
						t.Errorf("Puppet fails at %s (%s), ducklint reports nothing there", k, line)
					}
				}
				if ok {
					clean++
				}
			}
			for k, ds := range reported {
				for _, d := range ds {
					if d.Severity == rules.Error && !failed[k] {
						t.Errorf("%s: [%s] error %q, but Puppet compiles it in every recorded run", k, d.Rule, d.Message)
					}
				}
			}
		})
	}
	if failures == 0 || clean == 0 {
		t.Errorf("the fixtures record %d failures and %d clean runs; both kinds are needed", failures, clean)
	}
}

// resourceLines maps the position of every line inside a resource body to
// the line the resource starts on, where Puppet reports its errors.
func resourceLines(prog *model.Program) map[string]string {
	out := map[string]string{}
	for _, f := range prog.Files {
		if f.Parsed == nil || f.Parsed.Program == nil {
			continue
		}
		parser.Inspect(f.Parsed.Program, func(n parser.Node) bool {
			r, ok := n.(*parser.Resource)
			if !ok {
				return true
			}
			start := posKey(f.Path, int(r.Span().Start.Line))
			for _, b := range r.Bodies {
				for _, a := range b.Attrs {
					if l := int(a.NameSpan.Start.Line); l != int(r.Span().Start.Line) {
						out[posKey(f.Path, l)] = start
					}
				}
			}
			return true
		})
	}
	return out
}
