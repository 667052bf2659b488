package model_test

import (
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/ducklint/ducklint/rules/ruletest"
)

// TestOnlyENC checks which classes nothing declares an environment's own
// assigners can name: by the pattern of an interpolated name, by Hiera
// data a lookup's result that is included holds (directly, through a
// variable, through an iteration, with a default), and by literal names
// a method call includes; the others only an ENC can assign.
func TestOnlyENC(t *testing.T) {
	// The environment's hiera.yaml, where a case needs another: a level
	// reading data the tree does not hold.
	hieraOf := map[string]string{"data from outside the tree": `version: 5
hierarchy:
  - name: vault
    data_hash: vault_hiera_hash
    uris: ["https://vault.example.com:8200/v1/secret/puppet"]
  - name: common
    path: common.yaml
`}
	for _, tc := range []struct {
		name, site string
		assigned   []string // classes the tree can assign
		encOnly    []string // classes only an ENC can
	}{
		{"dynamic include", `include "role::${trusted['extensions']['pp_role']}"`,
			[]string{"role::web", "role::db"}, []string{"profile::munki", "profile::extra", "app::os::debian"}},
		{"resource-like class with a suffix", `node default { class { "app::os::${facts['os']['family'].downcase}": } }`,
			[]string{"app::os::debian"}, []string{"role::web", "profile::munki"}},
		{"lookup include", `lookup('classes', Array[String], 'unique', []).include`,
			[]string{"profile::extra"}, []string{"role::web", "profile::munki"}},
		{"hiera_include", `node default { hiera_include('classes') }`,
			[]string{"profile::extra"}, []string{"role::web"}},
		{"hiera_array", `node default { include hiera_array('classes', []) }`,
			[]string{"profile::extra"}, []string{"role::web"}},
		{"variable and iteration", `$cs = lookup('classes')
$cs.each |$c| { contain $c }`,
			[]string{"profile::extra"}, []string{"role::web"}},
		{"default of a lookup", `include lookup('nothing', Array[String], 'unique', ['profile::munki'])`,
			[]string{"profile::munki"}, []string{"role::web", "profile::extra"}},
		{"literal method include", `['profile::munki'].include
lookup('classes').include`, []string{"profile::munki", "profile::extra"}, []string{"role::web"}},
		// Names the entry code lists shows no way of assigning others.
		{"literal names alone", `$base = ['profile::munki']
include $base`, []string{"profile::munki", "role::web"}, nil},
		{"interpolated data", `lookup('os_classes').include`,
			[]string{"app::os::debian"}, []string{"role::web", "profile::extra"}},
		{"top-scope variable seen from a node", `$cs = lookup('classes')
node default { delete($cs, 'role::web').include }`,
			[]string{"profile::extra"}, []string{"role::web"}},
		// Code that does not show which classes it declares may declare any.
		{"computed include", `include "role::web"
include $facts['role']`, []string{"role::web", "profile::munki"}, nil},
		{"computed key", `lookup("${facts['role']}_classes").include`, []string{"role::web", "profile::munki"}, nil},
		{"create_resources", `include role::web
create_resources('class', lookup('class_params'))`, []string{"profile::munki"}, nil},
		{"data from outside the tree", `lookup('classes').include`, []string{"role::web"}, nil},
		// A class's dynamic include shows how that class declares others,
		// not how catalogs start: the ENC may assign any other class.
		{"dynamic include in a class", `class base { include "app::os::${facts['os']['family']}" }`,
			[]string{"app::os::debian", "role::web", "profile::munki"}, nil},
		// Static node definitions leave every other class to the ENC.
		{"no assigner", `node default { include role::db }`, []string{"role::web", "profile::munki"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			ar := txtar.Parse([]byte(`
-- environment.conf --
modulepath = modules
-- hiera.yaml --
version: 5
hierarchy:
  - name: common
    path: common.yaml
-- data/common.yaml --
classes:
  - profile::extra
os_classes:
  - "app::os::%{facts.os.family}"
-- modules/role/manifests/web.pp --
class role::web {}
-- modules/role/manifests/db.pp --
class role::db {}
-- modules/profile/manifests/munki.pp --
class profile::munki {}
-- modules/profile/manifests/extra.pp --
class profile::extra {}
-- modules/app/manifests/os/debian.pp --
class app::os::debian {}
`))
			ar.Files = append(ar.Files, txtar.File{Name: "manifests/site.pp", Data: []byte(tc.site + "\n")})
			if h, ok := hieraOf[tc.name]; ok {
				for i := range ar.Files {
					if ar.Files[i].Name == "hiera.yaml" {
						ar.Files[i].Data = []byte(h)
					}
				}
			}
			if err := ruletest.WriteArchive(ar, dir); err != nil {
				t.Fatal(err)
			}
			prog := ruletest.Program(t, dir, ruletest.Options{})
			for _, name := range tc.assigned {
				if d := prog.Class(name); d == nil || prog.OnlyENC(d) {
					t.Errorf("%s: want it assigned by the tree", name)
				}
			}
			for _, name := range tc.encOnly {
				d := prog.Class(name)
				if d == nil || !prog.OnlyENC(d) {
					t.Errorf("%s: want it assigned only by an ENC", name)
				}
				if d != nil && !prog.Catalogs().OnlyENC(d) {
					t.Errorf("%s: Catalogs.OnlyENC disagrees", name)
				}
			}
		})
	}
}
