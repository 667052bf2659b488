package load

import (
	"path/filepath"
	"testing"
)

func TestExpectedPath(t *testing.T) {
	tests := []struct {
		kind DefKind
		name string
		want string
		ok   bool
	}{
		{Class, "apache", "manifests/init.pp", true},
		{Class, "apache::mod::ssl", "manifests/mod/ssl.pp", true},
		{Class, "::apache::vhost", "manifests/vhost.pp", true},
		{Define, "apache::vhost", "manifests/vhost.pp", true},
		{Class, "Apache::Mod", "manifests/mod.pp", true},
		{Class, "apache::init", "", false},
		{Class, "apache::a::init", "manifests/a/init.pp", true},
		{Class, "", "", false},
		{Class, "apache::", "", false},
		{Class, "apache::1x", "", false},
		{Class, "apa-che", "", false},
		{Function, "mod::f", "functions/f.pp", true},
		{Function, "mod::a::f", "functions/a/f.pp", true},
		{Function, "environment::f", "functions/f.pp", true},
		{Function, "f", "", false},
		{TypeAlias, "Mod::Sub::T", "types/sub/t.pp", true},
		{TypeAlias, "Mod::MyType", "types/mytype.pp", true},
		{TypeAlias, "Mod", "", false},
		{Plan, "mod", "plans/init.pp", true},
		{Plan, "mod::x", "plans/x.pp", true},
		{Plan, "mod::a::b", "plans/a/b.pp", true},
		{DefKind(99), "mod::x", "", false},
		{Class, "apache:::ssl", "", false},
		{Class, "::::apache", "", false},
		{Class, "apache::::ssl", "", false},
		{Class, "apache::Init", "", false},
		{Class, "Apache::Mod::SSL", "manifests/mod/ssl.pp", true},
		{Define, "apache::a:b", "", false},
	}
	for _, tc := range tests {
		got, ok := ExpectedPath(tc.kind, tc.name)
		if got != tc.want || ok != tc.ok {
			t.Errorf("ExpectedPath(%d, %q) = %q, %v; want %q, %v", tc.kind, tc.name, got, ok, tc.want, tc.ok)
		}
	}
}

func TestNameForPath(t *testing.T) {
	tests := []struct {
		module string
		role   Role
		rel    string
		want   string
	}{
		{"apache", ModuleManifest, "manifests/init.pp", "apache"},
		{"apache", ModuleManifest, "manifests/mod/ssl.pp", "apache::mod::ssl"},
		{"apache", ModuleManifest, "manifests/a/init.pp", "apache::a::init"},
		{"apache", ModuleManifest, "manifests/bad-name.pp", ""},
		{"apache", ModuleManifest, "manifests/x.epp", ""},
		{"apache", ModuleManifest, "functions/x.pp", ""},
		{"mod", ModuleFunction, "functions/a/f.pp", "mod::a::f"},
		{"mod", ModuleFunction, "functions/init.pp", ""},
		{"mod", ModuleType, "types/sub/t.pp", "Mod::Sub::T"},
		{"mod", ModuleType, "types/mytype.pp", "Mod::Mytype"},
		{"mod", ModulePlan, "plans/init.pp", "mod"},
		{"mod", ModulePlan, "plans/x.pp", "mod::x"},
		{"mod", ModuleTemplate, "templates/x.epp", ""},
		{"mod", ModuleOther, "examples/init.pp", ""},
		{"mod", MainManifest, "manifests/site.pp", ""},
		{"", ModuleManifest, "manifests/init.pp", ""},
		{"environment", ModuleFunction, "functions/f.pp", "environment::f"},
		{"mod", ModuleManifest, "manifests/a::b.pp", ""},
		{"mod", ModuleManifest, "manifests/a:b.pp", ""},
		{"mod", ModuleManifest, "manifests/a//b.pp", ""},
		{"mod", ModuleManifest, "manifests/a/.pp", ""},
		{"mod", ModuleManifest, "manifests/.pp", ""},
		{"mod", ModuleManifest, "manifests/A/B.pp", "mod::A::B"},
		{"mod", ModuleType, "types/a::b.pp", ""},
	}
	for _, tc := range tests {
		if got := NameForPath(tc.module, tc.role, tc.rel); got != tc.want {
			t.Errorf("NameForPath(%q, %v, %q) = %q; want %q", tc.module, tc.role, tc.rel, got, tc.want)
		}
	}
}

