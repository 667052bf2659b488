package engine_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ducklint/ducklint/engine"
)

// A policy file the configuration names is part of the configuration:
// changing it makes the next snapshot compile the policies again.
func TestPolicyFileChanged(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	policy := "[[policy]]\nid = \"no-git\"\nmatch = \"resource\"\ncondition = \"resource.title == 'git'\"\nmessage = \"%s\"\n"
	write(".ducklint.toml", "[policies]\nfiles = [\"policies/*.toml\"]\n")
	pfile := write("policies/p.toml", strings.Replace(policy, "%s", "first", 1))
	write("environment.conf", "")
	write("manifests/site.pp", "package { 'git': }\n")
	w, err := engine.New(engine.Options{Dir: dir, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	message := func() string {
		t.Helper()
		s, err := w.Snapshot(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		fs, err := s.Findings(context.Background(), "manifests/site.pp")
		if err != nil {
			t.Fatal(err)
		}
		var msgs []string
		for _, f := range fs["manifests/site.pp"] {
			if f.Rule == "no-git" {
				msgs = append(msgs, f.Message)
			}
		}
		return strings.Join(msgs, "|")
	}
	if got := message(); got != "first" {
		t.Fatalf("findings %q, want first", got)
	}
	write("policies/p.toml", strings.Replace(policy, "%s", "second", 1))
	w.Changed(pfile)
	if got := message(); got != "second" {
		t.Errorf("after the policy file changed: %q, want second", got)
	}
	if _, ok := w.Registry().Lookup("no-git"); !ok {
		t.Error("the workspace's registry lacks the policy")
	}
}
