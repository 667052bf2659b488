package model_test

import (
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/ducklint/ducklint/rules/model"
	"github.com/ducklint/ducklint/rules/ruletest"
)

func TestCatalogsMeet(t *testing.T) {
	dir := t.TempDir()
	ar := txtar.Parse([]byte(`
-- .ducklint.toml --
[catalog]
declaring_functions = { role = "role::%s" }
-- environment.conf --
modulepath = modules
-- manifests/site.pp --
include common
node 'web' { role(web) }
node 'db' { role(db) }
-- modules/common/manifests/init.pp --
class common {}
-- modules/role/manifests/web.pp --
class role::web { include profile::web }
-- modules/role/manifests/db.pp --
class role::db { profile::db::site { 'x': } }
-- modules/profile/manifests/web.pp --
class profile::web inherits profile::params {}
-- modules/profile/manifests/params.pp --
class profile::params {}
-- modules/profile/manifests/db/site.pp --
define profile::db::site { [1].each |$x| { include profile::db::lambda } }
-- modules/profile/manifests/db/lambda.pp --
class profile::db::lambda {}
-- modules/profile/manifests/orphan.pp --
class profile::orphan { include profile::params }
-- modules/profile/examples/init.pp --
include profile::web
include profile::db::lambda
`))
	if err := ruletest.WriteArchive(ar, dir); err != nil {
		t.Fatal(err)
	}
	prog := ruletest.Program(t, dir, ruletest.Options{})
	scope := func(name string) *model.Scope {
		for _, kind := range []model.DefKind{model.ClassDef, model.DefineDef} {
			if ds := prog.Lookup(kind, name); len(ds) > 0 {
				return ds[0].Scope
			}
		}
		t.Fatalf("no definition %s", name)
		return nil
	}
	c := prog.Catalogs()
	cases := []struct {
		a, b string
		want bool
	}{
		{"profile::web", "profile::params", true},      // inherits
		{"profile::web", "common", true},               // top-scope code is in every node's catalog
		{"profile::db::lambda", "common", true},        // through a define and a lambda
		{"profile::web", "profile::db::lambda", false}, // different nodes
		{"profile::orphan", "profile::params", true},   // an ENC root reaches what it declares
		{"profile::orphan", "profile::web", false},     // only an ENC could combine them
		{"profile::db::lambda", "profile::db::site", true},
	}
	for _, tc := range cases {
		if got := c.Meet(scope(tc.a), scope(tc.b)); got != tc.want {
			t.Errorf("Meet(%s, %s) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
	within := []struct {
		a, b string
		want bool
	}{
		{"profile::web", "profile::params", true},  // inherits: always together
		{"profile::params", "profile::web", false}, // profile::orphan reaches params alone
		{"profile::db::lambda", "common", true},    // top-scope code is in every node's catalog
		{"profile::orphan", "common", false},       // an ENC root does not run top scope's nodes
	}
	for _, tc := range within {
		if got := c.Within(scope(tc.a), scope(tc.b)); got != tc.want {
			t.Errorf("Within(%s, %s) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
	if !c.ReachedFromMain(scope("profile::params")) || c.ReachedFromMain(scope("profile::orphan")) {
		t.Error("ReachedFromMain: want profile::params reached from a node and profile::orphan not")
	}
	if n := c.EntryPoints(scope("profile::params")); n != 2 {
		t.Errorf("profile::params is reached by %d entry points, want 2 (node web, profile::orphan)", n)
	}
}