// TestRoundTrip checks that NameForPath inverts ExpectedPath.
func TestRoundTrip(t *testing.T) {
	roles := map[DefKind]Role{Class: ModuleManifest, Function: ModuleFunction, TypeAlias: ModuleType, Plan: ModulePlan}
	names := []string{"mod", "mod::a", "mod::a::b_c", "mod::x1"}
	for kind, role := range roles {
		for _, name := range names {
			rel, ok := ExpectedPath(kind, name)
			if !ok {
				continue
			}
			back := NameForPath("mod", role, rel)
			if kind == TypeAlias {
				if want, _ := ExpectedPath(kind, back); want != rel {
					t.Errorf("%v %q → %q → %q does not map back", kind, name, rel, back)
				}
				continue
			}
			if back != name {
				t.Errorf("%v %q → %q → %q", kind, name, rel, back)
			}
		}
	}
}

func TestRoleString(t *testing.T) {
	if got := ModuleTemplate.String(); got != "template" {
		t.Errorf("ModuleTemplate.String() = %q", got)
	}
	if got := Role(42).String(); got != "role(42)" {
		t.Errorf("Role(42).String() = %q", got)
	}
}

// TestTasks: the files read in tasks mode are the plans the layout places
// (in a module's or an environment's plans/) and the lone .pp files whose
// own directory is named plans, whichever directory the run starts from.
func TestTasks(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"env/environment.conf":                  "modulepath = modules\n",
		"env/manifests/site.pp":                 "",
		"env/plans/env_plan.pp":                 "",
		"env/modules/foo/manifests/init.pp":     "",
		"env/modules/foo/plans/deploy.pp":       "",
		"env/modules/foo/plans/a/b.pp":          "",
		"env/modules/foo/plans/t.epp":           "",
		"env/modules/foo/examples/plans/x.pp":   "",
		"env/modules/foo/templates/plans/t.epp": "",
		"lone/plans/deploy.pp":                  "",
		"lone/plans/sub/deep.pp":                "",
		"lone/other.pp":                         "",
		"plans/repo/init.pp":                    "",
	})
	want := map[string]bool{
		"env/plans/env_plan.pp":           true,
		"env/modules/foo/plans/deploy.pp": true,
		"env/modules/foo/plans/a/b.pp":    true,
		"lone/plans/deploy.pp":            true,
	}
	for _, dir := range []string{"", "env/modules/foo/plans", "lone/plans", "plans"} {
		tr, err := Load(Options{Paths: []string{root}, Dir: filepath.Join(root, dir)})
		if err != nil {
			t.Fatal(err)
		}
		seen := 0
		for _, f := range tr.Files {
			rel, err := filepath.Rel(root, f.AbsPath)
			if err != nil {
				t.Fatal(err)
			}
			rel = filepath.ToSlash(rel)
			if got := f.Tasks(); got != want[rel] {
				t.Errorf("from %q: %s (role %v): tasks %v, want %v", dir, rel, f.Role, got, want[rel])
			}
			seen++
		}
		if seen != 12 {
			t.Errorf("from %q: %d files loaded, want the 12 Puppet files", dir, seen)
		}
	}
}

// TestAutoloadNamesAllocateOnce keeps ExpectedPath and NameForPath, which
// autoload-layout asks for each file and definition, to the one string
// they return.
func TestAutoloadNamesAllocateOnce(t *testing.T) {
	if n := testing.AllocsPerRun(20, func() { _, _ = ExpectedPath(Class, "Apache::Mod::SSL") }); n > 1 {
		t.Errorf("ExpectedPath: %v allocations, want 1", n)
	}
	if n := testing.AllocsPerRun(20, func() { _ = NameForPath("apache", ModuleManifest, "manifests/mod/ssl.pp") }); n > 1 {
		t.Errorf("NameForPath: %v allocations, want 1", n)
	}
}
