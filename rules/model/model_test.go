package model_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules/model"
	"github.com/ducklint/ducklint/rules/ruletest"
)

// buildFixture extracts a txtar tree and builds the model over all of it.
func buildFixture(t *testing.T, name string) *model.Program {
	t.Helper()
	ar, err := txtar.ParseFile(filepath.Join("..", "..", "testdata", "model", name))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := ruletest.WriteArchive(ar, dir); err != nil {
		t.Fatal(err)
	}
	prog := ruletest.Program(t, dir, ruletest.Options{})
	for _, f := range prog.Files {
		for _, e := range f.Parsed.Errors {
			t.Fatalf("%s: %v", f.Path, e)
		}
	}
	return prog
}

func names(ds []*model.Definition) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.Kind.String()+" "+d.Name)
	}
	return out
}

func assignmentNames(s *model.Scope) []string {
	var out []string
	for _, a := range s.Assignments {
		out = append(out, a.Name)
	}
	return out
}

func TestDefinitions(t *testing.T) {
	prog := buildFixture(t, "control-repo.txtar")
	got := names(prog.Definitions)
	want := []string{
		"node web1.example.com", "node default",
		"defined type nginx::vhost",
		"class profile::base", "class profile::nginx", "class profile::nginx::inner", "class profile::params",
		"class role::web",
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("definitions:\n got %q\nwant %q", got, want)
	}
	nginx := prog.Class("::Profile::Nginx")
	if nginx == nil {
		t.Fatal("class profile::nginx not found by normalised name")
	}
	if nginx.Parent != "profile::params" {
		t.Errorf("parent = %q", nginx.Parent)
	}
	if anc := prog.Ancestors(nginx); len(anc) != 1 || anc[0].Name != "profile::params" {
		t.Errorf("ancestors = %v", names(anc))
	}
	if inner := prog.Class("profile::nginx::inner"); inner == nil || !inner.Nested {
		t.Errorf("nested class not qualified or not marked nested: %+v", inner)
	}
}

func TestTopScopeSpansMainManifestsInOrder(t *testing.T) {
	prog := buildFixture(t, "control-repo.txtar")
	if len(prog.TopScopes) != 1 {
		t.Fatalf("top scopes = %d, want 1", len(prog.TopScopes))
	}
	top := prog.TopScopes[0]
	if got := assignmentNames(top); !slices.Equal(got, []string{"top", "later"}) {
		t.Errorf("top-scope assignments = %q, want [top later]", got)
	}
	if len(top.Defaults) != 1 || top.Defaults[0].Type != "file" {
		t.Errorf("top-scope defaults = %+v", top.Defaults)
	}
	for _, f := range prog.Files {
		if f.Source.Role == load.MainManifest && f.Scope != top {
			t.Errorf("%s: main manifest not in the shared top scope", f.Path)
		}
	}
}

func TestScopesAndAssignments(t *testing.T) {
	prog := buildFixture(t, "control-repo.txtar")
	nginx := prog.Class("profile::nginx").Scope
	if got := assignmentNames(nginx); !slices.Equal(got, []string{"x", "d1", "d2"}) {
		t.Errorf("class assignments = %q, want [x d1 d2] (lambda variables stay in the lambda)", got)
	}
	var lambda *model.Scope
	for _, s := range prog.Scopes() {
		if s.Kind == model.LambdaScope && s.File.Path == "site/profile/manifests/nginx.pp" {
			lambda = s
		}
	}
	if lambda == nil {
		t.Fatal("lambda scope not found")
	}
	if lambda.Parent != nginx || lambda.Owner() != nginx {
		t.Error("lambda scope's parent is not the class scope")
	}
	if !lambda.HasParam("i") || !slices.Equal(assignmentNames(lambda), []string{"y"}) {
		t.Errorf("lambda params/assignments wrong: %q", assignmentNames(lambda))
	}
	x := nginx.Assigned("x")[0]
	if nginx.AssignedBefore("x", x.Order) != nil || nginx.AssignedBefore("x", x.Order+1) == nil {
		t.Error("AssignedBefore does not respect evaluation order")
	}
	node := prog.Lookup(model.NodeDef, "web1.example.com")[0].Scope
	if got := assignmentNames(node); !slices.Equal(got, []string{"node_var"}) {
		t.Errorf("node assignments = %q", got)
	}
	epp := prog.Files[slices.IndexFunc(prog.Files, func(f *model.File) bool { return f.Source.Role == load.ModuleTemplate })]
	if epp.Scope.Kind != model.TemplateScope || !epp.Scope.HasParam("port") {
		t.Errorf("template scope wrong: %+v", epp.Scope)
	}
}

