package rules

import (
	"fmt"
	"strings"

	"github.com/ducklint/ducklint/rules/model"
	"github.com/ducklint/ducklint/rules/ptype"
)

// checkDataTypes reports, in a Hiera data file, the values of keys
// <class>::<param> that automatic parameter lookup passes to a parameter
// of a class of the tree and that its type does not accept. A value is
// checked only where Puppet takes it as written: a first-found lookup
// (no lookup_options name the key: a merge makes the file's value part of
// the result, convert_to changes it), a value whose type is certain (see
// ptype.FromYAML), and a layer that serves the key (a module's layer
// serves only its module's keys). Its severity says how sure the tree is
// that some node gets the value: Error when every node reads the file,
// no file searched before it holds the key on some node, and some entry
// point declares the class; Info otherwise.
func checkDataTypes(p *Pass) {
	data := p.File.Hiera.Data
	src := p.File.Source
	if len(data.Keys) == 0 || src == nil {
		return
	}
	var index *model.Hiera
	for _, k := range data.Keys {
		i := strings.LastIndex(k.Name, "::")
		if i <= 0 || strings.HasPrefix(k.Name, "::") {
			continue
		}
		class, param := k.Name[:i], k.Name[i+2:]
		if src.Module != nil && !strings.HasPrefix(k.Name, src.Module.Name+"::") {
			continue // the module's layer does not serve it (hiera-module-key-unqualified)
		}
		dp, ok := paramsOf(p, "class", class)
		if !ok || len(dp.defs) != 1 || dp.defs[0].Name != class {
			continue
		}
		d := dp.defs[0]
		j := d.ParamIndex(param)
		if j < 0 || d.Params[j].Type == nil {
			continue
		}
		prm := d.Params[j]
		v := ptype.FromYAML(k.Value)
		if v.Kind == ptype.VUnknown || v.Kind == ptype.VUndef && prm.Default != nil {
			continue // unknown, or undef: the default applies
		}
		t := p.Program.ParamTypes(d)[j]
		ms := ptype.Describe(t, v, false)
		if len(ms) == 0 {
			continue
		}
		if index == nil {
			index = p.Program.Hiera()
			if conf := index.Config(p.File); conf == nil || conf.Hiera == nil || conf.Hiera.Config == nil ||
				conf.Hiera.Config.Version != 5 || hasErrors(conf.Hiera.Config.Problems) {
				return // Puppet fails every lookup through the layer (hiera-config)
			}
		}
		if index.HasOptions(k.Name) {
			continue
		}
		before := index.Before(p.File, k.Name)
		if before.Always != nil {
			continue // every node finds the key first elsewhere
		}
		sev, why := Error, ""
		switch {
		case !src.HieraEveryNode:
			sev, why = Info, "Only nodes whose facts or data make a hierarchy path pattern name this file read it, which the tree does not show."
		case len(before.Some) > 0:
			more := ""
			if n := len(before.Some) - 1; n > 0 {
				more = fmt.Sprintf(" (or one of %d more files holding it)", n)
			}
			sev, why = Info, fmt.Sprintf("Nodes whose hierarchy names %s%s find the key there first; the others get this value.",
				before.Some[0].Path, more)
		default:
			if u := entryUncertainty(p.Program, d); u != "" {
				sev, why = Info, u
			}
		}
		subject := fmt.Sprintf("Class[%s]", refName(class))
		puppet := puppetText(subject, param, ms)
		first := ms[0].Format(fmt.Sprintf("parameter '%s'", param))
		p.Report(Diagnostic{File: p.File.Path, Start: k.Span.Start, End: k.Span.End, Severity: sev,
			Message: fit(subject+": "+first, first, shortMismatch(param, t, ms[0]),
				fmt.Sprintf("parameter '%s' gets a value its type does not accept", param)),
			Detail: withWhy(fmt.Sprintf("Automatic parameter lookup passes this value to parameter $%s of class %s (%s), declared %s, "+
				"and Puppet fails the catalog with \"%s\".", param, d.Name, at(d.File, prm.NameSpan), excerpt(t.String()), puppet), why),
			Related: []Related{RelatedAt(d.File, prm.NameSpan, fmt.Sprintf("parameter $%s", param))}})
	}
}
