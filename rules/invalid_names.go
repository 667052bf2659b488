package rules

import (
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules/builtin"
	"github.com/ducklint/ducklint/rules/model"
)

// This file holds the invalid-* rules: the naming regular expressions of
// the "Reserved words and acceptable names" document, applied exactly.

// InvalidVariableName reports variables whose names break the document's
// regular expressions for short and qualified variable names.
func InvalidVariableName() *Rule {
	return &Rule{
		ID:         "invalid-variable-name",
		Validation: true,
		Title:      "A variable name breaks Puppet's naming rule",
		Severity:   Error,
		Kind:       PerFile,
		Doc: `Short variable names must match \A\$[a-z0-9_][a-zA-Z0-9_]*\Z and qualified ones
\A\$([a-z][a-z0-9_]*)?(::[a-z][a-z0-9_]*)*::[a-z0-9_][a-zA-Z0-9_]*\Z: a name starts with a lowercase
letter, a digit or an underscore, and namespace segments are lowercase. Every variable is checked,
where it is assigned, read (also inside strings) or declared as a lambda, function, plan or template
parameter; class and defined type parameters are invalid-parameter-name's. Names that start with a
digit but are not decimal capture variables ($5b, $0123) pass the short-name pattern but not the
naming page's prose, and Puppet rejects them: they are reported. A namespace segment that
starts with an underscore is left to private-variable-access. A name Puppet rejects (its own rule is
/^((::)?[a-z]\w*)*((::)?[a-z_]\w*)$/, which $Foo breaks) is an error; one Puppet accepts is info: a
qualified name with an uppercase letter in a namespace ($a::bC::x), and, as the style guide asks
for lowercase letters, digits and underscores, a name with uppercase letters ($fooBar).`,
		Run: runInvalidVariableName,
	}
}

// InvalidParameterName reports class and defined type parameters whose
// names break the document's regular expression.
func InvalidParameterName() *Rule {
	return &Rule{
		ID:         "invalid-parameter-name",
		Validation: true,
		Title:      "A class or defined type parameter name breaks Puppet's naming rule",
		Severity:   Error,
		Kind:       PerFile,
		Doc: `Class and defined type parameter names must match \A\$[a-z][a-z0-9_]*\Z. The prose of Puppet's naming page
allows uppercase letters after the first character, but its regular expression does not; this rule
follows the regular expression, so $fooBar and $_foo are reported, as info: Puppet accepts them. Names
Puppet rejects, which break /^[a-z_]\w*$/ (an uppercase or digit first letter), are errors.`,
		Run: runInvalidParameterName,
	}
}

// InvalidClassName reports class and defined type names with a namespace
// segment that breaks the document's regular expression.
func InvalidClassName() *Rule {
	return &Rule{
		ID:         "invalid-class-name",
		Validation: true,
		Title:      "A class or defined type name breaks Puppet's naming rule",
		Severity:   Error,
		Kind:       PerFile,
		Aliases:    []string{"names_containing_dash", "names_containing_uppercase"},
		Doc: `Every namespace segment of a class or defined type name must match \A[a-z]\w*\Z, so a whole
name matches \A((::)?[a-z]\w*)(::[a-z]\w*)*\z: each segment starts with a lowercase letter and holds
only letters, digits and underscores. Puppet rejects other names ("Unacceptable name"), or fails to
parse them. Puppet also rejects a leading "::" in a definition name, which the pattern on Puppet's naming page
allows; that is reported too.`,
		Run: runInvalidClassName,
	}
}

// InvalidModuleName reports modules whose name breaks the document's
// regular expression or is a reserved word or class name.
func InvalidModuleName() *Rule {
	return &Rule{
		ID:       "invalid-module-name",
		Title:    "A module name breaks Puppet's naming rule",
		Severity: Error,
		Kind:     WholeProgram,
		Doc: `Module names must match \A[a-z][a-z0-9_]*\Z, and reserved words and reserved class names
cannot be module names. The name checked is the module part of metadata.json's name and, for a module
on an environment's modulepath, its directory name, which is the name Puppet uses there. The directory of a
module checked out on its own is not its name (a clone in puppet-nginx/ is installed as nginx), so it is not checked.
An invalid name comes with the rename that fixes it, the name autoload-layout checks the module's
definitions against. The finding is placed on line 1 of the module's manifests/init.pp, or of its first
reported Puppet file, because metadata.json and directories are not Puppet files.`,
		Run: runInvalidModuleName,
	}
}

