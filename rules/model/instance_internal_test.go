package model

import (
	"testing"

	"github.com/ducklint/ducklint/parser/load/gentree"
)

// TestIsInstanceReadsTheFilesTypes checks that isInstance, which reads
// the defined types the merge looked up file by file, answers for every
// resource as looking its type up does, in a built program and in one
// without the merge's lists (as a rebased program is).
func TestIsInstanceReadsTheFilesTypes(t *testing.T) {
	files := gentree.Tree{
		"manifests/site.pp":             "include app\nfile { '/x': }\napp::site { 's': }\n",
		"modules/app/manifests/init.pp": "class app {\n  app::site { 'a': }\n  file { '/a': }\n  Package { ensure => present }\n  package { 'p': }\n  ::App::Site { 'b': }\n}\n",
		"modules/app/manifests/site.pp": "define app::site {\n  file { \"/tmp/${title}\": }\n  notify { $title: }\n}\n",
	}
	p := buildInternal(t, files)
	if p.defineTypes == nil {
		t.Fatal("the merge kept no defined types by file")
	}
	instances := 0
	for _, s := range p.Scopes() {
		for _, r := range s.Resources {
			want := p.Define(r.Type) != nil
			if got := p.isInstance(r); got != want {
				t.Errorf("%s %s: isInstance %v, want %v", r.File.Path, r.Type, got, want)
			}
			if want {
				instances++
			}
		}
	}
	if instances != 3 {
		t.Errorf("%d instances of app::site, want 3", instances)
	}
	listed := p.defineTypes
	p.defineTypes = nil
	for _, s := range p.Scopes() {
		for _, r := range s.Resources {
			if got, want := p.isInstance(r), p.Define(r.Type) != nil; got != want {
				t.Errorf("without the lists, %s %s: isInstance %v, want %v", r.File.Path, r.Type, got, want)
			}
		}
	}
	p.defineTypes = listed
}
