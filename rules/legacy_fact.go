package rules

import (
	"fmt"
	"strings"

	"github.com/ducklint/ducklint/hiera"
	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules/builtin"
	"github.com/ducklint/ducklint/rules/model"
)

// LegacyFact reports reads of Facter's legacy facts, which Puppet 8 no
// longer collects, with the structured fact that replaces each.
func LegacyFact() *Rule {
	return &Rule{
		ID:    "legacy-fact",
		Title: "A read of a legacy fact, which Puppet 8 no longer collects",
		// A top-scope read of a fact Puppet 8 does not collect fails the
		// catalog under strict_variables; Puppet 7 collects them.
		Severity:        Error,
		Puppet7Severity: Info,
		Kind:            PerFile,
		Aliases:         []string{"legacy_facts"},
		Doc: `Facter's flat legacy facts ($osfamily, $operatingsystem, $ipaddress, $ipaddress_eth0, $memorysize_mb...)
are not collected by Puppet 8 (include_legacy_facts is false by default), nor by OpenVox 8. A read of one as
a top-scope variable ($osfamily, $::osfamily, "${osfamily}", in an EPP template) is then unknown, and with
strict_variables, on by default in Puppet 8, it fails the catalog; $facts['osfamily'] is undef. The finding
names the structured fact that replaces it ($facts['os']['family'], $facts['networking']['ip'],
$facts['networking']['interfaces']['eth0']['ip']), and says when its value has another form (the *_mb
facts are in MiB, the replacements in bytes). Custom facts of the tree's lib/facter and names a local
variable or parameter shadows are not legacy facts. Hiera interpolations are checked too: %{osfamily},
%{::osfamily}, %{scope('osfamily')} and %{facts.osfamily} in data files and hiera.yaml, the replacement
written %{facts.os.family}. With the target version 7 the findings are info. A read in the arguments
of fail() is info: the catalog fails there either way, and only the message loses the value.`,
		Context: model.NeedDefinitions | model.NeedTopScope | model.NeedTemplateRenderers,
		Run:     runLegacyFact,
	}
}

func runLegacyFact(p *Pass) {
	st := staticScope(p)
	if p.File.Hiera != nil {
		legacyFactsInHiera(p, st)
		return
	}
	inString := &interpolatedParts{p: p}
	for _, r := range st.Reads(p.File) {
		if r.Resolution.Kind != model.ResolvedFact || r.Var.IsQualified() {
			continue
		}
		name := strings.TrimPrefix(r.Var.Name, "::")
		lf, ok := builtin.LookupLegacyFact(name)
		if !ok || st.CustomFact(name) || st.Configured(name) {
			continue
		}
		var sev Severity // 0: the rule's, an error for Puppet 8
		detail := ""
		switch {
		case !p.Puppet.CollectsLegacyFacts() && (r.CheckedDefined || r.AllowsUndef):
			sev = Warning
			detail = fmt.Sprintf("Puppet 8 does not collect legacy facts (include_legacy_facts is false by default), so %s is never set: "+
				"the code that expects it may be unset takes the unset path on every node.", varRef(r.Var))
		case !p.Puppet.CollectsLegacyFacts():
			detail = fmt.Sprintf("Puppet 8 does not collect legacy facts (include_legacy_facts is false by default), so %s is unknown, "+
				"and with strict_variables, on by default, the read fails the catalog.", varRef(r.Var))
		default:
			detail = "Puppet 7 collects legacy facts, so this works today. Puppet 8 does not (include_legacy_facts is false " +
				"by default), and the read then fails the catalog (strict_variables is on by default)."
		}
		if r.InFail && !p.Puppet.CollectsLegacyFacts() {
			sev = Info
			detail += " " + failMessageRead
		}
		detail += " " + legacyFactFix(lf)
		later := assignedLater(r, name)
		if later != nil {
			detail += fmt.Sprintf(" %s is also assigned later in %s (%s): if that is the value meant, move the assignment up.",
				varRef(r.Var), scopeNoun(r.Scope), lineOf(p.File, later.File, later.Var.Span()))
		}
		var edits []Edit
		if exactReplacement(lf) && !r.CheckedDefined && later == nil {
			// Not for a read the code guards with defined('$x'), whose
			// guard (a string) would need rewriting too, nor for one
			// before an assignment of the name, which may be what the
			// code means to read.
			edits = replaceExpr(p, r.Var, lf.FactsAccess(), inString.has(r.Var))
		}
		p.Report(Diagnostic{Start: r.Var.Span().Start, End: r.Var.Span().End, Severity: sev,
			Message: legacyFactMessage(varRef(r.Var), lf, ""), Detail: detail, Edits: edits})
	}
	for _, acc := range nodesOfType[*parser.Access](p) {
		if len(acc.Keys) == 0 {
			continue
		}
		v, ok := acc.Target.(*parser.Variable)
		if !ok || strings.TrimPrefix(v.Name, "::") != "facts" {
			continue
		}
		key, ok := acc.Keys[0].(*parser.StringLit)
		if !ok {
			continue
		}
		lf, ok := builtin.LookupLegacyFact(key.Value)
		if !ok || strings.HasPrefix(key.Value, "::") || st.CustomFact(key.Value) {
			continue
		}
		sev := Warning // undef, which the code may handle: no failure
		detail := fmt.Sprintf("Puppet 8 does not collect legacy facts (include_legacy_facts is false by default), so $facts['%s'] "+
			"is undef on every node.", key.Value)
		if p.Puppet.CollectsLegacyFacts() {
			sev = Info
			detail = "Puppet 7 collects legacy facts, so this works today. Puppet 8 does not (include_legacy_facts is false " +
				"by default), and the key is then undef."
		}
		span := parser.Span{Start: v.Span().Start, End: key.Span().End}
		var edits []Edit
		if len(acc.Keys) == 1 {
			span = acc.Span()
			if exactReplacement(lf) {
				edits = replaceExpr(p, acc, lf.FactsAccess(), inString.has(acc))
			}
		}
		p.Report(Diagnostic{Start: span.Start, End: span.End, Severity: sev,
			Message: legacyFactMessage(fmt.Sprintf("$facts['%s']", key.Value), lf, ""), Detail: detail + " " + legacyFactFix(lf), Edits: edits})
	}
}

