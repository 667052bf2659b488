package model

import (
	"slices"
	"strings"

	"github.com/ducklint/ducklint/parser/load"
)

// Relevant returns, for each file of a loaded tree, whether the model must
// hold it for the findings on the reported files of the rules whose
// context kinds are needs to be exactly those of a model holding every
// file. sums[i] is the summary of files[i], nil for a file left out of
// the program (it could not be read). It lets a run that reports few
// files (an editor linting one file with its environment as context)
// parse only the files that can matter. The reported files are always
// kept; each kind of needs (see Needs) says what else is.
//
// declaring are the tree's declaring functions (TreeDeclaringFunctions):
// a unit calling one with a literal argument declares the class it names.
func Relevant(files []*load.File, sums []*Summary, declaring DeclaringFunctions, needs Needs) []bool {
	reported := make([]bool, len(files))
	for i, f := range files {
		reported[i] = f.Reported
	}
	return NewIndex(files, sums, declaring).Relevant(reported, needs)
}

// Relevant is the package's Relevant over the index's files and summaries,
// with the files at reportedFiles[i] reported.
func (ix *Index) Relevant(reportedFiles []bool, needs Needs) []bool {
	return ix.relevant(reportedFiles, needs, nil)
}

// RelevantReads is Relevant that also returns what it looked at, for
// Reads.Unchanged to tell whether an edit can change its result.
func (ix *Index) RelevantReads(reportedFiles []bool, needs Needs) ([]bool, *Reads) {
	reads := newReads()
	return ix.relevant(reportedFiles, needs, reads), reads
}

