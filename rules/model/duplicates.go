package model

import (
	"cmp"
	"slices"
	"strings"

	"github.com/ducklint/ducklint/internal/par"
	"github.com/ducklint/ducklint/parser"
	"github.com/ducklint/ducklint/rules/builtin"
)

// Duplicate is a resource that one catalog can hold twice: another
// resource (or another evaluation of the same one, in a defined type
// instantiated more than once) has the same type and title, or the same
// identity through its namevar. Puppet fails the catalog with "Duplicate
// declaration: T[x] is already declared" or "Cannot alias T[y] to [x]".
type Duplicate struct {
	Resource *Resource
	// Other is the resource it meets; Resource itself when a defined type
	// evaluates it once per instance.
	Other *Resource
	// Key is the identity both have, as UniquenessKeys writes it.
	Key string
	// Instances is, when Other is Resource, the declaration of the
	// defined type whose instances both evaluate it (one of them when
	// they are two declarations).
	Instances *Declaration
	// Conditional is set when they meet only on conditional arms whose
	// tests read the node's data: data the tree does not show decides
	// whether one node takes both.
	Conditional bool
}

// UniquenessKeys returns the keys under which Puppet's catalog holds
// resource r: its literal titles (ResourceKey), and, for a core type whose
// name identifies what it manages (builtin.Namevars) or a defined type, the
// identity its literal namevar gives when that differs from the title,
// and its literal aliases (the alias metaparameter).
// Two resources of one catalog whose keys intersect are duplicates. Titles
// that are not literals give no key: what they are is unknown. File paths
// are compared without trailing slashes, as Puppet's file type reads them.
func UniquenessKeys(r *Resource, isDefine bool) []string {
	if r.Body == nil || isExprDefault(r) {
		return nil
	}
	titles := literalTitles(r)
	keys := make([]string, 0, len(titles)+1)
	for _, k := range titles {
		keys = append(keys, ResourceKey(r.Type, k))
	}
	if len(titles) == 0 || resourceSets(r, "*") {
		return keys // a splat may set the namevar
	}
	// The alias metaparameter names the resource under more titles.
	if v := attrValue(r, "alias"); v != nil {
		for _, e := range TitleElems(v) {
			if k, lit, ok := TitleKey(r.Type, e); ok && lit {
				keys = append(keys, ResourceKey(r.Type, NormalizeTitle(r.Type, k)))
			}
		}
	}
	namevars := builtin.Namevars(r.Type)
	if isDefine {
		namevars = []string{"name"}
	}
	if len(namevars) == 0 {
		return keys
	}
	// The identity's parts: the primary namevar (the title when unset) and
	// the others (absent when unset).
	parts := make([]string, len(namevars))
	set := make([]bool, len(namevars))
	for i, nv := range namevars {
		v := attrValue(r, nv)
		if v == nil {
			continue
		}
		k, lit, ok := TitleKey(r.Type, v)
		if !ok || !lit {
			return keys // an identity the code does not show
		}
		parts[i], set[i] = NormalizeTitle(r.Type, k), true
	}
	if len(namevars) == 1 {
		if set[0] && len(titles) == 1 && parts[0] != titles[0] {
			keys = append(keys, ResourceKey(r.Type, parts[0]))
		}
		return keys
	}
	// A composite identity (package: name, provider, command) is its own
	// namespace: only another composite identity can equal it.
	for _, title := range titles {
		name := parts[0]
		if !set[0] {
			name = title
		} else if len(titles) > 1 {
			break // one name for several titles: Puppet fails on the second already
		}
		var b strings.Builder
		b.WriteString(r.Type + "{")
		for i := range namevars {
			if i == 0 {
				b.WriteString(name)
			} else {
				b.WriteString("|" + parts[i])
			}
		}
		b.WriteString("}")
		keys = append(keys, b.String())
	}
	return keys
}

// isCoreType reports whether typ is a core resource type with namevars
// of its own (not a defined type's name).
func isCoreType(typ string) bool { return builtin.Namevars(typ) != nil || builtin.IsResourceType(typ) }

// literalTitles are r's literal titles as its type reads them.
func literalTitles(r *Resource) []string {
	var out []string
	eachTitle(r.Body.Title, func(t parser.Expr) bool {
		if literalTitle(t) {
			k, _, _ := TitleKey(r.Type, t)
			out = append(out, NormalizeTitle(r.Type, k))
		}
		return true
	})
	return out
}

// HasTitleKey reports whether key is the key of one of r's literal titles.
func HasTitleKey(r *Resource, key string) bool {
	if r.Body == nil {
		return false
	}
	for _, t := range literalTitles(r) {
		if ResourceKey(r.Type, t) == key {
			return true
		}
	}
	return false
}

