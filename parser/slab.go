package parser

import "sync"

// slab hands out zeroed values of T from chunks. The parser allocates its
// most frequent nodes from slabs: one allocation per chunk instead of per
// node (a large tree's parse made over 350,000 of these nodes, a fifth of
// the run's allocations), and a file's nodes of one kind end up side by
// side, in source order, for the walks that follow.
type slab[T any] struct {
	chunk []T
}

// slabChunk is how many values a chunk holds. Chunks outlive the parse
// that filled them (the nodes are the tree), and a chunk is shared by the
// parses that follow until it is full, so little is left unused.
const slabChunk = 256

// new returns a pointer to a zeroed T.
func (s *slab[T]) new() *T {
	if len(s.chunk) == cap(s.chunk) {
		s.chunk = make([]T, 0, slabChunk)
	}
	s.chunk = s.chunk[:len(s.chunk)+1]
	return &s.chunk[len(s.chunk)-1]
}

// nodeSlabs are the slabs of one parse.
type nodeSlabs struct {
	strings  slab[StringLit]
	vars     slab[Variable]
	names    slab[Name]
	typeRefs slab[TypeRef]
	attrs    slab[AttributeOp]
	comments slab[Comment]
}

// nodeSlabPool lends slabs to parses, so that one parse continues the
// chunks the previous one on its goroutine began.
var nodeSlabPool = sync.Pool{New: func() any { return &nodeSlabs{} }}
