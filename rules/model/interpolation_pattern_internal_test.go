package model

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/ducklint/ducklint/parser/load"
)

// TestInterpolatedNamesCompileOncePerSource checks that the patterns of
// interpolated class names and lookup keys match what they did when each
// was compiled on its own, that one collection compiles each distinct
// pattern once (the same source gives the same *regexp.Regexp), and that
// reading what a lookup asks for compiles nothing.
func TestInterpolatedNamesCompileOncePerSource(t *testing.T) {
	dir := t.TempDir()
	src := "class site::roles($role, $other) {\n" +
		"  include \"::Role::${role}\"\n" +
		"  include \"role::${role}\"\n" +
		"  include \"role::${other}\"\n" +
		"  include \"profile::${role}::base\"\n" +
		"  include \"${role}\"\n" +
		"  $a = lookup(\"site::${role}::a\")\n" +
		"  $b = lookup(\"site::${role}::a\")\n" +
		"  $c = lookup(\"${role}\")\n" +
		"}\n"
	name := filepath.Join(dir, "modules/site/manifests/roles.pp")
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	tree, err := load.Load(load.Options{Paths: []string{"."}, Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	prog := Build(tree, Options{})
	def := prog.Class("site::roles")
	if def == nil {
		t.Fatal("class site::roles not in the program")
	}
	f := def.File

	var patterns []*regexp.Regexp
	anyName := 0
	for _, a := range f.assigners {
		patterns = append(patterns, a.Patterns...)
		if a.Any {
			anyName++
		}
	}
	var got []string
	for _, re := range patterns {
		got = append(got, re.String())
	}
	want := []string{`^role::(?s:.*)$`, `^role::(?s:.*)$`, `^role::(?s:.*)$`, `^profile::(?s:.*)::base$`}
	if len(got) != len(want) {
		t.Fatalf("assigner patterns %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("assigner pattern %d is %q, want %q", i, got[i], want[i])
		}
	}
	if patterns[0] != patterns[1] || patterns[1] != patterns[2] {
		t.Error("the same class name pattern was compiled more than once in one collection")
	}
	if !patterns[0].MatchString("role::db") || patterns[0].MatchString("profile::db") ||
		!patterns[3].MatchString("profile::x::base") || patterns[3].MatchString("profile::x") {
		t.Error("a class name pattern matches differently")
	}
	if anyName != 1 {
		t.Errorf("%d assigners may declare any class, want 1 (include \"${role}\")", anyName)
	}

	h := prog.Hiera()
	if len(h.codeLooksUp().computed) != 2 || h.codeLooksUp().computed[0] != h.codeLooksUp().computed[1] ||
		h.codeLooksUp().computed[0].String() != `^site::(?s:.*)::a$` {
		t.Errorf("computed keys %v, want one pattern ^site::(?s:.*)::a$ compiled once", h.codeLooksUp().computed)
	}
	if len(h.codeLooksUp().anyKey) != 1 {
		t.Errorf("%d lookups of any key, want 1", len(h.codeLooksUp().anyKey))
	}

	// What a lookup asks for, as summaries and rules read it, is worked
	// out without compiling: a compiled expression would cost tens of
	// allocations a call.
	calls := h.lookupCalls(f)
	if len(calls) != 3 {
		t.Fatalf("%d lookup calls, want 3", len(calls))
	}
	var summary []string
	allocs := testing.AllocsPerRun(20, func() {
		summary = lookupSummary(calls[0])
	})
	if len(summary) != 1 || summary[0] != `~^site::(?s:.*)::a$` {
		t.Errorf("lookup summary %q, want [~^site::(?s:.*)::a$]", summary)
	}
	if compiled := testing.AllocsPerRun(20, func() { regexp.MustCompile(summary[0][1:]) }); allocs*4 > compiled {
		t.Errorf("a lookup's summary takes %v allocations, compiling its pattern %v: it compiles", allocs, compiled)
	}
	if _, pattern, ok := lookupKey(calls[0].Args[0]); ok || pattern != `^site::(?s:.*)::a$` {
		t.Errorf("lookupKey gives pattern %q, literal %v", pattern, ok)
	}
}
