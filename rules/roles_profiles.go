package rules

import (
	"cmp"
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules/model"
)

// RolesProfiles reports code that breaks the roles and profiles layering:
// nodes declare exactly one role, roles declare only profiles, profiles
// never reach up to roles, components never reach up to either.
func RolesProfiles() *Rule {
	return &Rule{
		ID:           "roles-profiles",
		Title:        "Code that breaks the roles and profiles layering",
		Severity:     Warning,
		Kind:         PerFile,
		OffByDefault: true,
		Doc: `The roles and profiles method layers a control repository by class name: a role (role::*) is what a
node is, a profile (profile::*) is one technology configured the site's way, everything else is a component
module. Each layer uses only the one below it: a node definition declares exactly one role and nothing else;
a role declares profiles only (it may inherit a base role), sets none of their parameters, and holds no
resources and no parameters of its own; a profile declares profiles and components, never a role; a
component never declares, references (Class['profile::x'], Profile::Y['t']) or reads the variables of a
role or a profile. Profiles and components do not read roles' variables either.
A finding names the declaration, reference or read, the two layers and the pattern that put each class in
its layer, with the definition of the class reached as a related location. Declarations on exclusive arms of
a conditional count as one when a node declares roles. The layers are configured by glob patterns on class
names: [rules.roles-profiles] roles = ["role::*"], profiles = ["profile::*"]; roles_include_roles = true lets
roles declare roles, and shared = [globs] names classes and defined types every layer may use. Off by default.`,
		NewOptions: func() any {
			return &RolesProfilesOptions{Roles: []string{"role::*"}, Profiles: []string{"profile::*"}}
		},
		Context: model.NeedDefinitions,
		Run:     runRolesProfiles,
	}
}

// RolesProfilesOptions are the class name patterns of the layers. A
// pattern is a glob (path.Match: "*" matches any characters, "::"
// included) over lower-case class names without a leading "::"; a class
// matching a role pattern is a role, otherwise one matching a profile
// pattern is a profile, otherwise it is a component.
//
// Two conventions some sites keep are options: RolesIncludeRoles lets a
// role declare other roles (roles composed of roles), and Shared names
// classes and defined types (globs as above) that any layer may declare,
// reference or read, such as a profile module's helper define that
// component modules use.
type RolesProfilesOptions struct {
	Roles             []string `toml:"roles"`
	Profiles          []string `toml:"profiles"`
	RolesIncludeRoles bool     `toml:"roles_include_roles"`
	Shared            []string `toml:"shared"`
}

// Validate checks that every pattern is a usable glob.
func (o *RolesProfilesOptions) Validate() error {
	for _, list := range [][]string{o.Roles, o.Profiles, o.Shared} {
		for _, p := range list {
			if p == "" {
				return errors.New("an empty class name pattern; use a glob like \"role::*\"")
			}
			if _, err := path.Match(p, ""); err != nil {
				return fmt.Errorf(`%q is not a usable glob: a "[" that no "]" closes, or a "\\" at its end`, p)
			}
		}
	}
	return nil
}

// layer is a class's place in the roles and profiles method.
type layer int

const (
	componentLayer layer = iota
	profileLayer
	roleLayer
)

func (l layer) String() string {
	switch l {
	case roleLayer:
		return "role"
	case profileLayer:
		return "profile"
	}
	return "component"
}

// layerOf returns the layer of class or defined type name (normalised) and
// the pattern that put it there ("" for a component).
func (o *RolesProfilesOptions) layerOf(name string) (layer, string) {
	for _, l := range []struct {
		patterns []string
		layer    layer
	}{{o.Roles, roleLayer}, {o.Profiles, profileLayer}} {
		for _, p := range l.patterns {
			if ok, _ := path.Match(strings.ToLower(strings.TrimPrefix(p, "::")), name); ok {
				return l.layer, p
			}
		}
	}
	return componentLayer, ""
}

// shared reports whether name (normalised) is one every layer may use.
func (o *RolesProfilesOptions) shared(name string) bool {
	for _, p := range o.Shared {
		if ok, _ := path.Match(strings.ToLower(strings.TrimPrefix(p, "::")), name); ok {
			return true
		}
	}
	return false
}