func (ix *Index) relevant(reportedFiles []bool, needs Needs, reads *Reads) []bool {
	files, sums := ix.files, ix.sums
	r := relevance{ix: ix, files: files, sums: sums, reported: reportedFiles, kept: map[unitRef]bool{},
		withBases: map[string]bool{}, reads: reads}

	// What the reported units do that the kinds of needs follow.
	var reported []unitRef
	var resourceLike, defaulted, tested, testedClasses, readFrom, titled, references []string
	for i := range files {
		if r.reported[i] {
			r.readFile(int32(i))
		}
		if r.reported[i] && sums[i] != nil {
			for j, u := range sums[i].Units {
				reported = append(reported, unitRef{int32(i), int32(j)})
				if needs.Has(NeedResourceLike) {
					resourceLike = append(resourceLike, u.ResourceLike...)
				}
				if needs.Has(NeedDefaults) {
					defaulted = append(defaulted, u.Defaults...)
				}
				if needs.Has(NeedDefinedTests) {
					tested = append(tested, u.Tested...)
				}
				if needs.Has(NeedQualifiedReads) {
					readFrom = append(readFrom, u.ReadsFrom...)
				}
				if needs.Has(NeedResourceKeys) {
					titled = append(titled, u.Titled...)
				}
				if needs.Has(NeedReferenceProviders) {
					references = append(references, u.References...)
				}
			}
		}
	}
	for _, key := range tested {
		if name, ok := strings.CutPrefix(key, "class["); ok {
			testedClasses = append(testedClasses, strings.TrimSuffix(name, "]"))
		}
	}
	r.wanted = map[string]bool{}
	for _, name := range slices.Concat(resourceLike, defaulted, testedClasses) {
		r.wanted[name] = true
	}
	for _, ref := range reported {
		r.keep(ref)
	}
	if needs.Has(NeedDefinitions) {
		r.keepCallees(reported)
	}
	if needs.Has(NeedFunctionCallers) {
		r.keepMisplacedFunctionCallers(reported)
	}
	if needs.Has(NeedTemplateRenderers) {
		r.keepTemplateRenderers(reported)
	}
	if needs.Has(NeedParameterSources) {
		r.keepParameterSources(reported)
	}
	if needs.Has(NeedHieraData) {
		r.keepHiera()
	}
	if needs.Has(NeedParameterTypes) {
		r.keepParameterTypes(reported)
	}
	if needs.Has(NeedAssigners) {
		r.keepAssigners()
	}

	// Names whose declarers are needed, with theirs in turn.
	var needed []string
	if len(resourceLike) > 0 || len(defaulted) > 0 || len(readFrom) > 0 || needs.Has(NeedEntryPoints) ||
		(needs.Has(NeedDefaultsOnTheWay) && r.orderDependable(reported)) {
		needed = append(needed, r.names(reported)...)
	}
	if needs.Has(NeedDeclarers) {
		// What can declare a resource of any type may instantiate a
		// defined type no declaration names (Program.Uninstantiated).
		anyTypes := r.titledBy(anyResource)
		for _, ref := range anyTypes {
			r.keep(ref)
		}
		r.keepTypeSources(anyTypes)
		r.keepDirectDeclarers(r.names(reported))
		r.keepDirectDeclarers(r.dataClasses(reported))
	}
	needed = append(needed, resourceLike...)
	if len(tested) > 0 {
		needed = append(needed, r.names(reported)...)
		needed = append(needed, r.keepTestedDeclarers(tested, testedClasses)...)
		r.keepCollectors(reported)
	}
	if len(references) > 0 {
		needed = append(needed, r.keepProviders(reported, references)...)
	}
	if len(titled) > 0 {
		needed = append(needed, r.keepMeetings(reported)...)
	}
	var reachedByDefaults []string
	if len(defaulted) > 0 {
		reachedByDefaults = r.keepDefaultsReach(reported, defaulted)
	}
	var mainTops []unitRef
	if needs.Has(NeedTopScope) {
		r.scan(scanNodes)
	}
	for i, f := range files {
		if f.Role == load.MainManifest {
			r.readFile(int32(i))
		}
		if sums[i] == nil {
			continue
		}
		if f.Role == load.MainManifest {
			mainTops = append(mainTops, unitRef{int32(i), 0})
		}
		if !needs.Has(NeedTopScope) {
			continue
		}
		hasNode := hasNodeUnit(sums[i])
		if f.Role == load.MainManifest || hasNode {
			r.readFile(int32(i))
			for j, u := range sums[i].Units {
				r.keep(unitRef{int32(i), int32(j)})
				needed = append(needed, u.Name)
			}
		}
	}
	above := append(r.keepDeclarers(needed), reported...)
	if needs.Has(NeedEarlyDeclarations) {
		r.keepBetween(mainTops, r.names(reported))
	}
	if len(readFrom) > 0 {
		r.keepBetween(above, readFrom)
		r.keepDirectDeclarers(readFrom)
	}
	if len(reachedByDefaults) > 0 {
		r.keepBetween(above, reachedByDefaults)
		r.keepDirectDeclarersOf(reachedByDefaults)
	}

	keep := make([]bool, len(files))
	for ref := range r.kept {
		keep[ref.file] = true
	}
	return keep
}

// keepTestedDeclarers keeps the units that declare what the reported
// units' defined() calls test (keys as Unit.Tested writes them; classes
// are also given by name), and returns their names.
func (r *relevance) keepTestedDeclarers(tested, classes []string) []string {
	var out []string
	for _, name := range classes {
		for _, c := range r.declaredBy(name) {
			r.keep(c)
			out = append(out, r.name(c))
		}
	}
	want := map[string]bool{}
	for _, key := range tested {
		want[key] = true
	}
	r.scan(scanTitled)
	for i, s := range r.sums {
		if s == nil {
			continue
		}
		for j, u := range s.Units {
			if slices.ContainsFunc(u.Titled, func(k string) bool { return want[k] }) {
				r.keep(unitRef{int32(i), int32(j)})
				r.readFile(int32(i))
				out = append(out, u.Name)
			}
		}
	}
	return out
}

// worklist is a set of items to visit, each once, in no particular order.
type worklist[T comparable] struct {
	seen map[T]bool
	todo []T
}

