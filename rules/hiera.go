package rules

import (
	"fmt"
	"strings"

	"github.com/ducklint/ducklint/hiera"
	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/parser/load"
	"github.com/ducklint/ducklint/rules/model"
)

// HieraConfig reports hiera.yaml and data files Puppet cannot use.
func HieraConfig() *Rule {
	return &Rule{
		ID:       "hiera-config",
		Title:    "A hiera.yaml or Hiera data file Puppet cannot use",
		Severity: Error,
		Kind:     PerFile,
		Doc: `A hiera.yaml that is not valid YAML, has keys Puppet does not know, hierarchy entries without a name
or backend, two location keys in one entry, or a backend function that neither Puppet nor the tree
defines; a data file that is not valid YAML or JSON or whose top level is not a hash: Puppet fails every
lookup through such a layer. A Hiera 3 configuration (no version, or version 3), which Puppet ignores at
an environment's or a module's root, and a deprecated Hiera 4 one are warnings.`,
		Context: model.NeedDefinitions,
		Run:     runHieraConfig,
	}
}

func runHieraConfig(p *Pass) {
	h := p.File.Hiera
	if h == nil {
		return
	}
	var problems []hiera.Problem
	if h.Config != nil {
		problems = h.Config.Problems
		for _, l := range h.Config.Levels {
			if l.Backend == "" || hiera.IsBuiltinBackend(l.Backend) {
				continue
			}
			if st, _ := p.Program.Names().Function(p.File, l.Backend); st == model.NameNowhere || st == model.NameNotInModule {
				problems = append(problems, hiera.Problem{Span: l.BackendSpan,
					Message: fmt.Sprintf("unknown backend function %s", l.Backend),
					Detail:  "Neither Puppet nor the module of the tree it names defines it: every lookup through this level fails."})
			}
		}
	} else {
		problems = h.Data.Problems
	}
	for _, pr := range problems {
		d := Diagnostic{File: p.File.Path, Start: pr.Span.Start, End: pr.Span.End, Message: pr.Message, Detail: pr.Detail}
		if pr.Warning {
			d.Severity = Warning
		}
		p.Report(d)
	}
}

// HieraUnknownKey reports data keys naming a parameter a class does not have.
func HieraUnknownKey() *Rule {
	return &Rule{
		ID:       "hiera-unknown-key",
		Title:    "A Hiera key names a parameter its class does not have",
		Severity: Warning,
		Kind:     PerFile,
		Doc: `A data key <class>::<param> whose class is defined in the tree, that has no such parameter, and that
nothing looks up explicitly (lookup(), hiera*(), %{lookup('…')} or %{alias('…')} in data, lookup_options).
Automatic parameter lookup never asks for it, so Puppet silently ignores it and the parameter keeps its
default: usually a typo (web::docrot for web::docroot) or a parameter since renamed or removed. A lookup
of an interpolated key ("${module}::x") may ask for any key its text matches; when code looks up a key
with no text of its own (lookup($key)), any key may be asked for, and findings are info. So are keys whose
parameter a comment of the class names as a variable ($docroot: a parameter commented out), and keys in a
module's own data (its parameters' defaults) whose name is close to none of the class's parameters: the
default of a parameter since removed, which changes nothing.`,
		Context: model.NeedDefinitions | model.NeedHieraData,
		Run:     runHieraUnknownKey,
	}
}

