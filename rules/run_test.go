package rules_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"
	"unsafe"

	"github.com/ducklint/ducklint/diagnostics"
	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules"
	"github.com/ducklint/ducklint/rules/model"
	"github.com/ducklint/ducklint/rules/ruletest"
)

// defaultRun returns a runner of the default rules, two workers, and the
// program of a directory holding files (name to source).
func defaultRun(t *testing.T, files map[string]string) (*rules.Runner, *model.Program) {
	t.Helper()
	dir := t.TempDir()
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	reg := rules.Default()
	active, err := rules.Select(reg, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return &rules.Runner{Registry: reg, Rules: active, Jobs: 2}, ruletest.Program(t, dir, ruletest.Options{})
}

// TestRunContext checks that a canceled run returns the context's error
// and no findings, and that a live one finds what Run finds.
func TestRunContext(t *testing.T) {
	runner, prog := defaultRun(t, map[string]string{
		"a.pp": "class a { notice($undefined_a) }\n",
		"b.pp": "class b { $x = 1\n $x = 2 }\n",
	})
	want := runner.Run(prog)
	if len(want) == 0 {
		t.Fatal("no findings: the comparison proves little")
	}
	got, err := runner.RunContext(context.Background(), prog)
	if err != nil || !reflect.DeepEqual(diagnostics.Values(got), want) {
		t.Errorf("RunContext: %v, %v; want %v", diagnostics.Values(got), err, want)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if got, err := runner.RunContext(ctx, prog); err == nil || got != nil {
		t.Errorf("canceled RunContext: %v, %v; want no findings and an error", got, err)
	}
}

// A run that finds nothing returns no list, not an empty one: the engine
// compares runs over different contexts, one of which may parse nothing.
func TestRunWithoutFindingsReturnsNil(t *testing.T) {
	runner, prog := defaultRun(t, map[string]string{"a.pp": "class a {\n  notice('fine')\n}\n"})
	got, err := runner.RunContext(context.Background(), prog)
	if err != nil || got != nil {
		t.Errorf("RunContext = %#v, %v; want nil, nil", got, err)
	}
}

// TestRunContextHoldsFindingsOnce checks that a run keeps each finding
// once: the result points to the findings where the runner recorded them
// rather than being a sorted copy of them, which held every finding twice
// (tens of megabytes of fresh memory on a large tree with style rules
// on). The bytes a run allocates per finding, between a run with many and
// one with none, stay well under two findings.
func TestRunContextHoldsFindingsOnce(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a.pp", "b.pp"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("class "+strings.TrimSuffix(name, ".pp")+" {}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const perFile = 4096
	n := 0
	many := &rules.Rule{ID: "many", Title: "many", Doc: "Reports the same finding on many lines.", Severity: rules.Warning,
		Kind: rules.PerFile, Run: func(p *rules.Pass) {
			for i := range n {
				// Backwards, so that the runner has each file's findings to sort.
				line := int32(n - i)
				p.Report(rules.Diagnostic{Message: "m", Start: parser.Pos{Line: line, Column: 1}, End: parser.Pos{Line: line, Column: 2}})
			}
		}}
	reg, err := rules.NewRegistry(many)
	if err != nil {
		t.Fatal(err)
	}
	runner := &rules.Runner{Registry: reg, Rules: []rules.Active{{Rule: many, Severity: rules.Warning}}, Jobs: 2}
	prog := ruletest.Program(t, dir, ruletest.Options{})
	allocated := func(findings int) (uint64, []*rules.Diagnostic) {
		n = findings
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		got, err := runner.RunContext(context.Background(), prog)
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatal(err)
		}
		return after.TotalAlloc - before.TotalAlloc, got
	}
	allocated(0) // what the program works out on first use
	none, _ := allocated(0)
	all, got := allocated(perFile)
	if len(got) != 2*perFile || got[0].File != "a.pp" || got[0].Start.Line != 1 || got[len(got)-1].Start.Line != perFile {
		t.Fatalf("got %d findings from %v to %v, want %d from a.pp:1 to b.pp:%d", len(got), got[0], got[len(got)-1], 2*perFile, perFile)
	}
	size := uint64(unsafe.Sizeof(rules.Diagnostic{}))
	if perFinding := float64(all-none) / float64(len(got)); perFinding > 1.5*float64(size) {
		t.Errorf("a run allocated %.0f bytes per finding, more than one and a half findings (%d bytes each)", perFinding, size)
	}
}

// TestRuleInternalErrorIsReported checks that a rule that panics costs
// only its own findings, and that the failure is a finding: on the file
// for a per-file rule, and on the first reported file for a whole-program
// rule, whose failure belongs to no file (it was dropped before).
func TestRuleInternalErrorIsReported(t *testing.T) {
	dir := t.TempDir()
	for name, src := range map[string]string{
		"b.pp": "class b { notice($undefined_b) }\n",
		"a.pp": "class a {}\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	explode := func(*rules.Pass) { panic("boom") }
	for _, kind := range []rules.Kind{rules.PerFile, rules.WholeProgram} {
		broken := &rules.Rule{ID: "broken", Title: "broken", Doc: "Panics.", Severity: rules.Warning, Kind: kind, Run: explode}
		reg, err := rules.NewRegistry(append(rules.Default().Rules(), broken)...)
		if err != nil {
			t.Fatal(err)
		}
		active, err := rules.Select(reg, nil, []string{"broken"}, nil)
		if err != nil {
			t.Fatal(err)
		}
		prog := ruletest.Program(t, dir, ruletest.Options{})
		got := (&rules.Runner{Registry: reg, Rules: active, Jobs: 2}).Run(prog)
		var internal []string
		others := 0
		for _, d := range got {
			if d.Rule == "broken" {
				internal = append(internal, d.File)
				if !strings.Contains(d.Message, "internal error in rule broken: boom") {
					t.Errorf("kind %d: internal error finding %+v", kind, d)
				}
			} else {
				others++
			}
		}
		want := []string{"a.pp", "b.pp"}
		if kind == rules.WholeProgram {
			want = []string{"a.pp"}
		}
		if !reflect.DeepEqual(internal, want) {
			t.Errorf("kind %d: internal errors on %v, want %v", kind, internal, want)
		}
		if others == 0 {
			t.Errorf("kind %d: the other rules' findings were lost with the broken one", kind)
		}
	}
}

// TestSimulationRulesRunOncePerFile checks that a per-file rule that
// needs the simulation (Rule.UsesSimulation), which the runner runs in a
// second pass over the files, checks every file once, with the file's
// whole node list (the list a worker recycles is reset between the
// passes), and that its findings and everyone else's are reported.
func TestSimulationRulesRunOncePerFile(t *testing.T) {
	dir := t.TempDir()
	for name, src := range map[string]string{
		"a.pp": "class a { notice($undefined_a) }\n",
		"b.pp": "class b { $x = 1\n $x = 2 }\n",
		"c.pp": "class c {}\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var mu sync.Mutex
	seen := map[string]int{}
	late := &rules.Rule{ID: "late", Title: "late", Doc: "Reports each file's node count.", Severity: rules.Warning,
		Kind: rules.PerFile, UsesSimulation: true, Run: func(p *rules.Pass) {
			_ = p.Program.Dynamic()
			mu.Lock()
			seen[p.File.Path]++
			mu.Unlock()
			p.Report(rules.Diagnostic{Message: fmt.Sprintf("%d nodes", len(p.Nodes()))})
		}}
	early := &rules.Rule{ID: "early", Title: "early", Doc: "Reports each file's node count.", Severity: rules.Warning,
		Kind: rules.PerFile, Run: func(p *rules.Pass) {
			p.Report(rules.Diagnostic{Message: fmt.Sprintf("%d nodes", len(p.Nodes()))})
		}}
	reg, err := rules.NewRegistry(append(rules.Default().Rules(), late, early)...)
	if err != nil {
		t.Fatal(err)
	}
	active, err := rules.Select(reg, nil, []string{"late", "early"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	prog := ruletest.Program(t, dir, ruletest.Options{})
	got := (&rules.Runner{Registry: reg, Rules: active, Jobs: 2}).Run(prog)
	if want := map[string]int{"a.pp": 1, "b.pp": 1, "c.pp": 1}; !reflect.DeepEqual(seen, want) {
		t.Errorf("the rule checked %v, want each file once: %v", seen, want)
	}
	lateFindings, earlyFindings, others := map[string]string{}, map[string]string{}, 0
	for _, d := range got {
		switch d.Rule {
		case "late":
			lateFindings[d.File] = d.Message
		case "early":
			earlyFindings[d.File] = d.Message
		default:
			others++
		}
	}
	if len(lateFindings) != 3 || !reflect.DeepEqual(lateFindings, earlyFindings) {
		t.Errorf("node counts in the second pass %v, in the first %v: want the same, one per file", lateFindings, earlyFindings)
	}
	if others == 0 {
		t.Error("the other rules' findings were lost")
	}
}

// TestSimulatedProgramOnePass checks that, once the program's simulation
// has run (as the engine runs it before the rules), a per-file rule that
// uses it checks each file in the same pass as the other per-file rules:
// no worker can wait for the simulation, and a second pass would list
// every file's nodes again. With one worker, the two rules then take the
// files in turn, each file by both before the next.
func TestSimulatedProgramOnePass(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a.pp", "b.pp", "c.pp"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("class "+name[:1]+" {}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, simulated := range []bool{false, true} {
		var order []string
		late := &rules.Rule{ID: "late", Title: "late", Doc: "Notes the files it checks.", Severity: rules.Warning,
			Kind: rules.PerFile, UsesSimulation: true, Run: func(p *rules.Pass) {
				_ = p.Program.Dynamic()
				order = append(order, "late "+p.File.Path)
			}}
		early := &rules.Rule{ID: "early", Title: "early", Doc: "Notes the files it checks.", Severity: rules.Warning,
			Kind: rules.PerFile, Run: func(p *rules.Pass) { order = append(order, "early "+p.File.Path) }}
		reg, err := rules.NewRegistry(late, early)
		if err != nil {
			t.Fatal(err)
		}
		active, err := rules.Select(reg, nil, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		prog := ruletest.Program(t, dir, ruletest.Options{})
		if simulated {
			_ = prog.Dynamic()
		}
		(&rules.Runner{Registry: reg, Rules: active, Jobs: 1}).Run(prog)
		want := []string{"early a.pp", "early b.pp", "early c.pp", "late a.pp", "late b.pp", "late c.pp"}
		if simulated {
			want = []string{"early a.pp", "late a.pp", "early b.pp", "late b.pp", "early c.pp", "late c.pp"}
		}
		if !reflect.DeepEqual(order, want) {
			t.Errorf("simulated %v: the rules checked %q, want %q", simulated, order, want)
		}
	}
}

// TestOneJobRuleWithoutSimulation: a OneJob rule's job is handed out
// while the simulation may still be under way, so a rule cannot be both
// OneJob and UsesSimulation.
func TestOneJobRuleWithoutSimulation(t *testing.T) {
	both := &rules.Rule{ID: "both", Title: "both", Doc: "Needs the simulation in one job.", Severity: rules.Warning,
		Kind: rules.PerFile, OneJob: true, UsesSimulation: true, Run: func(*rules.Pass) {}}
	if _, err := rules.NewRegistry(both); err == nil || !strings.Contains(err.Error(), "OneJob and UsesSimulation") {
		t.Errorf("NewRegistry of a OneJob rule that uses the simulation: error %v", err)
	}
	both.UsesSimulation = false
	if _, err := rules.NewRegistry(both); err != nil {
		t.Errorf("NewRegistry of a OneJob rule: %v", err)
	}
}

// TestOneJobRuleChecksFilesInTurn checks that a rule whose checks wait on
// each other (Rule.OneJob) checks the files one after another, in path
// order, while the other rules check them in their own jobs: here its
// check of a.pp waits until the other rule has checked the other files,
// and no other check of it may start meanwhile. Checked in each file's
// job, its check of b.pp started beside a.pp's. A runner that left the
// other files unchecked while a.pp was checked would hang, and go test's
// timeout reports it.
func TestOneJobRuleChecksFilesInTurn(t *testing.T) {
	dir := t.TempDir()
	names := []string{"a.pp", "b.pp", "c.pp"}
	for _, name := range names {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("class "+name[:1]+" {}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var mu sync.Mutex
	var order []string
	inTurn, checkedByOthers := 0, 0
	overlapped := false
	allChecked := make(chan struct{})
	one := &rules.Rule{ID: "one", Title: "one", Doc: "Checks files in turn.", Severity: rules.Warning, Kind: rules.PerFile, OneJob: true,
		Run: func(p *rules.Pass) {
			mu.Lock()
			inTurn++
			overlapped = overlapped || inTurn > 1
			order = append(order, p.File.Path)
			mu.Unlock()
			if p.File.Path == "a.pp" {
				<-allChecked
			}
			mu.Lock()
			inTurn--
			mu.Unlock()
		}}
	other := &rules.Rule{ID: "other", Title: "other", Doc: "Counts the files but a.pp.", Severity: rules.Warning, Kind: rules.PerFile,
		Run: func(p *rules.Pass) {
			mu.Lock()
			if p.File.Path != "a.pp" {
				if checkedByOthers++; checkedByOthers == len(names)-1 {
					close(allChecked)
				}
			}
			mu.Unlock()
		}}
	reg, err := rules.NewRegistry(one, other) // one first: in a file's job it would run before other
	if err != nil {
		t.Fatal(err)
	}
	active, err := rules.Select(reg, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	(&rules.Runner{Registry: reg, Rules: active, Jobs: 2}).Run(ruletest.Program(t, dir, ruletest.Options{}))
	if overlapped || !reflect.DeepEqual(order, names) {
		t.Errorf("the rule checked %v, overlapping: %v; want %v in turn", order, overlapped, names)
	}
}