// add adds x unless it was added before.
func (w *worklist[T]) add(x T) {
	if w.seen == nil {
		w.seen = map[T]bool{}
	}
	if !w.seen[x] {
		w.seen[x] = true
		w.todo = append(w.todo, x)
	}
}

// next removes and returns an item still to visit; false when none is.
func (w *worklist[T]) next() (T, bool) {
	var x T
	if len(w.todo) == 0 {
		return x, false
	}
	x, w.todo = w.todo[len(w.todo)-1], w.todo[:len(w.todo)-1]
	return x, true
}

// unitRef is a unit of one file's summary.
type unitRef struct{ file, unit int32 }

// relevance is Relevant's working state.
type relevance struct {
	ix       *Index
	files    []*load.File
	sums     []*Summary
	reported []bool
	// wanted are the names besides defined ones whose declarers matter:
	// the classes and types the reported units declare resource-like,
	// set defaults for or test with defined().
	wanted map[string]bool
	kept   map[unitRef]bool
	// withBases are the names keepWithBases has kept with their bases.
	withBases map[string]bool
	// reads records what the computation looks at; nil records nothing.
	reads *Reads
}

func (r *relevance) unit(ref unitRef) *Unit {
	r.readFile(ref.file)
	return &r.sums[ref.file].Units[ref.unit]
}

// declares returns the names unit ref can evaluate (Index.declares).
func (r *relevance) declares(ref unitRef) []string {
	r.readFile(ref.file)
	return r.ix.declares(ref)
}

// defs returns the units defining name.
func (r *relevance) defs(name string) []unitRef {
	if r.reads != nil {
		r.reads.defs[name] = true
	}
	return r.ix.defs(name)
}

// declarers returns the units that can declare name (Index.declarers).
func (r *relevance) declarers(name string) []unitRef {
	if r.reads != nil {
		r.reads.declarers[name] = true
	}
	return r.ix.declarers(name)
}

// titledBy returns the units declaring a resource with key (Index.titledBy).
func (r *relevance) titledBy(key string) []unitRef {
	if r.reads != nil {
		r.reads.titled[key] = true
	}
	return r.ix.titledBy(key)
}

// undefinedDeclared calls f with each name some unit declares that no
// unit defines (Index.undefinedDeclared): it looks at every unit's
// declared and defined names.
func (r *relevance) undefinedDeclared(f func(name string)) {
	r.scan(scanDeclared)
	r.ix.undefinedDeclared(f)
}

// derivedFrom returns the classes inheriting class name.
func (r *relevance) derivedFrom(name string) []unitRef {
	if r.reads != nil {
		r.reads.derived[name] = true
	}
	return r.ix.derivedFrom(name)
}

// declaredBy returns the units that can declare name, when name is a
// defined name or a wanted one; other declared names (built-in resource
// types, mostly) link nothing.
func (r *relevance) declaredBy(name string) []unitRef {
	if !r.wanted[name] && len(r.defs(name)) == 0 {
		return nil
	}
	return r.declarers(name)
}

// isCallEntry reports whether a Declares entry is a function call.
func isCallEntry(name string) bool { return strings.HasSuffix(name, ")") }

// name is the name ref defines: a template's for its top-level code.
func (r *relevance) name(ref unitRef) string {
	r.readFile(ref.file)
	return r.ix.name(ref)
}

// keep keeps ref, reporting whether it was not kept yet.
func (r *relevance) keep(ref unitRef) bool {
	if r.kept[ref] {
		return false
	}
	r.kept[ref] = true
	return true
}

// keepWithBases keeps every definition of name and, transitively, of the
// classes those inherit, whichever step kept a definition first.
func (r *relevance) keepWithBases(name string) {
	work := worklist[string]{seen: r.withBases}
	work.add(name)
	for name, ok := work.next(); ok; name, ok = work.next() {
		for _, d := range r.defs(name) {
			r.keep(d)
			if p := r.unit(d).Parent; p != "" {
				work.add(p)
			}
		}
	}
}

