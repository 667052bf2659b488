package rules

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules/model"
	"github.com/ducklint/ducklint/rules/ptype"
)

// ParameterTypeMismatch reports literal values that do not match the
// declared type of the class or defined-type parameter they are passed
// to.
func ParameterTypeMismatch() *Rule {
	return &Rule{
		ID:       "parameter-type-mismatch",
		Title:    "A literal value does not match the type of the parameter it is passed to",
		Severity: Error,
		Kind:     PerFile,
		Context: model.NeedDefinitions | model.NeedDeclarers | model.NeedTopScope | model.NeedParameterSources | model.NeedParameterTypes |
			model.NeedHieraData,
		Doc: `A class or defined type parameter with a type (Integer $port, Enum['a', 'b'] $mode, Stdlib::Port
$port) accepts only values of that type: Puppet fails the catalog with "Web::Vhost[a]: parameter 'port'
expects an Integer value, got String" for port => '8080'. The rule checks the literal values (strings,
numbers, booleans, arrays and hashes of literals) that resource-like class declarations and defined-type
resources pass, against the types Integer, Float, Numeric, String, Boolean, Enum, Pattern, Regexp,
Optional, Variant, Undef, NotUndef, Array, Hash, Struct, Tuple, Collection, Any, Data, Scalar,
ScalarData, Type and the type aliases the tree defines; and the defaults of a defined type's parameters
against their own types where a declaration leaves the parameter out. Values that are not literals, and
types it cannot read (an alias of a module outside the tree), are not checked.

In Hiera data, the value of a key <class>::<param> is what automatic parameter lookup passes to the
parameter: Puppet fails the catalog with "Class[Web]: parameter 'port' expects an Integer value, got
String". The finding is on the data key. Values whose type is not certain are not checked: %{alias()}
interpolations, YAML aliases and merge keys, eyaml's encrypted values, plain scalars YAML 1.1 (which
Puppet reads) and 1.2 read differently; nor are keys lookup_options names (a merge makes one file's
value part of the result), or keys a module's layer does not serve. It is an error when every node
reads the file, no data file searched before it holds the key, and an entry point declares the class;
info when a hierarchy pattern decides which nodes read the file or find the key first.`,
		Run: runParameterTypeMismatch,
	}
}

func runParameterTypeMismatch(p *Pass) {
	if h := p.File.Hiera; h != nil {
		if h.Data != nil {
			checkDataTypes(p)
		}
		return
	}
	for i, n := range p.nodesOf(1<<kindCall | 1<<kindResource) {
		switch n := n.(type) {
		case *parser.Call:
			checkIncludedDefaults(p, i, n)
		case *parser.Resource:
			checkResourceTypes(p, i, n)
		}
	}
}

// checkResourceTypes checks the attributes of r, node i of the pass's
// file, against the types and defaults of the parameters they set.
func checkResourceTypes(p *Pass, i int, r *parser.Resource) {
	typ := r.TypeName()
	if typ == "" {
		return
	}
	for body, attrs := range titledBodies(r) {
		if typ == "class" {
			var named [2]literalClass
			for _, c := range appendLiteralClasses(named[:0], body.Title) {
				if dp, ok := paramsOf(p, "class", c.name); ok && len(dp.defs) == 1 {
					checkTypes(p, i, attrs, dp, classRef(c.name))
					if !slices.ContainsFunc(attrs, func(a *parser.AttributeOp) bool { return a.Splat }) {
						checkDefaults(p, i, attrs, dp, classRef(c.name), c.span)
					}
				}
			}
			continue
		}
		dp, ok := paramsOf(p, typ, "")
		if !ok || len(dp.defs) != 1 {
			continue
		}
		subject := resourceRef(typ, titleText(body.Title))
		checkTypes(p, i, attrs, dp, subject)
		if r.Form == "" && !p.Program.Names().Defaulted(typ) &&
			!slices.ContainsFunc(attrs, func(a *parser.AttributeOp) bool { return a.Splat }) {
			checkDefaults(p, i, attrs, dp, subject, r.Type.Span())
		}
	}
}

