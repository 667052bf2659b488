package rules

import (
	"fmt"
	"strings"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules/builtin"
	"github.com/ducklint/ducklint/rules/model"
)

const neverGuessed = ` Names of modules that are not in the tree are not guessed at: a module the tree lists as a dependency ` +
	`(Puppetfile, metadata.json, .fixtures.yml) may define any name, and a tree that lists none may use any module.`

// UnknownClass reports class names that neither the tree nor its declared
// dependencies can provide.
func UnknownClass() *Rule {
	return &Rule{
		ID:       "unknown-class",
		Title:    "A declared class that no module of the tree or its dependencies defines",
		Severity: Error,
		Kind:     PerFile,
		Context:  model.NeedDefinitions | model.NeedDeclarers | model.NeedTopScope,
		Doc: `include, require, contain, a resource-like class { 'x': } and inherits make Puppet load class x; when
no module defines it, compilation fails with "Could not find class ::x". The rule reports a literal class name
whose module is in the tree but does not define it, and one whose module is neither in the tree nor among the
dependencies the tree declares (its Puppetfile, a module's metadata.json or .fixtures.yml).` + neverGuessed,
		Run: runUnknownClass,
	}
}

// UnknownResourceType reports resource types that neither Puppet, the tree
// nor its declared dependencies can provide.
func UnknownResourceType() *Rule {
	return &Rule{
		ID:       "unknown-resource-type",
		Title:    "A resource type that neither Puppet nor a module of the tree or its dependencies defines",
		Severity: Error,
		Kind:     PerFile,
		Context:  model.NeedDefinitions | model.NeedDeclarers | model.NeedTopScope,
		Doc: `A resource declaration, a resource default (Type { ... }) or a collector (Type <| |>) of a type that
is not a core type, a defined type or a Ruby type (lib/puppet/type) fails compilation with "Unknown resource
type: 'x'". The rule reports such a type when the module its name belongs to is in the tree and does not
define it, or is neither in the tree nor among the tree's declared dependencies. A type without a namespace
may be a Ruby type of any module: it is reported only when no dependency outside the tree could define it.` +
			neverGuessed,
		Run: runUnknownResourceType,
	}
}

// UnknownFunction reports calls of functions that neither Puppet, the
// tree nor its declared dependencies can provide.
func UnknownFunction() *Rule {
	return &Rule{
		ID:       "unknown-function",
		Title:    "A called function that neither Puppet nor a module of the tree or its dependencies defines",
		Severity: Error,
		Kind:     PerFile,
		Context:  model.NeedDefinitions | model.NeedDeclarers | model.NeedTopScope,
		Doc: `Calling a function that is not built into Puppet, not written in Puppet (functions/) and not written in
Ruby (lib/puppet/functions, lib/puppet/parser/functions) fails compilation with "Unknown function: 'x'". The
rule reports such a call when the function's module is in the tree and does not define it, or is neither in
the tree nor among the tree's declared dependencies. A function without a namespace may come from any module's
lib/puppet/parser/functions: it is reported only when no dependency outside the tree could define it. Bolt
plans, which call Bolt's own functions, are not checked.` + neverGuessed,
		Run: runUnknownFunction,
	}
}

// unknownName is what the rules say of a name that the tree cannot provide.
type unknownName struct {
	kind   string // "class", "resource type", "function"
	name   string // as Puppet names it
	status model.NameStatus
	module string
	near   string // a defined name it may be a typo of
}

// why says why the name is unknown, for the message.
func (u unknownName) why(names *model.Names, f *model.File) string {
	switch {
	case u.status == model.NameNotInModule && u.module == "environment":
		return "the environment does not define it"
	case u.status == model.NameNotInModule:
		return fmt.Sprintf("module %s does not define it", u.module)
	case u.module == "" || !strings.Contains(u.name, "::") && u.kind != "class":
		return "no module of the tree defines it and " + dependencyNoun(names, f) + " names no other"
	}
	return fmt.Sprintf("module %s is neither in the tree nor in %s", u.module, dependencyNoun(names, f))
}

// dependencyNoun names the dependency files read: one by path, several by
// name ("Puppetfile, metadata.json").
func dependencyNoun(names *model.Names, f *model.File) string {
	files := names.DependencyFiles(f)
	if len(files) == 1 {
		return files[0]
	}
	var bases []string
	for _, f := range files {
		b := f[strings.LastIndex(f, "/")+1:]
		if !strings.Contains(strings.Join(bases, " "), b) {
			bases = append(bases, b)
		}
	}
	return strings.Join(bases, ", ")
}

