package rules

import (
	"fmt"
	"strings"

	"github.com/ducklint/ducklint/parser"

	"github.com/ducklint/ducklint/rules/builtin"
	"github.com/ducklint/ducklint/rules/model"
)

// UnknownVariable reports unqualified variable reads that Puppet's static
// scope cannot resolve, and $::x reads of names top scope does not have.
func UnknownVariable() *Rule {
	return &Rule{
		ID:       "unknown-variable",
		Title:    "A variable read that static scope cannot resolve",
		Severity: Error,
		// Puppet 7 reads undef with a warning where Puppet 8, with
		// strict_variables on by default, fails the catalog.
		Puppet7Severity: Warning,
		Kind:            PerFile,
		Aliases:         []string{"variable_scope"},
		Doc: `Puppet looks variables up by static scope: a class, defined type or lambda sees its parameters and the
variables assigned before the read in its own scope, a lambda also sees the scope it is written in, a class
sees the classes it inherits from, and every scope sees node scope (when declared in a node), top scope,
facts and built-in variables. Anything else is unknown: Puppet 7 reads undef with an "Unknown variable"
warning, Puppet 8 (strict_variables on by default) fails the catalog, an error when the target version is 8. If, unless, case and selectors create no scope; lambdas do, so a variable assigned inside an each
block is gone after it. A read guarded by defined('$x') (in the condition around it, or as
"defined('$x') and $x") is not reported. One the code expects may be unset (an argument of pick() or
pick_default(), tested against undef, or the default of a parameter the body tests so) is info: it works
unless strict_variables is on, as it is by default from Puppet 8. Metaparameters ($notify, $tag...) are
variables in a defined type's or class's body when the declaration passes them: an unguarded read is
info, unless every declaration in the tree passes it. A variable a Ruby function of the tree sets
(scope['x'] = ...) is known. A read in a parameter default that no declaration in the tree evaluates,
and $::m_x where module m is used but not in the tree (its custom fact, maybe), and the facts Puppet
Enterprise adds to its nodes ($::pe_build, $is_pe...), are info (so is a read in the arguments of fail(), where the catalog fails either way and only the message
loses the value), and so is, in an environment
with a main manifest, a read in a defined type that nothing in it instantiates (an ENC cannot assign
one) unless some code declares resources of a computed type. Reading a variable before its assignment in the same scope is also unknown, since
Puppet evaluates in order. A name assigned in a class that declares this one was visible only under Puppet 2's
dynamic scoping: read it by its qualified name. Regex captures ($0...$n), custom facts from lib/facter and
[scope] known_variables from the configuration are always known. Templates rendered with epp() see their
own parameters, top and node scope and facts, not the calling class's variables.`,
		Context: model.NeedDefinitions | model.NeedTopScope | model.NeedDeclarers | model.NeedEarlyDeclarations | model.NeedTemplateRenderers,
		Run:     runUnknownVariable,
	}
}

