package model_test

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/parser/load/gentree"
	"github.com/ducklint/ducklint/rules/model"
)

func TestSummarize(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []model.Unit
	}{
		{
			name: "top-level code and a class",
			src:  "include Foo::Bar\n$x = $::os\nclass a { notify { 'hello world': } }\n",
			want: []model.Unit{
				{Kind: model.UnitTop, Mentions: []string{"foo::bar", "include"}},
				{Kind: model.UnitDefinition, Name: "a", Mentions: []string{"notify"}},
			},
		},
		{
			name: "nested definitions are qualified like the model's",
			src:  "class outer { class inner { } define thing() { } }\n",
			want: []model.Unit{
				{Kind: model.UnitTop},
				{Kind: model.UnitDefinition, Name: "outer"},
				{Kind: model.UnitDefinition, Name: "outer::inner"},
				{Kind: model.UnitDefinition, Name: "outer::thing"},
			},
		},
		{
			name: "parent, qualified variables, resource types, functions and templates",
			src: "class b inherits b::params {\n  $v = $b::params::port\n  mymod::thing { 'x': }\n" +
				"  $c = mymod::fn(1)\n  $t = epp('b/conf.epp')\n  $m = [1].mymod::each_x\n}\n",
			want: []model.Unit{
				{Kind: model.UnitTop},
				{Kind: model.UnitDefinition, Name: "b",
					Mentions: []string{"b/conf.epp", "b::params", "epp", "mymod::each_x", "mymod::fn", "mymod::thing", "x"}},
			},
		},
		{
			name: "resource-like declarations as the model reads titles",
			src:  "class r { class { ['x', 'Y::Z']: } class { Class['w']: } class { $dyn: } }\n",
			want: []model.Unit{
				{Kind: model.UnitTop},
				{Kind: model.UnitDefinition, Name: "r", Mentions: []string{"class", "w", "x", "y::z"},
					ResourceLike: []string{"w", "x", "y::z"}},
			},
		},
		{
			name: "nodes, functions and type aliases",
			src:  "node 'web1' { include role::web }\nfunction m::f() { 1 }\ntype M::Port = Integer\n",
			want: []model.Unit{
				{Kind: model.UnitTop},
				{Kind: model.UnitNode, Mentions: []string{"include", "role::web", "web1"}},
				{Kind: model.UnitDefinition, Name: "m::f"},
				{Kind: model.UnitDefinition, Name: "m::port", Mentions: []string{"integer"}},
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := parser.ParseFile("x.pp", []byte(tc.src))
			if len(f.Errors) > 0 {
				t.Fatal(f.Errors)
			}
			got := model.Summarize(f)
			if !reflect.DeepEqual(got.Units, tc.want) {
				t.Errorf("got  %+v\nwant %+v", got.Units, tc.want)
			}
		})
	}
}

// relevantIn loads dir with the given file reported and the rest deferred,
// summarises every file and returns the paths Relevant keeps.
func relevantIn(t *testing.T, dir, reported string) (kept []string, total int) {
	t.Helper()
	tree, err := load.Load(load.Options{Paths: []string{reported}, Dir: dir, DeferContext: true})
	if err != nil {
		t.Fatal(err)
	}
	sums := make([]*model.Summary, len(tree.Files))
	for i, f := range tree.Files {
		if err := f.Read(); err != nil {
			t.Fatal(err)
		}
		sums[i] = model.Summarize(parser.ParseFile(f.Path, f.Src))
	}
	for i, keep := range model.Relevant(tree.Files, sums) {
		if keep {
			kept = append(kept, tree.Files[i].Path)
		}
	}
	return kept, len(tree.Files)
}

func TestRelevantKeepsCallersAndCallees(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"environment.conf":                "modulepath = site:modules\n",
		"manifests/site.pp":               "node 'web' { include role::web }\nnode 'db' { include role::db }\n",
		"site/role/manifests/web.pp":      "class role::web { include profile::app }\n",
		"site/role/manifests/db.pp":       "class role::db { include profile::db }\n",
		"site/profile/manifests/app.pp":   "class profile::app { include app }\n",
		"site/profile/manifests/db.pp":    "class profile::db { include db }\n",
		"modules/app/manifests/init.pp":   "class app { include app::conf }\n",
		"modules/app/manifests/conf.pp":   "class app::conf { $p = $app::params::port\n file { '/x': content => epp('app/x.epp') } }\n",
		"modules/app/manifests/params.pp": "class app::params { $port = 1 }\n",
		"modules/app/templates/x.epp":     "<%= $app::params::port %>\n",
		"modules/db/manifests/init.pp":    "class db { }\n",
		"modules/lib/functions/f.pp":      "function lib::f() { 1 }\n",
	}
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	kept, _ := relevantIn(t, dir, "site/profile/manifests/app.pp")
	want := []string{
		"manifests/site.pp", // main manifest: always
		"modules/app/manifests/conf.pp", "modules/app/manifests/init.pp", "modules/app/manifests/params.pp",
		"modules/app/templates/x.epp",   // callees, through a variable's namespace and epp()
		"site/profile/manifests/app.pp", // the reported file
		"site/role/manifests/web.pp",    // its caller
	}
	if !reflect.DeepEqual(kept, want) {
		t.Errorf("kept %v\nwant %v", kept, want)
	}

	// A template's callers are the classes rendering it.
	kept, _ = relevantIn(t, dir, "modules/app/templates/x.epp")
	if !slices.Contains(kept, "modules/app/manifests/conf.pp") || slices.Contains(kept, "modules/db/manifests/init.pp") {
		t.Errorf("for the template, kept %v", kept)
	}
}

func TestRelevantNarrowsAGeneratedControlRepo(t *testing.T) {
	dir := t.TempDir()
	if err := gentree.Generate(1000, 1).Write(dir); err != nil {
		t.Fatal(err)
	}
	var component string
	_ = filepath.WalkDir(filepath.Join(dir, "modules"), func(p string, d os.DirEntry, err error) error {
		if component == "" && err == nil && strings.Contains(p, "component") && strings.HasSuffix(p, ".pp") {
			component, _ = filepath.Rel(dir, p)
		}
		return err
	})
	kept, total := relevantIn(t, dir, filepath.ToSlash(component))
	if len(kept)*10 > total {
		t.Errorf("kept %d of %d files for %s; narrowing should keep a small part", len(kept), total, component)
	}
	if !slices.Contains(kept, "manifests/site.pp") || !slices.Contains(kept, filepath.ToSlash(component)) {
		t.Errorf("kept %v: the main manifest and the reported file must be there", kept)
	}
	t.Logf("kept %d of %d files for %s", len(kept), total, component)
}
