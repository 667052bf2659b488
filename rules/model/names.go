package model

import (
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules/builtin"
)

// Names knows which classes, resource types and functions Puppet finds
// when it compiles code of the tree: those the tree defines (in Puppet or
// Ruby), Puppet's built-ins, and the names of modules the tree says are
// installed beside it (its Puppetfile, a module's metadata.json
// dependencies or .fixtures.yml), which are never guessed at.
type Names struct {
	p *Program
	// inTree are the modules with code in the tree, outside
	// documentation directories.
	inTree map[string]bool
	// external are the declared dependencies that are not in the tree.
	external map[string]bool
	// rubyTypes and rubyFunctions are the names the tree's Ruby code
	// defines, in every module and environment.
	rubyTypes, rubyFunctions map[string]bool
	// defaulted are the resource types that resource defaults or
	// collector overrides give attributes to.
	defaulted map[string]bool
	// classes are the names of the program's classes by their first
	// segment, sorted, built on first use (ClassesOf).
	classesOnce sync.Once
	classes     map[string][]string
}

// namesOnce memoises Program.Names.
type namesOnce struct {
	once sync.Once
	n    *Names
}

// Names returns the program's name index, built on first use. It depends
// on the loaded tree's layout (modules, Ruby files, dependency files),
// which a narrowed program shares with the whole one, and on the
// definitions of the names asked about.
func (p *Program) Names() *Names {
	p.names.once.Do(func() { p.names.n = newNames(p) })
	return p.names.n
}

func newNames(p *Program) *Names {
	n := &Names{p: p, inTree: map[string]bool{}, external: map[string]bool{}, rubyTypes: map[string]bool{},
		rubyFunctions: map[string]bool{}, defaulted: map[string]bool{}}
	for _, s := range p.Scopes() {
		for _, d := range s.Defaults {
			n.defaulted[d.Type] = true
		}
		for _, r := range s.Realizes {
			if c, ok := r.Node.(*parser.Collector); ok && len(c.Attrs) > 0 {
				n.defaulted[r.Target] = true
			}
		}
	}
	if p.Tree == nil {
		return n
	}
	var deps []string
	addRuby := func(types, functions []string) {
		for _, t := range types {
			n.rubyTypes[strings.ToLower(t)] = true
		}
		for _, f := range functions {
			n.rubyFunctions[strings.ToLower(f)] = true
		}
	}
	for _, m := range p.Tree.Modules {
		addRuby(definedNames(m.RubyTypes), definedNames(m.RubyFunctions))
		deps = append(deps, m.Dependencies.Modules...)
		if m.PuppetFiles+len(m.RubyTypes)+len(m.RubyFunctions) == 0 {
			continue // an empty directory: a submodule not checked out, say
		}
		if parent, _ := path.Split(m.Dir); !hasDocumentationDir(parent) {
			n.inTree[m.Name] = true
		}
	}
	for _, e := range p.Tree.Envs {
		addRuby(definedNames(e.RubyTypes), definedNames(e.RubyFunctions))
		deps = append(deps, e.Dependencies.Modules...)
	}
	for _, d := range deps {
		if !n.inTree[d] {
			n.external[d] = true
		}
	}
	return n
}

func definedNames(ds []load.Defined) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = d.Name
	}
	return out
}

// NameStatus is what the tree says of a name Puppet must find.
type NameStatus int

const (
	// NameKnown is a name the tree or Puppet defines.
	NameKnown NameStatus = iota
	// NameUnknowable is a name that code outside the tree may define: a
	// module the tree depends on but does not hold, or any module at all
	// when the tree does not say what it depends on.
	NameUnknowable
	// NameNotInModule is a name of a module in the tree that the module
	// does not define.
	NameNotInModule
	// NameNowhere is a name of a module that is neither in the tree nor
	// among the dependencies the tree declares.
	NameNowhere
)

// DependencyFiles returns the dependency files that say what code in file
// f may use: its environment's Puppetfile, or, for a module outside any
// environment (checked out on its own), the module's metadata.json and
// .fixtures.yml. A module's own files inside an environment do not speak
// for the environment, whose Puppetfile decides what is installed. The
// slice is shared.
func (n *Names) DependencyFiles(f *File) []string {
	if f == nil || f.Source == nil {
		return nil
	}
	switch src := f.Source; {
	case src.Env != nil:
		return src.Env.Dependencies.Files
	case src.Module != nil:
		return src.Module.Dependencies.Files
	}
	return nil
}

// Defaulted reports whether a resource default (Type { ... }) or a
// collector override (Type <| |> { ... }) in the program sets attributes
// of resources of type typ (lower case).
func (n *Names) Defaulted(typ string) bool { return n.defaulted[typ] }