func runHieraUnknownKey(p *Pass) {
	h := p.File.Hiera
	if h == nil || h.Data == nil {
		return
	}
	var index *model.Hiera
	for _, k := range h.Data.Keys {
		if m := p.File.Source.Module; m != nil && !strings.HasPrefix(k.Name, m.Name+"::") {
			continue // the module's layer never serves it: hiera-module-key-unqualified
		}
		name := strings.TrimPrefix(k.Name, "::")
		i := strings.LastIndex(name, "::")
		if i <= 0 {
			continue
		}
		class, param := name[:i], name[i+2:]
		d := p.Program.Class(class)
		if d == nil || d.HasParam(param) {
			continue
		}
		if index == nil {
			index = p.Program.Hiera()
		}
		if index.LookedUp(k.Name) || index.LookedUp(name) {
			continue
		}
		site, anyKey := index.AnyKey()
		msg := fmt.Sprintf("class %s has no parameter %s: Puppet ignores this key", d.Name, param)
		if anyKey {
			msg = fmt.Sprintf("class %s has no parameter %s: automatic parameter lookup never asks for this key", d.Name, param)
		}
		var names []string
		for _, prm := range d.Params {
			names = append(names, prm.Name)
		}
		near := nearestName(param, names)
		if near != "" {
			msg += fmt.Sprintf(" (did you mean %s::%s?)", d.Name, near)
		}
		detail := "Automatic parameter lookup asks only for <class>::<parameter> of the class's parameters, and nothing in the tree looks this key up explicitly."
		sev := Warning
		if anyKey {
			// A key computed at run time may be this one.
			sev = Info
			detail = fmt.Sprintf("Automatic parameter lookup asks only for <class>::<parameter> of the class's parameters; "+
				"nothing in the tree looks this key up by name, but %s looks up a key computed at run time, which may be this one.",
				at(site.File, site.Span))
		} else if commentNames(d, param) {
			// A commented-out parameter (# String $docroot = '/x',)
			// with a placeholder value in data: whether the key is
			// meant for a parameter to come back is the team's.
			sev = Info
			detail += fmt.Sprintf(" A comment of class %s names $%s: a parameter commented out, whose data stays for when it returns.", d.Name, param)
		} else if p.File.Source.Module != nil && near == "" {
			// A module's own data holds its parameters' defaults: a key
			// for none of them, close to none, is left from a parameter
			// since removed or renamed, and supplies a default for
			// nothing.
			sev = Info
			detail += fmt.Sprintf(" This is module %s's own data, its parameters' defaults, and no parameter of %s has a name close to "+
				"this one: most likely the default of a parameter since removed or renamed, which changes nothing on any node.",
				p.File.Source.Module.Name, d.Name)
		} else if !p.File.Source.HieraEveryNode {
			// Whether any node's facts name this file is what the tree
			// does not show (psick's data/examples.yaml matches
			// %{facts.os.name}.yaml, and no node has that OS name).
			sev = Info
			detail += " Only nodes whose facts or data make a hierarchy path pattern name this file read it, which the tree does not show."
		}
		p.Report(Diagnostic{File: p.File.Path, Start: k.Span.Start, End: k.Span.End, Severity: sev, Message: msg, Detail: detail,
			Related: []Related{RelatedAt(d.File, d.NameSpan, "class "+d.Name+" is defined here")}})
	}
}

// commentNames reports whether a comment of class d, inside the class or
// in the comment block right above it, names the variable $param, as a
// commented-out parameter does (# String $docroot = '/var/www',). The
// bare word is not enough: prose names things ("the instances it
// manages") that are no parameter.
func commentNames(d *model.Definition, param string) bool {
	if d.File == nil || d.File.Parsed == nil || d.Node == nil {
		return false
	}
	span := d.Node.Span()
	above := span.Start.Line // the first line of the comment block above
	cs := d.File.Parsed.Comments
	for i := len(cs) - 1; i >= 0; i-- {
		c := cs[i]
		if c.Start.Offset >= span.Start.Offset {
			continue
		}
		if !c.OwnLine || c.End.Line < above-1 {
			break
		}
		above = c.Start.Line
	}
	for _, c := range cs {
		if c.Start.Line < above || c.Start.Offset > span.End.Offset {
			continue
		}
		for text := c.Text; ; {
			i := strings.Index(text, "$"+param)
			if i < 0 {
				break
			}
			end := i + 1 + len(param)
			if end == len(text) || !isNameByte(text[end]) {
				return true
			}
			text = text[end:]
		}
	}
	return false
}

// isNameByte reports whether b can be part of a Puppet name.
func isNameByte(b byte) bool {
	return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9'
}