func runUnknownVariable(p *Pass) {
	st := staticScope(p)
	sug := newSuggester(p.File)
	facts := &externalFacts{file: p.File}
	for _, r := range st.Reads(p.File) {
		if r.CheckedDefined {
			continue // runs only when the code has found it set
		}
		var msg, detail string
		var related []Related
		var sev Severity // 0: the rule's
		switch r.Resolution.Kind {
		case model.Unresolved:
			var peFact bool
			msg, detail, related, peFact = unknownVariableMessage(st, sug, r, p.Puppet)
			owner := r.Scope.Owner()
			mention := facts.mention(r.Var.Name)
			switch {
			case r.InDefault != nil && owner.Def != nil && st.EveryDeclarationPasses(owner.Def, r.InDefault.Name):
				sev = Info
				detail += fmt.Sprintf(" Every declaration of %s in this tree passes $%s, so the default is not used today.",
					owner.Def.Name, r.InDefault.Name)
			case owner.Kind == model.TemplateScope && !st.TemplateRendered(r.File):
				sev = Info
				detail += " Nothing in the tree renders this template from manifest code, so which values it gets depends on who renders it."
			case peFact:
				sev = Info // unset only on nodes without Puppet Enterprise
			case mention.line > 0:
				sev = Info
				detail += fmt.Sprintf(" The %s on line %d sets it as an external fact (FACTER_%s in Facter's environment), "+
					"which nodes have only when whoever runs Puppet sets it.", mention.where, mention.line,
					strings.ToUpper(strings.TrimPrefix(r.Var.Name, "::")))
			case missingFactModule(st, r) != "":
				sev = Info
				detail += fmt.Sprintf(" Module %s, which %s uses, is not in the tree and may add it as a custom fact.",
					missingFactModule(st, r), scopeNoun(r.Scope))
			case p.Program.Uninstantiated(r.Scope) != nil:
				sev = Info
				detail += fmt.Sprintf(" Nothing in this environment instantiates defined type %s, and an ENC cannot assign a "+
					"defined type, so no node of the tree evaluates this code.", p.Program.Uninstantiated(r.Scope).Name)
				if by := p.Program.DataTypeDeclarers(); len(by) > 0 {
					detail += fmt.Sprintf(" (Only data could: %s declares resources of the types its parameters name, and no "+
						"declaration in the tree passes them.)", strings.Join(by, ", "))
				}
			}
		case model.ResolvedMetaparam:
			name := strings.TrimPrefix(r.Var.Name, "::")
			if owner := r.Scope.Owner(); owner.Def != nil && st.EveryDeclarationPasses(owner.Def, name) {
				continue // set wherever the tree declares it
			}
			sev = Info
			msg = fmt.Sprintf("%s is set in %s only when its declaration passes the %s metaparameter", varRef(r.Var), scopeNoun(r.Scope), name)
			detail = "A resource default may pass it too; elsewhere it is unknown, so " + unsetRead(p.Puppet) + "."
		default:
			continue
		}
		bare := strings.TrimPrefix(r.Var.Name, "::")
		switch {
		case r.InFail && r.Resolution.Kind == model.Unresolved:
			sev = Info
			detail += " " + failMessageRead
		case r.AllowsUndef:
			sev = Info
			detail += fmt.Sprintf(" The code expects it may be unset (pick() or an undef test), which works only while strict_variables is off "+
				"(%s): test defined('$%s') first.", strictVariablesNote(p.Puppet), bare)
		case r.Resolution.Kind == model.ResolvedMetaparam:
			detail += fmt.Sprintf(" Test defined('$%s') first.", bare)
		}
		p.Report(Diagnostic{Start: r.Var.Span().Start, End: r.Var.Span().End, Message: msg, Detail: detail, Related: related, Severity: sev})
	}
}

// factMention is where a file tells its users to set an external fact:
// line 0 when it does not.
type factMention struct {
	where string // "comment" or "string"
	line  int32
}

// externalFacts are the external facts a file tells its users to set
// through Facter's environment (FACTER_NAME=value, any case, as Facter
// reads it), by lower-case name: in a comment, or else in a string (a
// message the code prints, as in `notify { ...: message => 'set
// $env:FACTER_MODE' }`). Facter turns every FACTER_x variable of the
// agent's environment into fact x, so a read of such a name is known on
// the nodes the file tells users to run it on. The file is scanned once,
// on the first question.
type externalFacts struct {
	file  *model.File
	names map[string]factMention
}

// mention returns where the file documents top-scope variable name as an
// external fact; line 0 when it does not, or when name is qualified.
func (ef *externalFacts) mention(name string) factMention {
	name = strings.TrimPrefix(name, "::")
	if name == "" || strings.Contains(name, "::") {
		return factMention{}
	}
	if ef.names == nil {
		ef.names = map[string]factMention{}
		if f := ef.file; f != nil && f.Parsed != nil {
			for _, c := range f.Parsed.Comments {
				ef.note(c.Text, factMention{"comment", c.Start.Line})
			}
			if f.Parsed.Program != nil {
				parser.Inspect(f.Parsed.Program, func(n parser.Node) bool {
					if lit, ok := n.(*parser.StringLit); ok {
						ef.note(lit.Value, factMention{"string", lit.Span().Start.Line})
					}
					return true
				})
			}
		}
	}
	return ef.names[strings.ToLower(name)]
}

// note records, for each FACTER_<name> word of text not recorded yet,
// that m documents it.
func (ef *externalFacts) note(text string, m factMention) {
	const prefix = "facter_"
	for i := 0; i+len(prefix) <= len(text); {
		k := indexFold(text[i:], prefix)
		if k < 0 {
			return
		}
		start := i + k
		end := start + len(prefix)
		for end < len(text) && isNameByte(text[end]) {
			end++
		}
		if (start == 0 || !isNameByte(text[start-1])) && end > start+len(prefix) {
			name := strings.ToLower(text[start+len(prefix) : end])
			if _, ok := ef.names[name]; !ok {
				ef.names[name] = m
			}
		}
		i = end
	}
}

