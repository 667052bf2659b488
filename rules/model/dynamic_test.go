package model_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/parser/load/gentree"
	"github.com/ducklint/ducklint/rules/model"
)

// buildTree writes files to a temporary directory and builds the model.
func buildTree(tb testing.TB, files gentree.Tree) *model.Program {
	tb.Helper()
	dir := tb.TempDir()
	if err := files.Write(dir); err != nil {
		tb.Fatal(err)
	}
	tree, err := load.Load(load.Options{Paths: []string{"."}, Dir: dir, Jobs: 2})
	if err != nil {
		tb.Fatal(err)
	}
	return model.Build(tree, model.Options{Jobs: 2})
}

// summary renders what Dynamic found as sorted lines, for comparison.
func summary(d *model.Dynamic) []string {
	var out []string
	for _, l := range d.Leaks {
		out = append(out, fmt.Sprintf("leak %s:%d -> %s %s", l.Default.File.Path, l.Default.Node.Span().Start.Line,
			l.Target.Name, strings.Join(l.Attrs, ",")))
	}
	for _, o := range d.OrderDependent {
		out = append(out, fmt.Sprintf("order %s %s", o.Class.Name, o.Type))
	}
	for _, r := range d.Redeclared {
		out = append(out, fmt.Sprintf("redeclared %s:%d", r.ResourceLike.File.Path, r.ResourceLike.Span.Start.Line))
	}
	return out
}

// TestDynamicCornerCases checks that cycles and recursion terminate with
// sensible results.
func TestDynamicCornerCases(t *testing.T) {
	tests := []struct {
		name  string
		files gentree.Tree
		want  []string
	}{
		{
			name: "include cycle",
			files: gentree.Tree{
				"m/manifests/a.pp": "class m::a {\n  File { mode => '0600' }\n  include m::b\n}\n",
				"m/manifests/b.pp": "class m::b {\n  include m::a\n  file { '/b': }\n}\n",
			},
			// m::b is first declared by m::a in m::a's simulation, and is
			// itself an entry point too (nothing outside the cycle declares either).
			want: []string{"leak m/manifests/a.pp:2 -> m::b mode"},
		},
		{
			name: "inheritance cycle",
			files: gentree.Tree{
				"m/manifests/a.pp": "class m::a inherits m::b {\n  file { '/a': }\n}\n",
				"m/manifests/b.pp": "class m::b inherits m::a {\n  File { mode => '0600' }\n}\n",
				"m/manifests/c.pp": "class m::c {\n  include m::a\n}\n",
			},
			want: nil,
		},
		{
			name: "self-instantiating define",
			files: gentree.Tree{
				"m/manifests/d.pp":    "define m::d(Integer $n = 3) {\n  if $n > 0 {\n    m::d { \"${title}x\": n => $n - 1 }\n  }\n  file { \"/${title}\": }\n}\n",
				"m/manifests/init.pp": "class m {\n  File { owner => 'root' }\n  m::d { 'a': }\n}\n",
			},
			want: []string{"leak m/manifests/init.pp:2 -> m::d owner"},
		},
		{
			name: "resource-like in a define declared twice, on exclusive arms",
			files: gentree.Tree{
				"m/manifests/d.pp":    "define m::d() {\n  class { 'm::repo': }\n}\n",
				"m/manifests/repo.pp": "class m::repo {\n}\n",
				"m/manifests/init.pp": "class m(Boolean $x = true) {\n  if $x {\n    m::d { 'a': }\n  } else {\n    m::d { 'b': }\n  }\n}\n",
			},
			want: nil,
		},
		{
			name: "resource-like in a define declared twice",
			files: gentree.Tree{
				"m/manifests/d.pp":    "define m::d() {\n  class { 'm::repo': }\n}\n",
				"m/manifests/repo.pp": "class m::repo {\n}\n",
				"m/manifests/init.pp": "class m {\n  m::d { 'a': }\n  m::d { 'b': }\n}\n",
			},
			want: []string{"redeclared m/manifests/d.pp:2"},
		},
		{
			// One declaration carries a default for mode, the other none:
			// comparing them must not look at the missing one's scope.
			name: "private class declared with and without a default",
			files: gentree.Tree{
				"m/manifests/files.pp": "# @api private\nclass m::files {\n  file { '/f': }\n}\n",
				"m/manifests/a.pp":     "class m::a {\n  File { mode => '0600' }\n  include m::files\n}\n",
				"m/manifests/b.pp":     "class m::b {\n  include m::files\n}\n",
				"m/manifests/init.pp":  "class m {\n  include m::a\n  include m::b\n}\n",
			},
			want: nil,
		},
		{
			name: "splat resources and virtual resources are not changed",
			files: gentree.Tree{
				"m/manifests/init.pp":  "class m {\n  File { mode => '0600' }\n  include m::other\n}\n",
				"m/manifests/other.pp": "class m::other {\n  file { '/a': * => {} }\n  @file { '/b': }\n}\n",
			},
			want: nil,
		},
	}
	// Fourteen defined types, each declaring the next twice: the last is
	// evaluated 8,192 times in Puppet, its first instance after 8,191
	// others. The bound on evaluations is per defined type, so the first
	// instances of each are evaluated and the class the last includes is
	// reached.
	chain := gentree.Tree{
		"m/manifests/init.pp": "class m {\n  File { mode => '0600' }\n  m::d1 { 'a': }\n}\n",
		"m/manifests/late.pp": "class m::late {\n  file { '/late': }\n}\n",
		"m/manifests/d14.pp":  "define m::d14() {\n  include m::late\n}\n",
	}
	for i := 1; i < 14; i++ {
		chain[fmt.Sprintf("m/manifests/d%d.pp", i)] = fmt.Sprintf(
			"define m::d%d() {\n  m::d%d { \"${title}a\": }\n  m::d%d { \"${title}b\": }\n}\n", i, i+1, i+1)
	}
	tests = append(tests, struct {
		name  string
		files gentree.Tree
		want  []string
	}{name: "doubling chain of defined types", files: chain, want: []string{"leak m/manifests/init.pp:2 -> m::late mode"}})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := summary(buildTree(t, tt.files).Dynamic())
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"))
			}
		})
	}
}