// ClassesOf returns the names that the manifests of the tree's modules
// are autoloaded under (manifests/a/b.pp of module m: m::a::b; init.pp:
// m) whose first segment is mod, sorted; with mod "" every one. They are
// the class and defined type names Puppet can find by name, read from
// the modules' lists of manifests (load.Module.Manifests), which a
// narrowed program shares with the whole one, so that suggestions do not
// change with how ducklint was invoked. The slice is shared.
func (n *Names) ClassesOf(mod string) []string {
	n.classesOnce.Do(func() {
		n.classes = map[string][]string{}
		if n.p.Tree == nil {
			return
		}
		for _, m := range n.p.Tree.Modules {
			if parent, _ := path.Split(m.Dir); hasDocumentationDir(parent) {
				continue
			}
			for _, rel := range m.Manifests {
				name := load.NameForPath(m.Name, load.ModuleManifest, rel)
				if name == "" {
					continue
				}
				first, _, _ := strings.Cut(name, "::")
				n.classes[first] = append(n.classes[first], name)
				n.classes[""] = append(n.classes[""], name)
			}
		}
		for k, names := range n.classes {
			slices.Sort(names)
			n.classes[k] = slices.Compact(names)
		}
	})
	return n.classes[mod]
}

// InTree reports whether module mod has code in the tree.
func (n *Names) InTree(mod string) bool { return n.inTree[mod] }

// moduleStatus is the status of an undefined name of module mod. A name
// without a namespace (a Ruby type or function, which any module may ship)
// is anyOwner: then any external dependency may define it.
func (n *Names) moduleStatus(f *File, mod string, anyOwner bool) NameStatus {
	switch {
	case n.external[mod] || anyOwner && len(n.external) > 0:
		return NameUnknowable
	case n.inTree[mod]:
		return NameNotInModule
	case len(n.DependencyFiles(f)) > 0:
		return NameNowhere
	}
	return NameUnknowable
}

// Module returns the status of module mod for code in file f:
// NameKnown when the tree holds it, NameUnknowable when it may be
// installed beside the tree (a declared dependency, or any module when
// the tree does not say what it depends on), NameNowhere when the
// dependency files the code answers to do not name it.
func (n *Names) Module(f *File, mod string) NameStatus {
	if n.inTree[mod] {
		return NameKnown
	}
	return n.moduleStatus(f, mod, false)
}

// MainManifestClass reports whether class name (normalised) is defined
// in a main manifest of environment env.
func (n *Names) MainManifestClass(env *load.Environment, name string) bool {
	for _, d := range n.p.Lookup(ClassDef, name) {
		if src := d.File.Source; src != nil && src.Role == load.MainManifest && src.Env == env {
			return true
		}
	}
	return false
}

// Class returns the status of class name (as written; a leading "::" and
// case do not matter) for code in file f, and the module it belongs to.
func (n *Names) Class(f *File, name string) (NameStatus, string) {
	name = NormalizeClassName(name)
	mod, _, _ := strings.Cut(name, "::")
	if len(n.p.Lookup(ClassDef, name)) > 0 || name == "settings" || name == "main" {
		return NameKnown, mod
	}
	return n.moduleStatus(f, mod, false), mod
}

// ResourceType returns the status of resource type name (lower case, no
// leading "::") and the module it belongs to ("" for one without a
// namespace that no module of that name can define, as a Ruby type of any
// module can). Core types, the types Puppet 6 moved into modules that
// puppet-agent bundles, defined types and Ruby types of the tree are known.
func (n *Names) ResourceType(f *File, name string) (NameStatus, string) {
	name = NormalizeClassName(name)
	if builtin.IsResourceType(name) || builtin.IsCoreModuleResourceType(name) || n.rubyTypes[name] ||
		n.p.Define(name) != nil {
		return NameKnown, ""
	}
	mod, _, qualified := strings.Cut(name, "::")
	return n.moduleStatus(f, mod, !qualified), mod
}

// Function returns the status of function name and its module: built-in,
// Puppet-language functions, and Ruby functions of the tree are known.
func (n *Names) Function(f *File, name string) (NameStatus, string) {
	name = NormalizeClassName(name)
	if builtin.IsFunction(name) || n.rubyFunctions[name] || len(n.p.Lookup(FunctionDef, name)) > 0 {
		return NameKnown, ""
	}
	mod, _, qualified := strings.Cut(name, "::")
	if mod == "environment" && qualified {
		return NameNotInModule, mod
	}
	return n.moduleStatus(f, mod, !qualified), mod
}
