package rules

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules/builtin"
	"github.com/ducklint/ducklint/rules/model"
)

// AutoloadLayout reports definitions in module files whose name does not
// match the file's path, so that Puppet's autoloader cannot find them.
func AutoloadLayout() *Rule {
	return &Rule{
		ID:       "autoload-layout",
		Title:    "A definition's name does not match the module file it is in",
		Severity: Error,
		Kind:     PerFile,
		Aliases:  []string{"autoloader_layout"},
		Doc: `Puppet finds classes, defined types, functions, type aliases and plans of a module by name:
apache::mod::ssl is loaded from apache/manifests/mod/ssl.pp, apache from apache/manifests/init.pp,
apache::f (a function) from apache/functions/f.pp, Apache::T (a type alias) from apache/types/t.pp.
A definition in any other file is found only by accident (when another file loaded it first), and
Puppet rejects some outright with "Unacceptable location. The name 'x' is unacceptable in file 'y'"
(ILLEGAL_DEFINITION_LOCATION). The module's name is its real name: the directory name on an
environment's modulepath, as Puppet uses it there, and the metadata.json name for a module checked out
on its own, whatever its directory is called; for a module whose name is invalid, the name
invalid-module-name asks for instead. Classes and defined types nested inside
another class are not checked: they are loaded with their enclosing class. A directory with signs of both
an environment and a module (a Puppetfile beside metadata.json, a main manifest beside manifests/init.pp)
is read the way that misplaces fewer of its manifests, and that choice is reported once, as info, on its
manifests/init.pp (else manifests/site.pp, else its first manifest).`,
		Context: model.NeedFunctionCallers,
		Run:     runAutoloadLayout,
	}
}

// autoloadKinds maps a file role to the definition kinds autoloaded from it.
func autoloadKinds(role load.Role) (load.DefKind, []model.DefKind) {
	switch role {
	case load.ModuleManifest:
		return load.Class, []model.DefKind{model.ClassDef, model.DefineDef}
	case load.ModuleFunction:
		return load.Function, []model.DefKind{model.FunctionDef}
	case load.ModuleType:
		return load.TypeAlias, []model.DefKind{model.TypeAliasDef}
	case load.ModulePlan:
		return load.Plan, []model.DefKind{model.PlanDef}
	}
	return 0, nil
}

func loadKind(k model.DefKind) load.DefKind {
	switch k {
	case model.DefineDef:
		return load.Define
	case model.FunctionDef:
		return load.Function
	case model.TypeAliasDef:
		return load.TypeAlias
	case model.PlanDef:
		return load.Plan
	}
	return load.Class
}

func runAutoloadLayout(p *Pass) {
	src := p.File.Source
	if src == nil {
		return
	}
	reportAmbiguousLayout(p)
	moduleName, moduleDir, renamed := "", "", false
	switch {
	case src.Module != nil:
		moduleName, moduleDir = src.Module.Name, path.Base(filepath.ToSlash(src.Module.AbsDir))
		// A module name nothing can match is invalid-module-name's
		// finding; definitions are checked against the name it asks for,
		// so that one rename fixes both.
		if !builtin.ValidModuleName(moduleName) {
			if rename := moduleRename(src.Module); rename != "" {
				moduleName, renamed = rename, true
			}
		}
	case src.Env != nil:
		moduleName = "environment" // environment-level functions/, types/, plans/
	default:
		return
	}
	_, kinds := autoloadKinds(src.Role)
	if kinds == nil {
		return
	}
	expected := load.NameForPath(moduleName, src.Role, src.RelInModule)
	for _, d := range p.File.Definitions {
		if d.Nested || d.Kind == model.NodeDef {
			continue
		}
		// A file's path left out of a message to fit is said in the detail.
		inFile := func(msg string) string {
			if strings.Contains(msg, src.RelInModule) {
				return ""
			}
			return "It is in " + src.RelInModule + ". "
		}
		if !containsKind(kinds, d.Kind) {
			msg := fit(fmt.Sprintf("%s '%s' is in %s, where Puppet never autoloads a %s", d.Kind, d.Written, src.RelInModule, d.Kind),
				fmt.Sprintf("%s '%s' is in a file where Puppet never autoloads a %s", d.Kind, d.Written, d.Kind))
			if d.Kind == model.FunctionDef && calledOnlyFrom(p.Program, d.Name, p.File) {
				// Loading the file defines the function, so calls in the
				// file itself work; only calls from elsewhere would fail.
				p.Report(Diagnostic{File: p.File.Path, Start: d.NameSpan.Start, End: d.NameSpan.End, Severity: Info,
					Message: msg, Detail: inFile(msg) + wherePuppetLooks(d) + ". Loading this file defines it, so it works only while " +
						"this file's own code calls it."})
				continue
			}
			p.ReportSpan(p.File, d.NameSpan, msg, inFile(msg)+wherePuppetLooks(d)+". A definition in another file is found only "+
				"when something else has loaded that file first.")
			continue
		}
		if expected != "" && strings.EqualFold(d.Name, expected) {
			if rel, ok := load.ExpectedPath(loadKind(d.Kind), d.Name); !ok || rel == src.RelInModule {
				continue
			}
			// Same name but a differently cased file: not found on a
			// case-sensitive file system.
			msg := fit(fmt.Sprintf("%s '%s' is in %s, but file names are lower case", d.Kind, d.Written, src.RelInModule),
				fmt.Sprintf("%s '%s' is in a file whose name is not lower case", d.Kind, d.Written))
			p.ReportSpan(p.File, d.NameSpan, msg,
				inFile(msg)+wherePuppetLooks(d)+", which a case-sensitive file system does not match to this file.")
			continue
		}
		if (d.Kind == model.ClassDef || d.Kind == model.DefineDef) && !builtin.ValidClassName(d.Written) &&
			p.RuleEnabled("invalid-class-name") {
			continue // invalid-class-name reports the name, whose fix also fixes the path
		}
		msg := fit(fmt.Sprintf("%s '%s' does not match its file %s, which must define '%s'", d.Kind, d.Written, src.RelInModule, expected),
			fmt.Sprintf("%s '%s' does not match its file %s", d.Kind, d.Written, src.RelInModule),
			fmt.Sprintf("%s '%s' does not match its file", d.Kind, d.Written))
		detail := ""
		if !strings.Contains(msg, "must define") {
			detail = fmt.Sprintf("The file is %s, which must define '%s'. ", src.RelInModule, expected)
		}
		if renamed {
			detail += fmt.Sprintf("That is the name it must have once the module is renamed to '%s' (invalid-module-name). ", moduleName)
		}
		if expected == "" {
			msg = fit(fmt.Sprintf("%s '%s' is in %s, a file name Puppet cannot autoload anything from", d.Kind, d.Written, src.RelInModule),
				fmt.Sprintf("%s '%s' is in a file Puppet cannot autoload anything from", d.Kind, d.Written))
			detail = inFile(msg)
		}
		detail += wherePuppetLooks(d) + "."
		if moduleDir != "" && rejectedByPuppet(d.Name, moduleDir, src.RelInModule) {
			detail += fmt.Sprintf(" Puppet rejects the file: \"Unacceptable location. The name '%s' is unacceptable in file '%s'\".",
				d.Written, src.RelInModule)
		}
		p.ReportSpan(p.File, d.NameSpan, msg, detail)
	}
}