// TestDynamicDeterministic builds the same generated control repo twice:
// the findings must not depend on map order or parallel parsing.
func TestDynamicDeterministic(t *testing.T) {
	files := gentree.Generate(300, 7)
	a := summary(buildTree(t, files).Dynamic())
	b := summary(buildTree(t, files).Dynamic())
	if strings.Join(a, "\n") != strings.Join(b, "\n") {
		t.Errorf("two runs differ:\n%s\n---\n%s", strings.Join(a, "\n"), strings.Join(b, "\n"))
	}
}

// TestDynamicSameForAnyJobs checks that simulations run in parallel find
// what they find one after another: where several simulations offer an
// example, the one kept is the one the first simulation offers.
func TestDynamicSameForAnyJobs(t *testing.T) {
	files := gentree.Tree{
		"m/manifests/wrap.pp":   "define m::wrap {\n  File { owner => 'w' }\n  include m::shared\n}\n",
		"m/manifests/shared.pp": "class m::shared {\n  file { '/shared': }\n}\n",
		"m/manifests/od.pp":     "class m::od {\n  file { '/od': }\n}\n",
		"m/manifests/rl.pp":     "class m::rl {\n  class { 'm::od': }\n}\n",
		"m/manifests/d1.pp":     "class m::d1 {\n  file { '/dup': }\n  include m::d2\n}\n",
		"m/manifests/d2.pp":     "class m::d2 {\n  file { '/dup': }\n}\n",
	}
	// Twelve classes an ENC could declare carry different defaults to
	// m::od; the example is the first two, in simulation order.
	for i := range 12 {
		files[fmt.Sprintf("m/manifests/p%02d.pp", i)] = fmt.Sprintf(
			"class m::p%02d {\n  File { mode => '%04d' }\n  m::wrap { 'a': }\n  include m::od\n}\n", i, i)
	}
	// Each mode default's example is m::shared, which only m::wrap
	// declares, rather than m::od, which others may declare first.
	var want []string
	for i := range 12 {
		want = append(want, fmt.Sprintf("leak m/manifests/p%02d.pp:2 -> m::shared mode", i))
	}
	want = append(want, "leak m/manifests/wrap.pp:2 -> m::shared owner",
		"order m::od file: m/manifests/p00.pp:4 m/manifests/p01.pp:4",
		"redeclared m/manifests/rl.pp:2",
		"duplicate m/manifests/d1.pp:2 file[/dup] m/manifests/d2.pp:2",
		"duplicate m/manifests/d2.pp:2 file[/dup] m/manifests/d1.pp:2")
	for _, jobs := range []int{1, 2, 4, 16} {
		dir := t.TempDir()
		if err := files.Write(dir); err != nil {
			t.Fatal(err)
		}
		tree, err := load.Load(load.Options{Paths: []string{"."}, Dir: dir, Jobs: jobs})
		if err != nil {
			t.Fatal(err)
		}
		dyn := model.Build(tree, model.Options{Jobs: jobs}).Dynamic()
		got := summary(dyn)
		for i, o := range dyn.OrderDependent {
			got[len(dyn.Leaks)+i] += fmt.Sprintf(": %s:%d %s:%d", o.A.Decl.File.Path, o.A.Decl.Span.Start.Line,
				o.B.Decl.File.Path, o.B.Decl.Span.Start.Line)
		}
		for _, d := range dyn.Duplicates {
			got = append(got, fmt.Sprintf("duplicate %s:%d %s %s:%d", d.Resource.File.Path, d.Resource.Body.Span().Start.Line, d.Key,
				d.Other.File.Path, d.Other.Body.Span().Start.Line))
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("jobs=%d:\n got %s\nwant %s", jobs, strings.Join(got, "\n     "), strings.Join(want, "\n     "))
		}
	}
}