// indexFold is strings.Index of lower-case ASCII word in s, ignoring case.
func indexFold(s, word string) int {
	for i := 0; i+len(word) <= len(s); i++ {
		if strings.EqualFold(s[i:i+len(word)], word) {
			return i
		}
	}
	return -1
}

// failMessageRead says why a read in fail()'s arguments is info.
const failMessageRead = "It is read only in the arguments of fail(), where the catalog fails either way: " +
	"the message loses the value (or Puppet 8 fails on the read instead, with another message)."

// unknownVariableMessage explains why an unresolved read is unknown: the
// message, the detail and the related locations; peFact is set when the
// read is of a fact Puppet Enterprise adds, which nothing in the tree
// assigns.
func unknownVariableMessage(st *model.Static, sug *suggester, r *model.Read, pv PuppetVersion) (msg, detail string, related []Related, peFact bool) {
	v := r.Var
	f := r.File
	if v.IsTopScope() {
		name := strings.TrimPrefix(v.Name, "::")
		if as := st.NodeAssignments(f, name); len(as) > 0 {
			at := lineOf(f, as[0].File, as[0].Var.Span())
			return withPlace(fmt.Sprintf("%s names top scope, but $%s is assigned only in a node definition", varRef(v), name), at),
				fmt.Sprintf("It is assigned at %s, and a node definition is not top scope. Write $%s inside the node's classes.", at, name), nil, false
		}
		if peFactRead(r) {
			msg, detail = peFactMessage(r, pv)
			return msg, detail, nil, true
		}
		return fmt.Sprintf("unknown variable %s: no top-scope variable $%s is assigned in the main manifests", varRef(v), name),
			"It is not a fact or built-in variable either, so " + unsetRead(pv) + ". If an ENC or an external fact sets it, list it " +
				"in [scope] known_variables.", nil, false
	}
	if early := r.Resolution.Early; early != nil {
		a := r.Resolution.Assignment
		return fmt.Sprintf("%s is assigned at top scope (%s) only after %s evaluates %s (%s)",
				varRef(v), lineOf(f, a.File, a.Var.Span()), early.Kind, r.Scope.Owner().Def.Name, lineOf(f, early.File, early.Span)),
			fmt.Sprintf("Classes declared from top-scope code run at once, so %s is not set yet here and %s. Assign it before the declaration.",
				varRef(v), unsetRead(pv)),
			[]Related{RelatedAt(early.File, early.Span, "declared here, before the assignment"), RelatedAt(a.File, a.Var.Span(), "assigned here")}, false
	}
	name := v.Name
	if v.IsQualified() {
		name = v.ShortName() // $foo::x read inside class foo
	}
	where := scopeNoun(r.Scope)
	// Assigned later in the same scope chain: an order problem.
	for sc := r.Scope; sc != nil; sc = sc.Parent {
		if a := sc.FirstCompatible(name, r.Branch, nil); a != nil {
			return fmt.Sprintf("%s is read before it is assigned (%s)", varRef(v), lineOf(f, a.File, a.Var.Span())),
				fmt.Sprintf("Puppet evaluates %s in order, so %s is not set yet here and %s. Move the assignment up.", where, varRef(v), unsetRead(pv)),
				[]Related{RelatedAt(a.File, a.Var.Span(), "assigned here")}, false
		}
		if sc.Kind != model.LambdaScope {
			break
		}
	}
	owner := r.Scope.Owner()
	// Assigned only in a lambda nested in the scope.
	for _, a := range st.AssignedAnywhere(owner, name) {
		if a.Scope == owner || isEnclosing(a.Scope, r.Scope) {
			continue
		}
		return fmt.Sprintf("%s is assigned only inside a lambda (%s)", varRef(v), lineOf(f, a.File, a.Var.Span())),
			fmt.Sprintf("A lambda's variables are local to it: after the block %s is not set and %s. Use the lambda's return value instead "+
				"(map, reduce, filter).", varRef(v), unsetRead(pv)),
			[]Related{RelatedAt(a.File, a.Var.Span(), "assigned in this lambda's scope")}, false
	}
	if owner.Def != nil {
		if ds := st.DeclaringAssigners(owner.Def, name); len(ds) > 0 {
			d := ds[0]
			return fmt.Sprintf("unknown variable %s: it is assigned in class %s, which declares %s", varRef(v), d.Name, owner.Def.Name),
				fmt.Sprintf("Puppet uses static scope, not Puppet 2's dynamic scoping; write $%s::%s.", d.Name, name),
				[]Related{RelatedAt(d.File, d.NameSpan, "class "+d.Name)}, false
		}
	}
	if peFactRead(r) {
		msg, detail = peFactMessage(r, pv)
		return msg, detail, nil, true
	}
	msg = fmt.Sprintf("unknown variable %s in %s", varRef(v), where)
	scopes := st.VisibleScopes(r.Scope, f)
	count := 0
	for _, sc := range scopes {
		count += len(sc.Params) + len(sc.Assignments)
	}
	near := sug.nearest(r.Scope, name, count, func(yield func(string)) {
		for _, sc := range scopes {
			sc.EachName(yield)
		}
	})
	if near != "" {
		msg += fmt.Sprintf("; did you mean $%s?", near)
	}
	detail = fmt.Sprintf("It is not a parameter or a variable assigned earlier in %s, nor inherited, top-scope, fact or built-in, "+
		"so %s.", where, unsetRead(pv))
	if owner.Kind == model.TemplateScope {
		detail += " A template rendered with epp() sees only its parameters, top and node scope and facts, not the caller's " +
			"variables: declare and pass it as a parameter."
	}
	return msg, detail, nil, false
}

