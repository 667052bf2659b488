package model

import (
	"math/bits"
	"sync"
)

// Catalogs knows which code can share a catalog. A catalog is what one
// node gets, and it starts from an entry point: a node definition (with
// the top-scope code of its environment), the top-scope code of an
// environment without nodes, or a class or defined type nothing in the
// tree declares, which only an ENC or Hiera can assign. Code that one
// entry point reaches through declarations (include, require, contain,
// resource-like classes, defined-type instances, inherits, declaring
// functions) can be in one catalog; code that only different entry points
// reach can meet only when an ENC combines them, which the tree does not
// show. Conditionals are not decided: both arms are reached.
type Catalogs struct {
	p *Program
	// words is the size of each unit's set of entry points.
	words int
	// reach holds, per unit, the entry points reaching it, as a bit set:
	// units are the definitions (by index), then the top scopes.
	reach []uint64
	// unitOfTop are the units of the environments' top scopes.
	unitOfTop map[*Scope]int
	// mainRoots is how many entry points are node definitions and top
	// scopes: they are numbered first. Up to undeclaredRoots follow the
	// classes and defined types nothing declares.
	mainRoots, undeclaredRoots int
	// entries are, per entry point, the unit it starts from (a node
	// definition's, not its top scope's).
	entries []int
}

// catalogsOnce memoises Program.Catalogs.
type catalogsOnce struct {
	once sync.Once
	c    *Catalogs
}

// Catalogs returns the program's entry points and what each reaches,
// computed on first use.
func (p *Program) Catalogs() *Catalogs {
	p.catalogs.once.Do(func() { p.catalogs.c = newCatalogs(p) })
	return p.catalogs.c
}

// Meet reports whether one entry point reaches the code of both scopes.
// Scopes of files Puppet does not load as code (examples, lone files)
// meet nothing.
func (c *Catalogs) Meet(a, b *Scope) bool {
	ua, ub := c.unit(a), c.unit(b)
	if ua < 0 || ub < 0 {
		return false
	}
	x, y := c.set(ua), c.set(ub)
	for i := range x {
		if x[i]&y[i] != 0 {
			return true
		}
	}
	return false
}

// MeetAssigned is Meet through an entry point the tree itself assigns
// (see ApartAssigned): false when only classes only an ENC can assign
// reach both.
func (c *Catalogs) MeetAssigned(a, b *Scope) bool {
	ua, ub := c.unit(a), c.unit(b)
	if ua < 0 || ub < 0 {
		return false
	}
	x, y := c.set(ua), c.set(ub)
	for i := range x {
		for w := x[i] & y[i]; w != 0; w &= w - 1 {
			if !c.onlyENC(i*64 + bits.TrailingZeros64(w)) {
				return true
			}
		}
	}
	return false
}

// Within reports whether every entry point reaching the code of scope a
// also reaches the code of scope b (and some does): wherever a runs, b is
// in the catalog too, though not necessarily first.
func (c *Catalogs) Within(a, b *Scope) bool {
	ua, ub := c.unit(a), c.unit(b)
	if ua < 0 || ub < 0 {
		return false
	}
	x, y := c.set(ua), c.set(ub)
	some := false
	for i := range x {
		if x[i]&^y[i] != 0 {
			return false
		}
		some = some || x[i] != 0
	}
	return some
}

// Apart returns an entry point that reaches the code of scope a and not
// that of scope b: the definition it starts from (a node definition, or a
// class or defined type nothing declares), or, for an environment's top
// scope without nodes, that scope. Both are nil when every entry point
// reaching a reaches b too (Within), or when a is in no catalog.
func (c *Catalogs) Apart(a, b *Scope) (*Definition, *Scope) {
	ua := c.unit(a)
	if ua < 0 {
		return nil, nil
	}
	x := c.set(ua)
	var y []uint64
	if ub := c.unit(b); ub >= 0 {
		y = c.set(ub)
	}
	for i := range x {
		w := x[i]
		if y != nil {
			w &^= y[i]
		}
		if w == 0 {
			continue
		}
		u := c.entries[i*64+bits.TrailingZeros64(w)]
		if u < len(c.p.Definitions) {
			return c.p.Definitions[u], nil
		}
		return nil, c.p.TopScopes[u-len(c.p.Definitions)]
	}
	return nil, nil
}