// BenchmarkDynamic measures the evaluation-order simulation alone on
// generated control repos of growing size.
func BenchmarkDynamic(b *testing.B) {
	for _, n := range []int{100, 1000, 5000} {
		b.Run(fmt.Sprintf("files=%d", n), func(b *testing.B) {
			files := gentree.Generate(n, 1)
			dir := b.TempDir()
			if err := files.Write(dir); err != nil {
				b.Fatal(err)
			}
			tree, err := load.Load(load.Options{Paths: []string{"."}, Dir: dir})
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				b.StopTimer()
				prog := model.Build(tree, model.Options{})
				b.StartTimer()
				prog.Dynamic()
			}
		})
	}
}

// TestDynamicCostIsLinearInChainLength checks the simulations' cost on
// long declaration chains, which were quadratic: an inheritance chain
// declared only from code no environment evaluates (each class simulated
// as a root of its own, re-evaluating its bases), and a chain of defined
// types each declaring the next, with a default at the top (each resource
// looked for defaults all the way up its chain).
func TestDynamicCostIsLinearInChainLength(t *testing.T) {
	inherits := func(n int) gentree.Tree {
		var b strings.Builder
		b.WriteString("class c0 { $x = 1 }\n")
		for i := 1; i < n; i++ {
			fmt.Fprintf(&b, "class c%d inherits c%d { }\n", i, i-1)
		}
		fmt.Fprintf(&b, "include c%d\n", n-1)
		return gentree.Tree{"chain.pp": b.String()}
	}
	defines := func(n int) gentree.Tree {
		var b strings.Builder
		b.WriteString("class top {\n  File { mode => '0600' }\n  d0 { 'x': }\n}\n")
		for i := range n {
			fmt.Fprintf(&b, "define d%d {\n  file { \"/tmp/${title}-%d\": }\n  d%d { $title: }\n}\n", i, i, i+1)
		}
		fmt.Fprintf(&b, "define d%d { }\n", n)
		return gentree.Tree{"chain.pp": b.String()}
	}
	// n defaults of one type in one class, each followed by a resource:
	// each resource once looked at every default before it.
	var defaults func(int) gentree.Tree
	for _, s := range gentree.Shapes() {
		if s.Name == "resource-defaults" {
			defaults = s.Generate
		}
	}
	// The same with a different attribute in each default, which no
	// later one overrides: none can leak out of the class.
	distinct := func(n int) gentree.Tree {
		var b strings.Builder
		b.WriteString("class d {\n")
		for i := range n {
			fmt.Fprintf(&b, "  File { a%d => 1 }\n  file { \"/f%d\": }\n", i, i)
		}
		b.WriteString("}\ninclude d\n")
		return gentree.Tree{"chain.pp": b.String()}
	}
	for name, gen := range map[string]func(int) gentree.Tree{"inherits": inherits, "defines": defines, "resource-defaults": defaults,
		"distinct-defaults": distinct} {
		t.Run(name, func(t *testing.T) {
			const n = 3000
			small := buildTree(t, gen(n)).Dynamic().Steps
			large := buildTree(t, gen(2*n)).Dynamic().Steps
			// Linear: twice the chain, about twice the steps (a
			// quadratic cost gives four times).
			if small == 0 || float64(large) > 2.5*float64(small) {
				t.Errorf("steps %d for %d links, %d for %d: not linear", small, n, large, 2*n)
			}
		})
	}
}

