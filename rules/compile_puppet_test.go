package rules_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/rules"
	"github.com/ducklint/ducklint/rules/model"
)

// compileErrorAt finds where Puppet placed a catalog compile error: the
// declaration it refused, the resource whose relationship or parameter
// failed. Each pattern's groups are the file and the line.
var compileErrorAt = []*regexp.Regexp{
	regexp.MustCompile(`Duplicate declaration: .*? is already declared at \(file: [^,]+, line: \d+\); cannot redeclare \(file: ([^,]+), line: (\d+)\)`),
	regexp.MustCompile(`Cannot alias .*? at \(file: ([^,]+), line: (\d+)\)`),
	regexp.MustCompile(`Could not find resource '[^']+' in parameter '\w+' \(file: ([^,]+), line: (\d+)\)`),
	regexp.MustCompile(`expects .*? value, got .*?\(file: ([^,]+), line: (\d+)`),
}

// unplacedReference is a relationship error Puppet gives no line for.
var unplacedReference = regexp.MustCompile(`Could not find resource '([^']+)' for relationship`)

// TestCompileRulesAgreeWithPuppet compares the catalog compile error rules
// with the compilations recorded in testdata/puppet-apply/compile: every
// error Puppet reports must be reported as an error on the same line (or
// on a line of the resource that line starts), and a fixture Puppet
// compiles cleanly in every run must get no error.
func TestCompileRulesAgreeWithPuppet(t *testing.T) {
	archives, err := filepath.Glob(filepath.Join("..", "testdata", "puppet-apply", "compile", "*.txtar"))
	if err != nil || len(archives) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	failed, clean := 0, 0
	for _, path := range archives {
		t.Run(filepath.Base(path), func(t *testing.T) {
			recorded, err := os.ReadFile(path + ".puppet.txt")
			if err != nil {
				t.Fatalf("%v (run scripts/record-puppet-apply)", err)
			}
			prog, diags := lintArchive(t, path, rules.DuplicateResource(), rules.UnknownResourceReference())
			var errs []rules.Diagnostic
			for _, d := range diags {
				if d.Severity == rules.Error {
					errs = append(errs, d)
				}
			}
			puppetErrors := 0
			for line := range strings.SplitSeq(string(recorded), "\n") {
				if !strings.HasPrefix(line, "Error: ") {
					continue
				}
				puppetErrors++
				if m := unplacedReference.FindStringSubmatch(line); m != nil {
					if !hasErrorMentioning(errs, m[1]) {
						t.Errorf("Puppet: %s\nno error finding names %s; got %v", line, m[1], errs)
					}
					continue
				}
				placed := false
				for _, re := range compileErrorAt {
					m := re.FindStringSubmatch(line)
					if m == nil {
						continue
					}
					placed = true
					n, _ := strconv.Atoi(m[2])
					if !hasErrorAt(errs, m[1], n, resourceLines(prog, m[1], n)) {
						t.Errorf("Puppet: %s\nno error finding at %s:%d; got %v", line, m[1], n, errs)
					}
					break
				}
				if !placed {
					t.Errorf("Puppet error the test cannot place: %s", line)
				}
			}
			if puppetErrors == 0 {
				clean++
				for _, d := range errs {
					t.Errorf("Puppet compiles every run cleanly, but %s reports an error at %s:%d: %s", d.Rule, d.File, d.Start.Line, d.Message)
				}
			} else {
				failed++
			}
		})
	}
	if failed == 0 || clean == 0 {
		t.Errorf("fixtures show %d failing and %d clean compilations; both kinds are needed", failed, clean)
	}
}

// hasErrorAt reports whether an error finding is in file on line or on
// another line of the resource starting there (to is its last line).
func hasErrorAt(errs []rules.Diagnostic, file string, line, to int) bool {
	for _, d := range errs {
		if d.File == file && int(d.Start.Line) >= line && int(d.Start.Line) <= to {
			return true
		}
	}
	return false
}

func hasErrorMentioning(errs []rules.Diagnostic, what string) bool {
	for _, d := range errs {
		if strings.Contains(d.Message, what) {
			return true
		}
	}
	return false
}

// resourceLines is the last line of the resource statement that starts on
// line of file, or line when none does.
func resourceLines(prog *model.Program, file string, line int) int {
	last := line
	for _, s := range prog.Scopes() {
		for _, r := range s.Resources {
			if r.File.Path == file && int(r.Node.Span().Start.Line) == line {
				last = max(last, int(r.Node.Span().End.Line))
			}
		}
	}
	return last
}