// NormalizeTitle is a title as the type reads it: a file path without its
// trailing slashes.
func NormalizeTitle(typ, title string) string {
	if typ == "file" && len(title) > 1 {
		if t := strings.TrimRight(title, "/"); t != "" {
			return t
		}
		return "/"
	}
	return title
}

// underDefinedGuard reports whether code on branch runs only while some
// defined() test is false: the de-duplication idiom (if !defined(X) { ...
// }) guards the arm's declarations together, whatever X is.
func underDefinedGuard(branch []Branch) bool {
	for _, b := range branch {
		if absent, _ := ArmImplies(b.Cond, b.Arm); len(absent) > 0 {
			return true
		}
	}
	return false
}

// resTracker is what the simulations record about resources: the ones
// that may be duplicates, numbered, with their keys.
type resTracker struct {
	index map[*Resource]int32
	list  []*Resource
	keys  [][]string
	// multiTitled are, per defined type (by normalised name), its
	// instance declarations with two or more literal titles: each
	// evaluates its body once per title.
	multiTitled map[string][]*Declaration
}

// resEval is one evaluation of a tracked resource in a simulation.
type resEval struct {
	tracked int32
	declEval
	// values are what its arms require of values beyond facts (see
	// valueConditions).
	values []Condition
}

// trackResources finds the resources the simulations must record: those
// sharing a key with another resource, and those in the body of a defined
// type with two or more instances. Virtual and exported resources count:
// Puppet 7 refuses a second declaration of one as it does any other.
// Resources in documentation and those under a defined() guard are left
// out.
func (a *dynamicAnalysis) trackResources() {
	p := a.p
	t := &resTracker{index: map[*Resource]int32{}, multiTitled: map[string][]*Declaration{}}
	// Each scope's candidates and their keys (strings built from titles
	// and namevars, most of this step's work) are worked out in parallel,
	// then listed in scope order.
	scopes := p.Scopes()
	type cand struct {
		r    *Resource
		keys []string
	}
	perScope := make([][]cand, len(scopes))
	par.For(len(scopes), p.jobs, func(i int) {
		s := scopes[i]
		if s.File != nil && s.File.documentation {
			return
		}
		for _, r := range s.Resources {
			if r.File.documentation {
				continue
			}
			keys := UniquenessKeys(r, p.isInstance(r))
			if len(keys) == 0 || underDefinedGuard(r.Branch) {
				continue
			}
			perScope[i] = append(perScope[i], cand{r, keys})
		}
	})
	// Whether a key is shared: the first resource with it, and whether
	// another one has it too.
	type keyUse struct {
		first  *Resource
		shared bool
	}
	n := 0
	for _, cs := range perScope {
		n += len(cs)
	}
	byKey := make(map[string]keyUse, n)
	cands, candKeys := make([]*Resource, 0, n), make([][]string, 0, n)
	for _, cs := range perScope {
		for _, c := range cs {
			cands = append(cands, c.r)
			candKeys = append(candKeys, c.keys)
			for _, k := range c.keys {
				if u, ok := byKey[k]; !ok {
					byKey[k] = keyUse{first: c.r}
				} else if u.first != c.r && !u.shared {
					byKey[k] = keyUse{first: u.first, shared: true}
				}
			}
		}
	}
	// Defined types instantiated more than once, or with several titles
	// at once.
	instances := map[string]int{}
	for _, d := range p.Definitions {
		if d.Kind != DefineDef || instances[d.Name] > 0 {
			continue
		}
		n := 0
		for _, decl := range p.DeclarationsOf(d.Name) {
			if decl.Kind != DefineInstance || decl.Virtual || decl.Resource == nil || decl.Resource.Body == nil {
				continue
			}
			titles := 0
			for _, e := range TitleElems(decl.Resource.Body.Title) {
				if _, lit, ok := TitleKey(d.Name, e); ok && lit {
					titles++
				}
			}
			if titles > 1 {
				t.multiTitled[d.Name] = append(t.multiTitled[d.Name], decl)
			}
			n += max(titles, 1)
		}
		instances[d.Name] = n
	}
	for i, r := range cands {
		shared := slices.ContainsFunc(candKeys[i], func(k string) bool { return byKey[k].shared })
		owner := r.Scope.Owner()
		inDefine := owner.Kind == DefineScope && owner.Def != nil && instances[owner.Def.Name] > 1
		if shared || inDefine {
			t.index[r] = int32(len(t.list))
			t.list = append(t.list, r)
			t.keys = append(t.keys, candKeys[i])
		}
	}
	a.res = t
}