func TestDeclarationGraph(t *testing.T) {
	prog := buildFixture(t, "control-repo.txtar")
	kinds := func(target string) []string {
		var out []string
		for _, d := range prog.DeclarationsOf(target) {
			owner := d.Scope.Kind.String()
			if d.Scope.Def != nil {
				owner += " " + d.Scope.Def.Name
			}
			out = append(out, d.Kind.String()+" from "+owner)
		}
		return out
	}
	cases := map[string][]string{
		"role::web":       {"include from node web1.example.com"},
		"profile::nginx":  {"include from class role::web"},
		"profile::base":   {"resource-like class declaration from class role::web"},
		"profile::params": {"inherits from class profile::nginx"},
		"nginx::vhost":    {"defined type instance from class profile::nginx"},
	}
	for target, want := range cases {
		if got := kinds(target); !slices.Equal(got, want) {
			t.Errorf("declarations of %s:\n got %q\nwant %q", target, got, want)
		}
	}
	a, b := prog.DeclarationsOf("a"), prog.DeclarationsOf("b")
	if len(a) != 1 || len(b) != 1 || !model.Exclusive(a[0].Branch, b[0].Branch) {
		t.Error("declarations in the two arms of one if are not exclusive")
	}
	if model.Exclusive(a[0].Branch, prog.DeclarationsOf("nginx::vhost")[0].Branch) {
		t.Error("a branch declaration is exclusive with an unconditional one")
	}
	base := prog.Class("profile::base").Scope
	if len(base.Defaults) != 1 || base.Defaults[0].Type != "package" || len(base.Resources) != 1 ||
		base.Defaults[0].Order >= base.Resources[0].Order {
		t.Errorf("profile::base defaults/resources wrong: %+v %+v", base.Defaults, base.Resources)
	}
}

// TestAncestorsStopAtCyclesAndMissingClasses checks Ancestors on chains
// short and long (past the length where it switches to a map), ending at a
// missing class or in a cycle back to the start or into the chain.
func TestAncestorsStopAtCyclesAndMissingClasses(t *testing.T) {
	// chain writes classes c0 inherits c1 ... inherits c<n-1>, the last
	// inheriting last ("" for none).
	chain := func(n int, last string) string {
		var b strings.Builder
		for i := range n {
			parent := fmt.Sprintf("c%d", i+1)
			if i == n-1 {
				parent = last
			}
			if parent == "" {
				fmt.Fprintf(&b, "class c%d {}\n", i)
			} else {
				fmt.Fprintf(&b, "class c%d inherits %s {}\n", i, parent)
			}
		}
		return b.String()
	}
	for _, tc := range []struct {
		name string
		src  string
		want int // ancestors of c0
	}{
		{"no parent", chain(1, ""), 0},
		{"short chain", chain(5, ""), 4},
		{"short chain to a missing class", chain(5, "nosuch"), 4},
		{"short cycle to the start", chain(5, "c0"), 4},
		{"short cycle into the chain", chain(5, "c2"), 4},
		{"self", chain(1, "c0"), 0},
		{"long chain", chain(100, ""), 99},
		{"long cycle to the start", chain(100, "c0"), 99},
		{"long cycle into the chain", chain(100, "c50"), 99},
		{"cycle closing at the switch to a map", chain(33, "c10"), 32},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "chain.pp"), []byte(tc.src), 0o644); err != nil {
				t.Fatal(err)
			}
			prog := ruletest.Program(t, dir, ruletest.Options{})
			c0 := prog.Class("c0")
			anc := prog.Ancestors(c0)
			if len(anc) != tc.want {
				t.Fatalf("Ancestors(c0) has %d classes, want %d", len(anc), tc.want)
			}
			for i, a := range anc {
				if want := fmt.Sprintf("c%d", i+1); a.Name != want {
					t.Fatalf("Ancestors(c0)[%d] = %s, want %s", i, a.Name, want)
				}
			}
		})
	}
}