// peFactRead reports whether r reads a fact Puppet Enterprise adds
// ($::pe_build, $is_pe): a read that finds no variable in the tree,
// neither read before an assignment nor assigned elsewhere, and unset only
// on nodes without PE.
func peFactRead(r *model.Read) bool {
	return !r.Var.IsQualified() && builtin.IsPEFact(r.Var.Name) && r.Resolution.Early == nil && r.Resolution.Kind == model.Unresolved
}

// peFactMessage is the finding on a read of a Puppet Enterprise fact.
func peFactMessage(r *model.Read, pv PuppetVersion) (msg, detail string) {
	return fmt.Sprintf("%s is a Puppet Enterprise fact: set only on the nodes PE manages", varRef(r.Var)),
		fmt.Sprintf("Puppet Enterprise adds $%s to the facts of the nodes it manages; on a node without PE it is unset, so %s. "+
			"Whether the nodes run PE is what the tree does not show.", strings.TrimPrefix(r.Var.Name, "::"), unsetRead(pv))
}

// unsetRead says what Puppet does with a read of a variable that is not
// set, under target version v; it follows "so" in a finding's detail.
// Both verdicts are recorded in testdata/puppet-apply/puppet8.
func unsetRead(v PuppetVersion) string {
	if v.StrictVariables() {
		return `Puppet 8 fails the catalog ("Unknown variable", with strict_variables on by default)`
	}
	return `Puppet 7 reads undef, with an "Unknown variable" warning`
}

// strictVariablesNote says what strict_variables means for the target
// version v, for reads the code expects may be unset.
func strictVariablesNote(v PuppetVersion) string {
	if v.StrictVariables() {
		return "it is on by default in Puppet 8, and the read fails the catalog when the variable is unset"
	}
	return "Puppet 7's default; Puppet 8 turns it on, and the read then fails the catalog"
}

// missingFactModule returns, for a read of $::m_x, the module m when the
// tree does not hold it and the reading class, define or file uses it (a
// resource or class of m): custom facts are conventionally named after
// their module, and modules outside the tree are not guessed at.
func missingFactModule(st *model.Static, r *model.Read) string {
	if !r.Var.IsTopScope() {
		return ""
	}
	mod, _, ok := strings.Cut(strings.TrimPrefix(r.Var.Name, "::"), "_")
	if !ok || mod == "" || st.ModuleLoaded(mod) {
		return ""
	}
	owner := r.Scope.Owner()
	for sc := range st.ScopesIn(r.File) {
		if sc.Owner() != owner {
			continue
		}
		for _, res := range sc.Resources {
			if moduleOfName(res.Type) == mod {
				return mod
			}
		}
		for _, d := range sc.Declarations {
			if moduleOfName(d.Target) == mod {
				return mod
			}
		}
	}
	return ""
}

// moduleOfName returns the module part of a qualified class or type name,
// "" for an unqualified one.
func moduleOfName(name string) string {
	mod, _, ok := strings.Cut(strings.TrimPrefix(name, "::"), "::")
	if !ok {
		return ""
	}
	return mod
}

// isEnclosing reports whether outer is inner or a scope enclosing inner's lambdas.
func isEnclosing(outer, inner *model.Scope) bool {
	for sc := inner; sc != nil; sc = sc.Parent {
		if sc == outer {
			return true
		}
	}
	return false
}