// InvalidNodeName reports node definitions whose string matchers break the
// document's recommended regular expression.
func InvalidNodeName() *Rule {
	return &Rule{
		ID:         "invalid-node-name",
		Validation: true,
		Title:      "A node name breaks Puppet's naming rule",
		Severity:   Error,
		Kind:       PerFile,
		Doc: `Node names should match /\A[a-z0-9._-]+\Z/: lowercase letters, digits, periods, underscores and
dashes. Regular expression matchers and default are not checked; interpolated names are reported,
because Puppet rejects them. Puppet rejects names with other
characters than letters, digits, '_', '-' and '.' (error), and accepts uppercase letters today, which it
lower-cases before matching (info).`,
		Run: runInvalidNodeName,
	}
}

// InvalidTag reports literal tags that break the document's regular
// expression.
func InvalidTag() *Rule {
	return &Rule{
		ID:       "invalid-tag",
		Title:    "A tag breaks Puppet's naming rule",
		Severity: Error,
		Kind:     PerFile,
		Doc: `Tags must match \A[[:alnum:]_][[:alnum:]_:.-]*\Z: they begin with a letter, digit or underscore and
hold letters, digits, underscores, colons, periods and hyphens. Literal values of the tag metaparameter
(in resources, resource defaults and overrides) and literal arguments of the tag function are checked;
interpolated strings and variables are not. Puppet fails the catalog: "Invalid tag".`,
		Run: runInvalidTag,
	}
}

// InvalidEnvironmentName reports directory environments whose name breaks
// the document's regular expression.
func InvalidEnvironmentName() *Rule {
	return &Rule{
		ID:       "invalid-environment-name",
		Title:    "An environment name breaks Puppet's naming rule",
		Severity: Error,
		Kind:     WholeProgram,
		Doc: `Environment names must match \A[a-z0-9_]+\Z: lowercase letters, digits and underscores. An
environment directory directly under a directory named environments (Puppet's environmentpath) is
checked; a control repository's branch becomes such a directory, so a branch named feature-x or
Production is not usable as an environment. The finding is placed on line 1 of the environment's first
main manifest file, or of its first reported Puppet file.`,
		Run: runInvalidEnvironmentName,
	}
}

func runInvalidVariableName(p *Pass) {
	f := p.File.Parsed
	if f == nil || f.Program == nil {
		return
	}
	list, parents := p.Nodes(), p.NodeParents()
	for i, n := range p.nodesOf(1<<kindVariable | 1<<kindParameter) {
		switch n := n.(type) {
		case *parser.Variable:
			if msg, detail, sev := variableNameProblem(n.Name, "variable"); msg != "" {
				p.Report(Diagnostic{Start: n.Span().Start, End: n.Span().End, Message: msg, Detail: detail, Severity: sev})
			}
		case *parser.Parameter:
			if classOrDefineParam(list, parents, i) {
				continue
			}
			if msg, detail, sev := variableNameProblem(n.Name, "parameter"); msg != "" {
				p.Report(Diagnostic{Start: n.NameSpan.Start, End: n.NameSpan.End, Message: msg, Detail: detail, Severity: sev})
			}
		}
	}
}

// classOrDefineParam reports whether node i of list, a parameter, is one
// of a class's or defined type's: its parent is the definition.
func classOrDefineParam(list []parser.Node, parents []int32, i int) bool {
	at := parents[i]
	if at < 0 {
		return false
	}
	switch list[at].(type) {
	case *parser.ClassDef, *parser.DefineDef:
		return true
	}
	return false
}

// privateSegment matches a namespace segment that starts with "_", which
// is private-variable-access's business.
var privateSegment = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(^|::)_([a-z0-9_]*)::`) })

// puppetVariableName is the rule Puppet's validator applies to variables.
var puppetVariableName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^((::)?[a-z]\w*)*((::)?[a-z_]\w*)$|^[0-9]+$`) })

// puppetRuleFor returns the rule Puppet's validator applies to a variable
// or a parameter.
func puppetRuleFor(what string) string {
	if what == "parameter" {
		return puppetParameterNameRule
	}
	return puppetVariableNameRule
}