// names returns the names refs define.
func (r *relevance) names(refs []unitRef) []string {
	var out []string
	for _, ref := range refs {
		if name := r.name(ref); name != "" {
			out = append(out, name)
		}
	}
	return out
}

// orderDependable reports whether a reported class declares resources of a
// type that a scope on the way of one of its declarations sets defaults
// for: which declaration comes first can then decide its resources'
// defaults. Those scopes are the units that can lead to the class (its
// declarers, transitively, with their base classes) and the node
// definitions among them; top scope is on every declaration's way alike.
func (r *relevance) orderDependable(reported []unitRef) bool {
	types := map[string]bool{}
	var names []string
	for _, ref := range reported {
		if u := r.unit(ref); u.Kind == UnitClass {
			names = append(names, u.Name)
			for _, t := range r.declares(ref) {
				types[t] = true
			}
		}
	}
	if len(names) == 0 {
		return false
	}
	sets := func(ref unitRef) bool {
		return slices.ContainsFunc(r.unit(ref).Defaults, func(t string) bool { return types[t] })
	}
	for name := range r.leadingTo(names, true) {
		for _, d := range r.defs(name) {
			if sets(d) {
				return true
			}
		}
		for _, c := range r.declaredBy(name) {
			if r.name(c) == "" && !(c.unit == 0 && r.files[c.file].Role == load.MainManifest) && sets(c) {
				return true // a node definition, or top-level code outside the main manifests
			}
		}
	}
	return false
}

// keepDirectDeclarers keeps the units that declare names, and every
// definition of those: whether they assign a variable a reported unit
// cannot see is part of its findings' messages.
func (r *relevance) keepDirectDeclarers(names []string) {
	for _, name := range names {
		for _, d := range r.defs(name) {
			r.keep(d)
		}
		for _, c := range r.declaredBy(name) {
			r.keep(c)
		}
	}
}

// keepDirectDeclarersOf keeps the units that declare each of names. Whether
// a default's leak through a class is a warning depends on whether code
// other than the default's chain declares the class (see Leak.Shown); a
// declarer the chain does not reach is evaluated in no catalog with the
// reported units, so it changes nothing else they report.
func (r *relevance) keepDirectDeclarersOf(names []string) {
	for _, name := range names {
		for _, c := range r.declaredBy(name) {
			r.keep(c)
		}
	}
}

// keepCallees keeps the definitions of what the reported units mention,
// and of the classes their calls of declaring functions declare (role(db)
// names role::db), with their base classes.
func (r *relevance) keepCallees(reported []unitRef) {
	for _, ref := range reported {
		r.keep(ref)
		if p := r.unit(ref).Parent; p != "" {
			r.keepWithBases(p)
		}
		for _, m := range r.mentionedNames(ref) {
			r.keepWithBases(m)
		}
		for _, d := range r.declares(ref) {
			r.keepWithBases(d)
		}
	}
}

// keepParameterSources keeps the units that set resource defaults for, or
// collect with an override block, the defined types the reported units
// declare: those can give a parameter its value, so whether a declaration
// that does not pass it fails depends on them.
func (r *relevance) keepParameterSources(reported []unitRef) {
	types := map[string]bool{}
	for _, ref := range reported {
		for _, name := range r.declares(ref) {
			if slices.ContainsFunc(r.defs(name), func(d unitRef) bool { return r.unit(d).Kind == UnitDefinedType }) {
				types[name] = true
			}
		}
	}
	if len(types) == 0 {
		return
	}
	r.scan(scanDefaults)
	for i, s := range r.sums {
		if s == nil {
			continue
		}
		for j, u := range s.Units {
			if slices.ContainsFunc(u.Defaults, func(t string) bool { return types[t] }) ||
				slices.ContainsFunc(u.Overrides, func(t string) bool { return types[t] }) {
				r.keep(unitRef{int32(i), int32(j)})
			}
		}
	}
}

