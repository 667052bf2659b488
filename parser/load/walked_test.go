package load

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWalkedFiles checks that Walked is called with the reported files
// the walk read, each by the path and with the very content the Tree
// holds for it, and without the file whose content an overlay replaces
// in the Tree or the context outside the directory argument.
func TestWalkedFiles(t *testing.T) {
	root := t.TempDir()
	for name, src := range map[string]string{
		"env/manifests/site.pp":           "node default {}\n",
		"env/modules/m/manifests/a.pp":    "class m::a {}\n",
		"env/modules/m/manifests/b.pp":    "class m::b {}\n",
		"env/modules/n/manifests/init.pp": "class n {}\n",
		"env/environment.conf":            "modulepath = modules\n",
	} {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	dir := filepath.Join(root, "env")
	overlaid := filepath.Join(dir, "modules", "m", "manifests", "b.pp")
	var walked []WalkedFile
	tree, err := Load(Options{Paths: []string{"modules/m"}, Dir: dir, DeferContext: true,
		Overlays: map[string][]byte{overlaid: []byte("class m::b { }\n")},
		Walked:   func(files []WalkedFile) { walked = files }})
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string]*File{}
	for _, f := range tree.Files {
		byPath[f.Path] = f
	}
	var same []string
	for _, w := range walked {
		f := byPath[w.Path]
		if f == nil || !f.Reported {
			t.Errorf("walked %s, which the Tree does not report", w.Path)
			continue
		}
		if len(w.Src) > 0 && len(f.Src) == len(w.Src) && &f.Src[0] == &w.Src[0] {
			same = append(same, w.Path)
		}
	}
	if len(same) != 1 || same[0] != "modules/m/manifests/a.pp" {
		t.Errorf("walked files the Tree holds with their walked content: %v, want modules/m/manifests/a.pp alone (walked %d)", same, len(walked))
	}
}
