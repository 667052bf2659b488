package rules_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules"
	"github.com/ducklint/ducklint/rules/model"
)

// compileErrorPlaces find where Puppet placed a catalog compile error, the
// declaration it refused or the resource whose parameter failed, for the
// messages that name other places first; each pattern's groups are the
// file and the line. compileErrorAt finds it for the others.
var (
	compileErrorPlaces = []*regexp.Regexp{
		regexp.MustCompile(`Duplicate declaration: .*? is already declared at \(file: [^,]+, line: \d+\); cannot redeclare \(file: ([^,]+), line: (\d+)\)`),
		regexp.MustCompile(`Cannot alias .*? at \(file: ([^,]+), line: (\d+)\)`),
	}
	compileErrorAt = regexp.MustCompile(`^Error: .*?\(file: ([^,]+), line: (\d+)`)
	// unplacedReference is a relationship error Puppet gives no line for.
	unplacedReference = regexp.MustCompile(`(?m)^Error: Could not find resource '([^']+)' for relationship`)
)

// firstDeclaration finds the declaration a duplicate meets, which Puppet
// names first: ducklint reports both.
var firstDeclaration = regexp.MustCompile(`(?:is already declared at|already declared) \(file: ([^,]+), line: (\d+)\)`)

// compileErrorPlace returns the file and line of Puppet's error line, or
// ok false when the line is no error Puppet placed.
func compileErrorPlace(line string) (file string, n int, ok bool) {
	if !strings.HasPrefix(line, "Error: ") {
		return "", 0, false
	}
	m := compileErrorAt.FindStringSubmatch(line)
	for _, re := range compileErrorPlaces {
		if mm := re.FindStringSubmatch(line); mm != nil {
			m = mm
			break
		}
	}
	if m == nil {
		return "", 0, false
	}
	n, _ = strconv.Atoi(m[2])
	return m[1], n, true
}

// compileRules are the rules for catalog compile errors.
func compileRules() []*rules.Rule {
	return []*rules.Rule{rules.UnknownClass(), rules.UnknownResourceType(), rules.UnknownFunction(),
		rules.UnknownParameter(), rules.MissingParameter(), rules.DuplicateResource(), rules.UnknownResourceReference(),
		rules.ParameterTypeMismatch(), rules.DuplicateAttribute(), rules.InvalidResourceTitle()}
}

// TestCompileErrorsAgreeWithPuppet compares the compile-error rules with
// Puppet 7's verdicts recorded in testdata/puppet-apply/compile (one node
// per error, as Puppet stops at the first): every error Puppet reports is
// reported on its line (or on an attribute of the resource that starts
// there), and every error-severity finding is on a line where Puppet
// failed in some run. Findings of lower severity (data-dependent arms) may
// sit where Puppet fails on some nodes only. A relationship error Puppet
// places nowhere must be named by an error finding's message.
func TestCompileErrorsAgreeWithPuppet(t *testing.T) {
	failures, clean := 0, 0
	eachRecording(t, "compile", func(t *testing.T, path string, recorded []byte) {
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
			for _, line := range errorLines(run) {
				if m := unplacedReference.FindStringSubmatch(line); m != nil {
					ok = false
					failures++
					if !errorMentions(diags, m[1]) {
						t.Errorf("Puppet: %s\nno error finding names %s", line, m[1])
					}
					continue
				}
				file, n, placed := compileErrorPlace(line)
				if !placed {
					continue
				}
				ok = false
				k := posKey(file, n)
				if s, ok := starts[k]; ok {
					k = s
				}
				if m := firstDeclaration.FindStringSubmatch(line); m != nil {
					first, _ := strconv.Atoi(m[2])
					failed[posKey(m[1], first)] = true // the other end of the duplicate
				}
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
				if d.Severity == rules.Error && !failed[k] && !unplaced(recorded, d) {
					t.Errorf("%s: [%s] error %q, but Puppet compiles it in every recorded run", k, d.Rule, d.Message)
				}
			}
		}
	})
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

// errorMentions reports whether an error finding's message names what.
func errorMentions(diags []rules.Diagnostic, what string) bool {
	for _, d := range diags {
		if d.Severity == rules.Error && strings.Contains(d.Message, what) {
			return true
		}
	}
	return false
}

// unplaced reports whether d names a resource that a relationship error
// Puppet places nowhere in recorded names.
func unplaced(recorded []byte, d rules.Diagnostic) bool {
	for _, m := range unplacedReference.FindAllStringSubmatch(string(recorded), -1) {
		if strings.Contains(d.Message, m[1]) {
			return true
		}
	}
	return false
}

// errorLines are the lines of a run's output, with the continuation lines
// of a message that spans several (indented) joined to it.
func errorLines(run string) []string {
	var out []string
	for _, line := range strings.Split(run, "\n") {
		if strings.HasPrefix(line, " ") && len(out) > 0 {
			out[len(out)-1] += line
			continue
		}
		out = append(out, line)
	}
	return out
}

// typeMismatchText is the text of Puppet's parameter type errors, after
// the statement it evaluated and before the place.
var typeMismatchText = regexp.MustCompile(`Error while evaluating a (?:Resource Statement|Function Call), (.*? (?:expects|unrecognized key) .*?) ?\(file: `)

// TestParameterTypeMismatchQuotesPuppet checks that every parameter type
// error Puppet reports on the fixtures is quoted, word for word (up to
// whitespace), in the detail of a parameter-type-mismatch finding.
func TestParameterTypeMismatchQuotesPuppet(t *testing.T) {
	archives, err := filepath.Glob(filepath.Join("..", "testdata", "puppet-apply", "compile", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, path := range archives {
		recorded, err := os.ReadFile(path + ".puppet.txt")
		if err != nil {
			t.Fatal(err)
		}
		_, diags := lintArchive(t, path, rules.ParameterTypeMismatch())
		var details []string
		for _, d := range diags {
			details = append(details, strings.Join(strings.Fields(d.Detail), " "))
		}
		for _, line := range errorLines(string(recorded)) {
			m := typeMismatchText.FindStringSubmatch(line)
			if m == nil || strings.Contains(m[1], "expects a value for parameter") {
				continue
			}
			checked++
			want := strings.Join(strings.Fields(m[1]), " ")
			if !slices.ContainsFunc(details, func(d string) bool { return strings.Contains(d, `"`+want+`"`) }) {
				t.Errorf("%s: no finding quotes Puppet's %q", filepath.Base(path), want)
			}
		}
	}
	if checked < 30 {
		t.Errorf("only %d of Puppet's type errors checked", checked)
	}
}

// eachRecording runs check, as a subtest, on each archive of
// testdata/puppet-apply/kind with the Puppet verdicts recorded beside it
// (scripts/record-puppet-apply).
func eachRecording(t *testing.T, kind string, check func(t *testing.T, path string, recorded []byte)) {
	t.Helper()
	archives, err := filepath.Glob(filepath.Join("..", "testdata", "puppet-apply", kind, "*.txtar"))
	if err != nil || len(archives) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	for _, path := range archives {
		t.Run(filepath.Base(path), func(t *testing.T) {
			recorded, err := os.ReadFile(path + ".puppet.txt")
			if err != nil {
				t.Fatalf("%v (run scripts/record-puppet-apply)", err)
			}
			check(t, path, recorded)
		})
	}
}
