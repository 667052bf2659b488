package model

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/ducklint/ducklint/parser"
)

// TestFirstCompatibleAgreesWithAssigned checks FirstCompatible, which
// searches a small scope's assignments in place and a large one's through
// its index (and arm trees), against the first of Assigned that is on no
// other arm of the path and passes ok, on random scopes of both sizes.
func TestFirstCompatibleAgreesWithAssigned(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	// Paths as a tree makes them: c1 sits in c0's first arm, c2 in its
	// second, so no path holds both.
	c0, c1, c2 := &parser.If{}, &parser.If{}, &parser.Case{}
	paths := [][]Branch{nil, {{c0, 0}}, {{c0, 1}}, {{c0, 0}, {c1, 0}}, {{c0, 0}, {c1, 1}},
		{{c0, 1}, {c2, 0}}, {{c0, 1}, {c2, 1}}, {{c0, 1}, {c2, 2}}}
	branch := func() []Branch { return paths[rng.IntN(len(paths))] }
	names := []string{"a", "b", "c"}
	compared := 0
	for _, size := range []int{1, 5, indexMin - 1, indexMin, 3 * indexMin} {
		for round := range 20 {
			s := &Scope{Kind: ClassScope}
			for i := range size {
				s.Assignments = append(s.Assignments, &Assignment{Name: names[rng.IntN(len(names))], Scope: s,
					Order: int64(i), Branch: branch()})
			}
			skip := int64(rng.IntN(size + 1))
			ok := func(a *Assignment) bool { return a.Order >= skip }
			for _, name := range append(names, "d") {
				path := branch()
				for _, test := range []func(*Assignment) bool{ok, nil} {
					var want *Assignment
					for _, a := range s.Assigned(name) {
						if !Exclusive(a.Branch, path) && (test == nil || test(a)) {
							want = a
							break
						}
					}
					if got := s.FirstCompatible(name, path, test); got != want {
						t.Errorf("%d assignments, round %d, $%s on %v (ok %v): got %s, want %s", size, round, name, path,
							test != nil, describe(got), describe(want))
					}
					compared++
				}
			}
		}
	}
	if compared < 500 {
		t.Errorf("only %d searches compared", compared)
	}
}

func describe(a *Assignment) string {
	if a == nil {
		return "none"
	}
	return fmt.Sprintf("$%s at %d", a.Name, a.Order)
}
