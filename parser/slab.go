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
}

// alloc returns a pointer to a copy of v allocated from s.
func alloc[T any](s *slab.Slab[T], v T) *T {
	p := s.New()
	*p = v
	return p
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
	opts := fileOptions(path)
	opts.arena = a
	return ParseFileWithOptions(path, src, opts)
}
