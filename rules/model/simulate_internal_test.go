package model

import (
	"reflect"
	"testing"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/parser/load/gentree"
)

// TestEmptyDefineBodiesTakeNoInstance checks that the simulation reaches a
// defined type whose body does nothing it follows without evaluating an
// instance of it for each declaration, and still evaluates the others'.
func TestEmptyDefineBodiesTakeNoInstance(t *testing.T) {
	files := gentree.Tree{
		"manifests/site.pp":              "include app\n",
		"modules/app/manifests/init.pp":  "class app {\n  app::quiet { 'a': }\n  app::quiet { 'b': }\n  app::quiet { 'c': }\n  app::loud { 'd': }\n  app::loud { 'e': }\n  app::looped { 'f': }\n}\n",
		"modules/app/manifests/quiet.pp": "define app::quiet {\n  $x = $title\n}\n",
		"modules/app/manifests/loud.pp":  "define app::loud {\n  file { \"/tmp/${title}\": }\n}\n",
		// Its only resource is in a lambda: the body still does something.
		"modules/app/manifests/looped.pp": "define app::looped {\n  ['x'].each |$i| {\n    file { \"/tmp/${title}-${i}\": }\n  }\n}\n",
	}
	p := buildInternal(t, files)
	a := newDynamicAnalysis(p)
	a.run()
	quiet, loud := p.Define("app::quiet"), p.Define("app::loud")
	if quiet == nil || loud == nil {
		t.Fatal("the defined types are missing")
	}
	if !a.reached[quiet.index] || !a.reached[loud.index] {
		t.Errorf("reached app::quiet %v, app::loud %v; want both", a.reached[quiet.index], a.reached[loud.index])
	}
	if len(a.workers) != 1 {
		t.Fatalf("%d workers, want 1", len(a.workers))
	}
	// The one simulation (of top scope) evaluates app, two app::loud and
	// the app::looped.
	if got := a.workers[0].slabUsed; got != 4 {
		t.Errorf("the simulation took %d instances, want 4 (app, two app::loud, app::looped)", got)
	}
}

// TestArmValuesAreArmConditions checks armValues, which keeps the answers
// each arm got, against ArmConditions asked directly, for instances of a
// defined type declared with different values, one local variable per
// instance (a new answer for each, more than an arm keeps), class
// parameters and facts, in an order that meets each arm's kept answers
// again.
func TestArmValuesAreArmConditions(t *testing.T) {
	files := gentree.Tree{
		"manifests/site.pp": "include app\n",
		"modules/app/manifests/init.pp": "class app($enabled = true, $mode = 'a') {\n" +
			"  if $enabled { app::thing { 'one': flag => $mode } }\n" +
			"  app::thing { 'two': flag => 'b' }\n" +
			"  app::thing { 'three': }\n" +
			"  app::thing { 'four': flag => $mode }\n" +
			"}\n",
		"modules/app/manifests/thing.pp": "define app::thing($flag = 'c') {\n" +
			"  $local = $title\n" +
			"  if $flag == 'a' { file { \"/a/${title}\": } }\n" +
			"  case $flag {\n    'b': { file { \"/b/${title}\": } }\n    default: { file { \"/d/${title}\": } }\n  }\n" +
			"  if $local == 'x' and $::osfamily == 'Debian' { file { \"/x/${title}\": } }\n" +
			"  unless $app::enabled { file { \"/e/${title}\": } }\n" +
			"}\n",
	}
	p := buildInternal(t, files)
	app, thing := p.Class("app"), p.Define("app::thing")
	if app == nil || thing == nil {
		t.Fatal("the class or the defined type is missing")
	}
	a := newDynamicAnalysis(p)
	w := a.newWorker()
	top := &instance{scope: p.TopScopeFor(app.File)}
	appInst := w.newInstance(app.Scope, app, top, nil, nil, false)
	var decls []*Declaration
	for _, d := range app.Scope.Declarations {
		if d.Kind == DefineInstance {
			decls = append(decls, d)
		}
	}
	if len(decls) != 4 {
		t.Fatalf("%d declarations of app::thing, want 4", len(decls))
	}
	direct := func(inst *instance, b Branch) []Condition {
		cs, _ := ArmConditions(b, func(e parser.Expr) string { return w.valueKey(inst, e, 0) })
		var out []Condition
		for _, c := range cs {
			if !c.fact {
				out = append(out, c)
			}
		}
		return out
	}
	arms, kept := 0, 0
	for round := range 3 * maxArmValues {
		decl := decls[round%len(decls)]
		inst := w.newInstance(thing.Scope, thing, appInst, decl, nil, false)
		for _, r := range thing.Scope.Resources {
			for _, b := range r.Branch {
				if !w.dependsOnData(b.Cond) {
					continue
				}
				arms++
				got, want := w.armValues(inst, b), direct(inst, b)
				if len(got) != len(want) || len(got) > 0 && !reflect.DeepEqual(got, want) {
					t.Fatalf("round %d, %s arm %d: armValues gives %+v, ArmConditions %+v", round, r.Type, b.Arm, got, want)
				}
				if len(want) > 0 {
					kept++
				}
			}
		}
	}
	if arms == 0 || kept == 0 {
		t.Fatalf("%d arms tested, %d with conditions on values: the tree tests nothing", arms, kept)
	}
	for b, seen := range w.armVals {
		if len(seen) > maxArmValues {
			t.Errorf("arm %d keeps %d sets of answers, more than %d", b.Arm, len(seen), maxArmValues)
		}
	}
}

// buildInternal writes files to a temporary tree, loads it and builds its
// program, for the tests inside the package.
func buildInternal(t *testing.T, files gentree.Tree) *Program {
	t.Helper()
	dir := t.TempDir()
	if err := files.Write(dir); err != nil {
		t.Fatal(err)
	}
	tree, err := load.Load(load.Options{Paths: []string{"."}, Dir: dir, Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	return Build(tree, Options{Jobs: 1})
}