// duplicates pairs the recorded evaluations of tracked resources: two in
// one simulation on paths that can run together, with a key in common.
// One finding per resource, the same whichever simulations find it: a
// meeting on paths no node data decides is reported over one that needs
// data, the resource evaluated twice (by a defined type's instances) over
// another resource, and of other resources the first in the program.
func (a *dynamicAnalysis) duplicates(w *simWorker, i int, evals buckets[resEval], evalsByKey map[string][]int32) *Duplicate {
	t := a.res
	r := t.list[i]
	mine := evals.of(i)
	if len(mine) == 0 || ArmCannotRun(r.Scope.Owner().Def, r.Branch) {
		return nil
	}
	var best *Duplicate
	better := func(d *Duplicate) bool {
		switch {
		case best == nil:
			return true
		case d.Conditional != best.Conditional:
			return !d.Conditional
		case (d.Other == r) != (best.Other == r):
			return d.Other == r
		case d.Other == r:
			return false
		}
		if c := cmpPos(d.Other.File, d.Other.Body, best.Other.File, best.Other.Body); c != 0 {
			return c < 0
		}
		return d.Key < best.Key
	}
	// meets reports whether evaluations e and f can be in one catalog, and
	// whether that needs the node's data.
	meets := func(e, f resEval) (ok, conditional bool) {
		if w.exclusive(e.path(), f.path()) || exclusiveValues(e.values, f.values) {
			return false, false
		}
		return true, PathDependsOnData(e.path()) || PathDependsOnData(f.path())
	}
	// The resource evaluated twice in one simulation: a defined type's
	// instances, unless only the instance of one title takes its arm.
	owner := r.Scope.Owner()
	keyed := titleKeyed(r)
	for j, e := range mine {
		if keyed {
			break
		}
		for _, f := range mine[j+1:] {
			if f.sim != e.sim {
				break
			}
			if ok, cond := meets(e, f); ok {
				if d := (&Duplicate{Resource: r, Other: r, Key: t.keys[i][0], Conditional: cond}); better(d) {
					d.Instances = a.instanceDecl(owner)
					best = d
				}
				if !cond {
					return best
				}
			}
		}
	}
	if owner.Kind == DefineScope && owner.Def != nil && !keyed {
		if decls := t.multiTitled[owner.Def.Name]; len(decls) > 0 {
			return &Duplicate{Resource: r, Other: r, Key: t.keys[i][0], Instances: decls[0]}
		}
	}
	for _, key := range t.keys[i] {
		group := evalsByKey[key]
		for _, e := range mine {
			lo, _ := slices.BinarySearchFunc(group, e.sim, func(x, sim int32) int { return cmp.Compare(evals.items[x].sim, sim) })
			for _, fi := range group[lo:] {
				f := &evals.items[fi]
				if f.sim != e.sim {
					break
				}
				if f.tracked == int32(i) {
					continue
				}
				other := t.list[f.tracked]
				if ArmCannotRun(other.Scope.Owner().Def, other.Branch) {
					continue
				}
				if ok, cond := meets(e, *f); ok {
					if d := (&Duplicate{Resource: r, Other: other, Key: key, Conditional: cond}); better(d) {
						best = d
					}
				}
			}
		}
	}
	return best
}

// instanceDecl is a declaration of the defined type whose body is owner.
func (a *dynamicAnalysis) instanceDecl(owner *Scope) *Declaration {
	if owner.Def == nil {
		return nil
	}
	for _, d := range a.p.DeclarationsOf(owner.Def.Name) {
		if d.Kind == DefineInstance {
			return d
		}
	}
	return nil
}

// isTitleKey reports whether key names a title (or single namevar) as
// ResourceKey writes it, not a composite identity.
func isTitleKey(key string) bool { return strings.HasSuffix(key, "]") }

// KeyText writes a key the way Puppet's messages name the resource:
// Package[git], or for a composite identity Package[git] with its provider.
func KeyText(key string) string {
	if isTitleKey(key) {
		typ, title, _ := strings.Cut(strings.TrimSuffix(key, "]"), "[")
		return CapitalizeType(typ) + "[" + title + "]"
	}
	typ, rest, _ := strings.Cut(strings.TrimSuffix(key, "}"), "{")
	parts := strings.Split(rest, "|")
	s := CapitalizeType(typ) + "[" + parts[0] + "]"
	if len(parts) > 1 && parts[1] != "" {
		s += " (provider " + parts[1] + ")"
	}
	return s
}

// CapitalizeType capitalises each segment of a type name as Puppet's
// references write it: apache::vhost is Apache::Vhost.
func CapitalizeType(typ string) string {
	segs := strings.Split(typ, "::")
	for i, s := range segs {
		if s != "" {
			segs[i] = strings.ToUpper(s[:1]) + s[1:]
		}
	}
	return strings.Join(segs, "::")
}
