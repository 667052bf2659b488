package model_test

import (
	"slices"
	"sync"
	"testing"

	"github.com/ducklint/ducklint/parser/load/gentree"
	"github.com/ducklint/ducklint/rules/model"
)

// TestResourcesTitledAgreesWithAScan checks ResourcesTitled, whose index
// is made type by type as keys are looked up, against a scan of every
// resource of the program: for each key a resource has (arrays of titles,
// a title twice, several types and classes) and for types and titles no
// resource has, asked from several goroutines at once.
func TestResourcesTitledAgreesWithAScan(t *testing.T) {
	prog := buildTree(t, gentree.Tree{
		"manifests/site.pp": `file { '/a': }
file { ['/b', '/c', '/b']: }
package { 'p': }
node default {
  file { '/a': }
  service { ['s', 'p']: }
  m::d { 'x': }
}
`,
		"modules/m/manifests/init.pp": "class m {\n  package { ['p', 'q']: }\n  file { \"/d/${x}\": }\n}\n",
		"modules/m/manifests/d.pp":    "define m::d () {\n  file { \"/e/${title}\": }\n  user { 'u': }\n}\n",
	})
	type key struct{ typ, title string }
	want := map[key][]*model.Resource{}
	for _, s := range prog.Scopes() {
		for _, r := range s.Resources {
			if r.Body == nil {
				continue
			}
			for _, e := range model.TitleElems(r.Body.Title) {
				if k, lit, ok := model.TitleKey(r.Type, e); ok && lit {
					want[key{r.Type, k}] = append(want[key{r.Type, k}], r)
				}
			}
		}
	}
	if len(want) < 8 {
		t.Fatalf("only %d keys in the tree", len(want))
	}
	keys := []key{{"file", "/nope"}, {"nope", "x"}, {"file", ""}, {"", "/a"}, {"", ""}}
	for k := range want {
		keys = append(keys, k)
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for _, k := range keys {
				if got := prog.ResourcesTitled(k.typ, k.title); !slices.Equal(got, want[k]) {
					t.Errorf("ResourcesTitled(%q, %q) gives %d resources, the scan %d", k.typ, k.title, len(got), len(want[k]))
				}
			}
		})
	}
	wg.Wait()
	if n := len(prog.ResourcesTitled("file", "/b")); n != 2 {
		t.Errorf("file[/b], titled twice in one body, gives %d resources, want 2", n)
	}
}
