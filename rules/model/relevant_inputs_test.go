package model_test

import (
	"reflect"
	"slices"
	"testing"

	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules/model"
)

// TestRelevantInputsCoverTheLayout checks that RelevantInputs hashes every
// field of a load.File, Module and Environment that the index and
// Relevant read, by naming each field either hashed or left out with the
// reason: a new field fails the test until it is one or the other.
func TestRelevantInputsCoverTheLayout(t *testing.T) {
	for _, tc := range []struct {
		typ     reflect.Type
		hashed  []string
		leftOut map[string]string
	}{
		{
			typ:    reflect.TypeFor[load.File](),
			hashed: []string{"Path", "AbsPath", "ContextWhy", "Module", "Env", "Role", "RelInModule", "DataFormat", "HieraConfig", "HieraEveryNode"},
			leftOut: map[string]string{
				"Src":          "the summary stands for the content",
				"ParsedConfig": "parsed from the content, which the summary stands for",
				"Stat":         "the summary stands for the content the stat vouches for",
				"Reported":     "the reported flags are hashed as given, which is what Relevant reads",
			},
		},
		{
			typ:    reflect.TypeFor[load.Module](),
			hashed: []string{"Name", "NameFrom", "Dir", "AbsDir", "MetadataName", "Env"},
			leftOut: map[string]string{
				"PuppetFiles":   "not read by the index or Relevant",
				"Manifests":     "not read by the index or Relevant",
				"RubyTypes":     "not read by the index or Relevant",
				"RubyFunctions": "read through the declaring functions, which are hashed",
				"Facts":         "not read by the index or Relevant",
				"Dependencies":  "not read by the index or Relevant",
				"Signs":         "not read by the index or Relevant",
			},
		},
		{
			typ:    reflect.TypeFor[load.Environment](),
			hashed: []string{"Dir", "AbsDir", "Name"},
			leftOut: map[string]string{
				"ManifestPaths": "the main manifests are files with their role",
				"ModulePath":    "the modules are hashed through their files",
				"Modules":       "the modules are hashed through their files",
				"RubyTypes":     "not read by the index or Relevant",
				"RubyFunctions": "read through the declaring functions, which are hashed",
				"Facts":         "not read by the index or Relevant",
				"Dependencies":  "not read by the index or Relevant",
				"Signs":         "not read by the index or Relevant",
				"HieraOutside":  "not read by the index or Relevant",
			},
		},
	} {
		for f := range tc.typ.Fields() {
			_, out := tc.leftOut[f.Name]
			if in := slices.Contains(tc.hashed, f.Name); in == out {
				t.Errorf("%s.%s: hashed %v, left out %v: it must be one of them", tc.typ.Name(), f.Name, in, out)
			}
		}
	}
}

