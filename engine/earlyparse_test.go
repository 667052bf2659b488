package engine

import (
	"fmt"
	"testing"

	"github.com/ducklint/ducklint/parser/load"
)

// TestEarlyParseTaken checks that a tree parsed early is taken only for
// the file it was parsed from: the same path, the same content (not an
// overlay's or standard input's copy of it) and the same parse options
// (not a plan's, which tasks mode parses).
func TestEarlyParseTaken(t *testing.T) {
	var files []load.WalkedFile
	for i := range earlyParseFiles {
		files = append(files, load.WalkedFile{Path: fmt.Sprintf("m/manifests/c%02d.pp", i), Src: fmt.Appendf(nil, "class m::c%02d {}\n", i)})
	}
	files = append(files, load.WalkedFile{Path: "m/plans/p.pp", Src: []byte("plan m::p() {}\n")})
	e := startEarlyParses(files, 2)
	if e == nil {
		t.Fatal("no early parses of a walk of enough files on two cores")
	}
	e.done.Wait() // every file parsed: finish would stop the parsing at once
	e.finish()
	first := files[0]
	manifest := &load.File{Path: first.Path, Role: load.ModuleManifest}
	if e.take(manifest, first.Src) == nil {
		t.Errorf("the tree of %s was not taken for its own content", first.Path)
	}
	if e.take(manifest, append([]byte(nil), first.Src...)) != nil {
		t.Errorf("the tree of %s was taken for another copy of its content", first.Path)
	}
	if e.take(&load.File{Path: first.Path, Role: load.ModulePlan}, first.Src) != nil {
		t.Errorf("the tree of %s, parsed outside tasks mode, was taken for a plan", first.Path)
	}
	plan := files[len(files)-1]
	if e.take(&load.File{Path: plan.Path, Role: load.ModulePlan}, plan.Src) != nil {
		t.Errorf("%s, under plans/, was parsed early", plan.Path)
	}
	if startEarlyParses(files, 1) != nil || startEarlyParses(files[:earlyParseFiles-1], 2) != nil {
		t.Error("early parses started on one core, or for a small walk")
	}
}

// TestEarlyOptions checks which paths are parsed early, and how: Puppet
// code and templates, but nothing under a directory named plans.
func TestEarlyOptions(t *testing.T) {
	for _, c := range []struct {
		path  string
		early bool
		epp   bool
	}{
		{"m/manifests/init.pp", true, false},
		{"m/templates/a.epp", true, true},
		{"m/plans/deploy.pp", false, false},
		{"plans/deploy.pp", false, false},
		{"/srv/env/modules/m/plans/sub/deploy.pp", false, false},
		{"m/manifests/plans.pp", true, false},
		{"m/plansx/a.pp", true, false},
		{"m/xplans/a.pp", true, false},
		{"m/files/a.sh", false, false},
	} {
		opts, ok := earlyOptions(c.path)
		if ok != c.early || opts.EPP != c.epp || opts.Tasks {
			t.Errorf("earlyOptions(%q) = %+v, %v; want EPP %v, %v", c.path, opts, ok, c.epp, c.early)
		}
	}
}
