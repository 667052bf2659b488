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

// duplicateAt finds where Puppet refused a declaration because an earlier
// one exists: "Duplicate declaration: T[x] is already declared at (file:
// F, line: L)", F:L being the earlier, first-evaluated declaration.
var duplicateAt = regexp.MustCompile(`Duplicate declaration: \S+ is already declared at \(file: ([^,]+), line: (\d+)\)`)

// stringResult is a recorded notify whose message is a defined() result.
var stringResult = regexp.MustCompile(`Notify\[(string-[^\]]+)\]/message: current_value '.*', should be '(true|false)'`)

// TestDefinedFunctionAgreesWithPuppet compares defined-function with the
// compilations recorded in testdata/puppet-apply/defined: a declaration
// under a defined() guard that Puppet evaluated first and then refused a
// second declaration against must make the rule warn about that guard, a
// guard the rule warns about as defeated must have been defeated in some
// run, and the string form's claims (always true, always false) must be
// Puppet's answers.
func TestDefinedFunctionAgreesWithPuppet(t *testing.T) {
	archives, err := filepath.Glob(filepath.Join("..", "testdata", "puppet-apply", "defined", "*.txtar"))
	if err != nil || len(archives) == 0 {
		t.Fatalf("no fixtures: %v", err)
	}
	defeated, held, answers, encOnly, onNode := 0, 0, 0, 0, 0
	for _, path := range archives {
		t.Run(filepath.Base(path), func(t *testing.T) {
			recorded, err := os.ReadFile(path + ".puppet.txt")
			if err != nil {
				t.Fatalf("%v (run scripts/record-puppet-apply)", err)
			}
			prog, diags := lintArchive(t, path, rules.DefinedFunction())
			findings := map[string]rules.Diagnostic{}
			for _, d := range diags {
				findings[posKey(d.File, int(d.Start.Line))] = d
			}
			guards := definedGuards(prog)
			first := map[string]bool{} // guards whose declaration came first in a refused pair
			for _, m := range duplicateAt.FindAllStringSubmatch(string(recorded), -1) {
				line, _ := strconv.Atoi(m[2])
				for _, g := range guards {
					if g.file == m[1] && g.armFrom <= line && line <= g.armTo {
						first[g.call] = true
					}
				}
			}
			for _, g := range guards {
				d, reported := findings[g.call]
				said := d.Message + " " + d.Detail
				defeatedWarning := reported && d.Severity == rules.Warning &&
					(strings.Contains(said, "without this guard") || strings.Contains(said, "which runs first decides"))
				switch {
				case first[g.call]:
					defeated++
					if !defeatedWarning {
						t.Errorf("Puppet evaluated the declaration guarded at %s first and refused a later one, but "+
							"defined-function does not warn that the guard is defeated (finding: %+v)", g.call, d)
					}
				case defeatedWarning:
					t.Errorf("defined-function warns that the guard at %s is defeated, but no recorded run shows it", g.call)
				default:
					held++
				}
			}
			evaluated := map[string]bool{}
			for _, m := range stringResult.FindAllStringSubmatch(string(recorded), -1) {
				at := notifyAt(t, prog, m[1])
				evaluated[at] = true
				d, ok := findings[at]
				answers++
				if !ok || !strings.Contains(d.Message, " "+m[2]) {
					t.Errorf("Puppet answers %s for the defined() of Notify[%s] at %s, but defined-function says %q",
						m[2], m[1], at, d.Message)
				}
			}
			// The string form's severity: a test in a notify whose answer
			// the fixture records, said to be wrong on a node of the tree
			// (a warning naming an entry point that reaches it without the
			// class), is one some run evaluated; one said to be reached
			// without the class only from classes nothing in the tree
			// assigns (info) is one no run evaluated.
			for at, d := range findings {
				if !recordsAnswer(prog, d) {
					continue
				}
				switch {
				case strings.Contains(d.Message, "which nothing in the tree assigns"):
					encOnly++
					if evaluated[at] {
						t.Errorf("defined-function says only classes nothing in the tree assigns reach %s, but a recorded run "+
							"evaluated it", at)
					}
				case d.Severity == rules.Warning && slices.ContainsFunc(d.Related, func(r rules.Related) bool {
					return strings.HasPrefix(r.Message, "reaches the test without declaring")
				}):
					onNode++
					if !evaluated[at] {
						t.Errorf("defined-function says a node of the tree runs %s without the class, but no recorded run "+
							"evaluated it", at)
					}
				}
			}
		})
	}
	if defeated == 0 || held == 0 || answers == 0 || encOnly == 0 || onNode == 0 {
		t.Errorf("fixtures show %d defeated guards, %d guards that held, %d string answers, %d string tests reached only from "+
			"classes nothing assigns and %d reached without the class by a node; all kinds are needed",
			defeated, held, answers, encOnly, onNode)
	}
}

// definedGuard is an if/unless whose test calls defined(): the call's
// position and the lines of the arm that runs while it is false.
type definedGuard struct {
	call           string // posKey of the call
	file           string
	armFrom, armTo int
}

// definedGuards lists the defined() guards of every file of prog.
func definedGuards(prog *model.Program) []definedGuard {
	var out []definedGuard
	for _, f := range prog.Files {
		if f.Parsed == nil || f.Parsed.Program == nil {
			continue
		}
		parser.Inspect(f.Parsed.Program, func(n parser.Node) bool {
			var arms []parser.Node
			switch c := n.(type) {
			case *parser.If:
				arms = []parser.Node{c.Then, c.Else}
			case *parser.Unless:
				arms = []parser.Node{c.Then}
				if c.Else != nil {
					arms = append(arms, c.Else)
				}
			default:
				return true
			}
			for i, arm := range arms {
				if b, ok := arm.(*parser.Block); arm == nil || ok && b == nil {
					continue
				}
				absent, _ := model.ArmImplies(n, i)
				for _, call := range absent {
					out = append(out, definedGuard{call: posKey(f.Path, int(call.Span().Start.Line)), file: f.Path,
						armFrom: int(arm.Span().Start.Line), armTo: int(arm.Span().End.Line)})
				}
			}
			return true
		})
	}
	return out
}

// recordsAnswer reports whether finding d is on the line of a notify
// whose title says the fixture records its defined() answer ('string-').
func recordsAnswer(prog *model.Program, d rules.Diagnostic) bool {
	for _, f := range prog.Files {
		if f.Path != d.File || f.Parsed == nil {
			continue
		}
		lines := strings.Split(string(f.Parsed.Src), "\n")
		line := int(d.Start.Line)
		return line >= 1 && line <= len(lines) && strings.Contains(lines[line-1], "notify { 'string-")
	}
	return false
}

// notifyAt is the position of the notify resource titled title.
func notifyAt(t *testing.T, prog *model.Program, title string) string {
	t.Helper()
	for _, r := range prog.ResourcesTitled("notify", title) {
		return posKey(r.File.Path, int(r.Node.Span().Start.Line))
	}
	t.Fatalf("no Notify[%s] in the fixture", title)
	return ""
}