// keepMisplacedFunctionCallers keeps the units that mention a function a
// reported file defines outside the functions/ directories: Puppet never
// autoloads it, so whether calls of it work depends on where they are.
func (r *relevance) keepMisplacedFunctionCallers(reported []unitRef) {
	names := map[string]bool{}
	for _, ref := range reported {
		if u := r.unit(ref); u.Kind == UnitDefinition && r.files[ref.file].Role != load.ModuleFunction {
			names[u.Name] = true
		}
	}
	if len(names) == 0 {
		return
	}
	r.keepMentioning(names)
}

// keepTemplateRenderers keeps, for each reported EPP template, the units
// rendering it and, through templates that render it, theirs in turn:
// whether manifest code renders a template at all decides the severity
// of what is read in it (Static.TemplateRendered).
func (r *relevance) keepTemplateRenderers(reported []unitRef) {
	var work []string
	seen := map[string]bool{}
	for _, ref := range reported {
		if name := templateName(r.files[ref.file]); ref.unit == 0 && name != "" && !seen[name] {
			seen[name] = true
			work = append(work, name)
		}
	}
	if len(work) == 0 {
		return
	}
	for len(work) > 0 {
		name := work[len(work)-1]
		work = work[:len(work)-1]
		for _, ref := range r.declarers(name) {
			r.keep(ref)
			if outer := templateName(r.files[ref.file]); ref.unit == 0 && outer != "" && !seen[outer] {
				seen[outer] = true
				work = append(work, outer)
			}
		}
	}
}

// keepDefaultsReach keeps what defaults for the given types set in the
// reported units can reach, and returns the classes among it, whose
// declarations in the catalogs evaluating the reported units decide
// whether the defaults reach them. A default
// reaches a resource through declarations (and the classes inheriting a
// class it reaches, whose parent scope is on the way), so only units that
// lead to a resource of one of the types matter.
func (r *relevance) keepDefaultsReach(reported []unitRef, types []string) []string {
	leads := r.leadingTo(types, true)
	var classes []string
	var work worklist[unitRef]
	for _, ref := range reported {
		work.add(ref)
	}
	for ref, ok := work.next(); ok; ref, ok = work.next() {
		u := r.unit(ref)
		if !r.reported[ref.file] {
			r.keepWithBases(r.name(ref))
			if u.Kind == UnitClass {
				classes = append(classes, u.Name)
			}
		}
		for _, name := range r.declares(ref) {
			if leads[name] {
				for _, d := range r.defs(name) {
					work.add(d)
				}
			}
		}
		if u.Kind == UnitClass {
			for _, d := range r.derivedFrom(u.Name) {
				if leads[r.unit(d).Name] {
					work.add(d)
				}
			}
		}
	}
	return classes
}

// leadingTo returns the names of the units that can declare one of names,
// directly or through others, and names themselves. With bases, the base
// classes of those lead to them too: a base class's scope is the parent
// scope of the classes inheriting it.
func (r *relevance) leadingTo(names []string, bases bool) map[string]bool {
	var work worklist[string]
	for _, n := range names {
		work.add(n)
	}
	for name, ok := work.next(); ok; name, ok = work.next() {
		for _, c := range r.declaredBy(name) {
			if n := r.name(c); n != "" {
				work.add(n)
			}
		}
		if bases {
			for _, d := range r.defs(name) {
				if p := r.unit(d).Parent; p != "" {
					work.add(p)
				}
			}
		}
	}
	return work.seen
}

// keepDeclarers keeps the definitions of names, their declarers and the
// declarers of those, transitively, with the base classes of each and the
// declarers of those. It returns the units it went through.
func (r *relevance) keepDeclarers(names []string) []unitRef {
	var units []unitRef
	var work worklist[string]
	add := func(name string) {
		if name != "" {
			work.add(name)
		}
	}
	for _, name := range names {
		add(name)
	}
	for name, ok := work.next(); ok; name, ok = work.next() {
		for _, d := range r.defs(name) {
			r.keep(d)
			units = append(units, d)
			add(r.unit(d).Parent)
		}
		for _, c := range r.declaredBy(name) {
			r.keep(c)
			units = append(units, c)
			add(r.name(c))
		}
	}
	return units
}

