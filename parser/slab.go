package parser

import "github.com/ducklint/ducklint/internal/slab"

// nodeSlabs are where a parse allocates its most frequent nodes: one
// allocation per chunk instead of per node (a large tree's parse made over
// 350,000 of these nodes, a fifth of the run's allocations), and a file's
// nodes of one kind end up side by side, in source order, for the walks
// that follow.
type nodeSlabs struct {
	strings  slab.Slab[StringLit]
	vars     slab.Slab[Variable]
	names    slab.Slab[Name]
	typeRefs slab.Slab[TypeRef]
	attrs    slab.Slab[AttributeOp]
	comments slab.Slab[Comment]

	calls        slab.Slab[Call]
	hashEntries  slab.Slab[HashEntry]
	bodies       slab.Slab[ResourceBody]
	accesses     slab.Slab[Access]
	params       slab.Slab[Parameter]
	interpolated slab.Slab[InterpolatedString]
	resources    slab.Slab[Resource]
	blocks       slab.Slab[Block]
	assigns      slab.Slab[Assign]
	bools        slab.Slab[Bool]
	hashes       slab.Slab[Hash]
	numbers      slab.Slab[Number]
	arrays       slab.Slab[Array]
	undefs       slab.Slab[Undef]

	// The lists of a resource's bodies and attributes, a hash's entries,
	// parameters, and expressions (arguments, elements, statements, a
	// string's parts), collected on stacks and handed out exactly sized,
	// so that each list is allocated once.
	attrLists  listStack[*AttributeOp]
	bodyLists  listStack[*ResourceBody]
	entryLists listStack[*HashEntry]
	paramLists listStack[*Parameter]
	exprLists  listStack[Expr]
	// commentList collects a file's comments as the lexer finds them.
	commentList listStack[*Comment]

	// made counts the tree nodes allocated (alloc, newNode), aborted
	// parses' included: a tree is at most as deep as it has nodes, so a
	// parse that made few enough needs no depth bound (see parse).
	made int
}

// listMarks are the heights of the list stacks.
type listMarks [5]int

func (n *nodeSlabs) listMarks() listMarks {
	return listMarks{len(n.attrLists.items), len(n.bodyLists.items), len(n.entryLists.items),
		len(n.paramLists.items), len(n.exprLists.items)}
}

// dropLists drops what the stacks hold above m.
func (n *nodeSlabs) dropLists(m listMarks) {
	n.attrLists.drop(m[0])
	n.bodyLists.drop(m[1])
	n.entryLists.drop(m[2])
	n.paramLists.drop(m[3])
	n.exprLists.drop(m[4])
}

// listStack collects the items of lists being parsed, a nested list's
// above those of the lists that hold it, and hands each finished list out
// of chunks. A parse aborted by a syntax error leaves its items, which
// tryParse drops.
type listStack[T any] struct {
	items []T
	lists slab.Seq[T]
}

// take returns the items from mark on as a list of its own, nil when
// there are none, and drops them from the stack.
func (s *listStack[T]) take(mark int) []T {
	if len(s.items) == mark {
		return nil
	}
	list := s.lists.Concat(s.items[mark:], nil)
	s.drop(mark)
	return list
}

// argList collects a list of arguments or elements in which a run of hash
// entries makes one hash, as in Puppet's grammar: f(a, k => v, l => w).
type argList struct {
	nodes    *nodeSlabs
	mark     int   // where the list's items start on exprLists
	hash     *Hash // the hash of the current run of entries, or nil
	hashMark int   // where its entries start on entryLists
}

func (n *nodeSlabs) startArgs() argList {
	return argList{nodes: n, mark: len(n.exprLists.items)}
}

// add appends e to the list, or to the current hash when e is a hash
// entry.
func (a *argList) add(e Expr) {
	if he, ok := e.(*HashEntry); ok {
		a.addEntry(he)
	} else {
		a.addValue(e)
	}
}

// addValue appends e to the list, ending the current hash.
func (a *argList) addValue(e Expr) {
	a.endHash()
	a.nodes.exprLists.items = append(a.nodes.exprLists.items, e)
}

// addEntry appends he to the current hash, starting one when there is
// none.
func (a *argList) addEntry(he *HashEntry) {
	if a.hash == nil {
		a.hash = alloc(a.nodes, &a.nodes.hashes, Hash{})
		a.hash.Range = he.Range
		a.nodes.exprLists.items = append(a.nodes.exprLists.items, a.hash)
		a.hashMark = len(a.nodes.entryLists.items)
	}
	a.nodes.entryLists.items = append(a.nodes.entryLists.items, he)
	a.hash.Range.End = he.Range.End
}

// endHash gives the current hash its entries.
func (a *argList) endHash() {
	if a.hash != nil {
		a.hash.Entries = a.nodes.entryLists.take(a.hashMark)
		a.hash = nil
	}
}

// finish returns the list, nil when it is empty.
func (a *argList) finish() []Expr {
	a.endHash()
	return a.nodes.exprLists.take(a.mark)
}

// drop drops the items from mark on, clearing them so that the stack
// keeps no tree alive.
func (s *listStack[T]) drop(mark int) {
	clear(s.items[mark:])
	s.items = s.items[:mark]
}

// alloc returns a pointer to a copy of v allocated from s, one of n's
// slabs, and counts the node.
func alloc[T any](n *nodeSlabs, s *slab.Slab[T], v T) *T {
	n.made++
	p := s.New()
	*p = v
	return p
}

// newNode counts v, a node allocated on its own, and returns it.
func newNode[T any](n *nodeSlabs, v *T) *T {
	n.made++
	return v
}

// Arena is where parses allocate their most frequent nodes. Parses that
// share an Arena continue its chunks, so that little of each is left
// unused: a pipeline keeps one per goroutine for the files it parses. An
// Arena is not safe for concurrent use. Its chunks stay alive as long as
// a tree allocated from them does, and a tree keeps the arena's current
// chunks alive: an arena kept from one run to the next would keep trees of
// the earlier run, so each run makes its own. The zero Arena is ready to
// use.
type Arena struct {
	nodes nodeSlabs
	depth []depthFrame // boundDepth's stack, reused
}

// ParseFile parses like the package-level ParseFile, allocating from a.
func (a *Arena) ParseFile(path string, src []byte) *File {
	return a.ParseFileWithOptions(path, src, FileOptions(path))
}

// ParseFileWithOptions parses like the package-level
// ParseFileWithOptions, allocating from a.
func (a *Arena) ParseFileWithOptions(path string, src []byte, opts ParseOptions) *File {
	opts.arena = a
	return ParseFileWithOptions(path, src, opts)
}