// optionalAddOn says why a namespaced name from module, which is neither
// in the tree nor among its dependencies, is no error in def: in a tree
// without node definitions (a module), def is a class or defined type
// other than its module's main class that nothing in the tree declares —
// an optional integration, like a php module's vhost class for users of
// apache — and whoever declares it decides whether module is installed,
// which the tree does not show. "" otherwise: the main class and code the
// tree's own declarations reach need the module.
func optionalAddOn(prog *model.Program, def *model.Definition, name, module string) string {
	if def == nil || def.Kind != model.ClassDef && def.Kind != model.DefineDef || !strings.Contains(name, "::") ||
		prog.HasNodes(def.File) || !strings.Contains(def.Name, "::") || len(prog.DeclarationsOf(def.Name)) > 0 {
		return ""
	}
	return fmt.Sprintf("Nothing in the tree declares %s: it is an optional part for others to use, and works where they "+
		"install module %s too, which the tree does not show.", def.Name, module)
}

// report reports u at span of the pass's file with the severity of s.
func (u unknownName) report(p *Pass, s site, span parser.Span, puppetSays string) {
	sev, why, ok := compileSeverity(p, s, model.NormalizeClassName(u.name))
	if !ok {
		return
	}
	if sev == Error && u.status == model.NameNowhere {
		if addOn := optionalAddOn(p.Program, s.def, u.name, u.module); addOn != "" {
			sev, why = Info, addOn
		} else if p.File.Documentation() {
			// An example may use a module its reader installs beside the
			// module (java for tomcat's examples).
			sev, why = Info, fmt.Sprintf("This is example or test code, whose reader may install module %s beside the module.", u.module)
		}
	}
	names := p.Program.Names()
	msg := fmt.Sprintf("unknown %s '%s': %s", u.kind, u.name, u.why(names, p.File))
	short := fmt.Sprintf("unknown %s '%s'", u.kind, u.name)
	if u.near != "" {
		msg += fmt.Sprintf("; did you mean '%s'?", u.near)
		short += fmt.Sprintf("; did you mean '%s'?", u.near)
	}
	detail := fmt.Sprintf("Puppet fails the catalog with \"%s\".", puppetSays)
	if files := names.DependencyFiles(p.File); len(files) > 0 && u.status == model.NameNowhere {
		detail += fmt.Sprintf(" The dependencies read are in %s; add the module there if it is installed.", strings.Join(files, ", "))
	}
	if why != "" {
		detail += " " + why
	}
	p.Report(Diagnostic{File: p.File.Path, Start: span.Start, End: span.End, Severity: sev, Message: fit(msg, short), Detail: detail})
}

func runUnknownClass(p *Pass) {
	names := p.Program.Names()
	sug := newSuggester(p.File)
	check := func(i int, name string, span parser.Span) {
		name = model.NormalizeClassName(name)
		if name == "" || !builtin.ValidClassName(name) {
			return // invalid-class-name's
		}
		status, mod := names.Class(p.File, name)
		if status == model.NameKnown || status == model.NameUnknowable {
			return
		}
		u := unknownName{kind: "class", name: name, status: status, module: mod, near: nearestClass(names, sug, name, mod)}
		u.report(p, siteAt(p, i), span, fmt.Sprintf("Could not find class ::%s for <node>", name))
	}
	for i, n := range p.nodesOf(1<<kindCall | 1<<kindResource | 1<<kindClassDef) {
		switch n := n.(type) {
		case *parser.Call:
			switch strings.TrimPrefix(n.FuncName(), "::") {
			case "include", "require", "contain":
				if _, ok := n.Func.(*parser.Name); !ok {
					continue
				}
				for _, a := range n.Args {
					var named [2]literalClass
					for _, t := range appendLiteralClasses(named[:0], a) {
						check(i, t.name, t.span)
					}
				}
			}
		case *parser.Resource:
			if n.TypeName() != "class" {
				continue
			}
			for _, b := range n.Bodies {
				var named [2]literalClass
				for _, t := range appendLiteralClasses(named[:0], b.Title) {
					check(i, t.name, t.span)
				}
			}
		case *parser.ClassDef:
			if n.Parent != "" && n.Parent != "default" {
				check(i, n.Parent, n.ParentSpan)
			}
		}
	}
}

// literalClass is a class named literally in a declaration.
type literalClass struct {
	name string
	span parser.Span
}

