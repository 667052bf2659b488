package model

import (
	"math/bits"
	"strings"
)

// Needs is a set of context kinds: the parts of the rest of a tree that a
// rule's findings on a file can depend on. Each rule declares its set
// (rules.Rule.Context) from what its Run consults; Relevant keeps, for the
// reported files, only the context the kinds of the enabled rules name, so
// that a narrowed run gives the findings a run over every file gives.
//
// A rule that consults none of them (it looks at its file alone, or at the
// layout: modules, environments, Ruby extensions, which every run loads)
// declares none, and its runs parse the reported files only.
//
// Names are matched over the files' summaries, which over-approximate
// what the model resolves; every definition of a kept name is kept, so
// names defined twice look the same as in the whole tree. Code that can
// declare none of what a kind follows cannot change when or from where it
// is evaluated, so it is left out even when a kept unit evaluates it too.
// (With its declarers left out, a kept class may look like one nothing
// declares and be simulated on its own from top scope; such a simulation
// evaluates nothing the reported file's findings depend on beyond the
// top-scope code every simulation starts with.)
type Needs uint32

const (
	// NeedDefinitions keeps the definitions the reported units name
	// (classes, defined types, functions, type aliases, templates; a
	// class's parent; the class a call of a declaring function declares),
	// with the base classes of each, transitively:
	// whether a class, a variable or a defined type exists, and where a
	// variable read resolves (a class sees what its base classes assign).
	// Consulted by Program.Lookup, Class, Define and Ancestors of names a
	// file mentions, and by Static's Reads (Resolution), ClassHasVariable
	// and VisibleClasses.
	NeedDefinitions Needs = 1 << iota

	// NeedTopScope keeps the main manifests and the files with node
	// definitions, and every class defined there with its declarers
	// (transitively, with base classes): they make top and node scope,
	// which every variable lookup ends in, and start every catalog. A
	// class defined there would otherwise look like one nothing declares.
	// Consulted by Static's Reads (top and node scope), NodeAssignments
	// and ScopesIn (a main manifest's scope is the environment's top
	// scope), Catalogs, HasNodes, and the Dynamic simulation.
	NeedTopScope

	// NeedDeclarers keeps the units that declare the reported classes and
	// defined types directly (include, resource, inherits, epp()), with
	// every definition of those: whether every declaration passes a
	// parameter, and which declaring class assigns a variable a reported
	// unit cannot see (Puppet 2's dynamic scoping), are part of findings;
	// and every unit that can declare a resource of any type
	// (create_resources, ensure_resource, a computed type or class),
	// which may instantiate a defined type no declaration names.
	// Consulted by Static's EveryDeclarationPasses and DeclaringAssigners,
	// and by Program.Uninstantiated.
	NeedDeclarers

	// NeedEarlyDeclarations keeps the units on declaration chains from
	// the main manifests' top-level code (which NeedTopScope keeps) down
	// to the reported classes: Puppet evaluates a class declared there at once,
	// before later top-scope assignments, which it then cannot see
	// (Resolution.Early, part of Static's Reads).
	NeedEarlyDeclarations

	// NeedResourceLike keeps, when a reported unit declares a class
	// resource-like (class { 'x': }), where the reported classes and
	// defined types are evaluated from, and where the classes declared
	// resource-like are: every unit that can declare them (include,
	// resource, inherits, epp()), and transitively their declarers, with
	// the base classes of each and their declarers (a base class's scope
	// is the parent scope of the class inheriting it), up to the main
	// manifests and node definitions. A resource-like declaration fails
	// when it meets any other declaration of the class in one catalog.
	// Consulted by the Dynamic simulation's Redeclared.
	NeedResourceLike

	// NeedDefaults keeps, when a reported unit sets resource defaults
	// (File { ... }), where the reported units are evaluated from (as
	// NeedResourceLike follows it), the units through which their
	// declarations reach resources of the defaulted types (including
	// classes inheriting a class they declare), the units on declaration
	// paths from their declarers down to each such class, and the units
	// declaring each such class. A default reaches a class only if the
	// class is first evaluated below it, which only the catalogs that
	// evaluate the file decide; whether code outside those paths declares
	// the class too decides whether a leak is certain (a warning).
	// Consulted by the Dynamic simulation's Leaks.
	NeedDefaults

	// NeedDefaultsOnTheWay keeps, when a reported class declares
	// resources of a type that a scope on the way of one of its
	// declarations sets defaults for, where the class is evaluated from
	// (as NeedResourceLike follows it): Puppet evaluates a class at its
	// first declaration, so which declaration comes first decides the
	// defaults its resources get. Consulted by the Dynamic simulation's
	// OrderDependent.
	NeedDefaultsOnTheWay

	// NeedQualifiedReads keeps, when a reported unit reads another
	// class's variables by qualified name, where the reported units are
	// evaluated from (as NeedResourceLike follows it), the units on
	// declaration paths from those down to each class read from, and the
	// definitions of each such class and the units declaring it. Whether a declaration earlier in a
	// declaring scope always evaluates the class is decided on those
	// paths; whether anything in the tree declares the class decides
	// whether a chain of declarations that starts outside the tree surely
	// misses it. Consulted by Static's Guarantee and TemplateGuarantee.
	NeedQualifiedReads

	// NeedDefinedTests keeps, when a reported unit tests declarations
	// with defined() (defined(File['/a']), defined(Class['x']),
	// defined('x')), the units declaring what it tests, and where those
	// and the reported units are evaluated from (as NeedResourceLike
	// follows it): where a guard runs, and where what it tests is
	// declared, decide whether one catalog holds both. Consulted by
	// DeclarationsOf and ResourcesTitled of what a guard tests, and by
	// Catalogs' Meet and Within of the scopes holding them.
	NeedDefinedTests

	// NeedFunctionCallers keeps the units mentioning a function a
	// reported file defines outside the functions/ directories: Puppet
	// never autoloads such a function, so its calls work only from code
	// that its file's loading precedes. Consulted by CallingFiles.
	NeedFunctionCallers

	// NeedTemplateRenderers keeps, for a reported EPP template, the units
	// rendering it and, through templates rendering it, theirs in turn:
	// whether manifest code renders it decides the severity of its
	// reads, and the arguments every epp() call passes are the variables
	// a template without parameters sees. Consulted by Static's
	// TemplateRendered and Reads (ResolvedTemplateArg).
	NeedTemplateRenderers

	// NeedParameterSources keeps the units setting resource defaults for,
	// or collecting with an override block, the defined types a reported
	// unit declares: they can give a parameter the declaration leaves out
	// its value. Consulted by missing-parameter.
	NeedParameterSources

	// NeedResourceKeys keeps, when a reported unit declares a resource
	// with a key (title, namevar or alias, Unit.Titled) that another unit
	// declares too, or one key twice, or is a defined type declaring
	// resources with constant titles (each instance declares them again),
	// the units declaring those keys, and where they and the reported
	// units are evaluated from (as NeedResourceLike follows it): whether
	// one catalog holds two of them is decided there. Consulted by the
	// Dynamic simulation's Duplicates.
	NeedResourceKeys

	// NeedReferenceProviders keeps, for the resources and classes with
	// literal titles the reported units' relationships name (require =>
	// Package['git'], ->), the units declaring a resource with that key
	// (or the class), those realizing or collecting resources of its type,
	// and where they and the reported units are evaluated from (their
	// declarers up to the entry points): whether a catalog holding the
	// reference holds its target is decided there. For a key no unit
	// declares, it keeps the units that could: those declaring a resource
	// of its type with a computed title, those declaring resources of any
	// type (create_resources, a computed type or class), and those
	// declaring a class or defined type no unit defines. Consulted by
	// Program.CanProvide and the Dynamic simulation's RefMisses.
	NeedReferenceProviders

	// NeedHieraData keeps, when a reported file is a Hiera file, every
	// Hiera file (configurations and data files) and, when a data file is
	// reported, the units looking keys up explicitly (lookup, hiera,
	// hiera_array, hiera_hash, hiera_include) that may ask for a key of
	// its keys' namespaces: whether any data holds a key, and whether
	// anything looks a data key of a class up, are questions about all of
	// them. When only code is reported, and it looks keys up, it keeps
	// every configuration and the data files of the layers that can serve
	// its literal keys: the environment's, and those of the modules the
	// keys' first segments name. Consulted by Program.Hiera (the Hiera
	// rules).
	NeedHieraData

	// NeedParameterTypes keeps the type aliases that the classes and
	// defined types the reported units declare (and the reported units
	// themselves) name, and transitively those the aliases name: the
	// types their parameters declare. Consulted by
	// parameter-type-mismatch through Program.Lookup of type aliases.
	NeedParameterTypes

	// NeedEntryPoints keeps where the reported classes and defined
	// types are evaluated from (as NeedResourceLike follows it), up to
	// the main manifests and node definitions: which entry points reach
	// them. Consulted by Catalogs' EntryPoints and ReachedFromMain of a
	// reported unit's scope (the catalog facts of policies).
	NeedEntryPoints

	// NeedAssigners keeps the code that can declare classes by names it
	// computes (include "role::${role}", lookup('classes').include,
	// hiera_include, include $x, create_resources: "*[]" in Unit.Titled),
	// and the Hiera files of the layers that can serve the keys that code
	// looks up: whether a class nothing declares is one the tree can
	// assign, or one only an ENC can, depends on all of them. Consulted by
	// Program.OnlyENC and Catalogs' OnlyENC and ApartAssigned.
	NeedAssigners

	needsEnd // one past the last kind
)

// AllNeeds is every context kind: what a run of every rule keeps.
const AllNeeds = needsEnd - 1

var needNames = [...]string{"definitions", "top-scope", "declarers", "early-declarations", "resource-like", "defaults",
	"defaults-on-the-way", "qualified-reads", "defined-tests", "function-callers", "template-renderers",
	"parameter-sources", "resource-keys", "reference-providers", "hiera-data", "parameter-types", "entry-points",
	"assigners"}

// Has reports whether n holds every kind of k.
func (n Needs) Has(k Needs) bool { return n&k == k }

// Kinds returns the kinds n holds, one per element, in declaration order.
func (n Needs) Kinds() []Needs {
	var out []Needs
	for k := Needs(1); k < needsEnd; k <<= 1 {
		if n&k != 0 {
			out = append(out, k)
		}
	}
	return out
}

// String names the kinds n holds ("definitions|top-scope"), "none" for
// no kind.
func (n Needs) String() string {
	if n&AllNeeds == 0 {
		return "none"
	}
	var names []string
	for _, k := range n.Kinds() {
		names = append(names, needNames[bits.TrailingZeros32(uint32(k))])
	}
	return strings.Join(names, "|")
}