// keepBetween keeps, for the given classes, every unit on a chain of
// declarations from one of from down to one of them, with base classes.
func (r *relevance) keepBetween(from []unitRef, classes []string) {
	leads := r.leadingTo(classes, false)
	// Down from the given units, through those names only.
	units := slices.Clone(from)
	visited := map[string]bool{}
	for len(units) > 0 {
		ref := units[len(units)-1]
		units = units[:len(units)-1]
		for _, name := range r.declares(ref) {
			if !leads[name] || visited[name] {
				continue
			}
			visited[name] = true
			for _, d := range r.defs(name) {
				r.keep(d)
				units = append(units, d)
				if p := r.unit(d).Parent; p != "" {
					r.keepWithBases(p)
				}
			}
		}
	}
}

// templateName is TemplateName in lower case, as summaries mention names.
func templateName(f *load.File) string { return strings.ToLower(TemplateName(f)) }

// TemplateName is the name epp() renders a module's EPP template by
// ("mod/path/under/templates.epp"), or "" for a file that is not one.
func TemplateName(f *load.File) string {
	if f == nil || f.Module == nil || !strings.HasSuffix(f.Path, ".epp") {
		return ""
	}
	rel, ok := strings.CutPrefix(f.RelInModule, "templates/")
	if !ok {
		return ""
	}
	return f.Module.Name + "/" + rel
}

// keepHiera keeps, when a reported file is a Hiera file, every Hiera file
// and, when a data file is reported, every unit that may look up a key of
// the namespaces of its keys (see NeedHieraData): only findings on data
// depend on what code looks up, only on the keys of classes
// (<class>::<param>, whose namespaces the data file's summary mentions).
// When only code is reported, and some of it looks keys up, it keeps
// every configuration and the data files of the layers that can serve
// its literal keys (see hieraLayersFor): findings on code depend on data
// only through whether such a layer has a key, or a data file it cannot
// parse (Hiera's DataHas and Broken).
func (r *relevance) keepHiera() {
	data, hieraReported, lookups := false, false, false
	namespaces := map[string]bool{} // of the reported data files' keys
	var codeKeys []string           // the literal keys reported code looks up
	for i, f := range r.files {
		if !r.reported[i] {
			continue
		}
		if f.Role == load.HieraData {
			r.readMentions(int32(i)) // the namespaces of its keys
			data = true
			if r.sums[i] != nil {
				for _, u := range r.sums[i].Units {
					for _, m := range u.Mentions {
						namespaces[m] = true
					}
				}
			}
		}
		if f.Role.IsHiera() {
			hieraReported, lookups = true, true
			continue
		}
		r.readMentionedNames(int32(i)) // for calls of lookup functions only
		if r.sums[i] == nil {
			continue
		}
		for _, u := range r.sums[i].Units {
			if slices.ContainsFunc(u.Mentions, IsLookupFunction) {
				lookups = true
				codeKeys = append(codeKeys, u.Lookups...)
			}
		}
	}
	if !lookups {
		return // no reported file is Hiera's or looks keys up: no finding depends on data
	}
	if data {
		r.scan(scanLookups)
	}
	var serves func(f *load.File) bool
	if !hieraReported {
		serves = r.hieraLayersFor(codeKeys)
	}
	for i, f := range r.files {
		if f.Role.IsHiera() {
			r.readFile(int32(i))
		}
		if r.sums[i] == nil {
			continue
		}
		hieraKept := f.Role.IsHiera() && (serves == nil || serves(f))
		for j, u := range r.sums[i].Units {
			if hieraKept || data && slices.ContainsFunc(u.Lookups, func(k string) bool { return lookupMayAsk(k, namespaces) }) {
				r.keep(unitRef{int32(i), int32(j)})
			}
		}
	}
}