// describe names a class with its layer and why: "profile profile::web
// (matches profile::*)", or "component apache" for a class no pattern
// matches.
func (o *RolesProfilesOptions) describe(name string) string {
	l, p := o.layerOf(name)
	if p == "" {
		return fmt.Sprintf("component %s", name)
	}
	return fmt.Sprintf("%s %s (matches %s)", l, name, p)
}

// rolesProfilesCheck is one run of the rule over a file.
type rolesProfilesCheck struct {
	p    *Pass
	opts *RolesProfilesOptions
}

func runRolesProfiles(p *Pass) {
	if p.File.Parsed == nil || p.File.Documentation() {
		return // examples and tests are not part of any catalog
	}
	c := &rolesProfilesCheck{p: p, opts: p.Options.(*RolesProfilesOptions)}
	for _, def := range p.File.Definitions {
		switch def.Kind {
		case model.NodeDef:
			c.node(def)
		case model.ClassDef, model.DefineDef:
			c.definition(def)
		}
	}
}

// scopes returns the scope of def and those of the lambdas in its body
// (not in nested definitions), in source order, with the variables it
// reads and the resource references it makes.
func (c *rolesProfilesCheck) scopes(def *model.Definition) (scopes []*model.Scope, reads []*parser.Variable, refs []typeReference) {
	if def.Scope != nil {
		scopes = append(scopes, def.Scope)
	}
	parser.Inspect(def.Node, func(n parser.Node) bool {
		switch n := n.(type) {
		case *parser.ClassDef, *parser.DefineDef, *parser.NodeDef, *parser.FunctionDef, *parser.PlanDef:
			return n == def.Node // a nested definition is a definition of its own
		case *parser.Lambda:
			if sc := c.p.Program.ScopeOf(n); sc != nil {
				scopes = append(scopes, sc)
			}
		case *parser.Variable:
			if n.IsQualified() {
				reads = append(reads, n)
			}
		case *parser.Access:
			refs = append(refs, referencesOf(n)...)
		}
		return true
	})
	return scopes, reads, refs
}

// typeReference is a reference to a class or defined-type resource:
// Class['x'] names class x, Foo::Bar['t'] defined type foo::bar.
type typeReference struct {
	target string
	class  bool
	span   parser.Span
}

// referencesOf returns the class and defined-type resources an access
// expression references: Class['a'], Class[a, 'b'], Foo::Bar['t'].
func referencesOf(a *parser.Access) []typeReference {
	t, ok := a.Target.(*parser.TypeRef)
	if !ok || len(a.Keys) == 0 {
		return nil
	}
	name := model.NormalizeClassName(t.Value)
	switch name {
	case "class":
		var out []typeReference
		for _, k := range a.Keys {
			var title string
			switch k := k.(type) {
			case *parser.StringLit:
				title = k.Value
			case *parser.Name:
				title = k.Value
			default:
				continue
			}
			out = append(out, typeReference{target: model.NormalizeClassName(title), class: true, span: k.Span()})
		}
		return out
	case "resource":
		return nil // Resource['type', 'title']: the type is data
	}
	if !strings.Contains(name, "::") {
		return nil // a built-in type or a data type
	}
	return []typeReference{{target: name, span: t.Span()}}
}

// declares reports whether d puts its target in the catalog: include,
// require, contain, class { 'x': }, inherits, or a defined-type instance.
func declares(d *model.Declaration) bool {
	switch d.Kind {
	case model.Include, model.Require, model.Contain, model.ResourceLike, model.Inherits, model.DefineInstance:
		return true
	}
	return false
}

// verb says how d declares its target, for messages.
func verb(d *model.Declaration) string {
	switch d.Kind {
	case model.Include:
		return "includes"
	case model.Require:
		return "requires"
	case model.Contain:
		return "contains"
	case model.Inherits:
		return "inherits"
	case model.DefineInstance:
		return "declares an instance of"
	}
	return "declares"
}

// targetRelated is the definition of the class or defined type a finding
// reaches, as a related location; nil when the tree does not define it.
func (c *rolesProfilesCheck) targetRelated(name string, class bool) []Related {
	kind := model.ClassDef
	if !class {
		kind = model.DefineDef
	}
	defs := c.p.Program.Lookup(kind, name)
	if len(defs) == 0 {
		return nil
	}
	d := defs[0]
	return []Related{RelatedAt(d.File, d.NameSpan, fmt.Sprintf("%s is defined here", c.opts.describe(name)))}
}

