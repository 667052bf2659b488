package model_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/ducklint/ducklint/hiera"
	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules/model"
)

// TestHieraConfigIsParsedOnce checks that the model takes each
// hiera.yaml's configuration from loading, which parsed it to find the
// layer's data, exactly when it would parse the same content: the result
// equals a fresh parse, for the environment's layer and a module's, in a
// whole-tree load and in one that defers the context; different content
// is parsed afresh.
func TestHieraConfigIsParsedOnce(t *testing.T) {
	dir := t.TempDir()
	envConf := "---\nversion: 5\ndefaults:\n  datadir: data\n  data_hash: yaml_data\nhierarchy:\n" +
		"  - name: nodes\n    path: \"nodes/%{trusted.certname}.yaml\"\n  - name: common\n    path: common.yaml\n"
	modConf := "---\nversion: 5\ndefaults:\n  datadir: data\n  data_hash: yaml_data\nhierarchy:\n" +
		"  - name: family\n    path: \"%{facts.os.family}.yaml\"\n  - name: common\n    path: common.yaml\n"
	for name, src := range map[string]string{
		"environment.conf":                "modulepath = modules\n",
		"manifests/site.pp":               "include m\n",
		"hiera.yaml":                      envConf,
		"data/common.yaml":                "m::x: 1\n",
		"modules/m/manifests/init.pp":     "class m($x = 0) {\n  notice($x)\n}\n",
		"modules/m/hiera.yaml":            modConf,
		"modules/m/data/common.yaml":      "m::x: 2\n",
		"modules/m/data/RedHat.yaml":      "m::x: 3\n",
		"modules/m/manifests/unused.pp":   "class m::unused {}\n",
		"modules/m/metadata.json":         `{"name": "me-m", "version": "1.0.0"}` + "\n",
		"modules/other/manifests/init.pp": "class other {}\n",
	} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, opts := range []load.Options{
		{Paths: []string{"."}, Dir: dir},
		{Paths: []string{"modules/m/manifests/init.pp"}, Dir: dir, DeferContext: true},
	} {
		tree, err := load.Load(opts)
		if err != nil {
			t.Fatal(err)
		}
		configs := 0
		for _, lf := range tree.Files {
			if lf.Role != load.HieraConfig {
				continue
			}
			configs++
			src, err := os.ReadFile(lf.AbsPath)
			if err != nil {
				t.Fatal(err)
			}
			if lf.ParsedConfig == nil {
				t.Errorf("%s (deferred %v): loading handed on no configuration", lf.Path, opts.DeferContext)
				continue
			}
			h := model.ParseHiera(lf, src)
			if h.Config != lf.ParsedConfig {
				t.Errorf("%s: the model parsed again what loading parsed", lf.Path)
			}
			fresh := hiera.ParseConfig(lf.Path, src, lf.Module != nil)
			if got, want := configJSON(t, h.Config), configJSON(t, fresh); got != want {
				t.Errorf("%s: the configuration from loading differs from a fresh parse:\n%s\nwant\n%s", lf.Path, got, want)
			}
			if h.Config.Syntax.Path != fresh.Syntax.Path || string(h.Config.Syntax.Src) != string(fresh.Syntax.Src) {
				t.Errorf("%s: its syntax is of %s, want %s", lf.Path, h.Config.Syntax.Path, fresh.Syntax.Path)
			}
			for _, lv := range h.Config.Levels {
				for _, rel := range []string{"data/common.yaml", "data/RedHat.yaml", "data/nodes/a.yaml"} {
					if got, want := lv.Reaches(rel), levelNamed(fresh, lv.Name).Reaches(rel); got != want {
						t.Errorf("%s: level %s reaches %s: %v, a fresh parse %v", lf.Path, lv.Name, rel, got, want)
					}
				}
			}

			edited := append(append([]byte{}, src...), "# edited\n"...)
			if h := model.ParseHiera(lf, edited); h.Config == lf.ParsedConfig || string(h.Config.Syntax.Src) != string(edited) {
				t.Errorf("%s: other content was not parsed afresh", lf.Path)
			}
		}
		if configs != 2 {
			t.Errorf("deferred %v: %d configurations loaded, want 2", opts.DeferContext, configs)
		}
	}
}

// configJSON renders what a configuration says, its syntax left out.
func configJSON(t *testing.T, c *hiera.Config) string {
	t.Helper()
	v := *c
	v.Syntax = nil
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func levelNamed(c *hiera.Config, name string) hiera.Level {
	for _, lv := range c.Levels {
		if lv.Name == name {
			return lv
		}
	}
	return hiera.Level{}
}