// TestDynamicWithManyDefaultedTypes checks leaks and order dependence when
// more types have defaults than type masks have bits (types past the 63rd
// share one), so that a chain with a default of another type sharing the
// bit is still walked and found to have none of the resource's type.
func TestDynamicWithManyDefaultedTypes(t *testing.T) {
	const types = 130
	var defaults, resources strings.Builder
	for i := range types {
		fmt.Fprintf(&defaults, "  Type_%d { x => '1' }\n", i)
		fmt.Fprintf(&resources, "  type_%d { 'r': }\n", i)
	}
	files := gentree.Tree{
		// Every default of m::a reaches m::b's resource of its type.
		"m/manifests/a.pp": "class m::a {\n" + defaults.String() + "  include m::b\n}\n",
		"m/manifests/b.pp": "class m::b {\n" + resources.String() + "}\n",
		// m::c's defaults are of types m::d declares nothing of.
		"m/manifests/c.pp": "class m::c {\n  Type_77 { x => '1' }\n  Type_129 { x => '1' }\n  include m::d\n}\n",
		"m/manifests/d.pp": "class m::d {\n  type_78 { 'd': }\n  type_128 { 'd': }\n}\n",
		// m::k gets type_129's default from whichever of m::p1 and m::p2
		// declares it first.
		"m/manifests/k.pp":  "class m::k {\n  type_129 { 'k': }\n  type_0 { 'k': }\n}\n",
		"m/manifests/p1.pp": "class m::p1 {\n  Type_129 { x => '1' }\n  include m::k\n}\n",
		"m/manifests/p2.pp": "class m::p2 {\n  Type_129 { x => '2' }\n  include m::k\n}\n",
		"manifests/site.pp": "node default {\n  include m::a\n  include m::c\n  include m::p1\n  include m::p2\n}\n",
	}
	dyn := buildTree(t, files).Dynamic()
	leaks := map[string]int{}
	for _, l := range dyn.Leaks {
		leaks[l.Default.File.Path+" -> "+l.Target.Name]++
	}
	// m::p1 declares m::k first; m::p2's declaration evaluates nothing.
	if len(leaks) != 2 || leaks["m/manifests/a.pp -> m::b"] != types || leaks["m/manifests/p1.pp -> m::k"] != 1 {
		t.Errorf("leaks by default's file and target: %v, want %d from m::a into m::b and one from m::p1 into m::k", leaks, types)
	}
	var order []string
	for _, o := range dyn.OrderDependent {
		order = append(order, o.Class.Name+" "+o.Type)
	}
	if strings.Join(order, ";") != "m::k type_129" {
		t.Errorf("order dependent: %v, want m::k type_129", order)
	}
}