// node checks a node definition: it declares classes of the role layer
// only, and one role on every path through it.
func (c *rolesProfilesCheck) node(def *model.Definition) {
	scopes, _, _ := c.scopes(def)
	what := def.Scope.Describe()
	var decls []*model.Declaration
	for _, sc := range scopes {
		decls = append(decls, sc.Declarations...)
	}
	slices.SortStableFunc(decls, func(a, b *model.Declaration) int { return cmp.Compare(a.Order, b.Order) })
	var roles []*model.Declaration
	for _, d := range decls {
		if !declares(d) || d.Kind == model.DefineInstance {
			continue // resources in node definitions are a matter for a [[policy]]
		}
		if l, _ := c.opts.layerOf(d.Target); l != roleLayer {
			c.report(d.File, d.Span, fit(fmt.Sprintf("%s %s %s %s; a node declares exactly one role", what, verb(d), l, d.Target),
				fmt.Sprintf("%s %s %s; a node declares exactly one role", what, verb(d), d.Target)),
				fmt.Sprintf("Under the roles and profiles method a node gets exactly one role, and everything else through "+
					"it: %s. Declare %s from a profile (and that profile from the node's role).", c.opts.describe(d.Target), d.Target),
				c.targetRelated(d.Target, true))
			continue
		}
		if first := secondRole(roles, d); first != nil {
			related := append([]Related{RelatedAt(first.File, first.Span, fmt.Sprintf("the node's first role, %s", first.Target))},
				c.targetRelated(d.Target, true)...)
			c.report(d.File, d.Span, fit(fmt.Sprintf("%s declares a second role, %s, besides %s", what, d.Target, first.Target),
				fmt.Sprintf("%s declares a second role, %s", what, d.Target)),
				fmt.Sprintf("A node is exactly one role: %s already declares %s (line %d). Make a role that holds the "+
					"profiles of both, and declare that one.", what, first.Target, first.Span.Start.Line),
				related)
		}
		roles = append(roles, d)
	}
}

// secondRole returns the first of the roles a node declared before d that
// is another role and can run on the same node as d; nil when none.
func secondRole(roles []*model.Declaration, d *model.Declaration) *model.Declaration {
	for _, first := range roles {
		if first.Target != d.Target && !model.Exclusive(first.Branch, d.Branch) {
			return first
		}
	}
	return nil
}

// definition checks a class or defined type against the rules of its layer.
func (c *rolesProfilesCheck) definition(def *model.Definition) {
	own, _ := c.opts.layerOf(def.Name)
	scopes, reads, refs := c.scopes(def)
	what := fmt.Sprintf("%s %s", own, def.Name)
	if own == roleLayer {
		c.role(def, scopes)
	}
	for _, sc := range scopes {
		for _, d := range sc.Declarations {
			if !declares(d) || (own == roleLayer && d.Kind == model.DefineInstance) {
				continue // a role's defined-type instances are reported as resources
			}
			target, _ := c.opts.layerOf(d.Target)
			why, ok := c.allowed(own, target, d.Kind)
			if ok || c.opts.shared(d.Target) {
				continue
			}
			c.report(d.File, d.Span, fit(fmt.Sprintf("%s %s %s %s; %s", what, verb(d), target, d.Target, why),
				fmt.Sprintf("%s %s %s; %s", def.Name, verb(d), d.Target, why)),
				c.detail(def.Name, d.Target, why), c.targetRelated(d.Target, d.Kind != model.DefineInstance))
		}
	}
	if own == roleLayer {
		return // a role reading or referencing anything is no layering question
	}
	for _, r := range refs {
		target, _ := c.opts.layerOf(r.target)
		if target <= own || c.opts.shared(r.target) {
			continue
		}
		why := fmt.Sprintf("a %s never reaches up to a %s", own, target)
		c.report(c.p.File, r.span, fit(fmt.Sprintf("%s references %s %s; %s", what, target, r.target, why),
			fmt.Sprintf("%s references %s; %s", def.Name, r.target, why)),
			c.detail(def.Name, r.target, why), c.targetRelated(r.target, r.class))
	}
	for _, v := range reads {
		class, _, ok := model.QualifiedTarget(v)
		if !ok {
			continue
		}
		target, _ := c.opts.layerOf(class)
		if target <= own || c.opts.shared(class) {
			continue
		}
		why := fmt.Sprintf("a %s never reaches up to a %s", own, target)
		name := strings.TrimPrefix(v.Name, "::")
		c.report(c.p.File, v.Span(), fit(fmt.Sprintf("%s reads $%s of %s %s; %s", what, name, target, class, why),
			fmt.Sprintf("%s reads $%s; %s", def.Name, name, why),
			fmt.Sprintf("%s reads a variable of %s %s; %s", def.Name, target, class, why)),
			c.detail(def.Name, class, why)+" Pass the value down as a class parameter (or look it up in Hiera) instead.",
			c.targetRelated(class, true))
	}
}