// nodeSource returns the source text of a node matcher, for messages.
func nodeSource(f *parser.File, n parser.Node) string {
	sp := n.Span()
	if f == nil || sp.Start.Offset < 0 || int(sp.End.Offset) > len(f.Src) || sp.Start.Offset > sp.End.Offset {
		return "matcher"
	}
	return string(f.Src[sp.Start.Offset:sp.End.Offset])
}

// numericVariableProblem returns the finding (message and detail) for a
// variable name that starts with a digit and is not a decimal capture
// variable name ($5b, $0123), which the document's short-name pattern
// lets through but its prose and Puppet do not, or "".
func numericVariableProblem(name, what string) (msg, detail string) {
	if name == "" || name[0] < '0' || name[0] > '9' || name == "0" {
		return "", ""
	}
	digits := isNumericName(name)
	if digits && name[0] != '0' {
		return "", ""
	}
	why := "Names starting with a digit are regex capture variables, named with only numbers"
	if digits {
		why = "A capture variable's number has no leading zero"
	}
	return fmt.Sprintf("%s $%s starts with a digit but is not a capture variable", what, name),
		fmt.Sprintf("%s. The pattern on Puppet's naming page lets it through, its prose and Puppet do not: \"Illegal numeric variable name, "+
			"The given name '%s' must be a decimal value if it starts with a digit 0-9\". Rename it.", why, name)
}

// variableNameProblem returns the finding for a variable name (without
// '$') — message and detail — and its severity, or "": an error when
// Puppet rejects the name, info when Puppet accepts it but the document's
// pattern or the style guide (lowercase letters, digits and underscores)
// does not.
func variableNameProblem(name, what string) (msg, detail string, sev Severity) {
	if msg, detail := numericVariableProblem(name, what); msg != "" {
		return msg, detail, Error
	}
	// Almost every name is valid: decide that before building the message.
	qualified := strings.Contains(name, "::")
	valid := !qualified && validShortVariable(name) || qualified && validQualifiedVariable(name)
	if valid && !hasUpper(name) {
		return "", "", 0
	}
	full := "$" + name
	if valid {
		return fmt.Sprintf("%s %s has uppercase letters", what, full),
			fmt.Sprintf("The style guide asks for only lowercase letters, digits and underscores (no camelCase); Puppet accepts "+
				"it. Rename it, e.g. $%s.", suggestVariable(name)), Info
	}
	verdict, sev := "Puppet accepts it today, which the document calls a bug that may be fixed in any release", Info
	if !puppetVariableName().MatchString(name) {
		verdict = fmt.Sprintf("Puppet rejects the file: \"Illegal %s name, The given name '%s' does not conform to the naming rule %s\"", what, name, puppetRuleFor(what))
		sev = Error
	}
	if !qualified {
		return fmt.Sprintf("%s %s breaks the rule for variable names", what, full),
			fmt.Sprintf("Variable names must match %s: a name starts with a lowercase letter, a digit or an underscore and holds "+
				"only letters, digits and underscores. %s. Rename it, e.g. $%s.",
				builtin.VariableNamePattern, verdict, suggestVariable(name)), sev
	}
	// Leading-underscore namespace segments are private-variable-access's.
	if validQualifiedVariable(privateSegment().ReplaceAllString(name, "${1}x$2::")) {
		return "", "", 0
	}
	return fmt.Sprintf("%s %s breaks the rule for qualified variable names", what, full),
		fmt.Sprintf("Qualified variable names must match %s: namespace segments hold lowercase letters, digits and underscores "+
			"and start with a letter, and the last segment starts with a lowercase letter, digit or underscore. %s. Write $%s.",
			builtin.QualifiedVariableNamePattern, verdict, strings.ToLower(name)), sev
}

// hasUpper reports whether s holds an ASCII uppercase letter.
func hasUpper(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return r >= 'A' && r <= 'Z' }) >= 0
}