// calledOnlyFrom reports whether every call of function name in the
// program is in file f.
func calledOnlyFrom(prog *model.Program, name string, f *model.File) bool {
	for _, caller := range prog.CallingFiles(name) {
		if caller != f {
			return false
		}
	}
	return true
}

func containsKind(ks []model.DefKind, k model.DefKind) bool {
	for _, x := range ks {
		if x == k {
			return true
		}
	}
	return false
}

// wherePuppetLooks says where Puppet's autoloader looks for d.
func wherePuppetLooks(d *model.Definition) string {
	rel, ok := load.ExpectedPath(loadKind(d.Kind), d.Name)
	if !ok {
		return fmt.Sprintf("Puppet cannot autoload a %s named '%s' at all", d.Kind, d.Written)
	}
	mod, _, _ := strings.Cut(strings.ToLower(strings.TrimPrefix(d.Name, "::")), "::")
	return fmt.Sprintf("Puppet looks for it in %s/%s", mod, rel)
}

// rejectedByPuppet mirrors Puppet's own check (checker4_0.rb,
// internal_check_file_namespace): the lower-cased name must start with the
// namespace made of the module directory and the file's path.
func rejectedByPuppet(name, moduleDir, rel string) bool {
	parts := strings.Split(strings.ToLower(rel), "/")
	if len(parts) < 2 {
		return false
	}
	names := append([]string{strings.ToLower(moduleDir)}, parts[1:len(parts)-1]...)
	file := parts[len(parts)-1]
	if !(len(parts) == 2 && file == "init.pp") {
		names = append(names, strings.TrimSuffix(file, ".pp"))
	}
	return !strings.HasPrefix(strings.ToLower(strings.TrimPrefix(name, "::")), strings.Join(names, "::"))
}

// reportAmbiguousLayout says, on the file the loader chose for it, how a
// directory with signs of both an environment and a module was read: the
// other reading would check its files differently.
func reportAmbiguousLayout(p *Pass) {
	if p.Program.Tree == nil {
		return
	}
	for _, a := range p.Program.Tree.Ambiguities {
		if a.File != p.File.Path || a.Settled {
			continue
		}
		what, other := "an environment", "a module"
		if !a.Env {
			what, other = other, what
		}
		p.Report(Diagnostic{File: p.File.Path, Start: lineOne.Start, End: lineOne.End, Severity: Info,
			Message: fmt.Sprintf("directory %s is read as %s, though it also looks like %s", a.Dir, what, other),
			Detail: "Read " + strings.TrimPrefix(a.Reason(), "read ") + ". The other reading would check its files " +
				"differently; `ducklint layout` shows how the tree is read."})
	}
}