// LookupWithoutData reports explicit lookups no data can answer.
func LookupWithoutData() *Rule {
	return &Rule{
		ID:       "lookup-without-data",
		Title:    "An explicit lookup without a default finds no data",
		Severity: Error,
		Kind:     PerFile,
		Doc: `lookup('k') (or hiera('k'), hiera_array, hiera_hash, hiera_include) without a default value — no
default argument, no default_value or default_values_hash, no lambda — where no data file of the
environment's layer, nor of the layer of the module the key names, has the key. Puppet fails the catalog:
Function lookup() did not find a value for the name 'k'. Only environments with a hiera.yaml of their own
whose every level reads data files are checked, and only keys of modules in the tree or without a module:
other data comes from outside the tree. A key of a module neither in the tree nor in the environment's
Puppetfile, or named after a class of the main manifest, has no module layer and is checked too. A lookup
in a Bolt plan outside an apply block reads the hiera.yaml's plan_hierarchy when it has one, and is not
checked against the hierarchy's data. A data directory outside the tree (an absolute datadir, or one reached
through a symbolic link leaving it) is not read; then the finding is info, as the key may be there.`,
		Context: model.NeedHieraData | model.NeedDefinitions,
		Run:     runLookupWithoutData,
	}
}

func runLookupWithoutData(p *Pass) {
	if p.File.Hiera != nil || p.File.Source == nil || p.File.Source.Env == nil {
		return
	}
	index := p.Program.Hiera()
	calls := index.Calls(p.File)
	if len(calls) == 0 {
		return
	}
	env := p.File.Source.Env
	layer := index.EnvironmentLayer(env)
	if layer == nil || layer.Hiera.Config == nil || layer.Hiera.Config.Version != 5 || hasErrors(layer.Hiera.Config.Problems) ||
		index.Broken(layer.Path) {
		return // Puppet fails on the configuration or a data file first (hiera-config), which may hold any key
	}
	for _, l := range layer.Hiera.Config.Levels {
		if l.Format() == "" {
			return // a backend whose data is outside the tree (Vault, a custom function) may hold any key
		}
	}
	var planCalls map[*parser.Call]bool
	if layer.Hiera.Config.HasPlanHierarchy {
		planCalls = callsInPlansOutsideApply(p.File.Parsed)
	}
	names := p.Program.Names()
	for _, c := range calls {
		if c.HasDefault || index.DataHas(env, layer, c.Key) {
			continue
		}
		if planCalls[c.Call] {
			continue // Bolt reads plan_hierarchy's data for it, not the hierarchy's
		}
		why := "No data file of " + layer.Path + "'s hierarchy, nor of the module layer, has the key"
		if mod, _, ok := strings.Cut(strings.TrimPrefix(c.Key, "::"), "::"); ok && !names.InTree(mod) {
			switch {
			case names.MainManifestClass(env, mod) && names.Module(p.File, mod) != model.NameUnknowable:
				why = fmt.Sprintf("No data file of %s's hierarchy has the key, and %s is a class of the main manifest, not a module: no module layer serves it", layer.Path, mod)
			case names.Module(p.File, mod) == model.NameNowhere:
				why = fmt.Sprintf("No data file of %s's hierarchy has the key, and no module %s is in the tree or in %s, so no module layer serves it",
					layer.Path, mod, strings.Join(names.DependencyFiles(p.File), ", "))
			default:
				continue // the layer of a module installed beside the tree may hold it
			}
		}
		d := Diagnostic{File: p.File.Path, Start: c.KeySpan.Start, End: c.KeySpan.End,
			Message: fmt.Sprintf("%s() finds no data for %q and has no default value", c.Func, c.Key),
			Detail:  fmt.Sprintf("Puppet: Function %s() did not find a value for the name '%s'. %s; give a default or add the data.", c.Func, c.Key, why),
			Related: []Related{RelatedAt(layer, parser.Span{Start: parser.Pos{Line: 1, Column: 1}, End: parser.Pos{Line: 1, Column: 1}}, "the environment's Hiera layer")}}
		if outside := env.HieraOutside; len(outside) > 0 {
			// The data may be there: the tree does not show it.
			d.Severity = Info
			d.Message = fmt.Sprintf("%s() finds no data for %q in the tree and has no default value", c.Func, c.Key)
			d.Detail = fmt.Sprintf("%s's hierarchy reads data outside the tree (datadir %s), which was not read; no data file in the tree has the key. Without it, Puppet: Function %s() did not find a value for the name '%s'.",
				layer.Path, strings.Join(outside, ", "), c.Func, c.Key)
		}
		p.Report(d)
	}
}

