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
	"golang.org/x/tools/txtar"
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
				{Kind: model.UnitTop, Mentions: []string{"foo::bar", "include"}, Declares: []string{"foo::bar"}},
				{Kind: model.UnitClass, Name: "a", Mentions: []string{"notify"}, Declares: []string{"notify"},
					Titled: []string{"notify[hello world]"}},
			},
		},
		{
			name: "classes a lookup names, or the code computes, may be any",
			src: "lookup('classes').include\nnode default { hiera_include('roles') }\n" +
				"class c { include ['a', \"b::${x}\"] }\n",
			want: []model.Unit{
				{Kind: model.UnitTop, Mentions: []string{"classes", "include", "lookup"}, Declares: []string{"lookup(classes)"},
					Titled: []string{"*[]"}, Lookups: []string{"classes"}},
				{Kind: model.UnitNode, Mentions: []string{"hiera_include", "roles"}, Declares: []string{"hiera_include(roles)"},
					Titled: []string{"*[]"}, Lookups: []string{"roles"}},
				{Kind: model.UnitClass, Name: "c", Mentions: []string{"a", "b::", "include"}, Declares: []string{"a"},
					Titled: []string{"*[]"}},
			},
		},
		{
			name: "nested definitions are qualified like the model's",
			src:  "class outer { class inner { } define thing() { } }\n",
			want: []model.Unit{
				{Kind: model.UnitTop},
				{Kind: model.UnitClass, Name: "outer"},
				{Kind: model.UnitClass, Name: "outer::inner"},
				{Kind: model.UnitDefinedType, Name: "outer::thing"},
			},
		},
		{
			name: "parent, qualified variables, resource types, functions and templates",
			src: "class b inherits b::params {\n  $v = $b::params::port\n  mymod::thing { 'x': }\n" +
				"  $c = mymod::fn(1)\n  $t = epp('b/conf.epp')\n  $m = [1].mymod::each_x\n}\n",
			want: []model.Unit{
				{Kind: model.UnitTop},
				{Kind: model.UnitClass, Name: "b",
					Mentions: []string{"b/conf.epp", "b::params", "epp", "mymod::each_x", "mymod::fn", "mymod::thing", "x"},
					Declares: []string{"b/conf.epp", "b::params", "mymod::each_x", "mymod::fn", "mymod::thing"}, Parent: "b::params",
					ReadsFrom: []string{"b::params"}, Titled: []string{"mymod::thing[x]"}},
			},
		},
		{
			name: "resources with constant titles and what defined() tests",
			src: "class g {\n  if !defined(File['/a']) and !defined(Class['::X']) { file { ['/a', $b, \"/c\"]: } }\n" +
				"  $y = Resource['pkg', 'git'].defined\n  @@user { \"u${b}\": }\n}\n",
			want: []model.Unit{
				{Kind: model.UnitTop},
				{Kind: model.UnitClass, Name: "g", Mentions: []string{"class", "defined", "file", "git", "pkg", "resource", "u", "user", "x"},
					Declares: []string{"defined(x)", "file", "user", "x"}, Titled: []string{"file[/a]", "file[/c]", "file[]", "user[]"},
					Tested: []string{"class[x]", "file[/a]", "pkg[git]"}},
			},
		},
		{
			name: "one key twice, unless on different arms of one conditional",
			src: "class t {\n  if $a { file { '/a': } } elsif $b { file { '/a': } } else { file { '/a/': } }\n" +
				"  case $c { 'x': { package { 'p': } } default: { package { 'p': } } }\n}\n" +
				"class u {\n  service { 's': }\n  unless $d { service { 's': } }\n}\n",
			want: []model.Unit{
				{Kind: model.UnitTop},
				{Kind: model.UnitClass, Name: "t", Mentions: []string{"file", "p", "package", "x"},
					Declares: []string{"file", "package"}, Titled: []string{"file[/a/]", "file[/a]", "package[p]", "package{p||}"}},
				{Kind: model.UnitClass, Name: "u", Mentions: []string{"s", "service"},
					Declares: []string{"service"}, Titled: []string{"*[twice]", "service[s]"}},
			},
		},
		{
			name: "collected, realized and defined() types",
			src: "class v {\n  Mymod::Job <| |>\n  Mymod::Exp <<| |>>\n  realize(Mymod::One['a'], [Mymod::Two['b']])\n" +
				"  unless defined(Class['Mymod::Base']) { fail('x') }\n}\n",
			want: []model.Unit{
				{Kind: model.UnitTop},
				{Kind: model.UnitClass, Name: "v",
					Mentions: []string{"a", "b", "class", "defined", "fail", "mymod::base", "mymod::exp", "mymod::job", "mymod::one", "mymod::two", "realize", "x"},
					Declares: []string{"defined(mymod::base)", "fail(x)", "mymod::base", "mymod::exp", "mymod::job", "mymod::one", "mymod::two"},
					Titled: []string{"mymod::exp[<realized>]", "mymod::job[<realized>]", "mymod::one[<realized>]",
						"mymod::two[<realized>]"},
					Tested: []string{"class[mymod::base]"}},
			},
		},
		{
			name: "resource-like declarations as the model reads titles",
			src:  "class r { class { ['x', 'Y::Z']: } class { Class['w']: } class { $dyn: } }\n",
			want: []model.Unit{
				{Kind: model.UnitTop},
				{Kind: model.UnitClass, Name: "r", Mentions: []string{"class", "w", "x", "y::z"},
					ResourceLike: []string{"w", "x", "y::z"}, Declares: []string{"w", "x", "y::z"}, Titled: []string{"*[]"}},
			},
		},
		{
			name: "resource defaults, as the model reads their types",
			src:  "class d {\n  File { mode => '0600' }\n  Service { enable => true }\n  Resource['x'] { a => 1 }\n}\n",
			want: []model.Unit{
				{Kind: model.UnitTop},
				{Kind: model.UnitClass, Name: "d", Mentions: []string{"0600", "file", "resource", "service", "x"},
					Defaults: []string{"file", "service"}},
			},
		},
		{
			name: "nodes, functions and type aliases",
			src:  "node 'web1' { include role::web }\nfunction m::f() { 1 }\ntype M::Port = Integer\n",
			want: []model.Unit{
				{Kind: model.UnitTop},
				{Kind: model.UnitNode, Mentions: []string{"include", "role::web", "web1"}, Declares: []string{"role::web"}},
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
// summarises every file and returns the paths Relevant keeps for rules
// needing every context kind.
func relevantIn(t *testing.T, dir, reported string) (kept []string, total int) {
	return relevantFor(t, dir, reported, builtinNeeds)
}

// builtinNeeds are the kinds the built-in rules declare: entry points
// only policies reading catalog facts do.
const builtinNeeds = model.AllNeeds &^ model.NeedEntryPoints

// relevantFor is relevantIn for rules needing needs.
func relevantFor(t *testing.T, dir, reported string, needs model.Needs) (kept []string, total int) {
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
		sums[i] = model.Summarize(parser.ParseFileWithOptions(f.Path, f.Src, f.ParseOptions()))
	}
	for i, keep := range model.Relevant(tree.Files, sums, model.TreeDeclaringFunctions(tree, nil), needs) {
		if keep {
			kept = append(kept, tree.Files[i].Path)
		}
	}
	return kept, len(tree.Files)
}

// TestRelevantKeepsWhatFindingsDependOn lists what Relevant keeps for
// files of testdata/model/narrowing.txtar, whose findings the narrowed
// context test checks to be those of the whole context.
func TestRelevantKeepsWhatFindingsDependOn(t *testing.T) {
	ar, err := txtar.ParseFile("../../testdata/model/narrowing.txtar")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, f := range ar.Files {
		p := filepath.Join(dir, f.Name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		reported, why string
		want          []string
	}{
		{
			reported: "site/profile/manifests/app.pp",
			why: "what it names with base classes; its declarers up to the node; what lies between them and " +
				"ntp, whose variable it reads; not app's include of app::conf, nor the other role",
			want: []string{"manifests/site.pp", "modules/app/manifests/init.pp", "modules/app/manifests/params.pp",
				"modules/ntp/manifests/init.pp", "site/profile/manifests/app.pp", "site/profile/manifests/base.pp",
				"site/role/manifests/web.pp"},
		},
		{
			reported: "modules/app/manifests/init.pp",
			why: "it declares a package, and app::legacy, which can declare its base class first, sets " +
				"Package defaults: where it is first declared matters, so its declarers up to the node, and " +
				"those of its base class, whose parent scope is where app::params is first declared",
			want: []string{"manifests/site.pp", "modules/app/manifests/conf.pp", "modules/app/manifests/init.pp",
				"modules/app/manifests/legacy.pp", "modules/app/manifests/params.pp", "site/profile/manifests/app.pp",
				"site/role/manifests/web.pp"},
		},
		{
			reported: "modules/ntp/manifests/init.pp",
			why: "no resource-like declarations, defaults, qualified reads or resources a class sets " +
				"defaults for: only the classes declaring it, and the main manifests",
			want: []string{"manifests/site.pp", "modules/ntp/manifests/init.pp", "site/profile/manifests/base.pp"},
		},
		{
			reported: "modules/early/manifests/inner.pp",
			why: "top-scope code declares it through early and early::mid before assigning the variable it " +
				"reads: the declarations from the main manifests' top-level code down to it",
			want: []string{"manifests/site.pp", "modules/early/manifests/init.pp", "modules/early/manifests/inner.pp",
				"modules/early/manifests/mid.pp"},
		},
		{
			reported: "modules/nd/manifests/shared.pp",
			why: "its service can get a node's Service default through role::web and nd, and not when " +
				"top-scope code declares it: its declarers up to the node",
			want: []string{"manifests/site.pp", "modules/nd/manifests/init.pp", "modules/nd/manifests/shared.pp",
				"site/role/manifests/web.pp"},
		},
		{
			reported: "site/profile/manifests/db.pp",
			why: "its Package default could reach db::pkg through db: both, with whatever declares them in " +
				"the catalogs that evaluate it (profile::dbtools, first), and tools, which no such catalog " +
				"evaluates but which declares db::pkg too, so the leak through db is not certain; not " +
				"db::conf, which declares no package",
			want: []string{"manifests/site.pp", "modules/db/manifests/init.pp", "modules/db/manifests/pkg.pp",
				"modules/tools/manifests/init.pp", "site/profile/manifests/db.pp", "site/profile/manifests/dbtools.pp",
				"site/role/manifests/db.pp"},
		},
		{
			reported: "modules/app/templates/x.epp",
			why:      "the class rendering it and its declarers, and the class whose variable it reads",
			want: []string{"manifests/site.pp", "modules/app/manifests/conf.pp", "modules/app/manifests/init.pp",
				"modules/app/manifests/legacy.pp", "modules/app/manifests/params.pp", "modules/app/templates/x.epp",
				"site/profile/manifests/app.pp", "site/role/manifests/web.pp"},
		},
	} {
		kept, _ := relevantIn(t, dir, tc.reported)
		if !reflect.DeepEqual(kept, tc.want) {
			t.Errorf("%s (%s):\nkept %v\nwant %v", tc.reported, tc.why, kept, tc.want)
		}
	}
	// Which entry points reach a class is decided by every chain of
	// declarations from the nodes and top scope down to it.
	kept, _ := relevantFor(t, dir, "modules/ntp/manifests/init.pp", model.NeedTopScope|model.NeedEntryPoints)
	if want := []string{"manifests/site.pp", "modules/ntp/manifests/init.pp", "site/profile/manifests/base.pp",
		"site/role/manifests/db.pp", "site/role/manifests/web.pp"}; !reflect.DeepEqual(kept, want) {
		t.Errorf("entry points of ntp:\nkept %v\nwant %v", kept, want)
	}
}

// TestRelevantKeepsOnlyWhatTheKindsNeed checks that the context kept is
// the enabled rules' kinds' alone: nothing besides the file for rules
// that need none, a part of what every kind keeps for each kind.
func TestRelevantKeepsOnlyWhatTheKindsNeed(t *testing.T) {
	dir := t.TempDir()
	ar, err := txtar.ParseFile("../../testdata/model/narrowing.txtar")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range ar.Files {
		p := filepath.Join(dir, f.Name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const file = "site/profile/manifests/app.pp"
	if kept, _ := relevantFor(t, dir, file, 0); !slices.Equal(kept, []string{file}) {
		t.Errorf("no context kind: kept %v, want the file alone", kept)
	}
	all, _ := relevantFor(t, dir, file, model.AllNeeds)
	for _, k := range model.AllNeeds.Kinds() {
		kept, _ := relevantFor(t, dir, file, k)
		for _, p := range kept {
			if !slices.Contains(all, p) {
				t.Errorf("%s keeps %s, which every kind together does not", k, p)
			}
		}
	}
	if kept, _ := relevantFor(t, dir, file, model.NeedDefinitions); !slices.Equal(kept, []string{"modules/app/manifests/init.pp",
		"modules/app/manifests/params.pp", "modules/ntp/manifests/init.pp", file}) {
		t.Errorf("definitions: kept %v, want what it names, with base classes", kept)
	}
	if got := (model.NeedDefinitions | model.NeedTopScope).String(); got != "definitions|top-scope" {
		t.Errorf("String() = %q", got)
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

// TestRelevantDefinitionsFollowDeclaringFunctions: role(db) names class
// role::db, so the definitions a node's file needs include role::db's.
func TestRelevantDefinitionsFollowDeclaringFunctions(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"environment.conf":               "modulepath = site\n",
		"manifests/site.pp":              "node 'a' {\n  role(db)\n}\n",
		"site/role/manifests/db.pp":      "class role::db {\n}\n",
		"site/role/manifests/web.pp":     "class role::web {\n}\n",
		"site/profile/manifests/base.pp": "class profile::base {\n}\n",
	}
	for name, src := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tree, err := load.Load(load.Options{Paths: []string{"manifests/site.pp"}, Dir: dir, DeferContext: true})
	if err != nil {
		t.Fatal(err)
	}
	sums := make([]*model.Summary, len(tree.Files))
	for i, f := range tree.Files {
		if err := f.Read(); err != nil {
			t.Fatal(err)
		}
		sums[i] = model.Summarize(parser.ParseFileWithOptions(f.Path, f.Src, f.ParseOptions()))
	}
	var kept []string
	for i, keep := range model.Relevant(tree.Files, sums, model.DeclaringFunctions{"role": "role::%s"}, model.NeedDefinitions) {
		if keep {
			kept = append(kept, tree.Files[i].Path)
		}
	}
	if want := []string{"manifests/site.pp", "site/role/manifests/db.pp"}; !slices.Equal(kept, want) {
		t.Errorf("kept %v, want %v", kept, want)
	}
}

// TestRelevantKeepsAssigners checks that NeedAssigners keeps what decides
// whether a class nothing declares is one only an ENC can assign: the
// code declaring classes by computed names (the main manifest's dynamic
// include and Hiera class list, a node's hiera_include) and the data of
// the layers serving the keys it looks up, and nothing for it otherwise.
func TestRelevantKeepsAssigners(t *testing.T) {
	for _, tc := range []struct {
		archive, reported string
		want              []string
	}{
		{"assigned-by-data.txtar", "site-modules/profile/manifests/nginx.pp",
			[]string{"data/common.yaml", "data/nodes/db.example.com.yaml", "hiera.yaml", "manifests/site.pp"}},
		{"hiera-include.txtar", "site-modules/profile/manifests/legacy.pp",
			[]string{"data/common.yaml", "hiera.yaml", "manifests/site.pp"}},
	} {
		ar, err := txtar.ParseFile("../../testdata/rules/defined-function/" + tc.archive)
		if err != nil {
			t.Fatal(err)
		}
		dir := t.TempDir()
		for _, f := range ar.Files {
			p := filepath.Join(dir, f.Name)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		kept, _ := relevantFor(t, dir, tc.reported, model.NeedAssigners)
		want := append(slices.Clone(tc.want), tc.reported)
		slices.Sort(want)
		if !slices.Equal(kept, want) {
			t.Errorf("%s: kept %v, want %v", tc.archive, kept, want)
		}
		if kept, _ := relevantFor(t, dir, tc.reported, model.NeedDefinitions|model.NeedDefinedTests); slices.Contains(kept, "hiera.yaml") {
			t.Errorf("%s: without assigners, kept %v", tc.archive, kept)
		}
	}
}