// ApartAssigned is Apart preferring an entry point the tree itself
// assigns: a node definition, top-scope code, or a class or defined type
// that some code of the tree can declare by a name it computes, or whose
// environment shows no such code (see Program.OnlyENC). byTree is false
// when every entry point reaching a without b is a class only an ENC can
// assign; the one returned is then the first of those.
func (c *Catalogs) ApartAssigned(a, b *Scope) (d *Definition, top *Scope, byTree bool) {
	ua := c.unit(a)
	if ua < 0 {
		return nil, nil, false
	}
	x := c.set(ua)
	var y []uint64
	if ub := c.unit(b); ub >= 0 {
		y = c.set(ub)
	}
	var encOnly *Definition
	for i := range x {
		w := x[i]
		if y != nil {
			w &^= y[i]
		}
		for ; w != 0; w &= w - 1 {
			k := i*64 + bits.TrailingZeros64(w)
			u := c.entries[k]
			if u >= len(c.p.Definitions) {
				return nil, c.p.TopScopes[u-len(c.p.Definitions)], true
			}
			def := c.p.Definitions[u]
			if !c.onlyENC(k) {
				return def, nil, true
			}
			if encOnly == nil {
				encOnly = def
			}
		}
	}
	return encOnly, nil, false
}

// OnlyENC reports whether definition d is an entry point that only an ENC
// can assign: a class nothing in the tree declares, in an environment
// whose main manifests or node definitions assign classes by computed
// names none of which can be d's (see Program.OnlyENC).
func (c *Catalogs) OnlyENC(d *Definition) bool {
	for k := c.mainRoots; k < c.undeclaredRoots; k++ {
		if c.entries[k] == d.index && c.p.Definitions[d.index] == d {
			return c.onlyENC(k)
		}
	}
	return false
}

// onlyENC reports whether entry point k is a class only an ENC can assign.
func (c *Catalogs) onlyENC(k int) bool {
	if k < c.mainRoots || k >= c.undeclaredRoots {
		return false
	}
	return c.p.OnlyENC(c.p.Definitions[c.entries[k]])
}

// EntryPoints returns how many entry points reach the code of scope s.
func (c *Catalogs) EntryPoints(s *Scope) int {
	u := c.unit(s)
	if u < 0 {
		return 0
	}
	n := 0
	for _, w := range c.set(u) {
		n += bits.OnesCount64(w)
	}
	return n
}

// ReachedFromMain reports whether a node definition or top-scope code (an
// entry point the tree itself shows, not a class an ENC assigns) reaches
// the code of scope s.
func (c *Catalogs) ReachedFromMain(s *Scope) bool {
	u := c.unit(s)
	if u < 0 {
		return false
	}
	set := c.set(u)
	for i := 0; i < c.mainRoots; i += 64 {
		w := set[i/64]
		if rest := c.mainRoots - i; rest < 64 {
			w &= 1<<rest - 1
		}
		if w != 0 {
			return true
		}
	}
	return false
}

func (c *Catalogs) set(u int) []uint64 { return c.reach[u*c.words : (u+1)*c.words] }

// unit returns the unit of the code scope s belongs to, or -1.
func (c *Catalogs) unit(s *Scope) int {
	if s == nil {
		return -1
	}
	o := s.Owner()
	if o.Def != nil {
		return o.Def.index
	}
	if u, ok := c.unitOfTop[o]; ok {
		return u
	}
	return -1
}

func newCatalogs(p *Program) *Catalogs {
	defs := p.Definitions
	c := &Catalogs{p: p, unitOfTop: map[*Scope]int{}}
	for i, top := range p.TopScopes {
		c.unitOfTop[top] = len(defs) + i
	}
	units := len(defs) + len(p.TopScopes)

	// Entry points, numbered: nodes, top scopes without nodes, then
	// classes and defined types nothing declares.
	var roots [][]int // per entry point, the units it starts from
	hasNodes := map[*Scope]bool{}
	for _, d := range defs {
		if d.Kind == NodeDef && d.File.Scope != nil && d.File.Scope.Kind == TopScope {
			top := d.File.Scope
			hasNodes[top] = true
			roots = append(roots, []int{d.index, c.unitOfTop[top]})
		}
	}
	for _, top := range p.TopScopes {
		if !hasNodes[top] {
			roots = append(roots, []int{c.unitOfTop[top]})
		}
	}
	inherited := map[string]bool{}
	for _, d := range defs {
		if d.Kind == ClassDef && d.Parent != "" {
			inherited[d.Parent] = true
		}
	}
	c.mainRoots = len(roots)
	declared := make([]bool, len(defs))
	for _, d := range defs {
		if d.Kind == ClassDef || d.Kind == DefineDef {
			declared[d.index] = len(p.DeclarationsOf(d.Name)) > 0 || d.Kind == ClassDef && inherited[d.Name]
		}
	}
	for _, d := range defs {
		if (d.Kind == ClassDef || d.Kind == DefineDef) && !declared[d.index] {
			roots = append(roots, []int{d.index})
		}
	}
	c.undeclaredRoots = len(roots)

	// Edges from each unit to the definitions its code declares.
	succ := make([][]int, units)
	addEdges := func(from int, s *Scope) {
		for _, decl := range s.Declarations {
			for _, kind := range []DefKind{ClassDef, DefineDef} {
				for _, t := range p.Lookup(kind, decl.Target) {
					succ[from] = append(succ[from], t.index)
				}
			}
		}
	}
	for _, s := range p.Scopes() {
		if u := c.unit(s); u >= 0 && !(s.Owner().File != nil && s.Owner().File.documentation) {
			addEdges(u, s)
		}
	}
	for _, d := range defs {
		if d.Kind == ClassDef && d.Parent != "" {
			for _, base := range p.Lookup(ClassDef, d.Parent) {
				succ[d.index] = append(succ[d.index], base.index)
			}
		}
	}

	// A unit declaring one defined type many times (a profile's instances)
	// lists it as often: following each edge once is enough.
	dedupeEdges(succ)

	// Classes declared only from code no entry point reaches (a cycle of
	// classes declaring each other) become entry points too, until every
	// class and defined type is reached.
	reached := make([]bool, units)
	var order [][]int
	mark := func(start []int) {
		stack := append([]int(nil), start...)
		for len(stack) > 0 {
			u := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if reached[u] {
				continue
			}
			reached[u] = true
			stack = append(stack, succ[u]...)
		}
	}
	for _, r := range roots {
		mark(r)
		order = append(order, r)
	}
	for _, d := range defs {
		if (d.Kind == ClassDef || d.Kind == DefineDef) && !reached[d.index] {
			mark([]int{d.index})
			order = append(order, []int{d.index})
		}
	}

	c.words = (len(order) + 63) / 64
	for _, r := range order {
		c.entries = append(c.entries, r[0])
	}
	c.reach = make([]uint64, units*c.words)
	for i, r := range order {
		for _, u := range r {
			c.set(u)[i/64] |= 1 << (i % 64)
		}
	}
	flowReach(succ, c.reach, c.words)
	return c
}