// suggestVariable turns a name into one the rules accept: camelCase and
// dashes become snake_case.
func suggestVariable(name string) string {
	var b strings.Builder
	for i, r := range name {
		switch {
		case r >= 'A' && r <= 'Z':
			if i > 0 && !strings.HasSuffix(b.String(), "_") {
				b.WriteByte('_')
			}
			b.WriteRune(r + ('a' - 'A'))
		case r == '-':
			b.WriteByte('_')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// puppetParameterName is the rule Puppet's validator applies to parameters.
var puppetParameterName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[a-z_]\w*$`) })

func runInvalidParameterName(p *Pass) {
	for _, d := range p.File.Definitions {
		if d.Kind != model.ClassDef && d.Kind != model.DefineDef {
			continue
		}
		for _, par := range d.Params {
			if builtin.ValidParameterName(par.Name) {
				continue
			}
			full := "$" + par.Name
			verdict, sev := "Puppet accepts it, but the regular expression on Puppet's naming page and the style guide do not (the page's prose allows uppercase letters after the first)", Info
			if !puppetParameterName().MatchString(par.Name) {
				verdict = fmt.Sprintf("Puppet rejects it: \"Illegal parameter name. The given name '%s' does not conform to the naming rule /^[a-z_]\\w*$/\"", par.Name)
				sev = Error
			}
			whole := fmt.Sprintf("parameter %s of %s '%s' breaks the rule for parameter names", full, d.Kind, d.Written)
			msg, of := fit(whole, fmt.Sprintf("parameter %s breaks the rule for parameter names", full)), ""
			if msg != whole {
				of = fmt.Sprintf("It is a parameter of %s '%s'. ", d.Kind, d.Written)
			}
			p.Report(Diagnostic{Start: par.NameSpan.Start, End: par.NameSpan.End, Severity: sev, Message: msg,
				Detail: of + fmt.Sprintf("Parameter names must match \\A\\$[a-z][a-z0-9_]*\\Z: a name starts with a lowercase "+
					"letter and holds only lowercase letters, digits and underscores. %s. Rename it, e.g. $%s.",
					verdict, strings.TrimLeft(strings.ToLower(suggestVariable(par.Name)), "_0123456789"))})
		}
	}
}

func runInvalidClassName(p *Pass) {
	for _, d := range p.File.Definitions {
		if d.Kind != model.ClassDef && d.Kind != model.DefineDef {
			continue
		}
		puppetKind := "a Host Class Definition"
		if d.Kind == model.DefineDef {
			puppetKind = "a 'define' expression"
		}
		if builtin.ValidClassName(d.Written) {
			if rest, top := strings.CutPrefix(d.Written, "::"); top {
				// The document's pattern allows a leading "::"; Puppet's
				// own pattern for definitions does not.
				p.ReportSpan(p.File, d.NameSpan,
					fmt.Sprintf("%s name '%s' starts with '::', which the pattern on Puppet's naming page allows but Puppet rejects", d.Kind, d.Written),
					fmt.Sprintf("Puppet's error: \"Unacceptable name. The name '%s' is unacceptable as the name of %s\". Write '%s'.",
						d.Written, puppetKind, rest))
			}
			continue
		}
		var bad []string
		for _, seg := range strings.Split(strings.TrimPrefix(d.Written, "::"), "::") {
			if !builtin.ValidClassNameSegment(seg) {
				bad = append(bad, "'"+seg+"'")
			}
		}
		what := "a namespace segment is empty"
		if len(bad) > 0 {
			what = "namespace segment " + strings.Join(bad, ", ") + " does not"
		}
		p.ReportSpan(p.File, d.NameSpan,
			fmt.Sprintf("%s name '%s' breaks the rule for class and defined type names", d.Kind, d.Written),
			fmt.Sprintf("Each namespace segment must match \\A[a-z]\\w*\\Z (a lowercase letter, then letters, digits and "+
				"underscores), and %s. Puppet rejects it: \"Unacceptable name. The name '%s' is unacceptable as the name of %s\". "+
				"Write '%s'.", what, d.Written, puppetKind, suggestClassName(d.Written)))
	}
}

// suggestClassName lower-cases a name and turns dashes into underscores
// and leading underscores or digits into nothing.
func suggestClassName(name string) string {
	segs := strings.Split(strings.TrimPrefix(name, "::"), "::")
	for i, s := range segs {
		s = strings.ReplaceAll(strings.ToLower(s), "-", "_")
		segs[i] = strings.TrimLeft(s, "_0123456789")
	}
	return strings.Join(segs, "::")
}

// puppetHostName is what Puppet's validator accepts in a node name.
var puppetHostName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9_.-]+$`) })