// TestRelevantInputsFollowEachInput checks that the hash is the same for
// the same inputs, built apart, and changes with each input it covers.
func TestRelevantInputsFollowEachInput(t *testing.T) {
	type inputs struct {
		files     []*load.File
		sums      [][]byte
		declaring model.DeclaringFunctions
		reported  []bool
		needs     model.Needs
	}
	build := func() *inputs {
		env := &load.Environment{Dir: ".", AbsDir: "/t", Name: "production"}
		mod := &load.Module{Name: "app", NameFrom: load.NameFromModulePath, Dir: "modules/app", AbsDir: "/t/modules/app", Env: env}
		return &inputs{
			files: []*load.File{
				{Path: "manifests/site.pp", AbsPath: "/t/manifests/site.pp", Role: load.MainManifest, Env: env, RelInModule: "manifests/site.pp"},
				{Path: "modules/app/manifests/init.pp", AbsPath: "/t/modules/app/manifests/init.pp", Role: load.ModuleManifest, Module: mod, Env: env, RelInModule: "manifests/init.pp", ContextWhy: load.ContextOutside},
				{Path: "data/common.yaml", AbsPath: "/t/data/common.yaml", Role: load.HieraData, Env: env, DataFormat: "yaml", HieraConfig: "hiera.yaml", HieraEveryNode: true},
			},
			sums:      [][]byte{[]byte("site"), []byte("app"), nil},
			declaring: model.DeclaringFunctions{"role": "role::%s"},
			reported:  []bool{false, true, false},
			needs:     model.NeedDeclarers | model.NeedDefaults,
		}
	}
	hash := func(in *inputs) [32]byte {
		return model.RelevantInputs(in.files, func(i int) []byte { return in.sums[i] }, in.declaring, in.reported, in.needs)
	}
	base := hash(build())
	if again := hash(build()); again != base {
		t.Fatalf("the same inputs built apart hash differently")
	}
	for name, change := range map[string]func(in *inputs){
		"a path":                  func(in *inputs) { in.files[1].Path = "modules/app/manifests/other.pp" },
		"an absolute path":        func(in *inputs) { in.files[1].AbsPath = "/u/modules/app/manifests/init.pp" },
		"why a file is context":   func(in *inputs) { in.files[1].ContextWhy = load.ContextIgnored },
		"a role":                  func(in *inputs) { in.files[1].Role = load.ModuleFunction },
		"a path in the module":    func(in *inputs) { in.files[1].RelInModule = "manifests/x.pp" },
		"a data format":           func(in *inputs) { in.files[2].DataFormat = "json" },
		"a Hiera configuration":   func(in *inputs) { in.files[2].HieraConfig = "modules/app/hiera.yaml" },
		"every node reading data": func(in *inputs) { in.files[2].HieraEveryNode = false },
		"a module's name":         func(in *inputs) { in.files[1].Module.Name = "other" },
		"a module's name source":  func(in *inputs) { in.files[1].Module.NameFrom = load.NameFromMetadata },
		"a module's directory":    func(in *inputs) { in.files[1].Module.Dir = "site/app" },
		"a module's metadata":     func(in *inputs) { in.files[1].Module.MetadataName = "acme-app" },
		"a module's environment":  func(in *inputs) { in.files[1].Module.Env = nil },
		"no module":               func(in *inputs) { in.files[1].Module = nil },
		"an environment's name":   func(in *inputs) { in.files[0].Env.Name = "staging" },
		"an environment's dir":    func(in *inputs) { in.files[0].Env.AbsDir = "/u" },
		"a file's environment": func(in *inputs) {
			e := *in.files[0].Env
			in.files[0].Env = &e // equal fields, but another environment than its neighbours'
		},
		"a summary":          func(in *inputs) { in.sums[0] = []byte("site2") },
		"a summary gone":     func(in *inputs) { in.sums[0] = nil },
		"a summary come":     func(in *inputs) { in.sums[2] = []byte{} },
		"the reported files": func(in *inputs) { in.reported = []bool{true, false, false} },
		"a file more": func(in *inputs) {
			in.files, in.sums, in.reported = append(in.files, in.files[0]), append(in.sums, nil), append(in.reported, false)
		},
		"the files' order":     func(in *inputs) { in.files[0], in.files[1] = in.files[1], in.files[0] },
		"a declaring function": func(in *inputs) { in.declaring["profile"] = "profile::%s" },
		"a declared pattern":   func(in *inputs) { in.declaring["role"] = "roles::%s" },
		"the context kinds":    func(in *inputs) { in.needs |= model.NeedTopScope },
	} {
		in := build()
		change(in)
		if hash(in) == base {
			t.Errorf("changing %s leaves the hash as it was", name)
		}
	}
}

