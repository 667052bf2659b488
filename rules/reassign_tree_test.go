package rules

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/parser/load/gentree"
	"github.com/ducklint/ducklint/rules/model"
)

// buildProgram writes files into a temporary directory and builds their model.
func buildProgram(t *testing.T, files map[string]string) *model.Program {
	t.Helper()
	dir := t.TempDir()
	var paths []string
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, name)
	}
	tree, err := load.Load(load.Options{Paths: paths, Dir: dir, Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	return model.Build(tree, model.Options{Jobs: 1})
}

// pairwiseReassignment is how variable-reassigned decided before it
// searched a tree of arms, the reference for the search: the first
// earlier assignment that is not exclusive with as[pos] and provably runs
// with it (kind 2), else the first that is not exclusive (kind 1).
func pairwiseReassignment(an *reassignAnalysis, as []*model.Assignment, pos int) (kind, with int) {
	unsure := -1
	for j := range pos {
		if an.exclusive(as[pos], as[j]) {
			continue
		}
		if _, _, both := an.bothRun(as[pos], as[j]); both {
			return 2, j
		}
		if unsure < 0 {
			unsure = j
		}
	}
	if unsure >= 0 {
		return 1, unsure
	}
	return 0, -1
}

// randomConditionals writes a class (or, with top set, top-scope code) of
// nested if, unless and case statements and lambdas assigning a few
// names, under conditions over parameters, constants, facts and variables
// the code assigns, and reads of the names.
func randomConditionals(r *rand.Rand, top bool) string {
	conds := []string{
		"$p == 'a'", "$p == 'b'", "$p != 'a'", "$p =~ /^a/", "$p", "!$p", "$p and $q == 'a'",
		"$q in ['a', 'b']", "$q == 'c'", "$n > 1", "$n < 1", "$n >= 3",
		"$k == 'x'", "$k == 'y'", "$facts['os']['family'] == 'RedHat'", "$facts['os']['family'] == 'Debian'",
		"$facts['kernel'] == 'Linux'", "$x == 1", "$y", "versioncmp($v, '1') >= 0", "versioncmp($v, '1') < 0",
		"defined('$x')", "!defined('$y')", "$facts['a'] or $facts['b']",
	}
	subjects := []string{"$p", "$q", "$facts['os']['family']", "$n", "$k", "$x"}
	values := []string{"'a'", "'b'", "'c'", "'RedHat'", "'Debian'", "1", "2", "/^a/", "'x'"}
	names := []string{"x", "y", "z"}
	var b strings.Builder
	var stmts func(depth, n int)
	stmts = func(depth, n int) {
		ind := strings.Repeat("  ", depth+1)
		for range n {
			switch k := r.IntN(10); {
			case k < 4 || depth >= 4:
				name := names[r.IntN(len(names))]
				fmt.Fprintf(&b, "%s$%s = %d\n", ind, name, r.IntN(3))
				if r.IntN(3) == 0 {
					fmt.Fprintf(&b, "%snotice($%s)\n", ind, names[r.IntN(len(names))])
				}
			case k < 6:
				kw := "if"
				if r.IntN(4) == 0 {
					kw = "unless"
				}
				fmt.Fprintf(&b, "%s%s %s {\n", ind, kw, conds[r.IntN(len(conds))])
				stmts(depth+1, 1+r.IntN(3))
				if r.IntN(2) == 0 {
					fmt.Fprintf(&b, "%s} else {\n", ind)
					stmts(depth+1, 1+r.IntN(3))
				}
				fmt.Fprintf(&b, "%s}\n", ind)
			case k < 8:
				fmt.Fprintf(&b, "%scase %s {\n", ind, subjects[r.IntN(len(subjects))])
				arms := 1 + r.IntN(4)
				for i := range arms {
					opt := values[r.IntN(len(values))]
					if i == arms-1 && r.IntN(2) == 0 {
						opt = "default"
					} else if r.IntN(3) == 0 {
						opt += ", " + values[r.IntN(len(values))]
					}
					fmt.Fprintf(&b, "%s  %s: {\n", ind, opt)
					stmts(depth+2, 1+r.IntN(2))
					fmt.Fprintf(&b, "%s  }\n", ind)
				}
				fmt.Fprintf(&b, "%s}\n", ind)
			case k < 9:
				fmt.Fprintf(&b, "%s[1].each |$i| {\n", ind)
				stmts(depth+1, 1+r.IntN(3))
				fmt.Fprintf(&b, "%s}\n", ind)
			default:
				fmt.Fprintf(&b, "%sif !defined('$%s') { $%[2]s = 5 }\n", ind, names[r.IntN(len(names))])
			}
		}
	}
	if top {
		b.WriteString("$p = $facts['p']\n$q = 'a'\n$n = 2\n$v = '1'\n")
	} else {
		fmt.Fprintf(&b, "class c%d (String $p, Enum['a', 'b'] $q, Integer $n, $v) {\n", r.IntN(1000))
	}
	if r.IntN(2) == 0 {
		b.WriteString("  $k = 'x'\n")
	}
	stmts(0, 10+r.IntN(30))
	if !top {
		b.WriteString("}\n")
	}
	return b.String()
}

// TestReassignSearchMatchesPairwise compares variable-reassigned's search
// over the tree of arms with the pairwise scan, and Scope.FirstCompatible
// with a scan testing Exclusive, on random nestings of conditionals: the
// same earlier assignment for every assignment and read.
func TestReassignSearchMatchesPairwise(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	checked, kinds, firsts := 0, [3]int{}, 0
	for iter := range 400 {
		src := randomConditionals(r, iter%4 == 0)
		prog := buildProgram(t, map[string]string{"init.pp": src})
		st := prog.Static(knownGlobal)
		for _, f := range prog.Files {
			for sc := range st.ScopesIn(f) {
				spent := 0
				an := newReassignAnalysis(sc, len(f.Parsed.Src), &spent)
				groups := map[string][]*model.Assignment{}
				for _, a := range sc.Assignments {
					groups[a.Name] = append(groups[a.Name], a)
				}
				for _, as := range groups {
					tree := model.NewArmTree(as)
					for pos := 1; pos < len(as); pos++ {
						kind, with := pairwiseReassignment(an, as, pos)
						e := an.earliest(tree, as[pos])
						gotKind, gotWith := 0, -1
						switch {
						case e.both >= 0 && e.both < pos:
							gotKind, gotWith = 2, e.both
						case e.unsure >= 0 && e.unsure < pos:
							gotKind, gotWith = 1, e.unsure
						}
						if kind != gotKind || with != gotWith {
							t.Fatalf("assignment %d of $%s at line %d: search finds (%d, %d), pairwise (%d, %d) in\n%s",
								pos, as[pos].Name, as[pos].Var.Span().Start.Line, gotKind, gotWith, kind, with, src)
						}
						checked++
						kinds[kind]++
					}
				}
			}
			for _, rd := range st.Reads(f) {
				sc := rd.Scope
				before := func(a *model.Assignment) bool { return a.Var.Span().Start.Offset < rd.Var.Span().Start.Offset }
				var want *model.Assignment
				for _, a := range sc.Assigned(rd.Var.Name) {
					if !model.Exclusive(a.Branch, rd.Branch) && before(a) {
						want = a
						break
					}
				}
				tree := model.NewArmTree(sc.Assigned(rd.Var.Name))
				search := &model.ArmSearch{Path: rd.Branch, Item: func(i int) bool { return before(tree.Item(i)) }}
				var got *model.Assignment
				if i := tree.Search(search); i >= 0 {
					got = tree.Item(i)
				}
				if got != want {
					t.Fatalf("read of $%s at line %d: search and scan disagree in\n%s", rd.Var.Name, rd.Var.Span().Start.Line, src)
				}
				if got != nil {
					firsts++
				}
			}
		}
	}
	if min(kinds[0], kinds[1], kinds[2]) < 1000 || firsts < 1000 {
		t.Fatalf("the random programs exercise too little: %d reassignments excluded, %d unsure, %d sure; %d reads resolved",
			kinds[0], kinds[1], kinds[2], firsts)
	}
}

// TestReassignmentWorkIsLinear counts the pairs variable-reassigned
// compares on adversarial shapes of n and 2n items. Comparing each
// assignment with every earlier one, as the rule once did, makes it four
// times on each: n if/else statements on unrelated conditions, a case of n
// arms, and n if/else statements over a parameter in a class that has one.
func TestReassignmentWorkIsLinear(t *testing.T) {
	shapes := map[string]func(n int) string{}
	for _, s := range gentree.Shapes() {
		if s.Name == "conditional-reassign" || s.Name == "case-arms" || s.Name == "conditional-reassign-params" {
			shapes[s.Name] = func(n int) string { return s.Generate(n)[gentree.File] }
		}
	}
	if len(shapes) != 3 {
		t.Fatalf("gentree has %d of the shapes", len(shapes))
	}
	// found counts the findings; none on the case, whose arms exclude each other.
	work := func(t *testing.T, src string) (compared, found int) {
		prog := buildProgram(t, map[string]string{gentree.File: src})
		st := prog.Static(knownGlobal)
		for _, f := range prog.Files {
			p, ff := reportingPass(VariableReassigned(), f, prog)
			spent := 0
			for sc := range st.ScopesIn(f) {
				compared += checkReassigned(p, st, sc, &spent)
			}
			found += ff.n
		}
		return compared, found
	}
	for name, gen := range shapes {
		t.Run(name, func(t *testing.T) {
			small, foundSmall := work(t, gen(2000))
			large, foundLarge := work(t, gen(4000))
			if small < 2000 || foundLarge < 2*foundSmall || foundLarge > 2*foundSmall+2 {
				t.Fatalf("%d pairs compared and %d findings for n=2000, %d for n=4000: the shape no longer reassigns",
					small, foundSmall, foundLarge)
			}
			if float64(large) > 2.5*float64(small)+100 {
				t.Errorf("%d pairs compared for n=2000, %d for n=4000: not linear", small, large)
			}
		})
	}
}

// TestReassignBudgetBoundsValueExclusiveArms runs the one shape whose arms
// the search compares pair by pair — n ifs testing one parameter against n
// values, each assigning the name — and checks that the pairs compared
// stay within the file's budget, so doubling n at most doubles the work
// once past the base, and that a file within the budget is still checked
// in full (the pairs there are all exclusive: no finding either way).
func TestReassignBudgetBoundsValueExclusiveArms(t *testing.T) {
	gen := func(n int) string {
		var b strings.Builder
		b.WriteString("class c (String $p) {\n")
		for i := range n {
			fmt.Fprintf(&b, "  if $p == 'v%d' { $x = %d }\n", i, i)
		}
		b.WriteString("}\n")
		return b.String()
	}
	work := func(n int) (spent, size, found int) {
		src := gen(n)
		prog := buildProgram(t, map[string]string{"init.pp": src})
		st := prog.Static(knownGlobal)
		for _, f := range prog.Files {
			p, ff := reportingPass(VariableReassigned(), f, prog)
			for sc := range st.ScopesIn(f) {
				checkReassigned(p, st, sc, &spent)
			}
			found += ff.n
		}
		return spent, len(src), found
	}
	spent, _, found := work(200)
	if found != 0 || spent < 200*199/2 {
		t.Errorf("n=200: %d pairs, %d findings; want all %d pairs compared and none found", spent, found, 200*199/2)
	}
	for _, n := range []int{2000, 4000} {
		spent, size, found := work(n)
		if limit := reassignBudgetBase + reassignBudgetPerByte*size + 1; spent > limit || found != 0 {
			t.Errorf("n=%d: %d pairs compared (budget %d), %d findings", n, spent, limit, found)
		}
	}
}

// reportingPass is a pass of rule r over file f whose findings go where a
// run's do: to a sink that records them among f's findings, returned.
func reportingPass(r *Rule, f *model.File, prog *model.Program) (*Pass, *fileFindings) {
	ff := &fileFindings{file: f, target: DefaultPuppetVersion}
	sink := &findingSink{reported: map[string]*fileFindings{f.Path: ff}, programFile: f.Path}
	p := &Pass{Rule: r, File: f, Program: prog, Puppet: DefaultPuppetVersion, sink: sink,
		active: &Active{Rule: r}, own: ff, slab: &findingSlab{}}
	return p, ff
}

// TestReassignDistinctNamesAllocations checks a scope whose names are each
// assigned once: the rule counts them in one map and makes nothing for
// each name, as it does for a name assigned twice.
func TestReassignDistinctNamesAllocations(t *testing.T) {
	var b strings.Builder
	b.WriteString("class c {\n")
	for i := range 200 {
		fmt.Fprintf(&b, "  if $facts['f%d'] { $x%d = %d }\n", i, i, i)
	}
	b.WriteString("}\n")
	prog := buildProgram(t, map[string]string{"init.pp": b.String()})
	st := prog.Static(knownGlobal)
	f := prog.Files[0]
	p, ff := reportingPass(VariableReassigned(), f, prog)
	var class *model.Scope
	for sc := range st.ScopesIn(f) {
		if sc.Kind == model.ClassScope {
			class = sc
		}
	}
	if class == nil || len(class.Assignments) != 200 {
		t.Fatalf("the class scope is not found with its 200 assignments")
	}
	allocs := testing.AllocsPerRun(20, func() {
		spent := 0
		checkReassigned(p, st, class, &spent)
	})
	if ff.n != 0 {
		t.Fatalf("%d findings on distinct names", ff.n)
	}
	if allocs > 8 { // the map of counts: a few blocks, whatever the number of names
		t.Errorf("%v allocations for 200 names assigned once each; want the count map's alone", allocs)
	}
}