// checkTypes reports the attributes whose literal values do not match the
// type of the parameter of dp they set.
func checkTypes(p *Pass, i int, attrs []*parser.AttributeOp, dp declaredParams, ref declRef) {
	d := dp.defs[0]
	var types []*ptype.Type
	for _, a := range attrs {
		if a.Splat || a.Append {
			continue
		}
		j := d.ParamIndex(a.Name)
		if j < 0 || d.Params[j].Type == nil {
			continue
		}
		prm := d.Params[j]
		v := ptype.FromValueExpr(a.Value)
		if v.Kind == ptype.VUndef && prm.Default != nil {
			continue // undef passes nothing: the default applies
		}
		if types == nil {
			types = p.Program.ParamTypes(d)
		}
		typ := types[j]
		ms := ptype.Describe(typ, v, false)
		if len(ms) == 0 {
			continue
		}
		sev, why, ok := compileSeverity(p, siteAt(p, i))
		if !ok {
			return
		}
		subject := ref.String()
		puppet := puppetText(subject, a.Name, ms)
		first := ms[0].Format(fmt.Sprintf("parameter '%s'", a.Name))
		p.Report(Diagnostic{File: p.File.Path, Start: a.Value.Span().Start, End: a.Value.Span().End, Severity: sev,
			Message: fit(subject+": "+first, first, shortMismatch(a.Name, typ, ms[0]),
				fmt.Sprintf("parameter '%s' gets a value its type does not accept", a.Name)),
			Detail: withWhy(fmt.Sprintf("Parameter $%s of %s %s (%s) is declared %s, and Puppet fails the catalog with \"%s\".",
				a.Name, dp.kind, dp.name, at(d.File, prm.NameSpan), excerpt(typ.String()), puppet), why),
			Related: []Related{RelatedAt(d.File, prm.NameSpan, fmt.Sprintf("parameter $%s", a.Name))}})
	}
}

// checkIncludedDefaults checks the defaults of the classes that an
// include, require or contain call c declares.
func checkIncludedDefaults(p *Pass, i int, c *parser.Call) {
	switch strings.TrimPrefix(c.FuncName(), "::") {
	case "include", "require", "contain":
	default:
		return
	}
	if _, ok := c.Func.(*parser.Name); !ok {
		return
	}
	for _, a := range c.Args {
		var named [2]literalClass
		for _, t := range appendLiteralClasses(named[:0], a) {
			if dp, ok := paramsOf(p, "class", t.name); ok && len(dp.defs) == 1 {
				checkDefaults(p, i, nil, dp, classRef(t.name), t.span)
			}
		}
	}
}

// checkDefaults reports, at a declaration that leaves them out, the
// parameters of dp whose default value does not match their type: Puppet
// fails when it uses the default. A class's parameter may get its value
// from Hiera data instead, which this rule does not read: that finding is
// info.
func checkDefaults(p *Pass, i int, attrs []*parser.AttributeOp, dp declaredParams, ref declRef, span parser.Span) {
	d := dp.defs[0]
	for _, m := range p.Program.MismatchedDefaults(d) {
		prm, ms := m.Param, m.Mismatches
		if slices.ContainsFunc(attrs, func(a *parser.AttributeOp) bool {
			return a.Name == prm.Name && ptype.FromValueExpr(a.Value).Kind != ptype.VUndef
		}) {
			continue
		}
		sev, why, ok := compileSeverity(p, siteAt(p, i))
		if !ok {
			return
		}
		hiera := ""
		if dp.kind == "class" {
			sev, hiera = Info, " unless Hiera data gives the parameter a value"
		}
		subject := ref.String()
		puppet := puppetText(subject, prm.Name, ms)
		first := ms[0].Format(fmt.Sprintf("parameter '%s'", prm.Name))
		p.Report(Diagnostic{File: p.File.Path, Start: span.Start, End: span.End, Severity: sev,
			Message: fit(subject+": "+first+" (its default)", first+" (its default)",
				shortMismatch(prm.Name, m.Type, ms[0])+" (its default)",
				fmt.Sprintf("the default of parameter '%s' does not match its type", prm.Name)),
			Detail: fmt.Sprintf("The declaration does not pass $%s, so it gets its default (%s)%s, which its type does not "+
				"accept: Puppet fails the catalog with \"%s\". Pass a value, or fix the default.", prm.Name,
				at(d.File, prm.Default.Span()), hiera, puppet) + withWhy("", why),
			Related: []Related{RelatedAt(d.File, prm.Default.Span(), fmt.Sprintf("the default of $%s", prm.Name))}})
	}
}

// shortMismatch says what is wrong when Puppet's words are too long for a
// message: the declared type, shortened, and what the value is.
func shortMismatch(param string, t *ptype.Type, m ptype.Mismatch) string {
	got := m.Text
	if i := strings.LastIndex(got, ", got "); i >= 0 {
		got = got[i+len(", got "):]
	}
	where := strings.Join(m.Path, " ")
	if where != "" {
		where = " at " + where
	}
	return fmt.Sprintf("parameter '%s' is declared %s, which does not accept %s%s", param, excerpt(t.String()), excerpt(got), where)
}

// puppetText is Puppet's error for the mismatches of one parameter.
func puppetText(subject, param string, ms []ptype.Mismatch) string {
	var lines []string
	for _, m := range ms {
		lines = append(lines, m.Format(fmt.Sprintf("parameter '%s'", param)))
	}
	if len(lines) == 1 {
		return subject + ": " + lines[0]
	}
	return subject + ":\n " + strings.Join(lines, "\n ")
}