func runInvalidNodeName(p *Pass) {
	f := p.File.Parsed
	if f == nil || f.Program == nil {
		return
	}
	for _, node := range nodesOfType[*parser.NodeDef](p) {
		for _, m := range node.Matchers {
			var name string
			switch m := m.(type) {
			case *parser.StringLit:
				name = m.Value
			case *parser.Name:
				name = m.Value
			case *parser.InterpolatedString:
				src := nodeSource(p.File.Parsed, m)
				detail := "Node names are literal: Puppet rejects it: \"An interpolated expression is not allowed in a hostname of a " +
					"node\". Use a literal name or a regular expression."
				if excerpt(src) != src {
					detail += " The name in full: " + src
				}
				p.ReportSpan(p.File, m.Span(), "node name "+excerpt(src)+" is interpolated", detail)
				continue
			default:
				continue // regexes and default
			}
			if builtin.ValidNodeName(name) {
				continue
			}
			verdict, sev := "Puppet accepts uppercase letters today and lower-cases them; write the name as it matches, in lower case.", Info
			if !puppetHostName().MatchString(name) {
				verdict, sev = fmt.Sprintf("Puppet rejects it: \"The hostname '%s' contains illegal characters (only letters, digits, '_', '-', and '.' are allowed)\".", name), Error
			}
			p.Report(Diagnostic{File: p.File.Path, Start: m.Span().Start, End: m.Span().End, Severity: sev,
				Message: fmt.Sprintf("node name '%s' breaks the rule for node names", excerpt(name)),
				Detail: "Node names must match \\A[a-z0-9._-]+\\Z: use only lowercase letters, digits, periods, underscores and " +
					"dashes. " + verdict})
		}
	}
}

func runInvalidTag(p *Pass) {
	f := p.File.Parsed
	if f == nil || f.Program == nil {
		return
	}
	checkAttrs := func(attrs []*parser.AttributeOp) {
		for _, a := range attrs {
			if a.Name == "tag" && !a.Splat {
				checkTagValue(p, a.Value)
			}
		}
	}
	for _, n := range p.nodesOf(1<<kindResourceBody | 1<<kindResourceDefaults | 1<<kindResourceOverride | 1<<kindCollector | 1<<kindCall) {
		switch n := n.(type) {
		case *parser.ResourceBody:
			checkAttrs(n.Attrs)
		case *parser.ResourceDefaults:
			checkAttrs(n.Attrs)
		case *parser.ResourceOverride:
			checkAttrs(n.Attrs)
		case *parser.Collector:
			checkAttrs(n.Attrs)
		case *parser.Call:
			if n.FuncName() == "tag" {
				for _, a := range n.Args {
					checkTagValue(p, a)
				}
			}
		}
	}
}

// checkTagValue checks the literal tags in a tag value: a string, a bare
// word, or an array of them.
func checkTagValue(p *Pass, v parser.Expr) {
	var tag string
	switch v := v.(type) {
	case *parser.Array:
		for _, e := range v.Elems {
			checkTagValue(p, e)
		}
		return
	case *parser.StringLit:
		tag = v.Value
	case *parser.Name:
		tag = v.Value
	default:
		return // interpolated strings, variables and calls are known only at compile time
	}
	if builtin.ValidTag(tag) {
		return
	}
	p.ReportSpan(p.File, v.Span(), fmt.Sprintf("tag '%s' breaks the rule for tags", excerpt(tag)),
		fmt.Sprintf("Tags must match \\A[[:alnum:]_][[:alnum:]_:.-]*\\Z: a tag begins with a letter, digit or underscore and "+
			"holds only letters, digits, underscores, colons, periods and hyphens. Puppet fails the catalog: \"Invalid tag '%s'\".", tag))
}

// reportFileOf picks the Puppet file to report a module or environment
// problem on: the preferred path when it is reported, else the first
// reported file for which in returns true.
func reportFileOf(prog *model.Program, preferred string, in func(*load.File) bool) *model.File {
	var first *model.File
	for _, f := range prog.Files {
		if !f.Reported || f.Source == nil || !in(f.Source) {
			continue
		}
		if f.Path == preferred {
			return f
		}
		if first == nil {
			first = f
		}
	}
	return first
}

// lineOne is the span reported for a problem of a whole module or
// environment: the start of the file.
var lineOne = parser.Span{Start: parser.Pos{Line: 1, Column: 1}, End: parser.Pos{Line: 1, Column: 1}}

