package rules

import (
	"fmt"
	"strings"

	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules/builtin"
	"github.com/ducklint/ducklint/rules/model"
)

// ReservedName reports classes, defined types and functions named like
// something Puppet already defines: its own namespaces, data types,
// resource types and functions.
func ReservedName() *Rule {
	return &Rule{
		ID:       "reserved-name",
		Title:    "A class, defined type or function is named like something Puppet defines",
		Severity: Error,
		Kind:     PerFile,
		Doc: `main and settings are namespaces Puppet creates itself, init and <module>::init are reserved
because init.pp holds the class named after the module, and data type names (any, array, catalogentry,
integer, string, ... in any spelling) cannot be class names. A defined type cannot be named like a
resource type (built in, shipped with the agent, or shipped by a module of the tree) and should not be
named like a data type; a function cannot be named like a built-in function or a resource type; a type
alias cannot redefine a data type. Puppet
rejects some of these when it validates the file, fails others when it compiles the catalog, and
accepts the rest today although the names are reserved (settings, <module>::init).`,
		Run: runReservedName,
	}
}

func runReservedName(p *Pass) {
	for _, d := range p.File.Definitions {
		var name string
		switch {
		case d.Nested:
			name = d.Name
		case d.Kind == model.TypeAliasDef:
			name = d.Key() // the written name lower-cased, as below
		default:
			name = strings.ToLower(strings.TrimPrefix(d.Written, "::"))
		}
		var msg, detail string
		switch d.Kind {
		case model.ClassDef:
			msg, detail = reservedClassName(name, d)
		case model.DefineDef:
			msg, detail = reservedDefineName(p.Program, name, d)
		case model.FunctionDef:
			msg, detail = reservedFunctionName(p.Program, name, d)
		case model.TypeAliasDef:
			msg, detail = reservedTypeAliasName(name, d)
		}
		if msg != "" {
			p.ReportSpan(p.File, d.NameSpan, msg, detail)
		}
	}
}

// initName reports whether name is <module>::init.
func initName(name string) bool {
	mod, rest, ok := strings.Cut(name, "::")
	return ok && mod != "" && rest == "init"
}

// reservedClassName returns the finding (message and detail) for a class
// with a reserved name, or "".
func reservedClassName(name string, d *model.Definition) (msg, detail string) {
	switch {
	case name == "main":
		return fmt.Sprintf("class '%s' uses a reserved class name: main is a built-in namespace", d.Written),
			"Puppet automatically creates a main class, which contains any resources not contained by any other class; declaring " +
				"this one fails: \"Duplicate declaration: Class[Main] is already declared\". Rename the class."
	case name == "settings":
		return fmt.Sprintf("class '%s' uses a reserved class name: settings is a built-in namespace", d.Written),
			"It contains variables with the settings available to the compiler ($settings::<name>). Puppet accepts the definition, " +
				"but include settings finds the class Puppet creates, so a settings class in a module is never evaluated. Rename the class."
	case name == "init":
		return fmt.Sprintf("class '%s' uses a reserved class name: init is reserved", d.Written),
			"Puppet rejects it: \"The name: 'init' is already defined by Puppet and can not be used as the name of a Host Class " +
				"Definition.\". Name the class in init.pp after its module."
	case initName(name):
		mod, _, _ := strings.Cut(name, "::")
		return fmt.Sprintf("class '%s' uses a reserved class name: <module>::init", d.Written),
			fmt.Sprintf("<module>::init cannot be used, because init.pp is a reserved file name that should contain the class named "+
				"after the module; Puppet 7 loads it from init.pp today, but the name is reserved. Name the class '%s'.", mod)
	}
	// A reserved word written in lower case is reserved-word's finding.
	if t := dataType(name); t != "" && (reservedRole(name) == "" || strings.TrimPrefix(d.Written, "::") != name) {
		return fmt.Sprintf("class '%s' is named like the data type %s", d.Written, t),
			fmt.Sprintf("The names of data types can't be used as class names%s. Rename the class.",
				puppetVerdictOnTypeName(d, name, "a Host Class Definition"))
	}
	return "", ""
}

// puppetVerdictOnTypeName says what Puppet does with a definition named
// like a data type.
func puppetVerdictOnTypeName(d *model.Definition, name, puppetKind string) string {
	written := strings.TrimPrefix(d.Written, "::")
	switch {
	case written != name && !d.Nested:
		return fmt.Sprintf("; Puppet rejects it: \"Unacceptable name. The name '%s' is unacceptable as the name of %s\"", written, puppetKind)
	case builtin.IsReservedTypeName(name):
		return fmt.Sprintf("; Puppet rejects it: \"The name: '%s' is already defined by Puppet and can not be used as the name of %s.\"", name, puppetKind)
	}
	return "; Puppet's validator lets it through today, but the name is reserved"
}

