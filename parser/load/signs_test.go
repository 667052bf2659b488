package load

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestEnvironmentOrModule loads small trees from inside and checks what
// the directory was read as, the module's name and where it came from,
// and the ambiguity kept when the signs conflict.
func TestEnvironmentOrModule(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  string // "env NAME" or "module NAME (FROM)", then " ambiguous" when kept
	}{
		{"Puppetfile and site.pp", map[string]string{
			"Puppetfile": "mod 'puppetlabs-stdlib'\n", "manifests/site.pp": "class base {}\nnode default { include base }\n",
		}, "env ctl"},
		{"site.pp alone", map[string]string{"manifests/site.pp": "node default {}\n"}, "env ctl"},
		{"site.pp alone, classes named for no module", map[string]string{
			"manifests/site.pp": "class web {}\nclass db {}\n",
		}, "env ctl"},
		{"main manifest beside hiera.yaml", map[string]string{
			"manifests/nodes.pp": "node default {}\n", "hiera.yaml": "---\nversion: 5\n",
		}, "env ctl"},
		{"init.pp alone", map[string]string{"manifests/init.pp": "class nginx {}\n"}, "module nginx (code)"},
		{"metadata.json", map[string]string{
			"metadata.json": `{"name": "acme-web"}`, "manifests/init.pp": "class web {}\n",
		}, "module web (metadata.json)"},
		{"module with its own Hiera layer", map[string]string{
			"manifests/init.pp": "class nginx {}\n", "manifests/config.pp": "class nginx::config {}\n",
			"hiera.yaml": "---\nversion: 5\n", "data/common.yaml": "nginx::x: 1\n",
		}, "module nginx (code)"},
		{"Forge module with its own Hiera layer", map[string]string{
			"metadata.json": `{"name": "acme-web"}`, "manifests/init.pp": "class web {}\n",
			"hiera.yaml": "---\nversion: 5\n", "data/common.yaml": "web::x: 1\n",
		}, "module web (metadata.json)"},
		{"module's own site.pp", map[string]string{
			"manifests/site.pp": "define nginx::site {}\n", "manifests/init.pp": "class nginx {}\n",
		}, "module nginx (code) ambiguous"},
		{"module without init.pp holding site.pp", map[string]string{
			"manifests/site.pp": "define profile::site {}\n", "manifests/base.pp": "class profile::base {}\n",
		}, "module profile (code)"},
		{"control repo with a stray init.pp", map[string]string{
			"Puppetfile": "", "manifests/site.pp": "node a {}\n", "manifests/nodes.pp": "node b {}\n",
			"manifests/init.pp": "node c {}\n",
		}, "env ctl ambiguous"},
		{"control repo keeping metadata.json for its tooling", map[string]string{
			"environment.conf": "modulepath = site-modules\n", "metadata.json": `{"name": "acme-control"}`,
			"manifests/site.pp": "node default {}\n",
		}, "env ctl ambiguous settled"},
		{"module with a Puppetfile for its tests", map[string]string{
			"Puppetfile": "", "metadata.json": `{"name": "acme-app"}`, "manifests/init.pp": "class app {}\n",
		}, "module app (metadata.json) ambiguous"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			dir := filepath.Join(root, "ctl")
			writeTree(t, dir, tc.files)
			tr, err := Load(Options{Paths: []string{"."}, Dir: dir})
			if err != nil {
				t.Fatal(err)
			}
			var got string
			switch {
			case len(tr.Envs) == 1 && len(tr.Modules) == 0:
				got = "env " + tr.Envs[0].Name
			case len(tr.Modules) == 1 && len(tr.Envs) == 0:
				got = "module " + tr.Modules[0].Name + " (" + string(tr.Modules[0].NameFrom) + ")"
			default:
				t.Fatalf("%d environments, %d modules", len(tr.Envs), len(tr.Modules))
			}
			if len(tr.Ambiguities) == 1 {
				got += " ambiguous"
				if tr.Ambiguities[0].Settled {
					got += " settled"
				}
				if r := tr.Ambiguities[0].Reason(); !strings.Contains(r, "read as") {
					t.Errorf("reason %q", r)
				}
			}
			if got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
			for _, f := range tr.Files {
				if f.Env != nil && f.Env.Name == "." || f.Module != nil && f.Module.Name == "." {
					t.Errorf("%s: named '.'", f.Path)
				}
			}
		})
	}
}
