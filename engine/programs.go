package engine

import (
	"os"
	"path/filepath"

	"github.com/ducklint/ducklint/parser/load"
)

// A program is what Puppet compiles or tests together: an environment
// (its main manifest and the modules on its modulepath), or a module
// checked out on its own. Unrelated repositories walked from a shared
// parent are separate programs: none sees another's definitions,
// dependencies, Hiera or catalogs, as none is on another's modulepath.
//
// programKey is the program a file belongs to: its environment; else its
// module when the module is a checkout of its own (it has metadata.json
// or is a git repository), tested with only what it installs; else the
// directory holding its module, read as a modulepath (a modules/ of bare
// modules beside each other); else the zero key for the files in neither
// (which Puppet only reads when named, so they form one program together).
type programKey struct {
	env *load.Environment
	mod *load.Module
	dir string
}

// programs assigns files to programs, remembering what it learnt of each
// module.
type programs struct {
	own map[*load.Module]bool
}

func (p *programs) of(f *load.File) programKey {
	if f.Env != nil {
		return programKey{env: f.Env}
	}
	if f.Module != nil {
		return p.ofModule(f.Module)
	}
	return programKey{}
}

func (p *programs) ofModule(m *load.Module) programKey {
	if m.Env != nil {
		return programKey{env: m.Env}
	}
	own, ok := p.own[m]
	if !ok {
		own = m.MetadataName != ""
		if !own {
			_, err := os.Lstat(filepath.Join(m.AbsDir, ".git"))
			own = err == nil
		}
		p.own[m] = own
	}
	if own {
		return programKey{mod: m}
	}
	return programKey{dir: filepath.Dir(m.AbsDir)}
}

// splitPrograms splits the files of tree (a narrowed copy whose Envs and
// Modules are the layout's) into one tree per program, in the order of
// their first file. A tree of one program is returned as is.
func splitPrograms(tree *load.Tree) []*load.Tree {
	p := &programs{own: map[*load.Module]bool{}}
	var keys []programKey
	files := map[programKey][]*load.File{}
	for _, f := range tree.Files {
		k := p.of(f)
		if _, ok := files[k]; !ok {
			keys = append(keys, k)
		}
		files[k] = append(files[k], f)
	}
	if len(keys) <= 1 {
		return []*load.Tree{tree}
	}
	// A module belongs to the program of its files, or, with none loaded,
	// to its environment's.
	modKey := map[*load.Module]programKey{}
	for _, f := range tree.Files {
		if f.Module != nil {
			modKey[f.Module] = p.of(f)
		}
	}
	out := make([]*load.Tree, len(keys))
	index := make(map[programKey]int, len(keys))
	for i, k := range keys {
		out[i] = &load.Tree{Files: files[k]}
		index[k] = i
		if k.env != nil {
			out[i].Envs = []*load.Environment{k.env}
		}
	}
	for _, m := range tree.Modules {
		k, ok := modKey[m]
		if !ok {
			k = p.ofModule(m)
		}
		if i, ok := index[k]; ok {
			out[i].Modules = append(out[i].Modules, m)
		}
	}
	// Problems and ambiguities go with the program of the directory they
	// are about; the rest with the files in no program, else the first.
	dirOf := map[string]int{}
	for i, k := range keys {
		if k.env != nil {
			dirOf[k.env.Dir] = i
		}
	}
	for _, m := range tree.Modules {
		if i, ok := index[modKey[m]]; ok {
			if _, set := dirOf[m.Dir]; !set {
				dirOf[m.Dir] = i
			}
		}
	}
	rest := 0
	if i, ok := index[programKey{}]; ok {
		rest = i
	}
	for _, a := range tree.Ambiguities {
		i, ok := dirOf[a.Dir]
		if !ok {
			i = rest
		}
		out[i].Ambiguities = append(out[i].Ambiguities, a)
	}
	out[rest].Problems = tree.Problems
	return out
}