// dedupeEdges removes the repeated edges of each unit's list in place,
// keeping the first of each in order.
func dedupeEdges(succ [][]int) {
	seen := make([]int, len(succ)) // seen[v] is u+1 once u's list has v
	for u, list := range succ {
		kept := list[:0]
		for _, v := range list {
			if seen[v] != u+1 {
				seen[v] = u + 1
				kept = append(kept, v)
			}
		}
		succ[u] = kept
	}
}

// flowReach makes each unit's set in reach (words words per unit) the
// union of its own and those of every unit with a path of edges succ to
// it. The units of a cycle reach each other and share one set; taking the
// cycles (strongly connected components) in topological order follows
// each edge once, where a worklist follows it again whenever its source's
// set grows.
func flowReach(succ [][]int, reach []uint64, words int) {
	set := func(u int) []uint64 { return reach[u*words : (u+1)*words] }
	order, starts, compOf := components(succ)
	// components lists the components sinks first: the sources come last.
	for k := len(starts) - 1; k >= 0; k-- {
		end := len(order)
		if k+1 < len(starts) {
			end = starts[k+1]
		}
		members := order[starts[k]:end]
		shared := set(members[0])
		for _, w := range members[1:] {
			for i, x := range set(w) {
				shared[i] |= x
			}
		}
		for _, w := range members[1:] {
			copy(set(w), shared)
		}
		for _, w := range members {
			for _, v := range succ[w] {
				if compOf[v] == k {
					continue
				}
				to := set(v)
				for i := range to {
					to[i] |= shared[i]
				}
			}
		}
	}
}

// components finds the strongly connected components of the graph succ
// with Tarjan's algorithm, without recursion: order lists the units by
// component, a component's units from starts[k], and the components come
// in reverse topological order (a component after every one it has an
// edge to). compOf is each unit's component.
func components(succ [][]int) (order, starts, compOf []int) {
	n := len(succ)
	index := make([]int, n) // visit number + 1; 0 before the visit
	low := make([]int, n)
	onStack := make([]bool, n)
	compOf = make([]int, n)
	order = make([]int, 0, n)
	var stack []int
	type frame struct{ u, next int }
	var call []frame
	visits := 0
	visit := func(u int) {
		visits++
		index[u], low[u] = visits, visits
		stack = append(stack, u)
		onStack[u] = true
		call = append(call, frame{u: u})
	}
	for root := range n {
		if index[root] != 0 {
			continue
		}
		visit(root)
		for len(call) > 0 {
			f := &call[len(call)-1]
			u := f.u
			if f.next < len(succ[u]) {
				v := succ[u][f.next]
				f.next++
				if index[v] == 0 {
					visit(v)
				} else if onStack[v] && index[v] < low[u] {
					low[u] = index[v]
				}
				continue
			}
			call = call[:len(call)-1]
			if len(call) > 0 {
				if p := call[len(call)-1].u; low[u] < low[p] {
					low[p] = low[u]
				}
			}
			if low[u] != index[u] {
				continue
			}
			k := len(starts)
			starts = append(starts, len(order))
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[w] = false
				compOf[w] = k
				order = append(order, w)
				if w == u {
					break
				}
			}
		}
	}
	return order, starts, compOf
}
