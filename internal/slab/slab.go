// Package slab allocates many small values of one type in chunks.
package slab

// Slab hands out zeroed values of T from chunks of up to Chunk values: one
// allocation per chunk instead of one per value, and values allocated one
// after another lie side by side. Chunks are never reused, so the values
// live as long as anything refers to them. The first chunks are small,
// each twice the one before, so that a slab that hands out a few values (a
// parse of one small file) does not allocate a whole chunk for them. The
// zero Slab is ready to use; a Slab is not safe for concurrent use.
type Slab[T any] struct {
	chunk []T
}

// Chunk is how many values a chunk holds, once the first have doubled
// up to it from firstChunk.
const (
	Chunk      = 256
	firstChunk = 8
)

// nextChunk is the size of the chunk that follows one of size n.
func nextChunk(n int) int { return min(max(2*n, firstChunk), Chunk) }

// New returns a pointer to a zeroed T.
func (s *Slab[T]) New() *T {
	if len(s.chunk) == cap(s.chunk) {
		s.chunk = make([]T, 0, nextChunk(cap(s.chunk)))
	}
	s.chunk = s.chunk[:len(s.chunk)+1]
	return &s.chunk[len(s.chunk)-1]
}

// Seq cuts short slices of T out of chunks, growing as Slab's do: one
// allocation per chunk instead of one per slice. A slice it returns has no spare capacity, so
// appending to it copies instead of writing into the chunk. The zero Seq
// is ready to use; a Seq is not safe for concurrent use.
type Seq[T any] struct {
	chunk []T
}

// Concat returns a new slice holding a's elements, then b's.
func (s *Seq[T]) Concat(a, b []T) []T {
	n := len(a) + len(b)
	if cap(s.chunk)-len(s.chunk) < n {
		s.chunk = make([]T, 0, max(nextChunk(cap(s.chunk)), n))
	}
	start := len(s.chunk)
	s.chunk = append(append(s.chunk, a...), b...)
	return s.chunk[start:len(s.chunk):len(s.chunk)]
}