// TestSummaryIdentityCoversTheUnit checks that SummaryIdentity tells apart
// summaries that differ in any field of a unit, and that a field added to
// Unit is hashed (the test names every field it changes).
func TestSummaryIdentityCoversTheUnit(t *testing.T) {
	build := func() *model.Summary {
		return &model.Summary{Units: []model.Unit{
			{Kind: model.UnitTop, Mentions: []string{"a"}},
			{Kind: model.UnitClass, Name: "c", Parent: "p", Mentions: []string{"m"}, ResourceLike: []string{"r"}, Declares: []string{"d"},
				ReadsFrom: []string{"f"}, Defaults: []string{"file"}, Titled: []string{"file[/x]"}, Tested: []string{"class[t]"},
				Overrides: []string{"o"}, References: []string{"ref"}, Lookups: []string{"k"}},
		}}
	}
	changes := map[string]func(u *model.Unit){
		"Kind":         func(u *model.Unit) { u.Kind = model.UnitDefinedType },
		"Name":         func(u *model.Unit) { u.Name = "c2" },
		"Parent":       func(u *model.Unit) { u.Parent = "" },
		"Mentions":     func(u *model.Unit) { u.Mentions = append(u.Mentions, "m2") },
		"ResourceLike": func(u *model.Unit) { u.ResourceLike = nil },
		"Declares":     func(u *model.Unit) { u.Declares = []string{"d2"} },
		"ReadsFrom":    func(u *model.Unit) { u.ReadsFrom = []string{"f", "g"} },
		"Defaults":     func(u *model.Unit) { u.Defaults = []string{"exec"} },
		"Titled":       func(u *model.Unit) { u.Titled = []string{"file[/y]"} },
		"Tested":       func(u *model.Unit) { u.Tested = nil },
		"Overrides":    func(u *model.Unit) { u.Overrides = []string{"o2"} },
		"References":   func(u *model.Unit) { u.References = nil },
		"Lookups":      func(u *model.Unit) { u.Lookups = []string{"k2"} },
	}
	for f := range reflect.TypeFor[model.Unit]().Fields() {
		if _, ok := changes[f.Name]; !ok {
			t.Errorf("Unit.%s: no change of it is tried; SummaryIdentity must hash it", f.Name)
		}
	}
	base := model.SummaryIdentity(build())
	if model.SummaryIdentity(build()) != base {
		t.Fatalf("equal summaries have different identities")
	}
	for name, change := range changes {
		s := build()
		change(&s.Units[1])
		if model.SummaryIdentity(s) == base {
			t.Errorf("changing %s leaves the identity as it was", name)
		}
	}
	// A name moving from one list to the next is a change too.
	a, b := build(), build()
	a.Units[1].Mentions, a.Units[1].ResourceLike = []string{"m", "r"}, nil
	b.Units[1].Mentions, b.Units[1].ResourceLike = []string{"m"}, []string{"r"}
	if model.SummaryIdentity(a) == model.SummaryIdentity(b) {
		t.Errorf("a name in another list leaves the identity as it was")
	}
	if model.SummaryIdentity(&model.Summary{Units: build().Units[:1]}) == base {
		t.Errorf("a unit less leaves the identity as it was")
	}
}

// TestNameListsCoverTheUnit checks that Unit.NameLists gives every field
// of a unit but Kind, Name and Parent, which its users write on their
// own, in the order Unit declares them, and that a summary is its units
// alone: the summary cache and SummaryIdentity write these and nothing
// else.
func TestNameListsCoverTheUnit(t *testing.T) {
	for f := range reflect.TypeFor[model.Summary]().Fields() {
		if f.Name != "Units" {
			t.Errorf("Summary.%s: the summary cache and SummaryIdentity write a summary's units alone", f.Name)
		}
	}
	var u model.Unit
	lists := u.NameLists()
	v := reflect.ValueOf(&u).Elem()
	k := 0
	for i, f := range slices.Collect(reflect.TypeFor[model.Unit]().Fields()) {
		switch {
		case f.Name == "Kind" || f.Name == "Name" || f.Name == "Parent":
		case f.Type != reflect.TypeFor[[]string]():
			t.Errorf("Unit.%s: neither a name list nor Kind, Name or Parent", f.Name)
		case k >= len(lists) || lists[k] != v.Field(i).Addr().Interface().(*[]string):
			t.Errorf("Unit.%s: not NameLists()[%d]", f.Name, k)
			k++
		default:
			k++
		}
	}
	if k != len(lists) {
		t.Errorf("Unit has %d name lists, NameLists gives %d", k, len(lists))
	}
}
