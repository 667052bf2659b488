package model_test

import (
	"context"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/parser/load/gentree"
	"github.com/ducklint/ducklint/rules/model"
)

// TestRebaseEqualsABuild checks model.Rebase: after an edit that moves a
// file's facts without changing them (a comment line added above them),
// the program rebased on the previous one is the program a build makes,
// scope by scope, fact by fact and index by index, over the rule and model
// fixtures and a generated tree; and the previous program is left as it
// was.
func TestRebaseEqualsABuild(t *testing.T) {
	dirs := fixtureDirs(t, 120, 5)
	rebased, facts := 0, 0
	for name, dir := range dirs {
		tree, parsed := loadParsed(t, dir)
		declaring := model.TreeDeclaringFunctions(tree, nil)
		kept := map[*parser.File]*model.Collected{}
		for lf, p := range parsed {
			kept[p] = model.Collect(lf, p, declaring)
		}
		collected := func(lf *load.File, p *parser.File, d model.DeclaringFunctions) *model.Collected {
			if c, ok := kept[p]; ok {
				return c
			}
			c := model.Collect(lf, p, d)
			kept[p] = c
			return c
		}
		opts := model.Options{Jobs: 2, Parsed: parsed, DeclaringFunctions: declaring, Collected: collected}
		prev := model.Build(tree, opts)
		edited := 0
		for k, lf := range tree.Files {
			// Three files of each fixture; of the generated tree, every
			// fifth file (every file when exhaustive).
			if filepath.Ext(lf.Path) != ".pp" || lf.Role == load.MainManifest || edited == 3 && name != "generated" ||
				name == "generated" && !exhaustive && k%5 != 0 {
				continue
			}
			edited++
			// The same file with a comment line above its code.
			moved := *lf
			moved.Src = append([]byte("# moved\n"), lf.Src...)
			t2 := *tree
			t2.Files = slices.Clone(tree.Files)
			t2.Files[k] = &moved
			parsed2 := map[*load.File]*parser.File{}
			for _, f := range t2.Files {
				if f == &moved {
					parsed2[f] = parser.ParseFileWithOptions(f.Path, f.Src, f.ParseOptions())
				} else if p, ok := parsed[f]; ok {
					parsed2[f] = p
				}
			}
			opts2 := opts
			opts2.Parsed = parsed2
			if !model.SimulatesAlike(kept[parsed[lf]], collected(&moved, parsed2[&moved], declaring)) {
				t.Errorf("%s: %s: a comment line above the code gives other facts", name, lf.Path)
				continue
			}
			got, ok := model.Rebase(context.Background(), prev, &t2, []int{k}, opts2)
			if !ok {
				t.Errorf("%s: %s: a comment line above the code, and the program is not rebased", name, lf.Path)
				continue
			}
			rebased++
			want := model.Build(&t2, opts2)
			if !reflect.DeepEqual(want.Scopes(), got.Scopes()) || !reflect.DeepEqual(want.Definitions, got.Definitions) {
				t.Errorf("%s: %s: the rebased program differs from a build: first at %s", name, lf.Path,
					firstDiff(reflect.ValueOf(want.Scopes()), reflect.ValueOf(got.Scopes()), "scopes", map[[2]uintptr]bool{}))
				continue
			}
			for _, d := range want.Definitions {
				for _, of := range []func(*model.Program, string) []*model.Declaration{
					(*model.Program).DeclarationsOf, (*model.Program).CallsOf, (*model.Program).RealizersOf,
				} {
					if !reflect.DeepEqual(of(want, d.Name), of(got, d.Name)) {
						t.Errorf("%s: %s: the rebased program's index of %s differs from a build's", name, lf.Path, d.Name)
					}
				}
				if !reflect.DeepEqual(want.Lookup(d.Kind, d.Name), got.Lookup(d.Kind, d.Name)) {
					t.Errorf("%s: %s: the rebased program's definitions of %s differ from a build's", name, lf.Path, d.Name)
				}
			}
			for i, s := range got.Scopes() {
				facts += len(s.Declarations) + len(s.Assignments) + len(s.Resources) + len(s.Defaults)
				if s.File != nil && s.File.Path == lf.Path && s == prev.Scopes()[i] {
					t.Errorf("%s: %s: the rebased program keeps a scope of the edited file's old version", name, lf.Path)
				}
			}
		}
		again := model.Build(tree, opts)
		if !reflect.DeepEqual(again.Scopes(), prev.Scopes()) || !reflect.DeepEqual(again.Definitions, prev.Definitions) {
			t.Errorf("%s: rebasing changed the previous program: first at %s", name,
				firstDiff(reflect.ValueOf(again.Scopes()), reflect.ValueOf(prev.Scopes()), "scopes", map[[2]uintptr]bool{}))
		}
		for _, d := range again.Definitions {
			if !reflect.DeepEqual(again.DeclarationsOf(d.Name), prev.DeclarationsOf(d.Name)) ||
				!reflect.DeepEqual(again.CallsOf(d.Name), prev.CallsOf(d.Name)) ||
				!reflect.DeepEqual(again.Lookup(d.Kind, d.Name), prev.Lookup(d.Kind, d.Name)) {
				t.Errorf("%s: rebasing changed the previous program's indexes of %s", name, d.Name)
			}
		}
	}
	t.Logf("%d programs rebased and compared (%d facts)", rebased, facts)
	if rebased < 100 || facts < 10000 {
		t.Errorf("only %d programs rebased, %d facts compared", rebased, facts)
	}
}

// TestRebaseRefusesOtherDeclaringFunctions checks that a program is not
// rebased on one whose facts were collected with other declaring
// functions: every file's declarations may differ then.
func TestRebaseRefusesOtherDeclaringFunctions(t *testing.T) {
	dir := t.TempDir()
	if err := gentree.Generate(20, 2).Write(dir); err != nil {
		t.Fatal(err)
	}
	tree, parsed := loadParsed(t, dir)
	collected := func(lf *load.File, p *parser.File, d model.DeclaringFunctions) *model.Collected {
		return model.Collect(lf, p, d)
	}
	opts := model.Options{Jobs: 2, Parsed: parsed, Collected: collected}
	prev := model.Build(tree, opts)
	if _, ok := model.Rebase(context.Background(), prev, tree, nil, opts); !ok {
		t.Fatal("the same files and declaring functions, and the program is not rebased")
	}
	other := opts
	other.DeclaringFunctions = model.DeclaringFunctions{"mod000::declare": "mod000::%s"}
	if _, ok := model.Rebase(context.Background(), prev, tree, nil, other); ok {
		t.Error("a program rebased on one collected with other declaring functions")
	}
}
