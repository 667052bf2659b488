package model

import (
	"slices"
	"strings"

	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules/builtin"
)

// Relevant returns, for each file of a loaded tree, whether the model must
// hold it for the findings on the reported files to be exactly those of a
// model holding every file. sums[i] is the summary of files[i], nil for a
// file left out of the program (it could not be read). It lets a run that
// reports few files (an editor linting one file with its environment as
// context) parse only the files that can matter.
//
// What a reported file's findings depend on, and so what is kept:
//
//   - The definitions it names, with their base classes: whether a class,
//     a variable or a defined type exists, and where a name resolves.
//   - Where its classes and defined types are evaluated from, when that
//     can change its findings: when it declares a class resource-like,
//     sets resource defaults or reads another class's variables, or is a
//     class with resources of a type that code other than top scope sets
//     defaults for. Then every unit that can declare it (include,
//     resource, inherits, epp()) is kept, and transitively their
//     declarers, with the base classes of each and their declarers (a
//     base class's scope is the parent scope of the class inheriting it),
//     up to the main manifests and node definitions. Puppet evaluates a
//     class at its first declaration, so these decide where its classes
//     are evaluated from, the defaults their declarations carry and which
//     classes are guaranteed to be evaluated first. Otherwise only the
//     units declaring it directly are kept (unknown-variable names the
//     variables they assign), and the declarations leading to it from the
//     main manifests' top-level code, which run before later top-scope
//     assignments.
//   - The declarers, in the same way, of the classes its resource-like
//     declarations name: those meet every other declaration of the class.
//   - When it sets defaults for some resource types, the units through
//     which its declarations reach resources of those types (including
//     classes inheriting a class it declares), and the units on
//     declaration paths from its declarers down to each such class: a
//     default reaches a class only if the class is first evaluated below
//     it, which only the catalogs that evaluate the file decide. And the
//     units declaring each such class: whether code outside those paths
//     declares it too decides whether a leak is certain (a warning).
//   - For each class whose variables it reads, the units on declaration
//     paths from its declarers down to that class: whether a declaration
//     earlier in a declaring scope always evaluates the class is decided
//     there. And the units declaring that class: whether anything in the
//     tree declares it decides whether a chain of declarations that starts
//     outside the tree surely misses it.
//   - The units mentioning a function it defines outside the functions/
//     directories: Puppet never autoloads such a function, so its calls
//     work only from code that its file's loading precedes.
//   - For a reported EPP template, the units rendering it, and through
//     templates rendering it theirs: whether manifest code renders it
//     decides the severity of its reads.
//   - The units declaring a resource with a key (title or namevar) a
//     reported unit's resources have, and where those units and the
//     reported ones are evaluated from: whether one catalog holds two of
//     them is decided there.
//   - For the resources a reported unit's relationships name, the units
//     declaring them and those that could declare any resource of their
//     types: with a computed title, through create_resources, or being
//     code of a module outside the tree.
//   - The main manifests and files with node definitions: they make top
//     and node scope and start every catalog. A class defined there is
//     kept with its declarers.
//
// Code that can declare none of these cannot change when or from where
// any of them is evaluated, so it is left out even when a kept unit
// evaluates it too. (With its declarers left out, a kept class may look
// like one nothing declares and be simulated on its own from top scope;
// such a simulation evaluates nothing the reported file's findings depend
// on beyond the top-scope code every simulation starts with.) Names
// are matched over the summaries' mentions and declared names, which
// over-approximate what the model resolves; every definition of a kept
// name is kept, so duplicates look the same.
//
// declaring are the tree's declaring functions (TreeDeclaringFunctions):
// a unit calling one with a literal argument declares the class it names.
func Relevant(files []*load.File, sums []*Summary, declaring DeclaringFunctions) []bool {
	reported := make([]bool, len(files))
	for i, f := range files {
		reported[i] = f.Reported
	}
	return NewIndex(files, sums, declaring).Relevant(reported)
}