func runInvalidModuleName(p *Pass) {
	if p.Program.Tree == nil {
		return
	}
	for _, m := range p.Program.Tree.Modules {
		f := reportFileOf(p.Program, path.Join(m.Dir, "manifests/init.pp"), func(s *load.File) bool { return s.Module == m })
		if f == nil {
			continue
		}
		type source struct{ name, where, rename string }
		var names []source
		if meta := metadataModuleName(m); meta != "" {
			names = append(names, source{meta, fmt.Sprintf("metadata.json's name '%s'", m.MetadataName), validModuleName(meta)})
		}
		// A directory names the module on a modulepath. A module checked
		// out on its own is installed under the name its metadata.json or
		// Puppetfile entry gives, whatever its clone directory is called.
		if dir := m.Name; m.NameFrom == load.NameFromModulePath {
			where := fmt.Sprintf("directory %s on the modulepath", m.Dir)
			if len(names) == 0 || names[0].name != dir {
				names = append(names, source{dir, where, moduleRename(m)})
			}
		}
		for _, n := range names {
			if what, detail := moduleNameProblem(n.name, n.rename); what != "" {
				p.ReportSpan(f, lineOne, fmt.Sprintf("module name '%s' (from %s) %s", n.name, n.where, what), detail)
			}
		}
	}
}

// metadataModuleName is the module part of a module's metadata.json name
// ("acme-my_mod" gives "my_mod"), or "" when it has none.
func metadataModuleName(m *load.Module) string {
	name := m.MetadataName
	if i := strings.IndexAny(name, "-/"); i >= 0 {
		name = name[i+1:]
	}
	return name
}

// moduleRename is the name to give module m when its name is invalid: the
// module part of its metadata.json name when that is valid, else its name
// made valid; "" when nothing valid is left. invalid-module-name suggests
// it and autoload-layout checks the module's definitions against it, so the
// two rules ask for one fix.
func moduleRename(m *load.Module) string {
	if meta := metadataModuleName(m); builtin.ValidModuleName(meta) {
		return meta
	}
	return validModuleName(m.Name)
}

// validModuleName makes name a valid module name: lower case, "_" for
// what a module name cannot hold, without leading digits and "_"; "" when
// nothing is left.
func validModuleName(name string) string {
	b := []byte(strings.ToLower(name))
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
			b[i] = '_'
		}
	}
	out := strings.TrimRight(strings.TrimLeft(string(b), "_0123456789"), "_")
	if !builtin.ValidModuleName(out) {
		return ""
	}
	return out
}

// moduleNameProblem says what is wrong with a module name, as the end of
// a message and a detail, or ""; rename is the valid name to suggest
// instead.
func moduleNameProblem(name, rename string) (what, detail string) {
	if !builtin.ValidModuleName(name) {
		detail = "Module names must match \\A[a-z][a-z0-9_]*\\Z: a module name starts with a lowercase letter and holds only " +
			"lowercase letters, digits and underscores. Puppet cannot autoload classes from it. "
		if rename == "" {
			return "breaks the rule for module names", detail + "Rename the module."
		}
		return "breaks the rule for module names", detail + "Rename it to '" + rename + "'."
	}
	if role := reservedRole(name); role != "" {
		return "is a reserved word", fmt.Sprintf("It is a reserved word (%s), and reserved words cannot be used as module names. "+
			"Rename the module.", role)
	}
	if _, reserved := builtin.IsReservedClassName(name); reserved {
		return "is a reserved class name", "Reserved class names cannot be used as module names: its main class could not be " +
			"declared. Rename the module."
	}
	return "", ""
}

func runInvalidEnvironmentName(p *Pass) {
	if p.Program.Tree == nil {
		return
	}
	for _, e := range p.Program.Tree.Envs {
		// The absolute directory: run inside the environment, e.Dir is ".".
		if filepath.Base(filepath.Dir(e.AbsDir)) != "environments" || builtin.ValidEnvironmentName(e.Name) {
			continue
		}
		preferred := ""
		if len(e.ManifestPaths) > 0 {
			preferred = e.ManifestPaths[0]
		}
		f := reportFileOf(p.Program, preferred, func(s *load.File) bool { return s.Env == e })
		if f == nil {
			continue
		}
		p.ReportSpan(f, lineOne, fmt.Sprintf("environment name '%s' (directory %s) breaks the rule for environment names", e.Name, e.Dir),
			fmt.Sprintf("Environment names must match \\A[a-z0-9_]+\\Z: use only lowercase letters, digits and underscores. Puppet "+
				"refuses to serve an environment with another name. Rename it to '%s'.",
				strings.ReplaceAll(strings.ReplaceAll(strings.ToLower(e.Name), "-", "_"), ".", "_")))
	}
}
