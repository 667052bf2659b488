package ducklint_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLayoutCommandUsage: help, bad flags and paths that have no layout.
func TestLayoutCommandUsage(t *testing.T) {
	dir := writeTree(t, map[string]string{"manifests/site.pp": "node default {}\n"})
	for _, tc := range []struct {
		args []string
		code int
		out  string // in stdout, or stderr when code is not 0
	}{
		{[]string{"layout", "--help"}, 0, "usage: ducklint layout"},
		{[]string{"layout", "-f", "xml"}, 2, `unknown format "xml"`},
		{[]string{"layout", "--nope"}, 2, "--nope"},
		{[]string{"layout", "-"}, 2, "standard input"},
		{[]string{"layout", "missing"}, 2, "missing: no such file or directory"},
		{[]string{"layout"}, 0, "environment . (name "},
	} {
		code, out, errOut := run(t, dir, "", tc.args...)
		where := out
		if tc.code != 0 {
			where = out + errOut
		}
		if code != tc.code || !strings.Contains(where, tc.out) {
			t.Errorf("ducklint %s: exit %d, want %d with %q\nstdout: %s\nstderr: %s", strings.Join(tc.args, " "), code, tc.code, tc.out, out, errOut)
		}
	}
}

// TestLayoutOfAFile: `ducklint layout FILE` describes the environment the
// file belongs to, and lists the rest of it as context outside the paths
// given.
func TestLayoutOfAFile(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"ctl/Puppetfile":                         "mod 'puppetlabs-stdlib'\n",
		"ctl/manifests/site.pp":                  "node default { include profile::base }\n",
		"ctl/site/profile/manifests/base.pp":     "class profile::base {}\n",
		"ctl/site/profile/manifests/unused.pp":   "class profile::unused {}\n",
		"puppet-nginx/manifests/init.pp":         "class nginx {}\n",
		"puppet-nginx/templates/nginx.conf.epp":  "x\n",
		"puppet-nginx/manifests/config/files.pp": "class nginx::config::files {}\n",
	})
	code, out, errOut := run(t, dir, "", "layout", "-f", "json", "ctl/manifests/site.pp", "puppet-nginx/manifests/init.pp")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	var rep struct {
		Environments []struct {
			Dir          string   `json:"dir"`
			Name         string   `json:"name"`
			MainManifest []string `json:"main_manifest"`
			Declares     struct {
				Modules []string `json:"modules"`
			} `json:"declares"`
			Closed  bool     `json:"closed"`
			Missing []string `json:"declared_not_on_disk"`
		} `json:"environments"`
		Modules []struct {
			Dir      string `json:"dir"`
			Name     string `json:"name"`
			NameFrom string `json:"name_from"`
		} `json:"modules"`
		Context []struct {
			Path string `json:"path"`
			Why  string `json:"why"`
		} `json:"context"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Environments) != 1 || rep.Environments[0].Name != "ctl" || !rep.Environments[0].Closed ||
		strings.Join(rep.Environments[0].Missing, ",") != "stdlib" {
		t.Errorf("environments: %+v", rep.Environments)
	}
	names := map[string]string{}
	for _, m := range rep.Modules {
		names[m.Dir] = m.Name + " from " + m.NameFrom
	}
	if names["puppet-nginx"] != "nginx from code" || names["ctl/site/profile"] != "profile from modulepath directory" {
		t.Errorf("modules: %v", names)
	}
	context := map[string]string{}
	for _, c := range rep.Context {
		context[c.Path] = c.Why
	}
	for _, p := range []string{"ctl/site/profile/manifests/base.pp", "ctl/site/profile/manifests/unused.pp",
		"puppet-nginx/manifests/config/files.pp", "puppet-nginx/templates/nginx.conf.epp"} {
		if context[p] != "outside the paths given" {
			t.Errorf("context %s: %q, want outside the paths given (all: %v)", p, context[p], context)
		}
	}
	if _, ok := context["ctl/manifests/site.pp"]; ok {
		t.Errorf("a reported file is listed as context")
	}
}

// TestLayoutShowsTheTargetPuppet: `ducklint layout` says which Puppet each
// environment and each module on its own is checked for, and why: a
// Gemfile's pin, metadata.json's requirements, a container build file's
// puppet-agent, the configuration, or the default.
func TestLayoutShowsTheTargetPuppet(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"ctl/Gemfile":           "gem 'puppet', ENV['PUPPET_GEM_VERSION'] || '7.23.0'\n",
		"ctl/Puppetfile":        "mod 'puppetlabs-stdlib'\n",
		"ctl/manifests/site.pp": "node default {}\n",
		"old/metadata.json": `{"name": "acme-old", "version": "1.0.0", "dependencies": [],
 "requirements": [{"name": "puppet", "version_requirement": ">= 5.5.10 < 6.0.0"}]}`,
		"old/manifests/init.pp":  "class old {}\n",
		"bare/manifests/site.pp": "node default {}\n",
		"box/Dockerfile-agent":   "FROM ubuntu:xenial\nENV PUPPET_AGENT_VERSION=\"5.3.2\"\nRUN apt-get install -y puppet-agent=\"$PUPPET_AGENT_VERSION\"-1xenial\n",
		"box/Dockerfile-server":  "FROM puppet/puppetserver-standalone\n",
		"box/manifests/site.pp":  "node default {}\n",
	})
	code, out, errOut := run(t, dir, "", "layout", "-f", "json", "ctl", "old", "bare", "box")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	var rep struct {
		Environments []struct {
			Dir    string `json:"dir"`
			Puppet string `json:"puppet"`
		} `json:"environments"`
		Modules []struct {
			Dir    string `json:"dir"`
			Puppet string `json:"puppet"`
		} `json:"modules"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, e := range rep.Environments {
		got[e.Dir] = e.Puppet
	}
	for _, m := range rep.Modules {
		got[m.Dir] = m.Puppet
	}
	want := map[string]string{
		"ctl":  "Puppet 7 (ctl/Gemfile: gem 'puppet', '7.23.0')",
		"old":  "Puppet 7 or earlier (metadata.json requirements: puppet >= 5.5.10 < 6.0.0)",
		"bare": "Puppet 8 (default)",
		"box":  "Puppet 7 or earlier (box/Dockerfile-agent installs Puppet 5.3.2)",
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s: puppet %q, want %q (all: %v)", k, got[k], w, got)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, ".ducklint.toml"), []byte("[puppet]\nversion = 8\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, text, _ := run(t, dir, "", "layout", "ctl")
	if !strings.Contains(text, "checked for:   Puppet 8 (configured)") {
		t.Errorf("with [puppet] version = 8, layout says:\n%s", text)
	}
}
