package model

import (
	"slices"
	"strings"

	"github.com/ducklint/ducklint/parser/load"
)

// Relevant returns, for each file of a loaded tree, whether the model must
// hold it for the findings on the reported files to be exactly those of a
// model holding every file. sums[i] is the summary of files[i], nil for a
// file left out of the program (it could not be read). It lets a
// run that reports few files (an editor linting one file with its
// environment as context) parse only the files that can matter.
//
// A reported file's findings depend on the code that declares its
// definitions, directly or through other definitions, up to the node
// definitions and main manifests (the callers); and on everything those
// callers, the main manifests' top-level code and the reported file
// evaluate or refer to (the callees), since Puppet's evaluation order and
// the scopes a read can see are decided there. A resource-like class
// declaration in a reported file can meet any other declaration of that
// class, so those declarers count as callers too. Catalogs that never
// evaluate a reported file cannot put findings in it. Callers and callees
// are found by name over the summaries' mentions, which over-approximate
// every reference the model resolves. Main manifests and every file
// holding a node definition are always kept: they make the top and node
// scopes. Files defining a name that a kept unit defines are kept too, so
// duplicate definitions look the same.
func Relevant(files []*load.File, sums []*Summary) []bool {
	type unitRef struct{ file, unit int32 }
	keep := make([]bool, len(files))
	defs := map[string][]unitRef{}
	mentionedBy := map[string][]unitRef{}
	for i, s := range sums {
		if s == nil {
			continue
		}
		for j, u := range s.Units {
			name := u.Name
			if j == 0 {
				name = templateName(files[i])
			}
			if name != "" {
				defs[name] = append(defs[name], unitRef{int32(i), int32(j)})
			}
		}
	}
	// Only mentions of defined names link units; most mentions are
	// attribute values and built-in names.
	for i, s := range sums {
		if s == nil {
			continue
		}
		for j, u := range s.Units {
			for _, m := range u.Mentions {
				if _, ok := defs[m]; ok {
					mentionedBy[m] = append(mentionedBy[m], unitRef{int32(i), int32(j)})
				}
			}
		}
	}

	unitName := func(r unitRef) string {
		if r.unit == 0 {
			return templateName(files[r.file])
		}
		return sums[r.file].Units[r.unit].Name
	}
	// Callers: units that mention a name defined by the reported files or
	// by a caller, transitively.
	callers := map[unitRef]bool{}
	var work []unitRef
	start := func(r unitRef) {
		if !callers[r] {
			callers[r] = true
			work = append(work, r)
		}
	}
	for i, f := range files {
		if !f.Reported || sums[i] == nil {
			continue
		}
		for j := range sums[i].Units {
			start(unitRef{int32(i), int32(j)})
		}
	}
	// A resource-like class declaration in a reported file meets every
	// other declaration of the class in the catalogs they share, so the
	// units declaring those classes are callers too.
	resourceLike := map[string]bool{}
	for r := range callers {
		for _, name := range sums[r.file].Units[r.unit].ResourceLike {
			resourceLike[name] = true
		}
	}
	if len(resourceLike) > 0 {
		for i, s := range sums {
			if s == nil {
				continue
			}
			for j, u := range s.Units {
				if slices.ContainsFunc(u.Mentions, func(m string) bool { return resourceLike[m] }) {
					start(unitRef{int32(i), int32(j)})
				}
			}
		}
	}
	for len(work) > 0 {
		r := work[len(work)-1]
		work = work[:len(work)-1]
		if name := unitName(r); name != "" {
			for _, c := range mentionedBy[name] {
				start(c)
			}
		}
	}

	// Callees: everything the callers, the reported files and the main
	// manifests' top-level code mention, transitively.
	callees := map[unitRef]bool{}
	reach := func(r unitRef) {
		if !callees[r] {
			callees[r] = true
			work = append(work, r)
		}
	}
	for r := range callers {
		reach(r)
	}
	for i, f := range files {
		if sums[i] == nil {
			continue
		}
		hasNode := false
		for _, u := range sums[i].Units {
			hasNode = hasNode || u.Kind == UnitNode
		}
		if f.Role == load.MainManifest || hasNode {
			keep[i] = true
			reach(unitRef{int32(i), 0})
		}
	}
	for len(work) > 0 {
		r := work[len(work)-1]
		work = work[:len(work)-1]
		for _, m := range sums[r.file].Units[r.unit].Mentions {
			for _, d := range defs[m] {
				reach(d)
			}
		}
		// Every definition of the same name looks the same.
		if name := unitName(r); name != "" {
			for _, d := range defs[name] {
				reach(d)
			}
		}
	}
	for r := range callees {
		keep[r.file] = true
	}
	for i, f := range files {
		if f.Reported {
			keep[i] = true
		}
	}
	return keep
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