// appendLiteralClasses appends to dst the classes an include argument or
// a class resource's title names literally: 'name', a bare word,
// Class['name'], or arrays of them. Interpolated strings and variables
// are not known. Given room on the caller's stack, the common single name
// allocates nothing.
func appendLiteralClasses(dst []literalClass, e parser.Expr) []literalClass {
	switch v := e.(type) {
	case *parser.StringLit:
		return append(dst, literalClass{v.Value, v.Span()})
	case *parser.Name:
		return append(dst, literalClass{v.Value, v.Span()})
	case *parser.Array:
		for _, el := range v.Elems {
			dst = appendLiteralClasses(dst, el)
		}
	case *parser.Access:
		if t, ok := v.Target.(*parser.TypeRef); ok && strings.EqualFold(strings.TrimPrefix(t.Value, "::"), "class") {
			for _, k := range v.Keys {
				dst = appendLiteralClasses(dst, k)
			}
		}
	}
	return dst
}

func runUnknownResourceType(p *Pass) {
	names := p.Program.Names()
	check := func(i int, written string, span parser.Span, puppetSays func(name string) string) {
		name := model.NormalizeClassName(written)
		if name == "" || name == "class" || !builtin.ValidClassName(name) {
			return
		}
		status, mod := names.ResourceType(p.File, name)
		if status == model.NameKnown || status == model.NameUnknowable {
			return
		}
		u := unknownName{kind: "resource type", name: name, status: status, module: mod, near: nearestType(name)}
		u.report(p, siteAt(p, i), span, puppetSays(name))
	}
	for i, n := range p.nodesOf(1<<kindResource | 1<<kindResourceDefaults | 1<<kindCollector) {
		switch n := n.(type) {
		case *parser.Resource:
			if name := n.TypeName(); name != "" {
				check(i, name, n.Type.Span(), func(name string) string { return fmt.Sprintf("Unknown resource type: '%s'", name) })
			}
		case *parser.ResourceDefaults:
			if t, ok := n.Type.(*parser.TypeRef); ok {
				check(i, t.Value, t.Span(), func(name string) string { return "Resource type not found: " + refName(name) })
			}
		case *parser.Collector:
			if n.Type != nil {
				check(i, n.Type.Value, n.Type.Span(), func(name string) string {
					return fmt.Sprintf("Resource type %s doesn't exist", name)
				})
			}
		}
	}
}

func runUnknownFunction(p *Pass) {
	if p.File.Source != nil && p.File.Source.Role == load.ModulePlan {
		return
	}
	names := p.Program.Names()
	check := func(i int, written string, span parser.Span) {
		name := strings.TrimPrefix(written, "::")
		if name == "" {
			return
		}
		status, mod := names.Function(p.File, name)
		if status == model.NameKnown || status == model.NameUnknowable {
			return
		}
		u := unknownName{kind: "function", name: name, status: status, module: mod, near: nearestFunction(name)}
		u.report(p, siteAt(p, i), span, fmt.Sprintf("Unknown function: '%s'.", name))
	}
	for i, n := range p.nodesOf(1<<kindCall | 1<<kindMethodCall) {
		switch n := n.(type) {
		case *parser.Call:
			if f, ok := n.Func.(*parser.Name); ok {
				check(i, f.Value, f.Span())
			}
		case *parser.MethodCall:
			check(i, n.Name, n.NameSpan)
		}
	}
}

// nearestClass returns a class of the program that class name, of
// module mod, may be a typo of: one of the module's classes
// (profile::bse for profile::base), or, when the module defines none (a
// typo in the module's name, profle::web), a class of another module with
// the same rest. A name without a namespace names a module's main class:
// another module is no typo of it (erlang is not r_lang).
func nearestClass(names *model.Names, sug *suggester, name, mod string) string {
	candidates := names.ClassesOf(mod)
	if len(candidates) == 0 {
		_, rest, ok := strings.Cut(name, "::")
		if !ok {
			return ""
		}
		for _, c := range names.ClassesOf("") {
			if _, r, _ := strings.Cut(c, "::"); r == rest {
				candidates = append(candidates, c)
			}
		}
	}
	return sug.nearestQualified(mod, name, len(candidates), func(yield func(string)) {
		for _, c := range candidates {
			yield(c)
		}
	})
}

// nearestType returns a built-in resource type name may be a typo of.
// Only Puppet's own names are suggested: which definitions the tree has
// beyond those a file names is not part of what a file's findings may
// depend on (an editor's check reads only the files it names).
func nearestType(name string) string {
	if strings.Contains(name, "::") {
		return ""
	}
	return nearestName(name, append(builtin.ResourceTypes(), builtin.CoreModuleResourceTypes()...))
}

// nearestFunction returns a built-in function name may be a typo of.
func nearestFunction(name string) string {
	if strings.Contains(name, "::") {
		return ""
	}
	return nearestName(name, builtin.Functions())
}