// reservedDefineName returns the finding (message and detail) for a
// defined type with a reserved name, or "".
func reservedDefineName(prog *model.Program, name string, d *model.Definition) (msg, detail string) {
	if reservedRole(name) != "" {
		return "", "" // reserved-word reports it
	}
	if initName(name) {
		mod, _, _ := strings.Cut(name, "::")
		return fmt.Sprintf("defined type '%s' uses the reserved name <module>::init", d.Written),
			fmt.Sprintf("init.pp is a reserved file name that should contain the class named after the module '%s'. Rename the "+
				"defined type.", mod)
	}
	if where, file := resourceTypeOrigin(prog, name); where != "" {
		return fmt.Sprintf("defined type '%s' is named like the resource type %s %s", d.Written, name, where),
			definedIn(file) + "You cannot use the name of an existing resource type as the name of a defined type, and Puppet " +
				"uses only one of them. Rename the defined type."
	}
	if t := dataType(name); t != "" {
		verdict := "It works, but"
		if builtin.IsReservedTypeName(name) {
			verdict = fmt.Sprintf("Puppet rejects it (\"The name: '%s' is already defined by Puppet and can not be used as the name of a 'define' expression.\"), and", name)
		}
		return fmt.Sprintf("defined type '%s' is named like the data type %s", d.Written, t),
			fmt.Sprintf("%s you can't reference its resources as %s[title], only as Resource[%s, title]. Rename the defined type.",
				verdict, t, name)
	}
	return "", ""
}

// reservedFunctionName returns the finding (message and detail) for a
// function with a reserved name, or "".
func reservedFunctionName(prog *model.Program, name string, d *model.Definition) (msg, detail string) {
	if reservedRole(name) != "" {
		return "", "" // reserved-word reports it
	}
	if builtin.IsFunction(name) {
		return fmt.Sprintf("function '%s' is named like Puppet's built-in function %s()", d.Written, name),
			fmt.Sprintf("You cannot use the name of an existing function as the name of a function. Rename it, in the module's "+
				"namespace (<module>::%s).", name)
	}
	if where, file := resourceTypeOrigin(prog, name); where != "" {
		return fmt.Sprintf("function '%s' is named like the resource type %s %s", d.Written, name, where),
			definedIn(file) + "You cannot use the name of an existing resource type as the name of a function. Rename it."
	}
	if builtin.IsReservedTypeName(name) {
		return fmt.Sprintf("function '%s' is named like the data type %s", d.Written, dataType(name)),
			fmt.Sprintf("Puppet rejects it: \"The name: '%s' is already defined by Puppet and can not be used as the name of a "+
				"Function Definition.\". Rename it.", name)
	}
	return "", ""
}

// reservedTypeAliasName reports a type alias that redefines a data type;
// reserved words (Type, Regexp, Unit, ...) are reserved-word's.
func reservedTypeAliasName(name string, d *model.Definition) (msg, detail string) {
	t := dataType(name)
	if t == "" || reservedRole(name) != "" || strings.Contains(name, "::") {
		return "", ""
	}
	return fmt.Sprintf("type alias '%s' is named like the data type %s", d.Written, t),
		fmt.Sprintf("Puppet rejects it: \"Attempt to redefine entity 'http://puppet.com/2016.1/runtime/type/%s'\". Rename the "+
			"alias, in the module's namespace (<Module>::%s).", name, t)
}

// definedIn names the Ruby file that defines a resource type, as the start
// of a detail; "" for a type built into Puppet or shipped with the agent.
func definedIn(file string) string {
	if file == "" {
		return ""
	}
	return "It is defined in " + file + ". "
}

// resourceTypeOrigin says where a resource type named name comes from —
// Puppet itself, the agent's core modules, or a module or environment of
// the tree, with the Ruby file that defines it — or "" when there is none.
func resourceTypeOrigin(prog *model.Program, name string) (where, file string) {
	if strings.Contains(name, "::") {
		return "", "" // resource types written in Ruby are never namespaced
	}
	switch {
	case builtin.IsResourceType(name):
		return "built into Puppet", ""
	case builtin.IsCoreModuleResourceType(name):
		return "shipped with the Puppet agent", ""
	}
	if prog == nil || prog.Tree == nil {
		return "", ""
	}
	for _, m := range prog.Tree.Modules {
		if hasDefined(m.RubyTypes, name) {
			return "of module " + m.Name, rubyFile(m.RubyTypes, name)
		}
	}
	for _, e := range prog.Tree.Envs {
		if hasDefined(e.RubyTypes, name) {
			return "of environment " + e.Name, rubyFile(e.RubyTypes, name)
		}
	}
	return "", ""
}

func hasDefined(ds []load.Defined, name string) bool { return rubyFile(ds, name) != "" }

func rubyFile(ds []load.Defined, name string) string {
	for _, d := range ds {
		if d.Name == name {
			return d.File
		}
	}
	return ""
}