// keepAssigners keeps the units that can declare classes by names they
// compute, which includes those including what a lookup returns, and the
// Hiera files of the layers that can serve the keys they look up: which
// classes nothing declares the tree can assign (Program.OnlyENC).
func (r *relevance) keepAssigners() {
	var keys []string
	for _, ref := range r.titledBy(anyResource) {
		r.keep(ref)
		keys = append(keys, r.unit(ref).Lookups...)
	}
	if len(keys) == 0 {
		return
	}
	serves := r.hieraLayersFor(keys)
	for i, f := range r.files {
		if !f.Role.IsHiera() {
			continue
		}
		r.readFile(int32(i))
		if r.sums[i] != nil && serves(f) {
			for j := range r.sums[i].Units {
				r.keep(unitRef{int32(i), int32(j)})
			}
		}
	}
}

// hieraLayersFor returns whether a Hiera file is one that findings on
// code looking up keys (entries of Unit.Lookups) can depend on: every
// configuration, the data files of layers that are not a module's (an
// environment's: a lookup from code of that environment searches it for
// any key), and those of the module layers the keys' first segments
// name, which a lookup of such a key searches too. An interpolated or
// computed key is no literal key: no finding on it asks the data.
func (r *relevance) hieraLayersFor(keys []string) func(f *load.File) bool {
	modules := map[string]bool{}
	for _, k := range keys {
		if k == "*" || strings.HasPrefix(k, "~") {
			continue
		}
		key, _, _ := strings.Cut(strings.TrimPrefix(k, "::"), ".")
		mod, _, _ := strings.Cut(key, "::")
		modules[mod] = true
	}
	// The module, if any, whose layer each configuration is.
	configModule := map[string]*load.Module{}
	for _, f := range r.files {
		if f.Role == load.HieraConfig {
			configModule[f.Path] = f.Module
		}
	}
	return func(f *load.File) bool {
		if f.Role != load.HieraData {
			return true
		}
		m, ok := configModule[f.HieraConfig]
		return !ok || m == nil || modules[strings.ToLower(m.Name)] || f.Module != nil && modules[strings.ToLower(f.Module.Name)]
	}
}

// dataClasses returns the classes of the tree that the keys of the
// reported Hiera data files can name (<class>::<param>): automatic
// parameter lookup passes their values to the class's parameters, so
// what decides the class's parameters and declarations decides findings
// on those values.
func (r *relevance) dataClasses(reported []unitRef) []string {
	var out []string
	for _, ref := range reported {
		if r.files[ref.file].Role != load.HieraData {
			continue
		}
		for _, m := range r.mentionedNames(ref) {
			if slices.ContainsFunc(r.defs(m), func(d unitRef) bool { return r.unit(d).Kind == UnitClass }) {
				out = append(out, m)
			}
		}
	}
	return out
}

// keepTypeSources keeps, for the definitions among units that can declare
// a resource of any type, what decides which types they declare when they
// take the type from a parameter (Program.Uninstantiated): the units
// calling such a function, and those declaring such a class or defined
// type.
func (r *relevance) keepTypeSources(units []unitRef) {
	names := map[string]bool{}
	for _, ref := range units {
		if u := r.unit(ref); u.Kind == UnitDefinition && u.Name != "" {
			names[u.Name] = true
			for _, c := range r.declaredBy(u.Name) {
				r.keep(c)
			}
		}
	}
	if len(names) == 0 {
		return
	}
	r.keepMentioning(names)
}

// keepMentioning keeps every unit that mentions one of names, scanning
// every file's Mentions.
func (r *relevance) keepMentioning(names map[string]bool) {
	r.readMentioners(names)
	for i, s := range r.sums {
		if s == nil {
			continue
		}
		for j, u := range s.Units {
			if slices.ContainsFunc(u.Mentions, func(m string) bool { return names[m] }) {
				r.keep(unitRef{int32(i), int32(j)})
			}
		}
	}
}