// callsInPlansOutsideApply returns the calls of f inside Bolt plans and
// outside their apply blocks: a lookup there reads the environment
// hiera.yaml's plan_hierarchy.
func callsInPlansOutsideApply(f *parser.File) map[*parser.Call]bool {
	if f == nil || f.Program == nil {
		return nil
	}
	out := map[*parser.Call]bool{}
	parser.Inspect(f.Program, func(n parser.Node) bool {
		plan, ok := n.(*parser.PlanDef)
		if !ok {
			return true
		}
		parser.Inspect(plan, func(n parser.Node) bool {
			switch n := n.(type) {
			case *parser.Apply:
				return false
			case *parser.Call:
				out[n] = true
			}
			return true
		})
		return false
	})
	return out
}

// hasErrors reports whether problems hold one Puppet rejects.
func hasErrors(problems []hiera.Problem) bool {
	for _, pr := range problems {
		if !pr.Warning {
			return true
		}
	}
	return false
}

// HieraModuleKeyUnqualified reports keys of a module's data that the
// module's layer never serves.
func HieraModuleKeyUnqualified() *Rule {
	return &Rule{
		ID:       "hiera-module-key-unqualified",
		Title:    "A module's Hiera data has a key outside the module's namespace",
		Severity: Warning,
		Kind:     PerFile,
		Doc: `A key in a data file of a module's Hiera layer (<module>/hiera.yaml) that does not start with
<module>:: (other than lookup_options). Puppet consults a module's layer only for keys qualified with the
module's name, so the key is never found there, and it warns: "Module 'web': Value returned from data_hash
function 'yaml_data', when using location '…/data/common.yaml', must use keys qualified with the name of
the module". Move the key to the environment's data, or to the module it names.`,
		Run: runHieraModuleKeyUnqualified,
	}
}

func runHieraModuleKeyUnqualified(p *Pass) {
	h, src := p.File.Hiera, p.File.Source
	if h == nil || h.Data == nil || src == nil || src.Module == nil || src.Role != load.HieraData {
		return
	}
	prefix := src.Module.Name + "::"
	for _, k := range h.Data.Keys {
		if strings.HasPrefix(k.Name, prefix) {
			continue
		}
		detail := fmt.Sprintf("Puppet looks a key up in the layer of the module its first segment names, so module %s's layer is "+
			"never asked for %s and the value is unused.", src.Module.Name, k.Name)
		if src.DataFormat != hiera.EYAML {
			detail += fmt.Sprintf(" Puppet warns: Module '%s': Value returned from data_hash function '%s', when using location '%s', "+
				"must use keys qualified with the name of the module.", src.Module.Name, backendOf(src.DataFormat), p.File.Path)
		}
		detail += " Move it to the environment's data, or to the data of the module it names."
		sev := Warning
		if !src.HieraEveryNode {
			// A file only a pattern names may be read by no node at all
			// (psick's data/examples.yaml, reference text that
			// %{facts.os.name}.yaml happens to match).
			sev = Info
			detail += " Only nodes whose facts or data make a hierarchy path pattern name this file read it, which the tree does not show."
		}
		p.Report(Diagnostic{File: p.File.Path, Start: k.Span.Start, End: k.Span.End, Severity: sev,
			Message: fmt.Sprintf("key %s is not qualified with module %s's name: the module's Hiera layer never serves it", k.Name, src.Module.Name),
			Detail:  detail})
	}
}

// backendOf is the data_hash function reading data files of format f.
func backendOf(f hiera.Format) string {
	if f == hiera.JSON {
		return "json_data"
	}
	return "yaml_data"
}