// allowed says whether a class of layer from may declare one of layer
// to with a declaration of kind k, and when not, why. A role may inherit
// a role (a base role), which declares no other class.
func (c *rolesProfilesCheck) allowed(from, to layer, k model.DeclKind) (string, bool) {
	switch from {
	case roleLayer:
		if to == profileLayer || to == roleLayer && (k == model.Inherits || c.opts.RolesIncludeRoles) {
			return "", true
		}
		return "a role declares only profiles", false
	case profileLayer:
		if to == roleLayer {
			return "a profile never declares a role", false
		}
		return "", true
	}
	if to == componentLayer {
		return "", true
	}
	return fmt.Sprintf("a component never reaches up to a %s", to), false
}

// role checks what a role holds besides declarations: no parameters and
// no resources.
func (c *rolesProfilesCheck) role(def *model.Definition, scopes []*model.Scope) {
	for _, prm := range def.Params {
		c.report(c.p.File, prm.NameSpan, fmt.Sprintf("role %s has parameter $%s; a role takes no parameters", def.Name, prm.Name),
			fmt.Sprintf("%s. A role is a name for what a node is; data that varies belongs to the profiles it declares, "+
				"as their parameters, set from Hiera.", c.opts.describe(def.Name)), nil)
	}
	for _, sc := range scopes {
		for _, d := range sc.Declarations {
			if d.Kind != model.ResourceLike || !setsParameters(d.Node) {
				continue
			}
			if l, _ := c.opts.layerOf(d.Target); l != profileLayer {
				continue // reported as a declaration of a class a role does not declare
			}
			c.report(d.File, d.Span, fit(fmt.Sprintf("role %s sets parameters of profile %s; a role only includes profiles", def.Name, d.Target),
				fmt.Sprintf("role %s sets parameters of %s; a role only includes profiles", def.Name, d.Target)),
				fmt.Sprintf("%s. A profile's parameters come from data (Hiera), so that every role including it gets the same "+
					"profile; include %s and set its parameters in Hiera.", c.opts.describe(def.Name), d.Target),
				c.targetRelated(d.Target, true))
		}
		for _, r := range sc.Resources {
			span := r.Node.Span()
			if r.Node.Type != nil {
				span = r.Node.Type.Span()
			}
			c.report(r.File, span, fit(fmt.Sprintf("role %s declares a %s resource; a role holds no resources, only profiles", def.Name, r.Type),
				fmt.Sprintf("role %s declares a resource; a role holds no resources", def.Name)),
				fmt.Sprintf("%s. A role only says which profiles make a node what it is; a resource belongs in a "+
					"profile (or a component the profile declares).", c.opts.describe(def.Name)), nil)
		}
	}
}

// detail explains a layering finding from class from to class to.
func (c *rolesProfilesCheck) detail(from, to, why string) string {
	return fmt.Sprintf("Under the roles and profiles method %s: this is %s, and %s. Layers by class name: roles %s, "+
		"profiles %s, everything else a component.", why, c.opts.describe(from), c.opts.describe(to),
		strings.Join(c.opts.Roles, ", "), strings.Join(c.opts.Profiles, ", "))
}

func (c *rolesProfilesCheck) report(f *model.File, span parser.Span, msg, detail string, related []Related) {
	c.p.Report(Diagnostic{File: f.Path, Start: span.Start, End: span.End, Message: msg, Detail: detail, Related: related})
}

// setsParameters reports whether a resource-like class declaration, the
// node of a ResourceLike declaration, sets attributes.
func setsParameters(n parser.Node) bool {
	r, ok := n.(*parser.Resource)
	if !ok {
		return false
	}
	for _, b := range r.Bodies {
		if len(b.Attrs) > 0 {
			return true
		}
	}
	return false
}
