package parser

import (
	"sync"

	"github.com/ducklint/ducklint/internal/slab"
)

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
}

// alloc returns a pointer to a copy of v allocated from s.
func alloc[T any](s *slab.Slab[T], v T) *T {
	p := s.New()
	*p = v
	return p
}

// nodeSlabPool lends slabs to parses, so that a parse continues the chunks
// the previous one on its goroutine began and little is left unused.
var nodeSlabPool = sync.Pool{New: func() any { return &nodeSlabs{} }}