// assignedLater returns an assignment of name after read r in its scope
// (or a scope its lambda is in), nil when there is none: the read, before
// it, resolves to the fact.
func assignedLater(r *model.Read, name string) *model.Assignment {
	for sc := r.Scope; sc != nil; sc = sc.Parent {
		for _, a := range sc.Assigned(name) {
			if a.File == r.File && a.Var.Span().Start.Offset > r.Var.Span().Start.Offset {
				return a
			}
		}
		if sc.Kind != model.LambdaScope {
			break
		}
	}
	return nil
}

// exactReplacement reports whether the legacy fact's replacement has its
// value, so that replacing the read is an exact fix.
func exactReplacement(lf builtin.LegacyFactRead) bool {
	return lf.Replacement() != nil && lf.Fact.Differs == ""
}

// legacyFactMessage is the message of a read (written as read) of a
// legacy fact, whose replacement is written as with ("" for Puppet code,
// lf.FactsAccess()).
func legacyFactMessage(read string, lf builtin.LegacyFactRead, with string) string {
	if with == "" && lf.Replacement() != nil {
		with = lf.FactsAccess()
	}
	switch {
	case lf.Replacement() == nil:
		return fit(fmt.Sprintf("legacy fact %s: no structured fact holds its value", read), "legacy fact: no structured fact holds its value")
	case lf.Fact.Differs != "":
		return fit(fmt.Sprintf("legacy fact %s: %s holds its value in another form", read, with),
			fmt.Sprintf("legacy fact %s: %s replaces it", read, with), "legacy fact: a structured fact replaces it")
	}
	return fit(fmt.Sprintf("legacy fact %s: use %s", read, with), "legacy fact: use "+with, "legacy fact")
}

// legacyFactFix says what to write instead.
func legacyFactFix(lf builtin.LegacyFactRead) string {
	switch {
	case lf.Replacement() == nil:
		return fmt.Sprintf("It is %s.", lf.Fact.Differs)
	case lf.Fact.Differs != "":
		return fmt.Sprintf("Facter's structured fact %s replaces it, but the legacy fact is %s.",
			strings.Join(lf.Replacement(), "."), lf.Fact.Differs)
	}
	return fmt.Sprintf("Write %s: Facter's structured fact %s has the same value.", lf.FactsAccess(), strings.Join(lf.Replacement(), "."))
}