// Relevant is the package's Relevant over the index's files and summaries,
// with the files at reportedFiles[i] reported.
func (ix *Index) Relevant(reportedFiles []bool) []bool {
	files, sums := ix.files, ix.sums
	r := relevance{ix: ix, files: files, sums: sums, reported: reportedFiles, kept: map[unitRef]bool{},
		withBases: map[string]bool{}}

	var reported []unitRef
	var resourceLike, defaulted, tested, testedClasses, titled, references []string
	for i := range files {
		if r.reported[i] && sums[i] != nil {
			for j, u := range sums[i].Units {
				reported = append(reported, unitRef{int32(i), int32(j)})
				resourceLike = append(resourceLike, u.ResourceLike...)
				defaulted = append(defaulted, u.Defaults...)
				tested = append(tested, u.Tested...)
				titled = append(titled, u.Titled...)
				references = append(references, u.References...)
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
	r.keepCallees(reported)
	r.keepMisplacedFunctionCallers(reported)
	r.keepTemplateRenderers(reported)

	var readFrom []string
	for _, ref := range reported {
		readFrom = append(readFrom, r.unit(ref).ReadsFrom...)
	}

	// Names whose declarers are needed, with theirs in turn.
	var needed []string
	if len(resourceLike) > 0 || len(defaulted) > 0 || len(readFrom) > 0 || r.orderDependable(reported) {
		for _, ref := range reported {
			needed = append(needed, r.name(ref))
		}
	} else {
		r.keepDirectDeclarers(r.names(reported))
	}
	needed = append(needed, resourceLike...)
	if len(tested) > 0 {
		// Where a defined() guard runs, and where what it tests is
		// declared, decide whether one catalog holds both.
		needed = append(needed, r.names(reported)...)
		needed = append(needed, r.keepTestedDeclarers(tested, testedClasses)...)
	}
	if len(references) > 0 {
		r.keepTitling(references)
		r.keepProviders(referencedTypes(references))
	}
	if shared := r.sharedTitles(titled); len(shared) > 0 || r.duplicatesWithin(reported) {
		// Whether a resource can be declared twice in one catalog depends
		// on every unit declaring it and on where each is evaluated from.
		needed = append(needed, r.names(reported)...)
		needed = append(needed, r.keepTitling(shared)...)
	}
	var reachedByDefaults []string
	if len(defaulted) > 0 {
		reachedByDefaults = r.keepDefaultsReach(reported, defaulted)
	}
	var mainTops []unitRef
	// A class defined beside the main manifests or a node definition is
	// needed with its declarers, or it would look like a class nothing
	// declares.
	for i, f := range files {
		if sums[i] == nil {
			continue
		}
		hasNode := slices.ContainsFunc(sums[i].Units, func(u Unit) bool { return u.Kind == UnitNode })
		if f.Role == load.MainManifest {
			mainTops = append(mainTops, unitRef{int32(i), 0})
		}
		if f.Role == load.MainManifest || hasNode {
			for j, u := range sums[i].Units {
				r.keep(unitRef{int32(i), int32(j)})
				needed = append(needed, u.Name)
			}
		}
	}
	above := append(r.keepDeclarers(needed), reported...)
	r.keepBetween(mainTops, r.names(reported))
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
	for i := range files {
		keep[i] = keep[i] || (r.reported[i] && sums[i] != nil)
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
	for i, s := range r.sums {
		if s == nil {
			continue
		}
		for j, u := range s.Units {
			if slices.ContainsFunc(u.Titled, func(k string) bool { return want[k] }) {
				r.keep(unitRef{int32(i), int32(j)})
				out = append(out, u.Name)
			}
		}
	}
	return out
}

// keepTitling keeps the units declaring a resource with one of keys
// (Unit.Titled) and returns their names.
func (r *relevance) keepTitling(keys []string) []string {
	if len(keys) == 0 {
		return nil
	}
	want := map[string]bool{}
	for _, k := range keys {
		want[k] = true
	}
	var out []string
	for i, s := range r.sums {
		if s == nil {
			continue
		}
		for j, u := range s.Units {
			if slices.ContainsFunc(u.Titled, func(k string) bool { return want[k] }) {
				r.keep(unitRef{int32(i), int32(j)})
				out = append(out, u.Name)
			}
		}
	}
	return out
}

// sharedTitles returns the keys of titled, the reported units' resource
// keys, that two or more units declare.
func (r *relevance) sharedTitles(titled []string) []string {
	if len(titled) == 0 {
		return nil
	}
	count := map[string]int{}
	for _, k := range titled {
		if !strings.HasSuffix(k, "[]") && k != twiceInUnit {
			count[k] = 0
		}
	}
	for _, s := range r.sums {
		if s == nil {
			continue
		}
		for _, u := range s.Units {
			for _, k := range u.Titled {
				if c, ok := count[k]; ok {
					count[k] = c + 1
				}
			}
		}
	}
	var out []string
	for k, c := range count {
		if c > 1 {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// duplicatesWithin reports whether a reported unit declares one resource
// key twice, or is a defined type declaring resources with constant
// titles (each instance declares them again): whether those meet depends
// on where the unit is evaluated from.
func (r *relevance) duplicatesWithin(reported []unitRef) bool {
	for _, ref := range reported {
		u := r.unit(ref)
		if slices.Contains(u.Titled, twiceInUnit) {
			return true
		}
		if u.Kind == UnitDefinedType && slices.ContainsFunc(u.Titled, func(k string) bool { return !strings.HasSuffix(k, "[]") }) {
			return true
		}
	}
	return false
}

// referencedTypes are the resource types of reference keys.
func referencedTypes(refs []string) map[string]bool {
	out := map[string]bool{}
	for _, key := range refs {
		if typ, _, ok := strings.Cut(key, "["); ok {
			out[typ] = true
		}
	}
	return out
}

// keepProviders keeps the units that can declare a resource of one of
// types with a title the code does not show (a computed title,
// create_resources, a computed type), and those declaring a class or
// defined type of a module outside the tree, which may declare anything:
// whether a reference can be satisfied depends on them (see
// Program.CanProvide).
func (r *relevance) keepProviders(types map[string]bool) {
	modules := map[string]bool{}
	for _, f := range r.files {
		if f.Module != nil {
			modules[f.Module.Name] = true
		}
	}
	external := func(name string) bool {
		if len(r.defs(name)) > 0 || builtin.IsResourceType(name) || builtin.IsCoreModuleResourceType(name) ||
			isCallEntry(name) || strings.HasSuffix(name, ".epp") {
			return false
		}
		mod, _, _ := strings.Cut(name, "::")
		return !modules[mod]
	}
	for i, s := range r.sums {
		if s == nil {
			continue
		}
		for j, u := range s.Units {
			keep := slices.ContainsFunc(u.Titled, func(k string) bool {
				typ, title, _ := strings.Cut(k, "[")
				return k == anyResource || title == "]" && types[typ]
			}) || slices.ContainsFunc(u.Declares, external)
			if keep {
				r.keep(unitRef{int32(i), int32(j)})
			}
		}
	}
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
}

func (r *relevance) unit(ref unitRef) *Unit { return &r.sums[ref.file].Units[ref.unit] }

// declares returns the names unit ref can evaluate (Index.declares).
func (r *relevance) declares(ref unitRef) []string { return r.ix.declares(ref) }

// defs returns the units defining name.
func (r *relevance) defs(name string) []unitRef { return r.ix.defs(name) }

// declaredBy returns the units that can declare name, when name is a
// defined name or a wanted one; other declared names (built-in resource
// types, mostly) link nothing.
func (r *relevance) declaredBy(name string) []unitRef {
	if !r.wanted[name] && len(r.ix.defs(name)) == 0 {
		return nil
	}
	return r.ix.declarers(name)
}

// isCallEntry reports whether a Declares entry is a function call.
func isCallEntry(name string) bool { return strings.HasSuffix(name, ")") }

// name is the name ref defines: a template's for its top-level code.
func (r *relevance) name(ref unitRef) string { return r.ix.name(ref) }

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
// with their base classes.
func (r *relevance) keepCallees(reported []unitRef) {
	for _, ref := range reported {
		r.keep(ref)
		if p := r.unit(ref).Parent; p != "" {
			r.keepWithBases(p)
		}
		for _, m := range r.unit(ref).Mentions {
			r.keepWithBases(m)
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
		for _, ref := range r.ix.declarers(name) {
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
			for _, d := range r.ix.derivedFrom(u.Name) {
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
