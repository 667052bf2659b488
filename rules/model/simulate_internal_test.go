package model

import (
	"testing"

	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/parser/load/gentree"
)

// TestEmptyDefineBodiesTakeNoInstance checks that the simulation reaches a
// defined type whose body does nothing it follows without evaluating an
// instance of it for each declaration, and still evaluates the others'.
func TestEmptyDefineBodiesTakeNoInstance(t *testing.T) {
	dir := t.TempDir()
	files := gentree.Tree{
		"manifests/site.pp":              "include app\n",
		"modules/app/manifests/init.pp":  "class app {\n  app::quiet { 'a': }\n  app::quiet { 'b': }\n  app::quiet { 'c': }\n  app::loud { 'd': }\n  app::loud { 'e': }\n}\n",
		"modules/app/manifests/quiet.pp": "define app::quiet {\n  $x = $title\n}\n",
		"modules/app/manifests/loud.pp":  "define app::loud {\n  file { \"/tmp/${title}\": }\n}\n",
	}
	if err := files.Write(dir); err != nil {
		t.Fatal(err)
	}
	tree, err := load.Load(load.Options{Paths: []string{"."}, Dir: dir, Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	p := Build(tree, Options{Jobs: 1})
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
	// The one simulation (of top scope) evaluates app and two app::loud.
	if got := a.workers[0].slabUsed; got != 3 {
		t.Errorf("the simulation took %d instances, want 3 (app and two app::loud)", got)
	}
}
