package model

import (
	"sync"
)

// genericDeclaringFunctions declare resources of a type and title their
// arguments give, usually computed: create_resources (built in) and
// stdlib's ensure_resource and ensure_resources.
var genericDeclaringFunctions = map[string]bool{"create_resources": true, "ensure_resource": true, "ensure_resources": true,
	"stdlib::ensure_resource": true, "stdlib::ensure_resources": true}

// packageDeclaringFunctions declare packages: stdlib's ensure_packages.
var packageDeclaringFunctions = map[string]bool{"ensure_packages": true, "stdlib::ensure_packages": true}

// anyResource is the summary key of code that can declare a resource of
// any type and title (see Unit.Titled).
const anyResource = "*[]"

// realizedTitle is the title of the summary key (see Unit.Titled) of a
// unit realizing or collecting resources of a type.
const realizedTitle = "<realized>"

// twiceInUnit is the summary key of a unit declaring two resources with
// one key (see Unit.Titled).
const twiceInUnit = "*[twice]"

// IsRelationshipParam reports whether a metaparameter's values are
// references that must be in the catalog: before, require, notify,
// subscribe. It is asked of every attribute of every resource; a switch
// rules most names out by their length without hashing them.
func IsRelationshipParam(name string) bool {
	switch name {
	case "before", "require", "notify", "subscribe":
		return true
	}
	return false
}

// providers is what can put a resource into a catalog, over the whole
// program, documentation included (an example declares what it refers to).
type providers struct {
	// keys are the resources under each key (UniquenessKeys, with
	// aliases), virtual and exported ones included: a collector may
	// realize them.
	keys map[string][]*Resource
	// computed are the types with a resource whose title the code does
	// not show.
	computed map[string]bool
	// anything is set when some code can declare a resource of any type
	// with any title: create_resources or ensure_resource, a resource
	// whose type is computed, or a class or defined type of a module that
	// is not in the tree.
	anything bool
}

// providersOnce memoises Program.providers and its keys, which are built
// apart: only references to resources need them.
type providersOnce struct {
	once, keysOnce sync.Once
	p              *providers
}

// CanProvide reports whether some code of the program can put the
// resource typ[title] (typ lower case, not "class") into a catalog: a
// resource with that title, namevar or alias, a resource of the type with
// a computed title, a function that declares resources from its arguments,
// or code outside the tree. It is false when nothing can.
func (p *Program) CanProvide(typ, title string) bool {
	pv := p.providers()
	if pv.anything || pv.computed[typ] {
		return true
	}
	return len(p.providerKeys()[ResourceKey(typ, NormalizeTitle(typ, title))]) > 0
}

// providers returns what can declare resources the code does not show by
// title (anything, computed); its keys are built by providerKeys.
func (p *Program) providers() *providers {
	p.provided.once.Do(func() { p.provided.p = p.buildProviders() })
	return p.provided.p
}

// providerKeys returns the resources of the program under each key.
func (p *Program) providerKeys() map[string][]*Resource {
	pv := p.providers()
	p.provided.keysOnce.Do(func() {
		pv.keys = map[string][]*Resource{}
		if pv.anything {
			return
		}
		for _, s := range p.Scopes() {
			for _, r := range s.Resources {
				if isExprDefault(r) {
					continue
				}
				for _, k := range UniquenessKeys(r, !isCoreType(r.Type)) {
					if rs := pv.keys[k]; len(rs) == 0 || rs[len(rs)-1] != r {
						pv.keys[k] = append(rs, r)
					}
				}
			}
		}
	})
	return pv.keys
}

func (p *Program) buildProviders() *providers {
	pv := &providers{computed: map[string]bool{}}
	for _, f := range p.Files {
		pv.anything = pv.anything || f.providers.anything
		for _, typ := range f.providers.computed {
			pv.computed[typ] = true
		}
	}
	if pv.anything {
		return pv
	}
	// Code outside the tree may declare anything: a class or resource
	// type the tree does not define, of a module it may depend on. The
	// answer depends on the file (its module's dependencies): each type
	// is asked once per file.
	names := p.Names()
	type fileType struct {
		f   *File
		typ string
	}
	asked := map[fileType]bool{}
	for _, s := range p.Scopes() {
		f := s.File
		for _, d := range s.Declarations {
			switch d.Kind {
			case Include, Require, Contain, ResourceLike:
				if st, _ := names.Class(f, d.Target); st == NameUnknowable {
					pv.anything = true
					return pv
				}
			}
		}
		for _, r := range s.Resources {
			if k := (fileType{f, r.Type}); !asked[k] {
				asked[k] = true
				if st, _ := names.ResourceType(f, r.Type); st == NameUnknowable {
					pv.anything = true
					return pv
				}
			}
		}
	}
	return pv
}

// IsKnownResourceType reports whether typ names a resource type Puppet
// knows in this tree: built in, bundled with puppet-agent, a defined type
// or a Ruby type of the tree.
func (p *Program) IsKnownResourceType(typ string) bool {
	st, _ := p.Names().ResourceType(nil, typ)
	return st == NameKnown
}
