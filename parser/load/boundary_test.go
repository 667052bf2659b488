package load

import (
	"errors"
	"path/filepath"
	"slices"
	"testing"
)

// boundaryTree makes base/outer (a git work tree) holding outer/inner (a
// clone of its own), base/loose (no git) and base/outside, and returns
// base with symbolic links resolved (t.TempDir may lie below a link).
func boundaryTree(t *testing.T) string {
	t.Helper()
	base, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	writeTree(t, base, map[string]string{
		"outer/.git/HEAD":               "",
		"outer/inner/.git/HEAD":         "",
		"outer/inner/manifests/init.pp": "",
		"outer/manifests/site.pp":       "",
		"loose/mod/manifests/init.pp":   "",
		"outside/secret.pp":             "",
		"outside/dir/manifests/x.pp":    "",
	})
	return base
}

func TestNewBoundary(t *testing.T) {
	base := boundaryTree(t)
	for _, tc := range []struct {
		name  string
		dir   string
		paths []string
		want  []string
	}{
		{"a directory in a git work tree: its top", "outer/manifests", []string{"."}, []string{"outer"}},
		{"a nested clone: the outermost work tree", "outer", []string{"inner/manifests/init.pp"}, []string{"outer"}},
		{"a directory outside git: itself", base, []string{"loose/mod"}, []string{"loose/mod"}},
		{"a file outside git below the working directory: the working directory", "loose", []string{"mod/manifests/init.pp"}, []string{"loose"}},
		{"a file outside git and the working directory: its directory", "outer", []string{filepath.Join(base, "loose/mod/manifests/init.pp")}, []string{"loose/mod/manifests"}},
		{"stdin alone: the working directory's work tree", "outer/manifests", []string{"-"}, nil},
		{"no paths: the working directory's", "outer/manifests", nil, []string{"outer"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := tc.dir
			if !filepath.IsAbs(dir) {
				dir = filepath.Join(base, dir)
			}
			var want []string
			for _, w := range tc.want {
				want = append(want, filepath.Join(base, w))
			}
			if got := NewBoundary(dir, tc.paths).Roots(); !slices.Equal(got, want) {
				t.Errorf("roots %v, want %v", got, want)
			}
		})
	}
}

func TestBoundaryContainsAndWritable(t *testing.T) {
	base := boundaryTree(t)
	outer, outside := filepath.Join(base, "outer"), filepath.Join(base, "outside")
	symlink(t, filepath.Join(outside, "secret.pp"), filepath.Join(outer, "manifests/out.pp"))
	symlink(t, "site.pp", filepath.Join(outer, "manifests/in.pp"))
	symlink(t, filepath.Join(outside, "dir"), filepath.Join(outer, "linkdir"))
	symlink(t, filepath.Join(outer, "manifests/site.pp"), filepath.Join(outside, "back.pp"))
	symlink(t, filepath.Join(outside, "back.pp"), filepath.Join(outer, "manifests/chain.pp"))
	symlink(t, "/dev/zero", filepath.Join(outer, "manifests/zero.pp"))
	symlink(t, filepath.Join(outer, "manifests"), filepath.Join(outside, "mdir"))
	symlink(t, filepath.Join(outside, "mdir"), filepath.Join(outer, "viaout"))
	b := NewBoundaryOf(outer)
	for _, tc := range []struct {
		path     string
		contains bool
		writable error // nil, ErrOutside, or any other error (errOther)
	}{
		{"manifests/site.pp", true, nil},
		{"manifests/in.pp", true, nil},
		{"manifests/out.pp", false, ErrOutside},
		{"linkdir/manifests/x.pp", false, ErrOutside},
		{"manifests/chain.pp", true, ErrOutside}, // leaves and comes back: read, never written through
		{"viaout/site.pp", true, ErrOutside},     // through a directory link that leaves and comes back
		{"manifests/zero.pp", false, ErrOutside},
		{"manifests", true, errOther},
		{"manifests/new.pp", true, errOther},
	} {
		abs := filepath.Join(outer, filepath.FromSlash(tc.path))
		if got := b.Contains(abs); got != tc.contains {
			t.Errorf("Contains(%s) = %v, want %v", tc.path, got, tc.contains)
		}
		err := b.Writable(abs)
		var ok bool
		switch {
		case tc.writable == nil:
			ok = err == nil
		case errors.Is(tc.writable, ErrOutside):
			ok = errors.Is(err, ErrOutside)
		default:
			ok = err != nil && !errors.Is(err, ErrOutside)
		}
		if !ok {
			t.Errorf("Writable(%s) = %v, want %v", tc.path, err, tc.writable)
		}
	}
	if b.Contains(outside) || b.Contains(filepath.Join(base, "outer-sibling")) {
		t.Error("Contains says yes to a sibling of the tree")
	}
}

// errOther stands for an error other than ErrOutside in test tables.
var errOther = errors.New("another error")