// legacyFactsInHiera reports the legacy facts a Hiera file interpolates:
// %{osfamily}, %{::osfamily} and %{scope('osfamily')}, which read the
// top-scope variable, and %{facts.osfamily}. There is no fix: Hiera data
// is not Puppet code, and --fix writes only manifests and templates.
func legacyFactsInHiera(p *Pass, st *model.Static) {
	var ins []hiera.Interpolation
	if h := p.File.Hiera; h.Config != nil {
		ins = h.Config.Interpolations
	} else {
		ins = h.Data.Interpolations
	}
	for _, in := range ins {
		name, viaFacts, ok := interpolatedFact(in.Expr)
		if !ok {
			continue
		}
		lf, ok := builtin.LookupLegacyFact(name)
		if !ok || st.CustomFact(name) || (!viaFacts && st.Configured(name)) {
			continue
		}
		sev := Warning
		detail := fmt.Sprintf("Puppet 8 does not collect legacy facts (include_legacy_facts is false by default), so %%{%s} "+
			"interpolates nothing on every node.", in.Expr)
		if !viaFacts {
			sev = 0 // the rule's: an error for Puppet 8
			detail = fmt.Sprintf("Puppet 8 does not collect legacy facts (include_legacy_facts is false by default), so the variable "+
				"%%{%s} reads is unknown, and with strict = error, Puppet 8's default, the interpolation fails the lookup "+
				"(Undefined variable).", in.Expr)
		}
		if p.Puppet.CollectsLegacyFacts() {
			sev = Info
			detail = "Puppet 7 collects legacy facts, so this works today. Puppet 8 does not (include_legacy_facts is false " +
				"by default), and the interpolation then finds no value."
		} else if p.File.Hiera.Data != nil && !p.File.Source.HieraEveryNode {
			// Only nodes whose facts make a path pattern name this file
			// read it (os/Debian.yaml), and whether the tree's nodes
			// include one is what it does not show: one level lower.
			sev = Info
			if !viaFacts {
				sev = Warning
			}
			detail += " Only nodes whose facts or data make a hierarchy path pattern name this file read it."
		}
		read := "%{" + in.Expr + "}"
		if r := lf.Replacement(); r != nil {
			with := hieraFactsPath(r)
			if lf.Fact.Differs == "" {
				detail += fmt.Sprintf(" Write %s: Facter's structured fact %s has the same value.", with, strings.Join(r, "."))
			} else {
				detail += fmt.Sprintf(" Facter's structured fact %s (%s) replaces it, but the legacy fact is %s.", strings.Join(r, "."), with, lf.Fact.Differs)
			}
			p.Report(Diagnostic{Start: in.Span.Start, End: in.Span.End, Severity: sev, Detail: detail,
				Message: legacyFactMessage(read, lf, with)})
			continue
		}
		p.Report(Diagnostic{Start: in.Span.Start, End: in.Span.End, Severity: sev, Detail: detail + " " + legacyFactFix(lf),
			Message: legacyFactMessage(read, lf, "")})
	}
}

// interpolatedFact returns the fact a Hiera interpolation reads: the
// variable of %{name}, %{::name}, %{name.key} or %{scope('name')}, or the
// key of %{facts.name...} (viaFacts). ok is false for anything else
// (lookup('k'), trusted.certname, literal('%')).
func interpolatedFact(expr string) (name string, viaFacts, ok bool) {
	if arg, found := strings.CutPrefix(expr, "scope("); found {
		arg = strings.TrimSpace(strings.TrimSuffix(arg, ")"))
		if len(arg) < 2 || (arg[0] != '\'' && arg[0] != '"') || arg[len(arg)-1] != arg[0] {
			return "", false, false
		}
		expr = arg[1 : len(arg)-1]
	}
	segs := hieraKeySegments(strings.TrimPrefix(expr, "::"))
	if len(segs) == 0 || segs[0] == "" {
		return "", false, false
	}
	if segs[0] == "facts" {
		if len(segs) < 2 {
			return "", false, false
		}
		return segs[1], true, true
	}
	if strings.ContainsAny(segs[0], "('\" ") {
		return "", false, false // a function call
	}
	return segs[0], false, true
}

// hieraKeySegments splits a dotted Hiera key (facts.os."a.b") into its
// segments, without the quotes of a quoted one.
func hieraKeySegments(key string) []string {
	var out []string
	for key != "" {
		if q := key[0]; q == '"' || q == '\'' {
			end := strings.IndexByte(key[1:], q)
			if end < 0 {
				return append(out, key)
			}
			out = append(out, key[1:end+1])
			key = strings.TrimPrefix(key[end+2:], ".")
			continue
		}
		seg, rest, _ := strings.Cut(key, ".")
		out = append(out, seg)
		key = rest
	}
	return out
}

// hieraFactsPath writes a $facts path as a Hiera interpolation:
// %{facts.networking.interfaces.eth0.ip}, a segment with a dot quoted.
func hieraFactsPath(path []string) string {
	var b strings.Builder
	b.WriteString("%{facts")
	for _, k := range path {
		b.WriteByte('.')
		if strings.ContainsAny(k, ".'\"") {
			k = `"` + k + `"`
		}
		b.WriteString(k)
	}
	b.WriteString("}")
	return b.String()
}
